//! Variant Sudoku: a grid with regions, givens or candidates, and a list of [`Constraint`]s
//! (killer cages, thermometers, arrows, kropki dots, anti-knight, …).
//!
//! A [`Puzzle`] is a side `N` (1 to [`MAX_SIDE`]), the givens (or each cell's candidates), the
//! regions (the boxes, or irregular regions given per cell; a region of `N` cells holds every
//! digit once, a smaller one different digits) and the constraints beyond rows, columns and
//! regions. A puzzle with no constraint whose regions are the boxes of a [`Shape`] is a classic
//! one: [`Puzzle::classic`] gives its [`Grid`], which the classic engines solve.
//!
//! Every value of a puzzle is checked when it is set: a cell outside the grid, a digit above
//! `N`, a total no digits can make or regions of the wrong size are [`Error`]s with their place,
//! so the engines never meet them.

pub mod check;
mod constraint;
mod error;
pub mod fpuzzles;
pub mod iss;
pub mod jigsaw;
pub mod killer;
pub mod link;
pub mod lzstring;
pub mod scl;
pub mod text;

pub use constraint::{Clue, Constraint, Diagonal, Direction, Negative, Side};
pub use error::{Error, ErrorKind};

use crate::grid::{DigitSet, Grid, Shape};
use crate::{Cell, Digit};

/// The largest side of a variant grid: candidates are 64-bit sets.
pub const MAX_SIDE: usize = 64;

/// The region number of a cell in no region.
pub const NO_REGION: u16 = u16::MAX;

/// What a puzzle says of itself: title, author, rules in words.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Info {
    /// The title.
    pub title: Option<String>,
    /// The author.
    pub author: Option<String>,
    /// The rules in words.
    pub rules: Option<String>,
}

/// A variant puzzle: side, givens or candidates, regions, constraints.
///
/// ```
/// use nsudoku::Cell;
/// use nsudoku::variant::{Constraint, Puzzle};
///
/// let mut puzzle = Puzzle::new(4)?;
/// puzzle.push(Constraint::Thermometer {
///     line: vec![Cell::new(0, 0), Cell::new(0, 1), Cell::new(0, 2), Cell::new(0, 3)],
/// })?;
/// assert_eq!(puzzle.constraints().len(), 1);
/// assert!(puzzle.classic().is_none());
/// # Ok::<(), nsudoku::variant::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    size: usize,
    /// Row-major; 0 is an empty cell.
    givens: Vec<u16>,
    /// Each cell's candidates (bit `d - 1` for digit `d`), when the puzzle limits them.
    candidates: Option<Vec<u64>>,
    /// Each cell's region number, [`NO_REGION`] for none.
    regions: Vec<u16>,
    constraints: Vec<Constraint>,
    /// Title, author, rules.
    pub info: Info,
}

impl Puzzle {
    /// An empty `size × size` grid with the default regions (the boxes of
    /// [`Shape::for_side`]: 3×3 for 9, 3 wide and 2 tall for 6, rows for a prime side) and no
    /// constraint.
    pub fn new(size: usize) -> Result<Puzzle, Error> {
        if size == 0 || size > MAX_SIDE {
            return Err(Error::new(
                ErrorKind::Size,
                format!("a variant grid is 1×1 to {MAX_SIDE}×{MAX_SIDE}, not {size}×{size}"),
                "",
            ));
        }
        let shape =
            Shape::for_side(size).map_err(|e| Error::new(ErrorKind::Size, e.to_string(), ""))?;
        let regions = (0..size * size)
            .map(|i| shape.box_of(shape.cell(i)) as u16)
            .collect();
        Ok(Puzzle {
            size,
            givens: vec![0; size * size],
            candidates: None,
            regions,
            constraints: Vec::new(),
            info: Info::default(),
        })
    }

    /// The classic puzzle `grid` as a variant puzzle without constraints.
    pub fn from_grid(grid: &Grid) -> Result<Puzzle, Error> {
        let n = grid.side();
        let mut puzzle = Puzzle::new(n)?;
        let shape = grid.shape();
        puzzle.regions = (0..n * n)
            .map(|i| shape.box_of(shape.cell(i)) as u16)
            .collect();
        puzzle.givens = grid.values().to_vec();
        if let Some(marks) = grid.pencil_marks() {
            puzzle.candidates = Some(
                marks
                    .iter()
                    .map(|set| set.iter().fold(0u64, |m, d| m | 1 << d.index()))
                    .collect(),
            );
        }
        Ok(puzzle)
    }

    /// `N`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The givens, row-major, 0 for an empty cell.
    pub fn givens(&self) -> &[u16] {
        &self.givens
    }

    /// Each cell's candidates (bit `d - 1` for digit `d`), when the puzzle limits them.
    pub fn candidates(&self) -> Option<&[u64]> {
        self.candidates.as_deref()
    }

    /// Each cell's region number, row-major ([`NO_REGION`] for a cell in none).
    pub fn regions(&self) -> &[u16] {
        &self.regions
    }

    /// The constraints beyond rows, columns and regions.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// Every digit of the grid, as a set of bits.
    pub fn all_digits(&self) -> u64 {
        u64::MAX >> (64 - self.size)
    }

    /// The cell, if it is in the grid; else an [`ErrorKind::OutsideGrid`] error at `at`.
    pub fn check_cell(&self, cell: Cell, at: &str) -> Result<Cell, Error> {
        if cell.row() < self.size && cell.col() < self.size {
            Ok(cell)
        } else {
            Err(Error::new(
                ErrorKind::OutsideGrid,
                format!("cell {cell} is outside the {n}×{n} grid", n = self.size),
                at,
            ))
        }
    }

    /// Gives `digit` (1 to `N`) in `cell`, or empties it (0).
    pub fn set_given(&mut self, cell: Cell, digit: u16, at: &str) -> Result<(), Error> {
        let cell = self.check_cell(cell, at)?;
        if usize::from(digit) > self.size {
            return Err(Error::new(
                ErrorKind::BadValue,
                format!("digit {digit} in {cell} is above {}", self.size),
                at,
            ));
        }
        self.givens[cell.row() * self.size + cell.col()] = digit;
        Ok(())
    }

    /// Limits `cell` to the digits of `digits` (bit `d - 1` for digit `d`).
    pub fn set_candidates(&mut self, cell: Cell, digits: u64, at: &str) -> Result<(), Error> {
        let cell = self.check_cell(cell, at)?;
        let all = self.all_digits();
        if digits & !all != 0 {
            return Err(Error::new(
                ErrorKind::BadValue,
                format!(
                    "candidate {} in {cell} is above {}",
                    64 - (digits & !all).leading_zeros(),
                    self.size
                ),
                at,
            ));
        }
        if digits == 0 {
            return Err(Error::new(
                ErrorKind::BadValue,
                format!("{cell} has no candidate"),
                at,
            ));
        }
        let n = self.size;
        let candidates = self.candidates.get_or_insert_with(|| vec![all; n * n]);
        candidates[cell.row() * n + cell.col()] = digits;
        Ok(())
    }

    /// Sets every cell's region number (row-major; [`NO_REGION`] for none). A region holds at
    /// most `N` cells.
    pub fn set_regions(&mut self, regions: Vec<u16>) -> Result<(), Error> {
        let n = self.size;
        if regions.len() != n * n {
            return Err(Error::new(
                ErrorKind::Regions,
                format!("{} region numbers for {} cells", regions.len(), n * n),
                "",
            ));
        }
        let mut counts = std::collections::HashMap::new();
        for (i, &r) in regions.iter().enumerate() {
            if r == NO_REGION {
                continue;
            }
            let count = counts.entry(r).or_insert(0usize);
            *count += 1;
            if *count > n {
                return Err(Error::new(
                    ErrorKind::Regions,
                    format!(
                        "region {} has more than {n} cells (the {}th is {})",
                        u32::from(r) + 1,
                        n + 1,
                        Cell::new(i / n, i % n)
                    ),
                    "",
                ));
            }
        }
        self.regions = regions;
        Ok(())
    }

    /// Adds a constraint, after checking it fits the grid (its cells inside, its totals
    /// possible).
    pub fn push(&mut self, constraint: Constraint) -> Result<(), Error> {
        self.push_at(constraint, "")
    }

    /// [`Puzzle::push`], naming `at` as the place of any problem.
    pub fn push_at(&mut self, constraint: Constraint, at: &str) -> Result<(), Error> {
        validate::constraint(self, &constraint, at)?;
        self.constraints.push(constraint);
        Ok(())
    }

    /// Takes away the constraint at `index` (the later ones move down one place), or `None`
    /// when there is none there.
    pub fn remove_constraint(&mut self, index: usize) -> Option<Constraint> {
        (index < self.constraints.len()).then(|| self.constraints.remove(index))
    }

    /// Keeps the constraints for which `keep` (given each one's index) says true, in order.
    pub fn retain_constraints(&mut self, mut keep: impl FnMut(usize, &Constraint) -> bool) {
        let mut index = 0;
        self.constraints.retain(|c| {
            index += 1;
            keep(index - 1, c)
        });
    }

    /// Takes away the total of the killer cage at `index`, which stays as a cage of different
    /// digits; false when that constraint is no cage with a total.
    pub fn clear_total(&mut self, index: usize) -> bool {
        match self.constraints.get_mut(index) {
            Some(Constraint::Killer { sum, .. }) if sum.is_some() => {
                *sum = None;
                true
            }
            _ => false,
        }
    }

    /// The classic puzzle this is, if it has no constraint and its regions are the boxes of a
    /// shape: then the classic engines solve it.
    pub fn classic(&self) -> Option<Grid> {
        if !self.constraints.is_empty() {
            return None;
        }
        let shape = self.box_shape()?;
        match &self.candidates {
            None => Grid::from_vec(shape, self.givens.clone()).ok(),
            Some(candidates) => {
                let sets = candidates
                    .iter()
                    .zip(&self.givens)
                    .map(|(&m, &g)| {
                        let m = if g != 0 { 1 << (g - 1) } else { m };
                        (0..self.size)
                            .filter(|d| m >> d & 1 != 0)
                            .filter_map(|d| Digit::new(d + 1))
                            .collect::<DigitSet>()
                    })
                    .collect();
                Grid::from_candidates(shape, sets).ok()
            }
        }
    }

    /// The box shape whose boxes are this puzzle's regions, if there is one.
    pub fn box_shape(&self) -> Option<Shape> {
        let n = self.size;
        (1..=n).filter(|h| n % h == 0).find_map(|height| {
            let shape = Shape::new(n / height, height).ok()?;
            let mut region_of_box = vec![None; n];
            let mut box_of_region = std::collections::HashMap::new();
            for (i, &r) in self.regions.iter().enumerate() {
                let b = shape.box_of(shape.cell(i));
                if r == NO_REGION
                    || *region_of_box[b].get_or_insert(r) != r
                    || *box_of_region.entry(r).or_insert(b) != b
                {
                    return None;
                }
            }
            Some(shape)
        })
    }
}

mod validate;

/// Reads one variant puzzle written any way this crate reads: the text form
/// ([`text::from_text`]), an f-puzzles, SudokuPad or ISS link or payload, an f-puzzles or
/// SudokuPad JSON document ([`link::read_text`]), an ISS constraint string ([`iss`]), a killer
/// line of the forums ([`killer`]), a jigsaw line ([`jigsaw`]), or a JSON object whose
/// `fpuzzles`, `puzzle`, `link`, `url` or `payload` field holds one of these, or whose `iss`
/// field holds any text ISS reads (as a line of a JSON Lines collection may).
///
/// ```
/// use nsudoku::variant::{self, fpuzzles::ReadOptions};
///
/// let text = "....\n....\n....\n....\nthermo r1c1-4\nthermo r2c4-1\nthermo r3c2 r4c2";
/// let read = variant::read(text, ReadOptions::default()).map_err(|e| e[0].clone())?;
/// assert_eq!(read.puzzle.constraints().len(), 3);
/// assert_eq!(read.puzzle.count_solutions(10).count, 2);
///
/// // The same puzzle as ISS writes it.
/// let iss = ".Shape~4x4.Thermo~R1C1~R1C2~R1C3~R1C4.Thermo~R2C4~R2C3~R2C2~R2C1.Thermo~R3C2~R4C2";
/// assert_eq!(variant::read(iss, ReadOptions::default()).map_err(|e| e[0].clone())?.puzzle, read.puzzle);
/// # Ok::<(), nsudoku::variant::Error>(())
/// ```
pub fn read(text: &str, options: fpuzzles::ReadOptions) -> Result<fpuzzles::Read, Vec<Error>> {
    let t = text.trim();
    if t.starts_with('{') {
        if let Ok(serde_json::Value::Object(object)) = serde_json::from_str(t) {
            for field in ["fpuzzles", "puzzle", "link", "url", "payload", "iss"] {
                if let Some(inner) = object.get(field).and_then(serde_json::Value::as_str) {
                    let mut read = if field == "iss" {
                        iss::from_text(inner, options)?
                    } else {
                        read_form(inner, options)?
                    };
                    // The collection's name for an untitled puzzle.
                    let name = ["title", "name"]
                        .iter()
                        .find_map(|k| object.get(*k).and_then(serde_json::Value::as_str));
                    if read.puzzle.info.title.is_none() {
                        read.puzzle.info.title = name.map(str::to_owned);
                    }
                    return Ok(read);
                }
            }
        }
        return link::read_text(t, options);
    }
    if !is_variant_line(t) && text::looks_like_text_form(t.lines()) {
        return text::from_text(text).map(fpuzzles::Read::new);
    }
    read_form(t, options)
}

/// A puzzle that is not the text form, by its shape: an ISS constraint string, a forum's
/// killer line, a jigsaw line, else a link, payload or JSON document.
fn read_form(text: &str, options: fpuzzles::ReadOptions) -> Result<fpuzzles::Read, Vec<Error>> {
    let t = text.trim();
    if iss::is_constraint_string(t) {
        iss::from_text(t, options)
    } else if killer::is_compact(t) {
        killer::from_compact(t).map(fpuzzles::Read::new)
    } else if killer::is_sudocue(t) {
        killer::from_sudocue(t).map(fpuzzles::Read::new)
    } else if jigsaw::is_line(t) {
        jigsaw::from_line(t).map(fpuzzles::Read::new)
    } else {
        link::read_text(t, options)
    }
}

/// Whether a line of text is a variant puzzle on its own, as people paste them: a JSON
/// object, an f-puzzles, SudokuPad or ISS link, a SudokuPad payload (`scl…`, `ctc…`,
/// `fpuz…`), an f-puzzles payload (lz-string base64 that decodes to a JSON object), an ISS
/// constraint string, a killer line of the forums, or a jigsaw line. A classic grid's line is
/// none of these.
pub fn is_variant_line(line: &str) -> bool {
    let t = line.trim();
    if t.starts_with('{') {
        return true;
    }
    let lower = t.get(..t.len().min(32)).unwrap_or("").to_ascii_lowercase();
    if [
        "http://",
        "https://",
        "www.",
        "f-puzzles.com",
        "sudokupad.",
        "crackingthecryptic.",
        "sigh.github.io",
    ]
    .iter()
    .any(|p| lower.starts_with(p))
    {
        return true;
    }
    if iss::is_constraint_string(t)
        || killer::is_compact(t)
        || killer::is_sudocue(t)
        || jigsaw::is_line(t)
    {
        return true;
    }
    // Base64 of compressed JSON has letters: a line of digits is never decoded.
    let base64 = |s: &str| {
        s.len() >= 16
            && s.bytes().any(|b| b.is_ascii_alphabetic())
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'-' | b'$'))
    };
    for prefix in ["scl", "ctc", "fpuzzles", "fpuz"] {
        if let Some(rest) = t.strip_prefix(prefix)
            && base64(rest)
            && lzstring::decompress_from_base64(rest).is_ok()
        {
            return true;
        }
    }
    base64(t)
        && lzstring::decompress_from_base64(t).is_ok_and(|text| text.trim_start().starts_with('{'))
}
