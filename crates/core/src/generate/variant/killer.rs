//! Killer puzzles: cages with their totals, as newspapers print them (no givens), or with a
//! few givens.
//!
//! 1. A random partition of the grid into connected cages of 2 to [`max_cage`] cells, with
//!    no digit twice in a cage.
//! 2. While the engine finds another solution, cages where it differs from ours are split in
//!    two connected parts (a cut of a random spanning tree), preferring a part whose total the
//!    other solution breaks; one cage per 12 differing cells. With givens, half the time a
//!    given goes in a differing cell instead.
//! 3. Neighbouring cages are merged (at most [`max_cage`] cells, digits still different),
//!    pairs tried in random order until none can be merged without a second solution.
//! 4. With givens, the givens are taken out while the puzzle stays unique ([`super::dig`]).
//!    With [`Options::givens`] (a number asked), that many are placed in random cells before
//!    step 2 and all stay: the cages are split and merged around them.
//! 5. With [`Options::hide_totals`], the cages' totals are taken off in random order, each
//!    kept off only while the puzzle stays unique (the cage stays: different digits).
//!
//! Minimal here means: no two neighbouring cages can be merged and no given (and, with
//! `hide_totals`, no total) can go without a second solution. By default every cage shows its
//! total, as newspapers print killers.

use std::collections::HashSet;

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use super::dig::{self, Check, Checker, Item};
use super::solution::neighbours;
use super::{Miss, Options};
use crate::Cell;
use crate::variant::{Constraint, Puzzle};

/// A cage: its cells, row-major indices.
type Cage = Vec<usize>;

/// A cage split in two.
type Halves = (Cage, Cage);

/// `base` with the cages (and their totals) and the givens.
fn with_cages(base: &Puzzle, cages: &[Cage], givens: &[Item], solution: &[u16]) -> Puzzle {
    let mut items = cage_items(cages, solution, base.size());
    items.extend(givens.iter().cloned());
    dig::build(base, &items)
}

/// The most cells of a cage on a grid of side `n` (3 on 4×4, 4 on 6×6, 6 from 9×9).
pub fn max_cage(n: usize) -> usize {
    match n {
        0..=4 => 3,
        5..=6 => 4,
        _ => 6,
    }
}

/// A killer puzzle over `base` (its layout, rules and fixed marks) for `solution`.
pub(super) fn make(
    base: &Puzzle,
    options: &Options,
    solution: &[u16],
    rng: &mut SmallRng,
    checker: &mut Checker,
) -> Result<Puzzle, Miss> {
    let n = options.size;
    let most = max_cage(n);
    let mut cages = partition(n, solution, most, rng);
    let mut givens: Vec<Item> = match options.givens {
        Some(k) => {
            let mut free: Vec<usize> = (0..n * n).filter(|&i| base.givens()[i] == 0).collect();
            free.shuffle(rng);
            free.truncate(k);
            free.sort_unstable();
            free.into_iter()
                .map(|i| Item::Given(i, solution[i]))
                .collect()
        }
        None => Vec::new(),
    };
    let with = |cages: &[Cage], givens: &[Item]| with_cages(base, cages, givens, solution);
    let mut rounds = 0;
    loop {
        rounds += 1;
        if rounds > n * n {
            return Err(Miss::Retry);
        }
        match checker.check(&with(&cages, &givens), solution)? {
            Check::Unique => break,
            Check::Other(other) => {
                let differ: Vec<usize> = (0..n * n).filter(|&i| other[i] != solution[i]).collect();
                if options.killer_givens && options.givens.is_none() && rng.random_bool(0.5) {
                    let i = differ[rng.random_range(0..differ.len())];
                    givens.push(Item::Given(i, solution[i]));
                    continue;
                }
                let mut splittable: Vec<usize> = (0..cages.len())
                    .filter(|&c| cages[c].len() >= 2 && cages[c].iter().any(|x| differ.contains(x)))
                    .collect();
                splittable.shuffle(rng);
                let wanted = 1 + differ.len() / 12;
                let mut done = Vec::new();
                for &c in &splittable {
                    if done.len() >= wanted {
                        break;
                    }
                    if let Some(parts) = split(&cages[c], n, Some((&other, solution)), rng) {
                        done.push((c, parts));
                    }
                }
                if done.is_empty() {
                    let &c = splittable.first().ok_or(Miss::Retry)?;
                    let parts = split(&cages[c], n, None, rng).ok_or(Miss::Retry)?;
                    done.push((c, parts));
                }
                replace(&mut cages, done);
            }
            Check::Unknown => {
                // Too hard to tell: split a random cage and look again.
                let big: Vec<usize> = (0..cages.len()).filter(|&c| cages[c].len() >= 2).collect();
                let &c = big
                    .get(rng.random_range(0..big.len().max(1)))
                    .ok_or(Miss::Retry)?;
                let parts = split(&cages[c], n, None, rng).ok_or(Miss::Retry)?;
                replace(&mut cages, vec![(c, parts)]);
            }
        }
    }
    merge(base, &mut cages, &givens, solution, rng, checker)?;
    let caged = with(&cages, &[]);
    // Without givens the cages are the puzzle, unique as the merging left it: checking it
    // again would repeat the last check that passed, the longest (on 12×12, 8 % of the time).
    let dug = match (givens.is_empty(), options.givens) {
        (true, _) => caged,
        (false, Some(_)) => with(&cages, &givens),
        (false, None) => dig::dig(&caged, givens, options, solution, rng, checker)?,
    };
    if !options.hide_totals {
        return Ok(dug);
    }
    let kept: Vec<Item> = (0..n * n)
        .filter(|&i| dug.givens()[i] != 0 && base.givens()[i] == 0)
        .map(|i| Item::Given(i, dug.givens()[i]))
        .collect();
    hide_totals(base, &cages, &kept, options, solution, rng, checker)
}

/// `base` with the cages and givens, the totals taken off in random order while the puzzle
/// stays unique. Taking a total off only adds solutions: a total that had to stay when it was
/// tried has to stay in the end, and the givens kept before stay needed.
fn hide_totals(
    base: &Puzzle,
    cages: &[Cage],
    givens: &[Item],
    options: &Options,
    solution: &[u16],
    rng: &mut SmallRng,
    checker: &mut Checker,
) -> Result<Puzzle, Miss> {
    let mut items = cage_items(cages, solution, base.size());
    let fixed = dig::build(base, givens);
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.shuffle(rng);
    let mut exact = true;
    for k in order {
        let shown = items[k].clone();
        items[k] = without_total(&shown);
        let check = checker.check(&dig::build(&fixed, &items), solution)?;
        exact &= !matches!(check, Check::Unknown);
        if !matches!(check, Check::Unique) {
            items[k] = shown;
        }
    }
    if options.minimal && !exact {
        for k in 0..items.len() {
            let shown = items[k].clone();
            if matches!(shown, Item::Clue(Constraint::Killer { sum: None, .. })) {
                continue;
            }
            items[k] = without_total(&shown);
            let check = checker.check(&dig::build(&fixed, &items), solution)?;
            items[k] = shown;
            if !matches!(check, Check::Other(_)) {
                return Err(Miss::Retry);
            }
        }
    }
    Ok(dig::build(&fixed, &items))
}

/// A cage item without its total.
fn without_total(item: &Item) -> Item {
    match item {
        Item::Clue(Constraint::Killer { cells, .. }) => Item::Clue(Constraint::Killer {
            cells: cells.clone(),
            sum: None,
        }),
        other => other.clone(),
    }
}

/// Merges neighbouring cages in random order while the puzzle stays unique.
fn merge(
    base: &Puzzle,
    cages: &mut Vec<Cage>,
    givens: &[Item],
    solution: &[u16],
    rng: &mut SmallRng,
    checker: &mut Checker,
) -> Result<(), Miss> {
    let n = base.size();
    let most = max_cage(n);
    let mut tried: HashSet<Vec<usize>> = HashSet::new();
    loop {
        let mut pairs = mergeable(cages, n, solution, most);
        pairs.retain(|&(a, b)| !tried.contains(&union(&cages[a], &cages[b])));
        if pairs.is_empty() {
            return Ok(());
        }
        let (a, b) = pairs[rng.random_range(0..pairs.len())];
        let merged = union(&cages[a], &cages[b]);
        tried.insert(merged.clone());
        let mut next: Vec<Vec<usize>> = cages
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != a && k != b)
            .map(|(_, c)| c.clone())
            .collect();
        next.push(merged);
        if checker.unique(&with_cages(base, &next, givens, solution), solution)? {
            *cages = next;
        }
    }
}

/// The pairs of neighbouring cages (indices, the first smaller) whose union has at most
/// `most` cells and no digit of `solution` twice: the merges that keep `solution`.
pub(super) fn mergeable(
    cages: &[Vec<usize>],
    n: usize,
    solution: &[u16],
    most: usize,
) -> Vec<(usize, usize)> {
    let mut cage_of = vec![usize::MAX; n * n];
    for (k, c) in cages.iter().enumerate() {
        for &x in c {
            cage_of[x] = k;
        }
    }
    let mut pairs = Vec::new();
    for i in 0..n * n {
        for j in neighbours(i, n) {
            let (a, b) = (cage_of[i], cage_of[j]);
            if a >= b || b == usize::MAX || pairs.contains(&(a, b)) {
                continue;
            }
            let size = cages[a].len() + cages[b].len();
            let clash = cages[a]
                .iter()
                .any(|&x| cages[b].iter().any(|&y| solution[x] == solution[y]));
            if size <= most && !clash {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// The cells of two cages, sorted.
fn union(a: &[usize], b: &[usize]) -> Vec<usize> {
    let mut cells: Vec<usize> = a.iter().chain(b).copied().collect();
    cells.sort_unstable();
    cells
}

/// Replaces each cage `c` of `done` by its two parts.
fn replace(cages: &mut Vec<Cage>, mut done: Vec<(usize, Halves)>) {
    done.sort_unstable_by_key(|(c, _)| std::cmp::Reverse(*c));
    for (c, (a, b)) in done {
        cages.swap_remove(c);
        cages.push(a);
        cages.push(b);
    }
}

/// The cages as killer constraints with their totals, in the order of their first cells.
fn cage_items(cages: &[Vec<usize>], solution: &[u16], n: usize) -> Vec<Item> {
    let mut sorted: Vec<Vec<usize>> = cages
        .iter()
        .map(|c| {
            let mut c = c.clone();
            c.sort_unstable();
            c
        })
        .collect();
    sorted.sort_unstable();
    sorted
        .into_iter()
        .map(|c| {
            Item::Clue(Constraint::Killer {
                sum: Some(c.iter().map(|&i| u32::from(solution[i])).sum()),
                cells: c.iter().map(|&i| Cell::new(i / n, i % n)).collect(),
            })
        })
        .collect()
}

/// A random partition into connected cages of 2 to `most` cells (a lone cell where nothing
/// fits) with no digit twice.
fn partition(n: usize, solution: &[u16], most: usize, rng: &mut SmallRng) -> Vec<Vec<usize>> {
    let mut used = vec![false; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(rng);
    let mut cages = Vec::new();
    for start in order {
        if used[start] {
            continue;
        }
        let target = rng.random_range(2..=most);
        let mut cells = vec![start];
        used[start] = true;
        while cells.len() < target {
            let mut next: Vec<usize> = Vec::new();
            for &c in &cells {
                for x in neighbours(c, n) {
                    if !used[x]
                        && !next.contains(&x)
                        && !cells.iter().any(|&y| solution[y] == solution[x])
                    {
                        next.push(x);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            let x = next[rng.random_range(0..next.len())];
            used[x] = true;
            cells.push(x);
        }
        cages.push(cells);
    }
    cages
}

/// Splits a cage in two connected parts by cutting an edge of a random spanning tree; with
/// `(other, solution)`, only one where a part's total differs between the two solutions
/// (within a few trees). A cage of 4 or more cells is split into parts of 2 or more where a
/// tree allows it.
fn split(
    cage: &[usize],
    n: usize,
    against: Option<(&[u16], &[u16])>,
    rng: &mut SmallRng,
) -> Option<(Vec<usize>, Vec<usize>)> {
    if cage.len() < 2 {
        return None;
    }
    let total = |part: &[usize], v: &[u16]| part.iter().map(|&i| u32::from(v[i])).sum::<u32>();
    let mut lone = None;
    for _ in 0..8 {
        let parent = spanning_tree(cage, n, rng)?;
        let mut cuts: Vec<usize> = (0..cage.len()).filter(|&v| parent[v] != v).collect();
        cuts.shuffle(rng);
        for v in cuts {
            let below = |mut x: usize| loop {
                if x == v {
                    return true;
                }
                if parent[x] == x {
                    return false;
                }
                x = parent[x];
            };
            let (a, b): (Vec<usize>, Vec<usize>) = (0..cage.len()).partition(|&x| below(x));
            let a: Vec<usize> = a.into_iter().map(|x| cage[x]).collect();
            let b: Vec<usize> = b.into_iter().map(|x| cage[x]).collect();
            match against {
                Some((other, solution)) if total(&a, other) == total(&a, solution) => {}
                // A lone cell is a given in disguise: kept only when no other cut will do.
                _ if cage.len() >= 4 && a.len().min(b.len()) < 2 => {
                    lone.get_or_insert((a, b));
                }
                _ => return Some((a, b)),
            }
        }
    }
    // None without a lone cell; with none at all, the caller splits a cage without `against`.
    lone
}

/// A random spanning tree of the cage (breadth first from a random cell): each position's
/// parent position, the root its own.
fn spanning_tree(cage: &[usize], n: usize, rng: &mut impl Rng) -> Option<Vec<usize>> {
    let at = |x: usize| cage.iter().position(|&y| y == x);
    let root = rng.random_range(0..cage.len());
    let mut parent = vec![usize::MAX; cage.len()];
    parent[root] = root;
    let mut queue = vec![root];
    let mut k = 0;
    while k < queue.len() {
        let u = queue[k];
        k += 1;
        let mut next: Vec<usize> = neighbours(cage[u], n).filter_map(at).collect();
        next.shuffle(rng);
        for v in next {
            if parent[v] == usize::MAX {
                parent[v] = u;
                queue.push(v);
            }
        }
    }
    (queue.len() == cage.len()).then_some(parent)
}
