//! Reasoning as people do: `explain`, `hint`, `rate`, and the objects they return, for
//! classic and variant puzzles alike (a variant's steps name the constraints they use).

use std::time::Duration;

use nsudoku::logic::{self, LogicError, Options, Outcome, Scale, Technique};
use nsudoku::parse::{Alphabet, read_marks};
use nsudoku::{Digit, Engine, Grid, Solutions, Stop};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors;
use crate::input::{self, BoxShape, Either, Puzzle, shape};
use crate::repr::quote;
use crate::run::Work;
use crate::variant;

/// The default time for reasoning about one puzzle, as the CLI's.
pub const DEFAULT_TIMEOUT: f64 = 60.0;

/// The number of `grid`'s solutions up to 2, or `None` when the stop fired first.
pub fn count_within(grid: &Grid, stop: &Stop) -> Option<usize> {
    let mut solutions = Solutions::new(grid, Engine::Auto).with_stop(stop.clone());
    let count = solutions.count_up_to(2).count;
    (!solutions.interrupted()).then_some(count)
}

/// The number of a variant puzzle's solutions up to 2, or `None` when the stop fired first.
fn variant_count_within(puzzle: &nsudoku::variant::Puzzle, stop: &Stop) -> Option<usize> {
    let mut solutions = puzzle.solutions().with_stop(stop.clone());
    let count = solutions.count_up_to(2).count;
    (!solutions.interrupted()).then_some(count)
}

/// A puzzle argument read for reasoning: a classic grid, checked (clashing clues are
/// `InvalidPuzzle`), or a variant puzzle ready to search ([`variant::ready`]).
enum Reasoned {
    Classic(Grid),
    Variant(nsudoku::variant::Puzzle),
}

fn reasoned(
    py: Python<'_>,
    puzzle: Puzzle,
    boxes: Option<BoxShape>,
    ignore_unknown: bool,
) -> PyResult<Reasoned> {
    match puzzle
        .read_either(shape(boxes), variant::options(ignore_unknown))
        .map_err(errors::invalid)?
    {
        Either::Classic(grid) => {
            grid.check().map_err(|e| errors::invalid_puzzle(&e))?;
            Ok(Reasoned::Classic(grid))
        }
        Either::Variant(read) => Ok(Reasoned::Variant(variant::ready(py, read, boxes)?)),
    }
}

/// A technique's stable name, as in the CLI's JSON (`naked_single`).
fn key(technique: Technique) -> String {
    serde_json::to_value(technique)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// A rating scale by name.
pub fn scale(name: &str) -> PyResult<Scale> {
    match name {
        "sukaku" => Ok(Scale::Sukaku),
        "classic" => Ok(Scale::Classic),
        _ => Err(PyValueError::new_err(format!(
            "scale: {name:?} is neither \"sukaku\" nor \"classic\""
        ))),
    }
}

/// What the library's reasoning cannot do, as `nsudoku.Error`.
fn logic_error(e: &LogicError) -> PyErr {
    errors::error(e.to_string())
}

/// Work on one puzzle's reasoning, bounded by `timeout` seconds.
fn logic_work(timeout: Option<f64>) -> PyResult<(Work, Option<Duration>)> {
    let duration = input::duration(timeout)?;
    Ok((Work::new(duration, false), duration))
}

/// The `Timeout` of reasoning stopped after `steps` steps.
fn timed_out(timeout: Option<Duration>, steps: usize) -> PyErr {
    errors::timeout(format!(
        "timed out after {} s and {steps} steps",
        timeout.map_or(0.0, |t| t.as_secs_f64())
    ))
}

/// One deduction: what it places or removes, and why.
///
/// Cells are 0-based ``(row, column)`` pairs and placements and eliminations
/// ``(row, column, digit)``; ``text`` says them the CLI's way, from 1
/// (``r1c5 = 4: naked single in r1c5``).
#[pyclass(frozen, get_all, module = "nsudoku")]
#[derive(Clone, Debug)]
pub struct Step {
    /// The technique's stable name, as in the CLI's JSON: ``naked_single``, ``x_wing``, …
    pub technique: String,
    /// The technique's name as players write it: ``naked single``, ``X-Wing``, …
    pub name: String,
    /// The step's difficulty on Sudoku Explainer's ER scale.
    pub er: f64,
    /// The changes and the reasoning: ``r1c5 = 4: naked single in r1c5``.
    pub text: String,
    /// The reasoning alone: ``naked single in r1c5``.
    pub reason: String,
    /// Digits placed: ``(row, column, digit)``.
    pub placements: Vec<(usize, usize, usize)>,
    /// Candidates removed: ``(row, column, digit)``.
    pub eliminations: Vec<(usize, usize, usize)>,
    /// The cells of the pattern that justifies the step.
    pub cells: Vec<(usize, usize)>,
    /// The houses it uses: ``row 1``, ``column 3``, ``box 5``.
    pub houses: Vec<String>,
    /// The digits it is about.
    pub digits: Vec<usize>,
    /// On a variant puzzle, the constraints it uses as players name them, with their cells:
    /// ``killer cage 15 r1c1,r1c2``, ``anti-knight`` (empty on a classic puzzle).
    pub constraints: Vec<String>,
    /// For each of ``constraints``, its index in ``Variant.constraints``; None for a rule that
    /// several constraints make (innies and outies, the law of leftovers).
    pub constraint_indices: Vec<Option<usize>>,
}

#[pymethods]
impl Step {
    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!("Step({}, er={:.1})", quote(&self.text), self.er)
    }
}

impl From<&logic::Step> for Step {
    fn from(step: &logic::Step) -> Step {
        let candidates = |list: &[logic::Candidate]| {
            list.iter()
                .map(|c| (c.cell.row(), c.cell.col(), c.digit.get()))
                .collect()
        };
        Step {
            technique: key(step.technique),
            name: step.technique.name().to_owned(),
            er: step.difficulty,
            text: step.to_string(),
            reason: step.reason.clone(),
            placements: candidates(&step.placements),
            eliminations: candidates(&step.eliminations),
            cells: step.cells.iter().map(|c| (c.row(), c.col())).collect(),
            houses: step.houses.iter().map(ToString::to_string).collect(),
            digits: step.digits.iter().map(|d| d.get()).collect(),
            constraints: step.constraints.clone(),
            constraint_indices: step.constraint_indices.clone(),
        }
    }
}

/// The steps that solve a puzzle by logic alone, from ``explain``: a sequence of ``Step``.
#[pyclass(frozen, module = "nsudoku")]
#[derive(Debug)]
pub struct Explanation {
    steps: Vec<Py<Step>>,
    /// ``"solved"``, or ``"stuck"`` when no technique applies any more.
    #[pyo3(get)]
    status: &'static str,
    /// The highest ER of the steps.
    #[pyo3(get)]
    hardest: f64,
    /// Whether the puzzle has exactly one solution (the uniqueness techniques are used only
    /// then).
    #[pyo3(get)]
    unique: bool,
}

#[pymethods]
impl Explanation {
    /// The steps, in order.
    #[getter]
    fn steps(&self, py: Python<'_>) -> Vec<Py<Step>> {
        self.steps.iter().map(|s| s.clone_ref(py)).collect()
    }

    /// Whether the steps solve the puzzle.
    #[getter]
    fn solved(&self) -> bool {
        self.status == "solved"
    }

    fn __len__(&self) -> usize {
        self.steps.len()
    }

    fn __getitem__(&self, py: Python<'_>, index: isize) -> PyResult<Py<Step>> {
        let i = if index < 0 {
            index + self.steps.len() as isize
        } else {
            index
        };
        usize::try_from(i)
            .ok()
            .and_then(|i| self.steps.get(i))
            .map(|s| s.clone_ref(py))
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("step index out of range"))
    }

    fn __repr__(&self) -> String {
        format!(
            "Explanation(status={}, steps={}, hardest={:.1})",
            quote(self.status),
            self.steps.len(),
            self.hardest
        )
    }
}

/// Solves the puzzle step by step with human techniques, always the simplest that applies.
///
/// ``puzzle`` is classic, or a variant puzzle (a link, payload, f-puzzles JSON, text form,
/// ``dict`` or ``Variant``; ``ignore_unknown=True`` skips constraints its reader does not
/// know), whose steps name the constraints they use. Returns an ``Explanation`` (its
/// ``status`` is ``"stuck"`` when logic gets no further). Raises ``InvalidPuzzle``,
/// ``NoSolution``, ``Timeout`` after ``timeout`` seconds (default 60, as the CLI's; None: no
/// limit), or ``nsudoku.Error`` for grids above 64×64.
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None, timeout = Some(DEFAULT_TIMEOUT), *,
    ignore_unknown = false),
    text_signature = "(puzzle, box=None, timeout=60.0, *, ignore_unknown=False)")]
pub fn explain(
    py: Python<'_>,
    puzzle: Puzzle,
    r#box: Option<BoxShape>,
    timeout: Option<f64>,
    ignore_unknown: bool,
) -> PyResult<Explanation> {
    let puzzle = reasoned(py, puzzle, r#box, ignore_unknown)?;
    let (work, duration) = logic_work(timeout)?;
    let result = work.run(py, |stop| match &puzzle {
        Reasoned::Classic(grid) => {
            let count = count_within(grid, stop)?;
            let options = Options {
                unique: count == 1,
                stop: stop.clone(),
                ..Options::default()
            };
            Some((count, logic::explain_with(grid, &options)))
        }
        Reasoned::Variant(puzzle) => {
            let count = variant_count_within(puzzle, stop)?;
            let options = Options {
                stop: stop.clone(),
                ..Options::default()
            };
            Some((count, logic::explain_variant(puzzle, &options)))
        }
    })?;
    let (count, explanation) = match result {
        None => return Err(timed_out(duration, 0)),
        Some((0, _)) => return Err(errors::no_solution()),
        Some((count, explanation)) => (count, explanation.map_err(|e| logic_error(&e))?),
    };
    let status = match explanation.outcome {
        Outcome::Solved => "solved",
        Outcome::Stuck => "stuck",
        Outcome::Interrupted => return Err(timed_out(duration, explanation.steps.len())),
    };
    Ok(Explanation {
        hardest: explanation
            .steps
            .iter()
            .map(|s| s.difficulty)
            .fold(0.0, f64::max),
        steps: explanation
            .steps
            .iter()
            .map(|s| Py::new(py, Step::from(s)))
            .collect::<PyResult<_>>()?,
        status,
        unique: count == 1,
    })
}

/// A puzzle's difficulty, from ``rate``.
#[pyclass(frozen, get_all, module = "nsudoku")]
#[derive(Clone, Debug)]
pub struct Rating {
    /// The hardest step's difficulty on Sudoku Explainer's ER scale; 20.0 when logic gets
    /// stuck.
    pub er: f64,
    /// The first step's difficulty (Sudoku Explainer's ED).
    pub ed: f64,
    /// ``easy`` (ER ≤ 2.3), ``medium`` (≤ 3.4), ``hard`` (≤ 4.8), ``expert`` (≤ 7.2),
    /// ``extreme``, or ``unsolvable`` (20.0).
    pub level: &'static str,
    /// The hardest step's technique (``pointing``, ``x_wing``, …), None for a full grid.
    pub hardest: Option<String>,
    /// The steps of the solve.
    pub steps: usize,
    /// ``"solved"``, or ``"stuck"`` (ER 20.0).
    pub outcome: &'static str,
}

#[pymethods]
impl Rating {
    fn __repr__(&self) -> String {
        format!(
            "Rating(er={:.1}, level={}, hardest={})",
            self.er,
            quote(self.level),
            self.hardest.as_deref().map_or("None".into(), quote)
        )
    }
}

impl Rating {
    /// A finished rating (`None` if it was interrupted).
    pub fn of(r: &logic::Rating) -> Option<Rating> {
        let outcome = match r.outcome {
            Outcome::Solved => "solved",
            Outcome::Stuck => "stuck",
            Outcome::Interrupted => return None,
        };
        Some(Rating {
            er: r.er,
            ed: r.ed,
            level: r.level.name(),
            hardest: r.hardest.map(key),
            steps: r.steps,
            outcome,
        })
    }
}

/// The puzzle's difficulty on Sudoku Explainer's ER scale, as ``nsudoku rate`` gives it.
///
/// ``scale`` is ``"sukaku"`` (Sukaku Explainer's techniques, the default) or ``"classic"``
/// (Sudoku Explainer 1.2.1). A variant puzzle (any form ``explain`` takes) is rated by its
/// steps as ``explain`` takes them, simplest first: the hardest step's ER (``scale`` does not
/// apply). Raises ``InvalidPuzzle``, ``NoSolution``, ``MultipleSolutions`` (only unique
/// puzzles are rated), ``Timeout`` after ``timeout`` seconds (default 60; None: no limit), or
/// ``nsudoku.Error`` for grids above 64×64.
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None, scale = "sukaku", timeout = Some(DEFAULT_TIMEOUT), *,
    ignore_unknown = false),
    text_signature = "(puzzle, box=None, scale='sukaku', timeout=60.0, *, ignore_unknown=False)")]
pub fn rate(
    py: Python<'_>,
    puzzle: Puzzle,
    r#box: Option<BoxShape>,
    scale: &str,
    timeout: Option<f64>,
    ignore_unknown: bool,
) -> PyResult<Rating> {
    let scale = self::scale(scale)?;
    let puzzle = reasoned(py, puzzle, r#box, ignore_unknown)?;
    let (work, duration) = logic_work(timeout)?;
    let result = work.run(py, |stop| match &puzzle {
        Reasoned::Classic(grid) => {
            let count = count_within(grid, stop)?;
            Some((
                count,
                (count == 1).then(|| logic::rate_within(grid, scale, stop)),
            ))
        }
        Reasoned::Variant(puzzle) => {
            let count = variant_count_within(puzzle, stop)?;
            Some((
                count,
                (count == 1).then(|| logic::rate_variant(puzzle, stop)),
            ))
        }
    })?;
    match result {
        None => Err(timed_out(duration, 0)),
        Some((0, _)) => Err(errors::no_solution()),
        Some((1, Some(Ok(r)))) => Rating::of(&r).ok_or_else(|| timed_out(duration, r.steps)),
        Some((1, Some(Err(e)))) => Err(logic_error(&e)),
        Some(_) => Err(errors::multiple(": only unique puzzles are rated")),
    }
}

/// What ``hint`` says about a grid in progress.
#[pyclass(frozen, module = "nsudoku")]
#[derive(Debug)]
pub struct Hint {
    /// ``"hint"`` (see ``step``), ``"wrong_entries"`` (see ``mistakes``), ``"solved"`` or
    /// ``"stuck"`` (no technique applies): the CLI's JSON statuses.
    #[pyo3(get)]
    status: &'static str,
    step: Option<Py<Step>>,
    /// The player's mistakes, in reading order: ``(row, column, digit)`` for a wrong digit,
    /// ``(row, column, None)`` for pencil marks that rule out the right one.
    #[pyo3(get)]
    mistakes: Vec<(usize, usize, Option<usize>)>,
    text: String,
}

#[pymethods]
impl Hint {
    /// The next step, for status ``"hint"``.
    #[getter]
    fn step(&self, py: Python<'_>) -> Option<Py<Step>> {
        self.step.as_ref().map(|s| s.clone_ref(py))
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!("Hint(status={}, {})", quote(self.status), quote(&self.text))
    }
}

/// The next logical step for a grid in progress, or the player's mistakes.
///
/// ``puzzle`` is the grid as the player has it. With ``givens`` (the original clues), the
/// player's entries are checked against the solution first; ``marks`` are the player's pencil
/// marks, one token of digits a cell (``.`` for none), as ``nsudoku hint --marks`` takes them.
/// For a variant puzzle, ``puzzle`` is the puzzle itself (any form ``explain`` takes: its
/// givens are the grid), or the player's grid (any classic form, of the puzzle's size) with
/// the variant puzzle as ``givens``; the step names the constraints it uses.
/// Raises ``InvalidPuzzle``, ``NoSolution`` or ``MultipleSolutions`` (of the givens, or of the
/// grid without them), ``Timeout`` after ``timeout`` seconds (default 60; None: no limit), or
/// ``nsudoku.Error`` for grids above 64×64.
#[pyfunction]
#[pyo3(signature = (puzzle, givens = None, marks = None, r#box = None, timeout = Some(DEFAULT_TIMEOUT)),
    text_signature = "(puzzle, givens=None, marks=None, box=None, timeout=60.0)")]
pub fn hint(
    py: Python<'_>,
    puzzle: Puzzle,
    givens: Option<Puzzle>,
    marks: Option<String>,
    r#box: Option<BoxShape>,
    timeout: Option<f64>,
) -> PyResult<Hint> {
    if puzzle.is_variant() || givens.as_ref().is_some_and(Puzzle::is_variant) {
        return hint_variant(py, puzzle, givens, marks, r#box, timeout);
    }
    let grid = puzzle.valid(shape(r#box))?;
    let givens = givens.map(|g| g.valid(Some(grid.shape()))).transpose()?;
    let marks = player_marks(marks.as_deref(), &grid)?;
    hinted(
        py,
        timeout,
        |stop| logic::hint(givens.as_ref(), &grid, marks.as_deref(), stop),
        |stop| count_within(givens.as_ref().unwrap_or(&grid), stop),
    )
}

/// A hint on a variant puzzle: `puzzle` is the variant puzzle, or the player's grid with the
/// variant puzzle as `givens`.
fn hint_variant(
    py: Python<'_>,
    puzzle: Puzzle,
    givens: Option<Puzzle>,
    marks: Option<String>,
    boxes: Option<BoxShape>,
    timeout: Option<f64>,
) -> PyResult<Hint> {
    let (rules, player) = match givens {
        Some(g) => (g, Some(puzzle)),
        None => (puzzle, None),
    };
    if player.as_ref().is_some_and(Puzzle::is_variant) || !rules.is_variant() {
        return Err(PyValueError::new_err(
            "puzzle: with a variant puzzle as givens, the player's grid is a classic grid of its \
             size (rows, text, an array or a Grid)",
        ));
    }
    let Reasoned::Variant(rules) = reasoned(py, rules, boxes, false)? else {
        return Err(PyValueError::new_err("givens: not a variant puzzle"));
    };
    let shape = variant::display_shape(&rules);
    let grid = match player {
        Some(p) => p.read(Some(shape)).map_err(errors::invalid)?,
        None => variant::grid_of(shape, rules.givens()),
    };
    if grid.side() != rules.size() {
        return Err(PyValueError::new_err(format!(
            "puzzle: a {m}×{m} grid for a {n}×{n} puzzle",
            m = grid.side(),
            n = rules.size()
        )));
    }
    let marks = player_marks(marks.as_deref(), &grid)?;
    hinted(
        py,
        timeout,
        |stop| logic::hint_variant_with(&rules, grid.values(), marks.as_deref(), stop),
        |stop| variant_count_within(&rules, stop),
    )
}

/// The player's pencil marks (one token of digits a cell, as `nsudoku hint --marks` takes
/// them), read against the player's grid: what `hint` takes for classic and variant puzzles.
fn player_marks(marks: Option<&str>, grid: &Grid) -> PyResult<Option<Vec<Vec<Digit>>>> {
    marks
        .map(|text| read_marks(text, grid, &Alphabet::standard()))
        .transpose()
        .map_err(|e| errors::invalid_puzzle(&e))
}

/// The `Hint` of `hint` (the library's hint, classic or variant) run within `timeout`, with
/// `count` of the solutions when there is no unique one (none, or several?).
fn hinted(
    py: Python<'_>,
    timeout: Option<f64>,
    hint: impl FnOnce(&Stop) -> Result<logic::Hint, LogicError> + Send,
    count: impl FnOnce(&Stop) -> Option<usize> + Send,
) -> PyResult<Hint> {
    let (work, duration) = logic_work(timeout)?;
    let result = work.run(py, |stop| {
        let hint = hint(stop);
        let count = matches!(hint, Ok(logic::Hint::NoUniqueSolution)).then(|| count(stop));
        (hint, count)
    })?;
    let (status, step, mistakes, text) = match result {
        (Err(e), _) => return Err(logic_error(&e)),
        (Ok(logic::Hint::Step(step)), _) => {
            let text = step.to_string();
            ("hint", Some(Py::new(py, Step::from(&step))?), vec![], text)
        }
        (Ok(logic::Hint::Mistakes(list)), _) => {
            let text = list
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ");
            let mistakes = list
                .iter()
                .map(|m| (m.cell.row(), m.cell.col(), m.entered.map(|d| d.get())))
                .collect();
            ("wrong_entries", None, mistakes, text)
        }
        (Ok(logic::Hint::Solved), _) => ("solved", None, vec![], "solved".to_owned()),
        (Ok(logic::Hint::Stuck), _) => ("stuck", None, vec![], "no logical step found".to_owned()),
        (Ok(logic::Hint::Interrupted), _) | (_, Some(None)) => {
            return Err(timed_out(duration, 0));
        }
        (_, Some(Some(0))) => return Err(errors::no_solution()),
        (Ok(_), _) => return Err(errors::multiple("")),
    };
    Ok(Hint {
        status,
        step,
        mistakes,
        text,
    })
}
