//! Every text format through the reader, with any options: nothing panics, every grid read
//! writes back to text that reads as the same grid, and pencil marks and alphabets are
//! checked without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nsudoku::Shape;
use nsudoku::format::Style;
use nsudoku::parse::{Alphabet, Layout, ReadOptions, read_line, read_marks, read_one, read_str};

fuzz_target!(|data: &[u8]| {
    // The first two bytes choose the options, the rest is the text.
    let [head, boxes, rest @ ..] = data else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let layout = match head % 3 {
        0 => Layout::Auto,
        1 => Layout::Lines,
        _ => Layout::Grid,
    };
    let alphabet = match head / 3 % 3 {
        0 => Alphabet::standard(),
        1 => Alphabet::new("0123456789ABCDEF").expect("a valid alphabet"),
        // An alphabet from the text's first line: refused or taken, never a panic.
        _ => match Alphabet::new(text.lines().next().unwrap_or("")) {
            Ok(a) => a,
            Err(_) => return,
        },
    };
    let shape = match boxes {
        0 => None,
        b => Shape::new(usize::from(b & 15) + 1, usize::from(b >> 4) + 1).ok(),
    };
    let options = ReadOptions {
        alphabet: alphabet.clone(),
        shape,
        layout,
    };
    let marks = text.lines().last().unwrap_or("");
    for entry in read_str(&text, &options) {
        let Ok(grid) = entry.result else { continue };
        let _ = grid.check();
        let _ = read_marks(marks, &grid, &alphabet);
        // Written in the alphabet read (numbers beyond it) and read back: the same grid. The
        // line and drawn formats carry digits, not pencil marks: a pencil-mark puzzle's
        // candidates are checked by the reader's own tests instead.
        if grid.pencil_marks().is_some() {
            continue;
        }
        let style = Style {
            alphabet: alphabet.clone(),
            empty: '.',
        };
        let back = ReadOptions {
            alphabet: alphabet.clone(),
            shape: Some(grid.shape()),
            layout: Layout::Auto,
        };
        assert_eq!(read_one(&style.line(&grid), &back).as_ref(), Ok(&grid));
        assert_eq!(read_one(&style.pretty(&grid), &back).as_ref(), Ok(&grid));
    }
    let _ = read_line(&text, &options);
});
