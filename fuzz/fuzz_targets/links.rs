//! One puzzle written any way a user pastes it (a link, a payload, a JSON or zipped SCL
//! document, an ISS constraint string, a killer or jigsaw line of the forums) through
//! `variant::link::read_text` and `variant::read`: nothing panics, what is read has a side the
//! variant model allows, and a puzzle read from ISS's text is written back as ISS reads it and
//! read again as the same puzzle.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nsudoku::variant::fpuzzles::ReadOptions;
use nsudoku::variant::link::read_text;
use nsudoku::variant::{self, iss};

/// A puzzle read from ISS's text reads back equal from the string and link written of it.
fn iss_round_trip(text: &str) {
    let Ok(read) = iss::from_text(text, ReadOptions::default()) else {
        return;
    };
    let written = iss::to_string(&read.puzzle).expect("a puzzle read from ISS is writable");
    let back = iss::from_text(&written, ReadOptions::default()).expect("the string reads");
    assert_eq!(back.puzzle, read.puzzle, "{written}");
    let link = iss::to_link(&read.puzzle).expect("writable");
    let back = variant::read(&link, ReadOptions::default()).expect("the link reads");
    assert_eq!(back.puzzle, read.puzzle, "{link}");
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for options in [
        ReadOptions::default(),
        ReadOptions {
            ignore_unknown: true,
        },
    ] {
        if let Ok(read) = read_text(&text, options) {
            assert!((1..=variant::MAX_SIDE).contains(&read.puzzle.size()));
        }
        if let Ok(read) = variant::read(&text, options) {
            assert!((1..=variant::MAX_SIDE).contains(&read.puzzle.size()));
        }
    }
    // The same text as a SudokuPad payload, as the rest of a link.
    let _ = read_text(&format!("scl{text}"), ReadOptions::default());
    let _ = read_text(
        &format!("https://sudokupad.app/{text}"),
        ReadOptions::default(),
    );
    // The text as ISS's, and as the items of a constraint string.
    iss_round_trip(&text);
    iss_round_trip(&format!(".{text}"));
});
