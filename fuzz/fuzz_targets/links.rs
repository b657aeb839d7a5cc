//! One puzzle written any way a user pastes it (a link, a payload, a JSON or zipped SCL
//! document) through `variant::link::read_text`: nothing panics, and what is read has a side
//! the variant model allows.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nsudoku::variant::fpuzzles::ReadOptions;
use nsudoku::variant::link::read_text;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for options in [
        ReadOptions::default(),
        ReadOptions {
            ignore_unknown: true,
        },
    ] {
        if let Ok(read) = read_text(&text, options) {
            assert!((1..=nsudoku::variant::MAX_SIDE).contains(&read.puzzle.size()));
        }
    }
    // The same text as a SudokuPad payload, as the rest of a link.
    let _ = read_text(&format!("scl{text}"), ReadOptions::default());
    let _ = read_text(
        &format!("https://sudokupad.app/{text}"),
        ReadOptions::default(),
    );
});
