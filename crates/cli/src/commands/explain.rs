//! `nsudoku explain`: the logical steps that solve each puzzle.

use nsudoku::logic::{self, Board, Options, Technique};
use serde_json::json;

use crate::cli::{ExplainArgs, Format};
use crate::output::{Status, merge, shape_fields};

pub fn run(args: &ExplainArgs) -> anyhow::Result<Status> {
    super::each_grid(
        &args.input,
        &args.output,
        super::Run::threads(args.run.threads),
        |out, grid| {
            let count = grid.count_solutions(2).count;
            if count == 0 {
                return out.not_unique(&grid, "no_solution");
            }
            let options = Options {
                unique: count == 1,
                ..Options::default()
            };
            let mut board = match Board::new(&grid) {
                Ok(b) => b,
                Err(e) => {
                    out.fail(Status::InputError);
                    return out.comment(&e.to_string());
                }
            };
            if out.format != Format::Json {
                out.comment(&format!(
                    "{} cells to fill",
                    grid.values().iter().filter(|&&v| v == 0).count()
                ));
            }
            let mut steps = 0;
            let mut hardest = 0.0f64;
            while !board.is_solved() {
                let Some(step) = logic::next_step(&board, &options) else {
                    break;
                };
                steps += 1;
                hardest = hardest.max(step.difficulty);
                match out.format {
                    Format::Json => out.json(merge([json!({ "step": steps }), json!(step)])),
                    _ => {
                        let single = matches!(
                            step.technique,
                            Technique::FullHouse | Technique::HiddenSingle | Technique::NakedSingle
                        );
                        if args.candidates && !single {
                            out.text(&board.pencilmarks());
                        }
                        out.text(&format!("{steps:>3}. {step}  [{:.1}]", step.difficulty));
                    }
                }
                board.apply(&step);
            }
            let solved = board.is_solved();
            if !solved {
                out.fail(Status::Unsolved);
            }
            let status = if solved { "solved" } else { "stuck" };
            match out.format {
            Format::Json => out.json(merge([
                json!({ "status": status, "steps": steps, "hardest": hardest, "unique": count == 1 }),
                shape_fields(&grid),
            ])),
            _ => {
                if out.format == Format::Grid || !solved {
                    out.text(&board.pencilmarks());
                }
                out.comment(&format!("{status} in {steps} steps, hardest {hardest:.1}"));
            }
        }
        },
    )
}
