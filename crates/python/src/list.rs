//! A batch given as a Python list of texts, read in place.
//!
//! A copy of the list (new references to the same objects, which Python code cannot reach)
//! keeps every item alive while the batch runs without the GIL, whatever happens to the
//! caller's list meanwhile; `str` and `bytes` objects are immutable, so their bytes stay
//! where they are. Each text is then a pointer and a length into its object: nothing is
//! copied (copying the strings into one buffer first cost about a tenth of the time on
//! 17-clue puzzles). Where CPython gives no stable call to reach a `str`'s UTF-8 in place
//! (Windows before 3.10's limited API), the texts are copied instead.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString};

/// The texts of a list: item `i` is `spans[i]`, a pointer and a length into the objects that
/// `held` keeps, or into `owned`; `None` for an item that is neither `str` nor `bytes` of
/// UTF-8.
pub struct ListTexts<'py> {
    _held: Bound<'py, PyList>,
    _owned: Vec<Box<[u8]>>,
    spans: Vec<Option<(usize, usize)>>,
}

// SAFETY: the spans point into immutable bytes that `_held` (or `_owned`) keeps alive and
// unchanged for as long as `self` lives; they are only read.
unsafe impl Sync for ListTexts<'_> {}

impl<'py> ListTexts<'py> {
    pub fn new(list: &Bound<'py, PyList>) -> ListTexts<'py> {
        let held = list.get_slice(0, list.len());
        let mut owned = Vec::new();
        let mut spans = Vec::with_capacity(held.len());
        for item in held.iter() {
            let span = if let Ok(text) = item.cast::<PyString>() {
                utf8_in_place(text, &mut owned)
            } else if let Ok(bytes) = item.cast::<PyBytes>() {
                let bytes = bytes.as_bytes();
                std::str::from_utf8(bytes)
                    .ok()
                    .map(|_| (bytes.as_ptr() as usize, bytes.len()))
            } else {
                None
            };
            spans.push(span);
        }
        ListTexts {
            _held: held,
            _owned: owned,
            spans,
        }
    }

    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Text `i`, if it is there.
    pub fn text(&self, i: usize) -> Option<&str> {
        let (ptr, len) = (*self.spans.get(i)?)?;
        // SAFETY: a span is UTF-8 checked (or given as UTF-8 by CPython) when made, in an
        // object that `self` keeps alive and nobody changes.
        unsafe {
            let bytes = std::slice::from_raw_parts(ptr as *const u8, len);
            Some(std::str::from_utf8_unchecked(bytes))
        }
    }
}

/// A `str`'s UTF-8 where CPython keeps it (for an ASCII string, its own characters; else a
/// UTF-8 copy cached in the object on the first call); none for a string with unpaired
/// surrogates, which has no UTF-8 (the row is then `invalid`, as a text that does not read).
#[cfg(not(windows))]
fn utf8_in_place(
    text: &Bound<'_, PyString>,
    _owned: &mut Vec<Box<[u8]>>,
) -> Option<(usize, usize)> {
    // In the limited API from 3.10; exported by every CPython 3 before it, where the package's
    // abi3-py39 build cannot name it through pyo3.
    unsafe extern "C" {
        fn PyUnicode_AsUTF8AndSize(
            unicode: *mut pyo3::ffi::PyObject,
            size: *mut pyo3::ffi::Py_ssize_t,
        ) -> *const std::ffi::c_char;
    }
    let mut len: pyo3::ffi::Py_ssize_t = 0;
    // SAFETY: `text` is a live `str` and the GIL is held.
    let ptr = unsafe { PyUnicode_AsUTF8AndSize(text.as_ptr(), &mut len) };
    if ptr.is_null() {
        // The UnicodeEncodeError set is dropped: the row alone is bad.
        drop(PyErr::take(text.py()));
        return None;
    }
    Some((ptr as usize, usize::try_from(len).ok()?))
}

/// A `str`'s UTF-8, copied (Windows links the limited API of 3.9, which has no call for it).
#[cfg(windows)]
fn utf8_in_place(text: &Bound<'_, PyString>, owned: &mut Vec<Box<[u8]>>) -> Option<(usize, usize)> {
    let copy: Box<[u8]> = text.to_cow().ok()?.as_bytes().into();
    let span = (copy.as_ptr() as usize, copy.len());
    owned.push(copy);
    Some(span)
}
