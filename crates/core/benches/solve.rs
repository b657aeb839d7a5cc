//! Criterion benches of the engines on committed samples: count up to 2 (the uniqueness
//! check), parse included, as `nsudoku bench` does.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use nsudoku::parse::{ReadOptions, read_str};
use nsudoku::{Engine, Grid, Solutions};

fn sample(name: &str) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("committed sample");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

fn count_all(lines: &[String], engine: Engine) -> usize {
    lines
        .iter()
        .map(|line| {
            let grid: Grid = line.parse().expect("valid sample");
            Solutions::new(&grid, engine).count_up_to(2).count
        })
        .sum()
}

fn engines(c: &mut Criterion) {
    for set in [
        "9x9/classic.txt",
        "9x9/puzzles2_17_clue.sample",
        "9x9/puzzles3_magictour_top1465.sample",
        "9x9/puzzles7_serg_benchmark.sample",
    ] {
        let lines = sample(set);
        let mut group = c.benchmark_group(set);
        group.throughput(criterion::Throughput::Elements(lines.len() as u64));
        for (name, engine) in [("fast9", Engine::Fast9), ("general", Engine::General)] {
            group.bench_function(name, |b| b.iter(|| count_all(black_box(&lines), engine)));
        }
        group.finish();
    }
    let big = read_str(
        &std::fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/large/farif-table5-1.txt"),
        )
        .expect("committed sample"),
        &ReadOptions::default(),
    );
    let grid = big[0].result.clone().expect("valid sample");
    c.bench_function("25x25/farif-table5-1/general", |b| {
        b.iter(|| Solutions::new(black_box(&grid), Engine::General).count_up_to(2))
    });
}

criterion_group!(benches, engines);
criterion_main!(benches);
