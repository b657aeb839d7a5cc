//! A puzzle through check, count, explain, rate and hint with budgets of a few milliseconds each:
//! nothing panics, every solution found solves the puzzle, the count agrees with the reference
//! engine when both finish, and every logical step agrees with the unique solution.
#![no_main]

use std::time::{Duration, Instant};

use libfuzzer_sys::fuzz_target;
use nsudoku::logic::{self, Options, Scale};
use nsudoku::parse::{ReadOptions, read_one};
use nsudoku::{Engine, Grid, Solutions, Stop};

fn stop(ms: u64) -> Stop {
    Stop {
        deadline: Some(Instant::now() + Duration::from_millis(ms)),
        ..Stop::default()
    }
}

fn count(grid: &Grid, engine: Engine) -> Option<usize> {
    let mut solutions = Solutions::new(grid, engine).with_stop(stop(5));
    let mut count = 0;
    while count < 3 {
        let Some(s) = solutions.next() else { break };
        assert!(s.is_solution_of(grid), "{engine:?} found a wrong solution");
        count += 1;
    }
    (!solutions.interrupted()).then_some(count)
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(grid) = read_one(&text, &ReadOptions::default()) else {
        return;
    };
    if grid.side() > 16 {
        return; // larger grids take more than a fuzzing budget to say anything
    }
    if grid.check().is_err() {
        assert_eq!(
            count(&grid, Engine::Auto),
            Some(0),
            "a grid with clashes has no solution"
        );
        return;
    }
    let fast = count(&grid, Engine::Auto);
    if grid.side() <= 9 {
        if let (Some(a), Some(b)) = (fast, count(&grid, Engine::Reference)) {
            assert_eq!(a, b, "the engines disagree on the count");
        }
    }
    let solution = match fast {
        Some(1) => grid.solve(),
        _ => None,
    };
    let options = Options {
        unique: solution.is_some(),
        stop: stop(5),
        ..Options::default()
    };
    if let (Ok(e), Some(solution)) = (logic::explain_with(&grid, &options), &solution) {
        for step in &e.steps {
            for p in &step.placements {
                assert_eq!(solution.get(p.cell), Some(p.digit), "{step}");
            }
            for x in &step.eliminations {
                assert_ne!(solution.get(x.cell), Some(x.digit), "{step}");
            }
        }
    }
    let _ = logic::rate_within(&grid, Scale::Sukaku, &stop(5));
    let _ = logic::hint(None, &grid, None, &stop(5));
});
