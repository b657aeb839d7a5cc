//! Pencil-mark puzzles (sukaku): each cell's candidates instead of givens, in two forms.
//!
//! - **One line, `N` characters a cell** (the 729-character line of 9×9 sukaku): cell after
//!   cell, each a group of `N` characters whose `k`-th is the digit `k` when `k` is a
//!   candidate, else an empty mark (`.` or `0`): `1.3......` is a cell with candidates 1 and
//!   3. Any other character there is an error ([`Error::MisplacedCandidate`]), so a shifted
//!   group cannot pass unseen. Separators may stand anywhere and are skipped. The line is taken
//!   as this form when it holds `S³` characters for the side `S` of the `--box` shape given,
//!   or, with square boxes, `4³ = 64` or `9³ = 729` characters. Neither length is then a
//!   plain grid (8×8 and 27×27 have no square boxes), so no line is read both ways.
//! - **Runs of candidates separated by spaces**, as Sudoku Explainer and HoDoKu print them:
//!   a grid of `N` lines of `N` runs (rule lines `.---.`, `:---+`, `'---'`, `*---*` and
//!   `+---+` hold no cell), or the `N²` runs on one line. `23` is a cell with candidates 2
//!   and 3. The record is taken as this form when it would be read as separated numbers, for
//!   a side `N ≤ 9`, and some run has two or more characters: as a number it would be out of
//!   range: so every run must be digits `1..=N` in increasing order (`17` or `10` in a 4×4
//!   grid stay numbers out of range), except a group of `N` holding an empty mark
//!   (`103000000`), read by place as in the first form. `.` or `0` alone is a cell without a
//!   candidate, an error ([`Error::NoCandidate`]).
//!
//! The puzzle is a [`Grid::from_candidates`]: no givens; a cell with one candidate is solved
//! by it, not a clue.

use super::alphabet::Alphabet;
use super::drawn::drawn_shape;
use super::entry::Entry;
use super::options::ReadOptions;
use super::tokens::{Line, tokens};
use crate::error::{Error, Errors, Position};
use crate::grid::{Digit, DigitSet, Grid, Shape};

/// The largest side written with one character a digit in these forms.
const MAX_PENCIL_SIDE: usize = 9;

/// The side of a one-line pencil-mark puzzle, `N` characters a cell, when `line` is one.
pub(super) fn line_side(line: &Line, options: &ReadOptions) -> Option<usize> {
    let (cells, compact) = line.count();
    if !compact {
        return None;
    }
    // A 1×1 grid's one-character line is a plain grid: N³ = N² only there.
    let cube = |n: usize| n >= 2 && n * n * n == cells && n <= options.alphabet.len();
    match options.shape {
        Some(shape) => Some(shape.side()).filter(|&n| n <= MAX_PENCIL_SIDE && cube(n)),
        None => [4, 9].into_iter().find(|&n| cube(n)),
    }
}

/// The fast path for a one-line pencil-mark puzzle of its `N³` places alone (no separator),
/// each the symbol of its place's digit or an empty mark, every cell with a candidate: the
/// grid, as [`read_line_form`] reads it. `None` sends the line to the full reader, which also
/// names its problems.
pub(super) fn read_compact_places(bytes: &[u8], options: &ReadOptions) -> Option<Grid> {
    let n = match options.shape {
        Some(shape) => shape.side(),
        None => [4, 9].into_iter().find(|&n| n * n * n == bytes.len())?,
    };
    if !(2..=MAX_PENCIL_SIDE.min(options.alphabet.len())).contains(&n) || n * n * n != bytes.len() {
        return None;
    }
    let shape = Shape::for_cell_count(n * n, options.shape).ok()?;
    let mut sets = Vec::with_capacity(n * n);
    for cell in bytes.chunks_exact(n) {
        let mut set = DigitSet::empty();
        for (k, &b) in cell.iter().enumerate() {
            match options.alphabet.ascii.get(usize::from(b)) {
                Some(0) => {}
                Some(&v) if usize::from(v) == k + 1 => insert(&mut set, k + 1),
                _ => return None,
            }
        }
        sets.push(set);
    }
    Grid::from_candidates(shape, sets).ok()
}

/// Reads a one-line pencil-mark puzzle of side `n` ([`line_side`]).
pub(super) fn read_line_form(line: &Line, n: usize, options: &ReadOptions) -> Entry {
    let mut errors = Errors::default();
    let mut sets = Vec::with_capacity(n * n);
    let mut set = DigitSet::empty();
    let mut places = 0;
    for (col, token) in tokens(line.text.trim_end()) {
        for (i, c) in token.chars().enumerate() {
            let position = Position {
                line: line.number,
                column: col + i,
            };
            let expected = places % n + 1;
            places += 1;
            read_place(
                c,
                expected,
                position,
                &options.alphabet,
                &mut set,
                &mut errors,
            );
            if places % n == 0 {
                sets.push(std::mem::replace(&mut set, DigitSet::empty()));
            }
        }
    }
    finish(line.number, sets, options.shape, errors, |i| Position {
        line: line.number,
        column: column_of_group(&line.text, i * n),
    })
}

/// One character of a by-place group: the digit `expected` or an empty mark.
fn read_place(
    c: char,
    expected: usize,
    position: Position,
    alphabet: &Alphabet,
    set: &mut DigitSet,
    errors: &mut Errors,
) {
    match alphabet.value(c) {
        Some(0) => {}
        Some(v) if v as usize == expected => insert(set, expected),
        Some(_) => errors.push(Error::MisplacedCandidate {
            symbol: c,
            expected,
            position,
        }),
        None => errors.push(Error::BadSymbol {
            symbol: c,
            position,
        }),
    }
}

/// Adds the digit `value` (`1..=N`, checked by the caller) to `set`.
fn insert(set: &mut DigitSet, value: usize) {
    if let Some(d) = Digit::new(value) {
        set.insert(d);
    }
}

/// The 1-based column of the `place`-th non-separator character of a line.
fn column_of_group(text: &str, place: usize) -> usize {
    tokens(text)
        .flat_map(|(col, token)| (0..token.chars().count()).map(move |i| col + i))
        .nth(place)
        .unwrap_or(1)
}

/// The side of a pencil-mark puzzle written as runs of candidates, when `lines` (the rows of
/// one grid, or one line) are one: separated numbers, `N²` of them for `N ≤ 9`, at least one
/// of two characters or more, and each such a run of candidates (digits `1..=N` in increasing
/// order) or a group of `N` by place (with an empty mark). Anything else (`10` or `17` in a
/// 4×4 grid) stays a number, out of range.
pub(super) fn runs_side(lines: &[Line], grid: bool, options: &ReadOptions) -> Option<usize> {
    let mut cells = 0;
    for line in lines {
        let (count, compact) = line.count();
        if compact {
            return None;
        }
        cells += count;
    }
    let n = if grid {
        lines.len()
    } else {
        (1..=MAX_PENCIL_SIDE).find(|n| n * n == cells)?
    };
    let fits = options.shape.is_none_or(|s| s.side() == n);
    if !fits || n > MAX_PENCIL_SIDE.min(options.alphabet.len()) {
        return None;
    }
    let mut long = false;
    for line in lines {
        for (_, token) in tokens(line.text.trim_end()) {
            let values: Vec<u64> = token
                .chars()
                .map(|c| options.alphabet.value(c).unwrap_or(u64::MAX))
                .collect();
            if values.len() < 2 {
                continue;
            }
            long = true;
            let run = values.windows(2).all(|w| w[0] < w[1])
                && values.iter().all(|&v| (1..=n as u64).contains(&v));
            let by_place = values.len() == n && values.contains(&0);
            if !run && !by_place {
                return None;
            }
        }
    }
    long.then_some(n)
}

/// Reads a pencil-mark puzzle of side `n` written as runs of candidates ([`runs_side`]).
pub(super) fn read_runs(
    start: usize,
    lines: &[Line],
    n: usize,
    grid: bool,
    options: &ReadOptions,
) -> Entry {
    let mut errors = Errors::default();
    let mut sets = Vec::with_capacity(n * n);
    let mut positions = Vec::with_capacity(n * n);
    for line in lines {
        let found = line.count().0;
        if grid && found != n {
            errors.push(Error::RowLength {
                line: line.number,
                found,
                expected: n,
            });
        }
        for (col, token) in tokens(line.text.trim_end()) {
            let at = |i: usize| Position {
                line: line.number,
                column: col + i,
            };
            let by_place = token.chars().count() == n
                && token.chars().any(|c| options.alphabet.value(c) == Some(0));
            let mut set = DigitSet::empty();
            for (i, c) in token.chars().enumerate() {
                match options.alphabet.value(c) {
                    _ if by_place => {
                        read_place(c, i + 1, at(i), &options.alphabet, &mut set, &mut errors)
                    }
                    Some(0) => {} // alone: no candidate, reported below
                    Some(v) if v as usize <= n => insert(&mut set, v as usize),
                    Some(value) => errors.push(Error::ValueOutOfRange {
                        value,
                        max: n,
                        position: Some(at(i)),
                    }),
                    None => errors.push(Error::BadSymbol {
                        symbol: c,
                        position: at(i),
                    }),
                }
            }
            sets.push(set);
            positions.push(at(0));
        }
    }
    let shape = options
        .shape
        .or_else(|| if grid { drawn_shape(lines) } else { None });
    finish(start, sets, shape, errors, |i| positions[i])
}

/// The puzzle from its cells' candidates, or every problem found: a cell without a candidate
/// is named with `position(cell index)`.
fn finish(
    line: usize,
    sets: Vec<DigitSet>,
    shape: Option<Shape>,
    mut errors: Errors,
    position: impl Fn(usize) -> Position,
) -> Entry {
    let entry = |result| Entry {
        line,
        result,
        empty: '.',
    };
    let shape = match Shape::for_cell_count(sets.len(), shape) {
        Ok(shape) => shape,
        Err(e) => {
            if errors.is_empty() || !matches!(e, Error::CellCount { .. }) {
                errors.push(e);
            }
            return entry(Err(errors.into_vec()));
        }
    };
    for (i, set) in sets.iter().enumerate() {
        if set.is_empty() {
            errors.push(Error::NoCandidate {
                cell: shape.cell(i),
                position: Some(position(i)),
            });
        }
    }
    if !errors.is_empty() {
        return entry(Err(errors.into_vec()));
    }
    entry(Grid::from_candidates(shape, sets).map_err(|e| vec![e]))
}

#[cfg(test)]
mod tests {
    use crate::grid::{Cell, DigitSet, Grid, Shape};
    use crate::logic::Board;
    use crate::parse::{ReadOptions, read_str};
    use crate::solve::{Engine, Solutions};

    const PUZZLE: &str =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    /// Every problem of the one puzzle of `text`, as messages.
    fn errors(text: &str, options: &ReadOptions) -> Vec<String> {
        let entries = read_str(text, options);
        assert_eq!(entries.len(), 1, "{text}");
        match &entries[0].result {
            Ok(g) => panic!("read as {g:?}"),
            Err(e) => e.iter().map(ToString::to_string).collect(),
        }
    }

    fn read(text: &str) -> Grid {
        let entries = read_str(text, &ReadOptions::default());
        assert_eq!(entries.len(), 1, "{text}");
        entries[0].result.clone().unwrap()
    }

    /// A puzzle's candidates (each cell's digits its clues allow; a clue alone), in the
    /// one-line form of `N` characters a cell.
    fn line_form(grid: &Grid) -> String {
        let n = grid.side();
        let shape = grid.shape();
        (0..n * n)
            .flat_map(|i| {
                let set = grid.candidates(shape.cell(i));
                (1..=n).map(move |d| {
                    let digit = crate::grid::Digit::new(d).unwrap();
                    if set.contains(digit) {
                        char::from_digit(d as u32, 10).unwrap()
                    } else {
                        '.'
                    }
                })
            })
            .collect()
    }

    fn sets(grid: &Grid) -> Vec<DigitSet> {
        let shape = grid.shape();
        (0..shape.cell_count())
            .map(|i| grid.candidates(shape.cell(i)))
            .collect()
    }

    /// The fast path reads what the full reader reads, and leaves it every line with a
    /// separator, a problem or another length.
    #[test]
    fn the_fast_path_reads_as_the_full_reader() {
        use super::super::tokens::Line;
        use super::{line_side, read_compact_places, read_line_form};
        let nine = line_form(&read(PUZZLE));
        let four = line_form(&read("1000000000000000"));
        let six = Shape::new(3, 2).unwrap();
        let six_options = ReadOptions {
            shape: Some(six),
            ..ReadOptions::default()
        };
        let six_line = line_form(&Grid::empty(six));
        let plain = ReadOptions::default();
        let mut cases = vec![
            (nine.clone(), &plain, true),
            (nine.replace('.', "0"), &plain, true),
            (four.clone(), &plain, true),
            (six_line.clone(), &six_options, true),
            (six_line, &plain, false),
            (format!("{nine}  "), &plain, true),
        ];
        let changed = |at: usize, with: &str| {
            let mut line = nine.clone();
            line.replace_range(at..=at, with);
            line
        };
        // r1c1 is 5 alone: without it, no candidate; a 6 in 5's place; a stranger; a digit
        // beyond ASCII whose low bits are a digit's; a separator; a character short.
        for bad in [
            changed(4, "."),
            changed(4, "6"),
            changed(4, "x"),
            changed(4, "\u{b5}"),
            format!("{} {}", &nine[..9], &nine[9..]),
            nine[1..].to_owned(),
        ] {
            cases.push((bad, &plain, false));
        }
        for (text, options, fast) in cases {
            let read = read_compact_places(text.trim_end().as_bytes(), options);
            assert_eq!(read.is_some(), fast, "{text}");
            let line = Line::new(1, text.clone());
            let full = line_side(&line, options).map(|n| read_line_form(&line, n, options));
            if let Some(grid) = read {
                assert_eq!(Some(Ok(grid.clone())), full.map(|e| e.result), "{text}");
                assert_eq!(crate::parse::read_line(&text, options), Ok(grid));
            }
        }
    }

    #[test]
    fn a_one_by_one_line_is_a_plain_grid_not_pencil_marks() {
        // Found by fuzzing: a 1×1 grid written in a one-symbol alphabet was read back, with
        // its shape given, as the 1×1 pencil-mark puzzle (1³ characters): an empty grid.
        let alphabet = crate::parse::Alphabet::new("\u{FFFD}").unwrap();
        let first = ReadOptions {
            alphabet: alphabet.clone(),
            layout: crate::parse::Layout::Grid,
            ..ReadOptions::default()
        };
        let grid = crate::parse::read_one("\u{FFFD}", &first).unwrap();
        let back = ReadOptions {
            alphabet: alphabet.clone(),
            shape: Some(grid.shape()),
            ..ReadOptions::default()
        };
        let style = crate::format::Style {
            alphabet,
            empty: '.',
        };
        assert_eq!(crate::parse::read_one(&style.line(&grid), &back), Ok(grid));
    }

    #[test]
    fn the_729_character_line_is_the_candidates_of_each_cell() {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let line = line_form(&puzzle);
        assert_eq!(line.len(), 729);
        let sukaku = read(&line);
        assert_eq!(sukaku.pencil_marks().unwrap(), sets(&puzzle));
        assert_eq!(sukaku.clue_count(), 0);
        // Zeros for dots, and spaces between groups, read the same.
        let spaced: Vec<String> = line
            .replace('.', "0")
            .as_bytes()
            .chunks(9)
            .map(|c| String::from_utf8(c.to_vec()).unwrap())
            .collect();
        assert_eq!(read(&spaced.join(" ")), sukaku);
        let solution = puzzle.solve().unwrap();
        let mut solutions = Solutions::new(&sukaku, Engine::Auto);
        assert_eq!(solutions.next(), Some(solution.clone()));
        assert!(solutions.next().is_none());
        assert!(solution.is_solution_of(&sukaku));
    }

    #[test]
    fn pencil_mark_grids_as_explainer_and_hodoku_print_them() {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let board = Board::new(&puzzle).unwrap();
        // The logical solver's own grid: `+---+` rules, a placed digit alone.
        let ours = read(&board.pencilmarks());
        assert_eq!(ours.pencil_marks().unwrap(), sets(&puzzle));
        // Sudoku Explainer's and HoDoKu's corners.
        let theirs = board
            .pencilmarks()
            .lines()
            .enumerate()
            .map(|(i, l)| match (i, l.starts_with('+')) {
                (0, _) => l.replace('+', "."),
                (12, _) => l.replace('+', "'"),
                (_, true) => format!(":{}:", &l[1..l.len() - 1]),
                _ => l.to_owned(),
            })
            .collect::<Vec<_>>()
            .join("\n");
        assert!(theirs.starts_with(".---"), "{theirs}");
        assert_eq!(read(&theirs), ours);
        // The 81 runs on one line.
        let runs: Vec<String> = sets(&puzzle)
            .iter()
            .map(|s| s.iter().map(|d| d.to_string()).collect())
            .collect();
        assert_eq!(read(&runs.join(" ")), ours);
    }

    #[test]
    fn a_drawn_pencil_mark_grid_gives_its_box_shape() {
        let text = ".-------------.-------------.\n\
                    | 1   2   3   | 4   56  56  |\n\
                    | 456 456 456 | 123 123 123 |\n\
                    :-------------+-------------:\n\
                    | 2   3   1   | 56  4   56  |\n\
                    | 56  456 456 | 123 123 123 |\n\
                    :-------------+-------------:\n\
                    | 3   1   2   | 56  56  4   |\n\
                    | 456 456 456 | 123 123 123 |\n\
                    '-------------'-------------'\n";
        let sukaku = read(text);
        assert_eq!(sukaku.shape(), Shape::new(3, 2).unwrap());
        let count = Solutions::new(&sukaku, Engine::Reference).count_up_to(1000);
        assert!(count.exact && count.count > 0);
        assert_eq!(sukaku.count_solutions(1000), count);
    }

    /// The solutions of a pencil-mark puzzle counted the slow way: every solution of the empty
    /// grid whose digits are among the candidates.
    fn brute_force(sukaku: &Grid) -> usize {
        let marks = sukaku.pencil_marks().unwrap();
        Grid::empty(sukaku.shape())
            .solutions()
            .filter(|g| {
                let shape = g.shape();
                (0..shape.cell_count()).all(|i| marks[i].contains(g.get(shape.cell(i)).unwrap()))
            })
            .count()
    }

    #[test]
    fn counts_agree_with_a_brute_force_count() {
        // 4×4 pencil-mark puzzles from a little generator: each cell keeps each digit unless
        // the generator's bit says no (never its last one).
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..40 {
            let mut line = String::new();
            for _ in 0..16 {
                let mut group: Vec<char> = "1234".chars().collect();
                for (k, c) in group.iter_mut().enumerate() {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    if state % 3 == 0 && k < 3 {
                        *c = '.';
                    }
                }
                line.extend(group);
            }
            let sukaku = read(&line);
            let expected = brute_force(&sukaku);
            for engine in [
                Engine::Auto,
                Engine::General,
                Engine::Learning,
                Engine::Reference,
            ] {
                let found: Vec<Grid> = Solutions::new(&sukaku, engine).collect();
                assert_eq!(found.len(), expected, "{engine:?} on {line}");
                assert!(found.iter().all(|g| g.is_solution_of(&sukaku)));
            }
        }
    }

    #[test]
    fn derived_candidates_have_the_puzzles_solutions() {
        // Clues taken out: many solutions, which the candidates the clues leave must keep.
        let mut puzzle: Grid = PUZZLE.parse().unwrap();
        for i in [0, 1, 4, 9, 12, 13, 14] {
            puzzle.set(Cell::new(i / 9, i % 9), None);
        }
        let sukaku = read(&line_form(&puzzle));
        let count = puzzle.count_solutions(10_000);
        assert!(count.exact && count.count > 1, "{count}");
        assert_eq!(sukaku.count_solutions(10_000), count);
        for engine in [Engine::General, Engine::Reference] {
            assert_eq!(
                Solutions::new(&sukaku, engine).count_up_to(10_000),
                count,
                "{engine:?}"
            );
        }
    }

    #[test]
    fn bad_pencil_marks_are_named_with_their_place() {
        let opts = ReadOptions::default();
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let line = line_form(&puzzle);
        // A group without a candidate: r1c3 (its group starts at column 19).
        let mut empty = line.clone();
        empty.replace_range(18..27, ".........");
        assert_eq!(
            errors(&empty, &opts),
            ["r1c3 has no candidate at line 1, column 19"]
        );
        // A digit out of its place.
        let mut shifted = line.clone();
        shifted.replace_range(18..20, "2.");
        assert_eq!(
            errors(&shifted, &opts)[0],
            "'2' at line 1, column 19 is not candidate 1, the one digit its place in the \
             cell's group can hold (else '.' or '0')"
        );
        let mut bad = line.clone();
        bad.replace_range(30..31, "x");
        assert_eq!(errors(&bad, &opts), ["bad symbol 'x' at line 1, column 31"]);
        // Wrong lengths: not a pencil-mark line, and a cell count that fits nothing.
        assert_eq!(
            errors(&line[1..], &opts),
            ["wrong cell count: found 728, expected 729"]
        );
        // Runs: a digit above N (a number then), a cell without a candidate, a short row.
        let grid = "12 34 3 4\n3 4 12 12\n2 1 4 3\n4 3 2 15\n";
        assert_eq!(
            errors(grid, &opts),
            [
                "value 12 out of range 1..4 at line 1, column 1",
                "value 34 out of range 1..4 at line 1, column 4",
                "value 12 out of range 1..4 at line 2, column 5",
                "value 12 out of range 1..4 at line 2, column 8",
                "value 15 out of range 1..4 at line 4, column 7"
            ]
        );
        let grid = "12 34 3 4\n3 4 12 12\n2 . 4 3\n4 3 2 1\n";
        assert_eq!(
            errors(grid, &opts),
            ["r3c2 has no candidate at line 3, column 3"]
        );
        let grid = "12 34 3 4\n3 4 12\n2 1 4 3\n4 3 2 1\n";
        assert_eq!(errors(grid, &opts), ["line 2 has 3 cells, expected 4"]);
        // By place inside a run: `1030` in a 4×4 is 1 and 3.
        let by_place =
            "1030 1234 1234 1234 1234 1234 1234 1234 1234 1234 1234 1234 1234 1234 1234 1234";
        assert_eq!(read(by_place).pencil_marks().unwrap()[0].len(), 2);
        assert_eq!(
            errors(&by_place.replacen("1030", "1040", 1), &opts),
            [
                "'4' at line 1, column 3 is not candidate 3, the one digit its place in the cell's \
              group can hold (else '.' or '0')"
            ]
        );
    }

    #[test]
    fn sizes_by_the_box_shape() {
        // 6×6 with --box 3x2: 216 characters; without, the same line is no puzzle.
        let shape = Shape::new(3, 2).unwrap();
        let mut empty = Grid::empty(shape);
        for i in 0..6 {
            empty.set(Cell::new(0, i), crate::grid::Digit::new(i + 1));
        }
        let line = line_form(&empty);
        let opts = ReadOptions {
            shape: Some(shape),
            ..ReadOptions::default()
        };
        let entries = read_str(&line, &opts);
        let sukaku = entries[0].result.clone().unwrap();
        assert_eq!(sukaku.shape(), shape);
        assert_eq!(
            sukaku.count_solutions(10_000),
            empty.count_solutions(10_000)
        );
        assert!(read_str(&line, &ReadOptions::default())[0].result.is_err());
        // A 4×4 one in 64 characters, with no box shape.
        assert_eq!(read(&"1234".repeat(16)).count_solutions(1000).count, 288);
        // An 8×8 grid of 64 cells with --box 4x2 stays a grid.
        let opts = ReadOptions {
            shape: Some(Shape::new(4, 2).unwrap()),
            ..ReadOptions::default()
        };
        let grid = read_str(&".".repeat(64), &opts)[0].result.clone().unwrap();
        assert!(grid.pencil_marks().is_none());
    }
}
