//! Where the variant logic's time goes: each dev puzzle (`tests/data/variants/dev.jsonl`) is
//! explained as `explain` does it (every technique, simplest first), with each technique's
//! search timed on its own, and a table gives each technique's calls, steps and time.
//!
//! ```sh
//! cargo bench -p nsudoku --bench variant_logic             # every puzzle, 60 s each
//! cargo bench -p nsudoku --bench variant_logic -- 70 72    # puzzles 70 and 72 (1-based)
//! SECS=10 cargo bench -p nsudoku --bench variant_logic     # another limit a puzzle
//! ```
//!
//! It prints one line a puzzle (outcome, steps, hardest step, seconds) and the table.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use nsudoku::Stop;
use nsudoku::logic::{Board, Options, Technique, next_step};
use nsudoku::variant::fpuzzles::{ReadOptions, from_payload};
use serde_json::Value;

/// One technique's totals.
#[derive(Default, Clone, Copy)]
struct Tally {
    calls: u64,
    steps: u64,
    time: Duration,
}

fn main() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/variants/dev.jsonl");
    let text = std::fs::read_to_string(&path).expect("the dev set is committed");
    let secs: u64 = std::env::var("SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    // Cargo passes `--bench`; puzzle numbers are the other arguments.
    let wanted: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let all = Technique::ALL;
    let mut tally = vec![Tally::default(); all.len()];
    let (mut solved, mut total, mut slowest) = (0, 0, (0.0f64, 0));
    for (i, line) in text.lines().enumerate() {
        if !wanted.is_empty() && !wanted.contains(&(i + 1)) {
            continue;
        }
        let v: Value = serde_json::from_str(line).expect("a JSON line");
        let payload = v["fpuzzles"].as_str().expect("a payload");
        let puzzle = from_payload(payload, ReadOptions::default())
            .expect("a dev puzzle reads")
            .puzzle;
        let start = Instant::now();
        let stop = Stop {
            deadline: Some(start + Duration::from_secs(secs)),
            ..Stop::default()
        };
        let mut board = Board::from_puzzle(&puzzle)
            .expect("a dev puzzle's board")
            .with_stop(&stop);
        let (mut steps, mut hardest) = (0, 0.0f64);
        'steps: while !board.is_solved() && !board.interrupted() {
            for (k, &t) in all.iter().enumerate() {
                let options = Options {
                    techniques: vec![t],
                    ..Options::default()
                };
                let at = Instant::now();
                let step = next_step(&board, &options);
                tally[k].time += at.elapsed();
                tally[k].calls += 1;
                if let Some(step) = step {
                    tally[k].steps += 1;
                    steps += 1;
                    hardest = hardest.max(step.difficulty);
                    board.apply(&step);
                    continue 'steps;
                }
            }
            break;
        }
        let secs = start.elapsed().as_secs_f64();
        let outcome = if board.is_solved() {
            solved += 1;
            "solved"
        } else if board.interrupted() {
            "timeout"
        } else {
            "stuck"
        };
        total += 1;
        if secs > slowest.0 {
            slowest = (secs, i + 1);
        }
        println!(
            "{:>3} {outcome:<8} {steps:>4} steps  {hardest:>4.1}  {secs:>7.2} s  {}",
            i + 1,
            v["name"].as_str().unwrap_or("")
        );
    }
    println!(
        "\n{solved} / {total} solved; slowest #{} in {:.2} s\n",
        slowest.1, slowest.0
    );
    let sum: f64 = tally.iter().map(|t| t.time.as_secs_f64()).sum();
    println!("| technique | calls | steps | seconds | share |\n|---|---:|---:|---:|---:|");
    let mut order: Vec<usize> = (0..all.len()).collect();
    order.sort_by(|&a, &b| tally[b].time.cmp(&tally[a].time));
    for k in order.into_iter().filter(|&k| tally[k].calls > 0) {
        let t = tally[k];
        println!(
            "| {} | {} | {} | {:.2} | {:.1} % |",
            all[k].name(),
            t.calls,
            t.steps,
            t.time.as_secs_f64(),
            100.0 * t.time.as_secs_f64() / sum.max(1e-9)
        );
    }
}
