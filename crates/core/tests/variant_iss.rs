//! ISS's constraint strings and links, and the forums' killer and jigsaw lines, through the
//! library's one reader (`variant::read`): a sample of ISS's own puzzles gives ISS's solutions
//! and reads back equal once written; the lines of every form are told from classic lines;
//! and, by hand (`--ignored`), every puzzle of ISS's data files that nsudoku reads gives ISS's
//! solution.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use nsudoku::Stop;
use nsudoku::variant::fpuzzles::ReadOptions;
use nsudoku::variant::{self, ErrorKind, Puzzle, is_variant_line, iss};

use crate::support::data;

/// One puzzle of ISS's: its name, ISS's text, ISS's solution (one character a cell: `1`–`9`,
/// then `A`–`Z`) and how many solutions ISS found (up to 2), when known.
struct IssPuzzle {
    name: String,
    text: String,
    solution: Option<Vec<u16>>,
    count: Option<u64>,
}

/// Each line of a JSON Lines file of ISS puzzles (`name`, `input` or `iss`, `solution`,
/// `iss_count`).
fn iss_puzzles(text: &str) -> Vec<IssPuzzle> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            IssPuzzle {
                name: v["name"].as_str().unwrap_or("").to_owned(),
                text: v["input"]
                    .as_str()
                    .or_else(|| v["iss"].as_str())
                    .expect("the puzzle")
                    .to_owned(),
                solution: v["solution"].as_str().map(|s| {
                    s.chars()
                        .map(|c| c.to_digit(36).map_or(0, |d| d as u16))
                        .collect()
                }),
                count: v["iss_count"].as_u64(),
            }
        })
        .collect()
}

fn read(text: &str) -> Result<Puzzle, Vec<variant::Error>> {
    variant::read(text, ReadOptions::default()).map(|r| r.puzzle)
}

/// A puzzle as the commands read it: a variant puzzle, or a classic line (pencil marks too).
fn read_any(text: &str) -> Result<Puzzle, Vec<variant::Error>> {
    if is_variant_line(text) {
        return read(text);
    }
    let grid = nsudoku::parse::read_line(text, &nsudoku::parse::ReadOptions::default())
        .map_err(|e| vec![variant::Error::new(ErrorKind::Syntax, format!("{e:?}"), "")])?;
    Puzzle::from_grid(&grid).map_err(|e| vec![e])
}

#[test]
fn iss_sample_puzzles_give_iss_solutions_and_read_back_equal() {
    let sample = iss_puzzles(&data("variants/iss.jsonl"));
    assert!(sample.len() >= 20);
    for IssPuzzle {
        name,
        text,
        solution,
        ..
    } in sample
    {
        assert!(solution.is_some(), "{name}: ISS's solution");
        assert!(is_variant_line(&text), "{name}: a variant puzzle");
        let puzzle = read(&text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let mut solutions = puzzle.solutions();
        let first = solutions.next_values().map(<[u16]>::to_vec);
        assert_eq!(first, solution, "{name}");
        assert!(
            solutions.next_values().is_none(),
            "{name}: a second solution"
        );
        let written = iss::to_string(&puzzle).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(read(&written).as_ref(), Ok(&puzzle), "{name}: {written}");
        let link = iss::to_link(&puzzle).expect("a link");
        assert_eq!(read(&link).as_ref(), Ok(&puzzle), "{name}: {link}");
    }
}

#[test]
fn each_form_is_told_from_classic_lines() {
    let killer =
        "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^";
    let layout =
        "000000012345505012345555112345511112344466212334666222334466667388887777888887777";
    for line in [
        killer,
        layout,
        ".~R1C1_8~R2C3_3",
        ".AntiKnight",
        "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.AntiKnight",
        "sigh.github.io/Interactive-Sudoku-Solver/?q=.AntiKnight",
    ] {
        assert!(is_variant_line(line), "{line}");
        read(line).unwrap_or_else(|e| panic!("{line}: {e:?}"));
    }
    for line in [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452",
        ".A.B............................................................................G.",
        "1234341221434321",
    ] {
        assert!(!is_variant_line(line), "{line}");
    }
    // A killer line's problems are named where they are.
    let errors = read(&killer.replacen('G', "^", 1)).unwrap_err();
    assert_eq!(errors[0].kind, ErrorKind::OutsideGrid);
}

/// Every puzzle of a JSON Lines file of ISS's puzzles (`NSUDOKU_ISS_PUZZLES`: objects with
/// `name`, `input` or `iss`, ISS's `solution` and `iss_count`), read and solved: the counts of
/// those read and of those refused, by the constraint refused. A puzzle read must give ISS's
/// solution and no other, or as many solutions as ISS (none, or two and more) (a minute each
/// at most).
#[test]
#[ignore = "ISS's data files, by hand: NSUDOKU_ISS_PUZZLES=FILE, in release"]
fn every_iss_puzzle_read_gives_iss_solution() {
    let Ok(path) = std::env::var("NSUDOKU_ISS_PUZZLES") else {
        eprintln!("skipped: NSUDOKU_ISS_PUZZLES names no file of ISS's puzzles");
        return;
    };
    let text = std::fs::read_to_string(&path).expect("the file");
    let mut read_ok = 0;
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    let mut wrong = Vec::new();
    let mut slow = Vec::new();
    let mut unknown = 0;
    let puzzles = iss_puzzles(&text);
    for p in &puzzles {
        let name = &p.name;
        match read_any(&p.text) {
            Err(errors) => {
                let mut why: Vec<String> = errors
                    .iter()
                    .map(|e| match e.message.strip_prefix("ISS's ") {
                        Some(rest) => rest.split([' ', '(']).next().unwrap_or("").to_owned(),
                        None => format!("{}: {}", e.kind.name(), e.message),
                    })
                    .collect();
                why.sort();
                why.dedup();
                println!("refused  {name}: {}", why.join(", "));
                for w in why {
                    *refused.entry(w).or_default() += 1;
                }
            }
            Ok(puzzle) => {
                read_ok += 1;
                let start = Instant::now();
                let stop = Stop {
                    deadline: Some(start + Duration::from_secs(60)),
                    ..Stop::default()
                };
                let mut solutions = puzzle.solutions().with_stop(stop);
                let first = solutions.next_values().map(<[u16]>::to_vec);
                let count = match first {
                    None => 0,
                    Some(_) if solutions.next_values().is_some() => 2,
                    Some(_) => 1,
                };
                let secs = start.elapsed().as_secs_f64();
                println!("read     {name}: {count} solution(s) in {secs:.3} s");
                if solutions.interrupted() {
                    slow.push(name.clone());
                    continue;
                }
                let agrees = match (p.count, &p.solution) {
                    (Some(0), _) => count == 0,
                    (Some(2), _) => count == 2,
                    (_, Some(solution)) => count == 1 && first.as_ref() == Some(solution),
                    (_, None) => {
                        unknown += 1;
                        true
                    }
                };
                if !agrees {
                    wrong.push(name.clone());
                }
            }
        }
    }
    let refusals: usize = puzzles.len() - read_ok;
    println!(
        "{} puzzles: {read_ok} read, {refusals} refused",
        puzzles.len()
    );
    println!("refused, by reason (a puzzle may have several): {refused:#?}");
    println!("without ISS's answer: {unknown}; not solved within a minute: {slow:?}");
    assert!(wrong.is_empty(), "not ISS's answer: {wrong:?}");
}
