use std::time::Instant;
use nsudoku::{Grid, canon::Canonicalizer};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let grids: Vec<Grid> = text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).map(|l| l.parse().unwrap()).collect();
    let grids: Vec<Grid> = if args.get(2).map(|s| s.as_str()) == Some("solve") { grids.iter().map(|g| g.solve().unwrap()).collect() } else { grids };
    let mut c = Canonicalizer::new();
    let same = grids.iter().filter(|g| &c.canonical(g).unwrap().grid == *g).count();
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        for g in &grids { std::hint::black_box(c.canonical(g).unwrap()); }
        best = best.min(t.elapsed().as_secs_f64());
    }
    println!("{} grids, {} fixed, {:.0}/s, {:.2} us", grids.len(), same, grids.len() as f64 / best, best * 1e6 / grids.len() as f64);
}
