//! `nsudoku convert`: each puzzle, classic or variant, in another form (f-puzzles JSON, payload
//! or link, SudokuPad link, the text form, an ISS constraint string or link, a killer or jigsaw
//! line). A classic puzzle becomes a variant puzzle without
//! constraints; a rule a form cannot carry (chess moves in f-puzzles) is an error for that
//! puzzle.

use nsudoku::variant::{Puzzle, fpuzzles, iss, jigsaw, killer, text};
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

impl ConvertTo {
    /// The puzzle in this form (the text form ends with its line break).
    pub fn write(self, puzzle: &Puzzle) -> Result<String, nsudoku::variant::Error> {
        match self {
            ConvertTo::Fpuzzles => fpuzzles::to_json(puzzle),
            ConvertTo::Payload => fpuzzles::to_payload(puzzle),
            ConvertTo::Link => fpuzzles::to_link(puzzle),
            ConvertTo::Sudokupad => fpuzzles::to_sudokupad_link(puzzle),
            ConvertTo::Text => Ok(text::to_text(puzzle).trim_end().to_owned() + "\n"),
            ConvertTo::Iss => iss::to_string(puzzle),
            ConvertTo::IssLink => iss::to_link(puzzle),
            ConvertTo::Killer => killer::to_compact(puzzle),
            ConvertTo::Jigsaw => jigsaw::to_line(puzzle),
        }
    }
}

/// The puzzle in the form asked for.
fn write(out: &mut Out, puzzle: &Puzzle, to: ConvertTo) {
    match to.write(puzzle) {
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
