//! `nsudoku convert`: each puzzle, classic or variant, in another form (f-puzzles JSON, payload
//! or link, SudokuPad link, the text form). A classic puzzle becomes a variant puzzle without
//! constraints; a rule a form cannot carry (chess moves in f-puzzles) is an error for that
//! puzzle.

use nsudoku::variant::{Puzzle, fpuzzles, text};
use serde_json::json;

use crate::cli::{ConvertArgs, ConvertTo, Format};
use crate::output::{Out, Status};
use crate::variant;

use super::{Input, Run};

pub fn run(args: &ConvertArgs) -> anyhow::Result<Status> {
    let how = Run::threads(args.run.threads);
    super::each_input(&args.input, Format::Line, how, |out, input| match input {
        Input::Classic(Err(errors)) => out.invalid(&errors),
        Input::Classic(Ok(grid)) => match Puzzle::from_grid(&grid) {
            Ok(puzzle) => write(out, &puzzle, args.to),
            Err(e) => variant::invalid(out, &[e]),
        },
        Input::Variant(Err(errors)) => variant::invalid(out, &errors),
        Input::Variant(Ok(read)) => {
            variant::warnings(out, &read);
            write(out, &read.puzzle, args.to);
        }
    })
}

/// The puzzle in the form asked for.
fn write(out: &mut Out, puzzle: &Puzzle, to: ConvertTo) {
    let written = match to {
        ConvertTo::Fpuzzles => fpuzzles::to_json(puzzle),
        ConvertTo::Payload => fpuzzles::to_payload(puzzle),
        ConvertTo::Link => fpuzzles::to_link(puzzle),
        ConvertTo::Sudokupad => fpuzzles::to_sudokupad_link(puzzle),
        ConvertTo::Text => Ok(text::to_text(puzzle)),
    };
    match written {
        Ok(text) if to == ConvertTo::Text => {
            out.text(text.trim_end());
            out.text("");
        }
        Ok(text) => out.text(&text),
        Err(e) => {
            out.fail(Status::InputError);
            out.note(&e.to_string());
            out.comment(&json!(e.kind.name()).to_string());
        }
    }
}
