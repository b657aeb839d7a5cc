//! lz-string's base64 form, as f-puzzles and SudokuPad links carry puzzles.
//!
//! Compression is the `lz-str` crate's. Decompression is ours because a payload is hostile
//! input: lz-string is LZW-like, each dictionary entry one unit longer than an earlier one, so
//! a few kilobytes can decode to gigabytes, and a decoder that keeps each entry as a string
//! holds the square of the input. Here an entry is a link to its prefix and one unit (memory
//! grows with the input), and the output stops at a bound.

/// The most UTF-16 units a payload may decode to: 16 Mi, far beyond any puzzle.
pub const MAX_DECODED: usize = 16 << 20;

/// Why a payload did not decode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// A character outside base64 (and its URL-safe spellings), at this 0-based offset.
    BadCharacter(char, usize),
    /// The bits do not make an lz-string stream.
    Corrupt,
    /// More than [`MAX_DECODED`] units.
    TooLong,
    /// Nothing to decode.
    Empty,
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecodeError::BadCharacter(c, at) => {
                write!(f, "character {c:?} at offset {at} is not base64")
            }
            DecodeError::Corrupt => f.write_str("the payload is not lz-string data"),
            DecodeError::TooLong => write!(
                f,
                "the payload decodes to more than {MAX_DECODED} characters"
            ),
            DecodeError::Empty => f.write_str("the payload is empty"),
        }
    }
}

/// The 6-bit value of a base64 character: `A–Z a–z 0–9 + /` with `=` as padding, and the
/// URL-safe spellings (`-` for `/`, `$` for `=`, a space for a `+` that a URL decoded).
fn sextet(c: char) -> Option<u16> {
    Some(match c {
        'A'..='Z' => c as u16 - 'A' as u16,
        'a'..='z' => c as u16 - 'a' as u16 + 26,
        '0'..='9' => c as u16 - '0' as u16 + 52,
        '+' | ' ' => 62,
        '/' | '-' => 63,
        '=' | '$' => 64,
        _ => return None,
    })
}

/// Reads the stream's bits, lowest first within each code, six to a character.
struct Bits<'a> {
    input: &'a [u16],
    index: usize,
    val: u16,
    position: u16,
}

impl Bits<'_> {
    fn read(&mut self, n: u32) -> Option<u32> {
        let mut bits = 0u32;
        for k in 0..n {
            let bit = self.val & self.position != 0;
            self.position >>= 1;
            if self.position == 0 {
                self.position = 32;
                self.val = *self.input.get(self.index)?;
                self.index += 1;
            }
            bits |= u32::from(bit) << k;
        }
        Some(bits)
    }
}

/// A dictionary entry: its prefix entry (or none) and its last unit; its first unit and
/// length, to join and to bound without walking it.
#[derive(Clone, Copy)]
struct Entry {
    prefix: u32,
    last: u16,
    first: u16,
    len: u32,
}

const NONE: u32 = u32::MAX;

/// The longest payload read: 1 Mi characters.
pub const MAX_PAYLOAD: usize = 1 << 20;

/// Decodes lz-string's `compressToBase64` (or `compressToEncodedURIComponent`) output.
pub fn decompress_from_base64(input: &str) -> Result<String, DecodeError> {
    if input.len() > MAX_PAYLOAD {
        return Err(DecodeError::TooLong);
    }
    let values: Vec<u16> = input
        .trim()
        .chars()
        .enumerate()
        .map(|(i, c)| sextet(c).ok_or(DecodeError::BadCharacter(c, i)))
        .collect::<Result<_, _>>()?;
    if values.is_empty() {
        return Err(DecodeError::Empty);
    }
    let units = decompress(&values)?;
    Ok(String::from_utf16_lossy(&units))
}

fn decompress(values: &[u16]) -> Result<Vec<u16>, DecodeError> {
    let mut bits = Bits {
        input: values,
        index: 1,
        val: values[0],
        position: 32,
    };
    let corrupt = DecodeError::Corrupt;
    // Entries 0, 1, 2 are the codes for an 8-bit unit, a 16-bit unit and the end.
    let mut dict: Vec<Entry> = vec![
        Entry {
            prefix: NONE,
            last: 0,
            first: 0,
            len: 0
        };
        3
    ];
    let mut out: Vec<u16> = Vec::new();
    let literal = |bits: &mut Bits, code: u32| -> Result<u16, DecodeError> {
        let n = if code == 0 { 8 } else { 16 };
        bits.read(n).map(|v| v as u16).ok_or(DecodeError::Corrupt)
    };
    let first = match bits.read(2).ok_or(corrupt.clone())? {
        code @ (0 | 1) => literal(&mut bits, code)?,
        2 => return Ok(Vec::new()),
        _ => return Err(corrupt),
    };
    dict.push(Entry {
        prefix: NONE,
        last: first,
        first,
        len: 1,
    });
    let mut w = 3u32;
    out.push(first);
    let (mut num_bits, mut enlarge_in) = (3u32, 4u64);
    let emit = |dict: &[Entry], out: &mut Vec<u16>, e: u32| -> Result<(), DecodeError> {
        let len = dict[e as usize].len as usize;
        if out.len() + len > MAX_DECODED {
            return Err(DecodeError::TooLong);
        }
        let start = out.len();
        out.resize(start + len, 0);
        let mut at = e;
        for slot in out[start..].iter_mut().rev() {
            let entry = dict[at as usize];
            *slot = entry.last;
            at = entry.prefix;
        }
        Ok(())
    };
    loop {
        if num_bits > 32 {
            return Err(DecodeError::Corrupt);
        }
        let mut code = bits.read(num_bits).ok_or(DecodeError::Corrupt)?;
        match code {
            0 | 1 => {
                let unit = literal(&mut bits, code)?;
                dict.push(Entry {
                    prefix: NONE,
                    last: unit,
                    first: unit,
                    len: 1,
                });
                code = dict.len() as u32 - 1;
                enlarge_in -= 1;
            }
            2 => return Ok(out),
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        let size = dict.len() as u32;
        let we = dict[w as usize];
        let entry = if (3..size).contains(&code) {
            // w followed by this entry's first unit joins the dictionary.
            dict.push(Entry {
                prefix: w,
                last: dict[code as usize].first,
                first: we.first,
                len: we.len + 1,
            });
            code
        } else if code == size {
            // The entry being defined: w followed by w's first unit.
            dict.push(Entry {
                prefix: w,
                last: we.first,
                first: we.first,
                len: we.len + 1,
            });
            size
        } else {
            return Err(DecodeError::Corrupt);
        };
        emit(&dict, &mut out, entry)?;
        enlarge_in -= 1;
        w = entry;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
    }
}

/// lz-string's `compressToBase64` of `text`.
pub fn compress_to_base64(text: &str) -> String {
    lz_str::compress_to_base64(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_the_crate() {
        for text in [
            "",
            "a",
            "{\"size\":9,\"grid\":[[{},{}]]}",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "The quick brown fox jumps over the lazy dog, ünïcödé ✓ 𝄞",
        ] {
            let packed = compress_to_base64(text);
            if text.is_empty() {
                continue;
            }
            assert_eq!(
                decompress_from_base64(&packed).as_deref(),
                Ok(text),
                "{packed}"
            );
        }
    }

    #[test]
    fn a_long_text_round_trips() {
        let text: String = (0..20_000)
            .map(|i| char::from(b'a' + (i * 7 % 26) as u8))
            .collect();
        assert_eq!(decompress_from_base64(&compress_to_base64(&text)), Ok(text));
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        assert_eq!(
            decompress_from_base64("abc!def"),
            Err(DecodeError::BadCharacter('!', 3))
        );
        assert_eq!(decompress_from_base64(""), Err(DecodeError::Empty));
        for junk in ["A", "////", "zzzzzzzzzzzzzz", "N4IgzglgXgpiB"] {
            let _ = decompress_from_base64(junk);
        }
    }
}
