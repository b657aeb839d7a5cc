//! The command line, declared with clap. Turning it into checked options happens in
//! `commands`; this file only says what may be written.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use nsudoku::Shape;
use nsudoku::generate::{Difficulty, Symmetry};

/// Sudoku of every size, from 1×1 to 512×512: solve, count, check, explain, hint, rate,
/// generate, canonicalise, de-duplicate, transform and benchmark puzzles, or serve a web page
/// and an HTTP API.
///
/// Puzzles are read from files or standard input: 81-character lines, grids with separators,
/// box-drawn grids, or numbers separated by spaces or commas for large sizes; pencil-mark
/// (sukaku) puzzles; a CSV column (--column); many puzzles to a file, one per line or as grids
/// separated by blank lines. Results come out in input order, one per puzzle.
///
/// Exit status: 0 success, 1 a puzzle had no (or no unique) solution where one was asked,
/// 2 usage or input error.
#[derive(Debug, Parser)]
#[command(
    name = "nsudoku",
    version,
    propagate_version = true,
    max_term_width = 100
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// When to colour errors, table headers and grids: `auto` when the output is a terminal
    /// and NO_COLOR is not set.
    #[arg(long, value_enum, global = true, default_value_t = ColorArg::Auto, value_name = "WHEN")]
    pub color: ColorArg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    Auto,
    Always,
    Never,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve each puzzle: its unique solution (exit 1 when a puzzle has none or several).
    ///
    /// With several threads (-j), a search that runs long (a hard large grid) borrows the
    /// threads left idle and races copies of itself on them: a lone hard puzzle uses every
    /// core. Answers stay right, but which of several solutions --first prints may then vary
    /// from run to run (-j 1 is reproducible).
    Solve(SolveArgs),
    /// Count the solutions of each puzzle, up to a limit.
    ///
    /// With several threads (-j), a search that runs long borrows the threads left idle and
    /// races copies of itself on them, as `solve` does.
    Count(CountArgs),
    /// For setters: the clues that can go, or why a puzzle is not unique and how to fix it.
    ///
    /// For a unique puzzle, classic or variant: every clue (given, rule, cage total) that could
    /// go alone, and with --minimal a minimal set of clues. For one with several solutions: two
    /// of them, the cells where they differ, and the givens that would make it unique or cut
    /// its count most (exit 1 when a puzzle is not unique, or the time ran out).
    ///
    /// A clue can go when the puzzle without it still has its one solution. The fixes are one
    /// digit in one cell, fewest solutions left first: counted exactly when every solution is
    /// enumerated (up to --limit), else estimated by random probes and the best ones counted.
    Setter(SetterArgs),
    /// Check each puzzle and list every error: bad symbols, cell counts, values, duplicates.
    Check(CheckArgs),
    /// Solve each puzzle by logic, step by step, and show the steps.
    Explain(ExplainArgs),
    /// The next logical step for a partly solved grid (wrong entries are flagged first).
    Hint(HintArgs),
    /// Rate each puzzle on Sudoku Explainer's ER scale, with a named level.
    Rate(RateArgs),
    /// Generate puzzles with exactly one solution.
    Generate(GenerateArgs),
    /// The canonical (minlex) form of each puzzle or grid, or whether puzzles are equivalent.
    ///
    /// The canonical form is the smallest string, cells read row by row with 0 for an empty
    /// cell, over every transformation that keeps a grid valid (permutations of bands, rows
    /// in a band, stacks, columns in a stack, transposition for square boxes) with the best
    /// relabelling of the digits: the forum's "minlex" form. Up to 16×16.
    Canon(CanonArgs),
    /// Keep the first puzzle of each equivalence class, drop the rest (counted on stderr).
    Dedup(DedupArgs),
    /// Equivalent copies of each puzzle: random (reproducible by --seed) or named
    /// transformations.
    Transform(TransformArgs),
    /// Write each puzzle in another form: f-puzzles JSON, payload or link, SudokuPad link, or
    /// the text form (classic puzzles too).
    Convert(ConvertArgs),
    /// Measure single-threaded solving (or --canon) speed per file (a markdown table).
    Bench(BenchArgs),
    /// Serve the web page and the JSON HTTP API (http://127.0.0.1:8080 by default).
    Serve(ServeArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    ///
    /// For example: `nsudoku completions bash > ~/.local/share/bash-completion/completions/nsudoku`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `nsudoku man > nsudoku.1 && man ./nsudoku.1`.
    Man,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on (`0.0.0.0` for every interface).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,

    /// The port to listen on (0: any free port).
    #[arg(long, value_name = "N", default_value_t = 8080)]
    pub port: u16,

    /// Threads that solve (0: one per core).
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = parse_threads)]
    pub threads: usize,

    /// The largest request body, in bytes (a 512×512 grid written as numbers is 1 MiB); a
    /// larger one is answered 413 once up to 64 MiB of it are read and dropped, so that a
    /// client that sends its whole body before reading gets the answer.
    #[arg(long, value_name = "BYTES", default_value_t = 4 << 20, value_parser = parse_body)]
    pub max_body: usize,

    /// The most time a request may take, in seconds; a request's own `timeout` is capped by
    /// it.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = parse_seconds)]
    pub timeout: std::time::Duration,
}

/// A body limit: 1 KiB to 1 GiB.
fn parse_body(s: &str) -> Result<usize, String> {
    whole_number(s, 1 << 10, 1 << 30).map_err(|e| format!("{e} bytes"))
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format: `line` or `grid` print one step per line (`grid` also the final grid);
    /// `json` prints one object per step, then one summary object per puzzle.
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub run: RunArgs,

    /// Show the grid of candidates before each step that is not a single.
    #[arg(long)]
    pub candidates: bool,

    #[command(flatten)]
    pub logic: LogicArgs,
}

/// How long reasoning may take.
#[derive(Debug, Args)]
pub struct LogicArgs {
    /// Give up a puzzle after this many seconds: it is reported as timed out, with the steps
    /// found so far (exit status 1).
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = parse_seconds)]
    pub timeout: std::time::Duration,
}

#[derive(Debug, Args)]
pub struct HintArgs {
    /// Grids as the player has them: the puzzle's clues plus the player's entries.
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: ListOutputArgs,

    /// The original puzzle (one line), when the input holds the player's entries too: entries
    /// are checked against its solution before any hint.
    #[arg(long, value_name = "PUZZLE")]
    pub givens: Option<String>,

    /// The player's pencil marks: one token per cell in reading order, each the digits still
    /// marked (`.` or `0` for a cell without marks), separated by spaces.
    #[arg(long, value_name = "MARKS")]
    pub marks: Option<String>,

    #[command(flatten)]
    pub logic: LogicArgs,
}

#[derive(Debug, Args)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format: `line` prints `ER level hardest-technique` per puzzle.
    #[command(flatten)]
    pub output: ListOutputArgs,
    #[command(flatten)]
    pub run: RunArgs,

    /// Rating scale: Sukaku Explainer's (Sudoku Explainer plus strong-link chains) or Sudoku
    /// Explainer 1.2.1's alone.
    #[arg(long, value_enum, default_value_t = ScaleArg::Sukaku)]
    pub scale: ScaleArg,

    #[command(flatten)]
    pub logic: LogicArgs,
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Box shape WxH (`3x2` makes 6×6 grids).
    #[arg(long = "box", value_name = "WxH", value_parser = parse_shape, conflicts_with = "size")]
    pub shape: Option<Shape>,

    /// Grid size N (boxes as square as N allows, wider than tall). Default 9.
    #[arg(long, value_name = "N", value_parser = parse_size)]
    pub size: Option<usize>,

    /// How many puzzles.
    #[arg(long, short = 'n', value_name = "K", default_value_t = 1)]
    pub count: u64,

    /// Symmetry of the clue pattern.
    #[arg(long, value_parser = named(&Symmetry::ALL, Symmetry::name), default_value_t = Symmetry::None)]
    pub symmetry: Symmetry,

    /// Only minimal puzzles: removing any clue gives more than one solution.
    #[arg(long)]
    pub minimal: bool,

    /// Difficulty level (by the puzzle's ER rating).
    #[arg(long, value_parser = named(&Difficulty::ALL, Difficulty::name), conflicts_with = "rating")]
    pub difficulty: Option<Difficulty>,

    /// ER range, `MIN..MAX` (e.g. `6.6..7.2`).
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_range)]
    pub rating: Option<(f64, f64)>,

    /// Rating scale used by --difficulty and --rating.
    #[arg(long, value_enum, default_value_t = ScaleArg::Sukaku)]
    pub scale: ScaleArg,

    /// Seed: the same seed and options give the same puzzles, whatever the thread count.
    /// Default: a seed from the clock (printed on stderr).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Print each puzzle's solution too (after it on the line, or as `solution` in JSON).
    #[arg(long)]
    pub with_solution: bool,

    /// Random instances instead of unique puzzles: a random solution with this fraction of its
    /// cells emptied (e.g. `0.55`); the result may have several solutions (for benchmarks).
    #[arg(
        long,
        value_name = "FRACTION",
        value_parser = parse_fraction,
        conflicts_with_all = ["minimal", "difficulty", "rating"]
    )]
    pub holes: Option<f64>,

    /// Give up a puzzle after this many candidates (exit status 1).
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub max_attempts: u32,

    /// Give up a puzzle after this many seconds (exit status 1). Default: 60 with
    /// --difficulty or --rating (a rare band can take long to hit), else no limit.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<std::time::Duration>,

    /// Output format (`line`: one symbol a cell up to 35×35, numbers separated by spaces beyond).
    #[arg(long, short, value_enum, default_value_t = Format::Line)]
    pub format: Format,

    /// Variant puzzles of these kinds, combined (e.g. `killer`, `jigsaw`, `killer,diagonal`):
    /// killer, jigsaw, diagonal, windoku, anti-knight, anti-king, non-consecutive, even-odd,
    /// thermo, kropki, xv, sandwich.
    #[arg(long, value_name = "KIND[,KIND…]", value_parser = parse_variant_kinds, conflicts_with_all = ["holes", "shape"])]
    pub variant: Option<Kinds>,

    /// Killer puzzles with a few givens as well as cages (with --variant killer).
    #[arg(long, requires = "variant")]
    pub killer_givens: bool,

    /// Killer puzzles with exactly N givens, placed at random first, the cages made around
    /// them (with --variant killer; none is taken away, so some may not be needed).
    #[arg(
        long,
        value_name = "N",
        requires = "variant",
        conflicts_with = "killer_givens"
    )]
    pub givens: Option<usize>,

    /// Killer puzzles: take off every cage total the puzzle can do without, keeping it unique
    /// (with --variant killer; by default every cage shows its total).
    #[arg(long, requires = "variant")]
    pub hide_totals: bool,

    /// The form of each variant puzzle on its line (with --variant): an f-puzzles link, a
    /// SudokuPad link, the payload, the f-puzzles JSON, the text form, ISS's constraint
    /// string or link, or a killer or jigsaw line.
    #[arg(long, value_enum, default_value_t = ConvertTo::Link, requires = "variant")]
    pub to: ConvertTo,

    #[command(flatten)]
    pub run: RunArgs,
}

/// The variant kinds of `--variant`, combined in each puzzle.
#[derive(Clone, Debug)]
pub struct Kinds(pub Vec<nsudoku::generate::variant::Kind>);

/// A list of variant kinds, `killer,diagonal`.
fn parse_variant_kinds(s: &str) -> Result<Kinds, String> {
    nsudoku::generate::variant::parse_kinds(s).map(Kinds)
}

/// A closed choice the library names itself (a symmetry, a difficulty): its names as the
/// possible values, read back into the library's type. The library's own type, not a copy
/// deriving `ValueEnum`, so that the command line, the HTTP API and the Python package spell
/// each choice alike; and no clap in the library, whose variants' documentation would
/// otherwise become help text.
fn named<T: Copy + Send + Sync + 'static>(
    all: &'static [T],
    name: fn(T) -> &'static str,
) -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(all.iter().map(|&t| name(t))).try_map(move |s| {
        all.iter()
            .copied()
            .find(|&t| name(t) == s)
            .ok_or_else(|| format!("{s:?} is not a possible value"))
    })
}

/// A finite number (`NaN` and infinities parse as `f64` but mean nothing here).
fn parse_number(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(format!("{s:?} is not a number")),
    }
}

fn parse_fraction(s: &str) -> Result<f64, String> {
    let x = parse_number(s)?;
    if !(0.0..=1.0).contains(&x) {
        return Err(format!("{x} is not between 0 and 1"));
    }
    Ok(x)
}

fn parse_size(s: &str) -> Result<usize, String> {
    let n: usize = s
        .parse()
        .map_err(|_| format!("{s:?} is not a whole number"))?;
    if !(1..=nsudoku::MAX_SIDE).contains(&n) {
        return Err(format!("a grid's side is 1 to {}", nsudoku::MAX_SIDE));
    }
    Ok(n)
}

fn parse_range(s: &str) -> Result<(f64, f64), String> {
    let (a, b) = s
        .split_once("..")
        .ok_or_else(|| format!("{s:?} is not MIN..MAX"))?;
    let (a, b) = (parse_number(a)?, parse_number(b)?);
    if a > b {
        return Err(format!("{a} is above {b}"));
    }
    // Ratings run from 1.0 (a full house) to 20.0 (logic gets stuck): a range outside them
    // would be searched for in vain.
    if b < 1.0 || a > 20.0 {
        return Err(format!(
            "no puzzle rates {a}..{b}: ratings run from 1.0 to 20.0"
        ));
    }
    Ok((a, b))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScaleArg {
    Sukaku,
    Classic,
}

impl From<ScaleArg> for nsudoku::logic::Scale {
    fn from(s: ScaleArg) -> Self {
        match s {
            ScaleArg::Sukaku => nsudoku::logic::Scale::Sukaku,
            ScaleArg::Classic => nsudoku::logic::Scale::Classic,
        }
    }
}

#[derive(Debug, Args)]
pub struct InputArgs {
    /// Puzzle files; `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Box shape WxH: boxes W cells wide and H tall (`3x2` makes 6×6 grids). Default: square
    /// boxes, from the cell count.
    #[arg(long = "box", value_name = "WxH", value_parser = parse_shape)]
    pub shape: Option<Shape>,

    /// Symbols for the digits 1, 2, … in compact text (default 1-9 then A-Z).
    ///
    /// For example `0123456789ABCDEF` for 16×16 grids written in hex; `.` and `_` stay empty
    /// marks, and so does `0` unless it is a symbol.
    #[arg(long, value_name = "ALPHABET")]
    pub symbols: Option<String>,

    /// How lines group into puzzles: decide per block, one per line, or one per block.
    #[arg(long, value_enum, default_value_t = LayoutArg::Auto)]
    pub layout: LayoutArg,

    /// Read CSV with a header: each record's field in this column is a puzzle (`--column
    /// quizzes` for Kaggle's `quizzes,solutions` files).
    ///
    /// Records are read with the csv crate (quoted fields, several lines inside quotes); each
    /// is at most 4 MiB. A record without the field, or with nothing in it, gets its row with
    /// status `invalid`; with `-f csv`, every input column is kept in the output.
    #[arg(long, value_name = "NAME")]
    pub column: Option<String>,

    /// Variant puzzles: solve without the constraints this version does not know (each named
    /// in a warning) instead of refusing the puzzle.
    #[arg(long)]
    pub ignore_unknown: bool,
}

#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Output format.
    ///
    /// `line`: one line per puzzle, in the alphabet read (numbers for grids larger than it);
    /// `grid`: a box-drawn grid; `json`: JSON Lines, one object per puzzle; `csv`: a header,
    /// then a row per puzzle (the input's columns with `--column`, else `line`), with the
    /// command's columns added (`status`, `solution`, `count`, `er`, …, `errors`).
    #[arg(long, short, value_enum, default_value_t = Format::Line)]
    pub format: Format,
}

/// The output of commands that print no grid.
#[derive(Debug, Args)]
pub struct ListOutputArgs {
    /// Output format: `line`, text lines; `json`, JSON Lines, one object per puzzle; `csv`,
    /// a header and a row per puzzle (the input's columns with `--column`, and the command's).
    #[arg(long, short, value_enum, default_value_t = ListFormat::Line)]
    pub format: ListFormat,
}

/// The formats of commands that print no grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    Line,
    Json,
    Csv,
}

impl From<ListFormat> for Format {
    fn from(f: ListFormat) -> Format {
        match f {
            ListFormat::Line => Format::Line,
            ListFormat::Json => Format::Json,
            ListFormat::Csv => Format::Csv,
        }
    }
}

/// How each puzzle is searched.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Solving engine.
    #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
    pub engine: EngineArg,

    /// Give up a puzzle after this many seconds (it is then reported as timed out). Default:
    /// no limit.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<std::time::Duration>,

    /// Guesses made so far by every search of the run, shown on the progress line.
    #[arg(skip)]
    pub guesses: std::sync::Arc<std::sync::atomic::AtomicU64>,

    /// The run's idle threads, which a long search borrows (see [`nsudoku::Helpers`]); set
    /// when the run's threads start.
    #[arg(skip)]
    pub helpers: std::sync::OnceLock<nsudoku::Helpers>,
}

/// How the batch runs.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Worker threads (0: one per core; at most four a core run). Output stays in input order.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0, value_parser = parse_threads)]
    pub threads: usize,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub run: RunArgs,

    /// Take the first solution found, without checking that it is the only one.
    #[arg(long, conflicts_with = "all")]
    pub first: bool,

    /// Print every solution (up to --limit), streamed as found.
    #[arg(long)]
    pub all: bool,

    /// With --all: stop after this many solutions per puzzle.
    #[arg(long, value_name = "N", requires = "all", default_value_t = 1000, value_parser = parse_limit)]
    pub limit: usize,

    #[command(flatten)]
    pub search: SearchArgs,
}

#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: ListOutputArgs,
    #[command(flatten)]
    pub run: RunArgs,

    /// Stop counting at this many solutions (the count is then shown as `N+`).
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = parse_limit)]
    pub limit: usize,

    /// Past the limit, estimate the number of solutions by random probes of the search tree
    /// for this many seconds (`--estimate=2`; default 1, within --timeout), with its standard
    /// error. Grids up to 64×64.
    ///
    /// Knuth's estimator: each probe walks down the tree taking a random branch, the branches
    /// with at most 64 solutions counted exactly; the estimate is the probes' mean
    /// (docs/benchmarks.md says how close it lands on counts known).
    #[arg(long, value_name = "SECONDS", num_args = 0..=1, require_equals = true, default_missing_value = "1", value_parser = parse_seconds)]
    pub estimate: Option<std::time::Duration>,

    #[command(flatten)]
    pub search: SearchArgs,
}

#[derive(Debug, Args)]
pub struct SetterArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: ListOutputArgs,
    #[command(flatten)]
    pub run: RunArgs,

    /// For a unique puzzle, also a minimal set of clues: givens taken away first, then rules,
    /// each in a random order (--seed), each while the puzzle stays unique.
    #[arg(long)]
    pub minimal: bool,

    /// The seed of --minimal's order: the same seed, the same set. Default: a seed from the
    /// clock (printed on stderr).
    #[arg(long, value_name = "N", requires = "minimal")]
    pub seed: Option<u64>,

    /// The most fixes listed for a puzzle with several solutions.
    #[arg(long, value_name = "N", default_value_t = 12)]
    pub fixes: usize,

    /// Solutions enumerated to count the fixes exactly; past it they are estimated.
    #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = parse_limit)]
    pub limit: usize,

    /// Give up a puzzle after this many seconds: what was found is said, the rest unknown.
    /// Default: no limit.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<std::time::Duration>,
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,

    /// The form to write.
    ///
    /// `fpuzzles`: the f-puzzles JSON document, on one line; `payload`: its lz-string base64
    /// form (what f-puzzles links carry); `link`: an f-puzzles link; `sudokupad`: a SudokuPad
    /// link to the same puzzle; `text`: nsudoku's text form (a block, then a blank line);
    /// `iss`: a constraint string of sigh's Interactive Sudoku Solver; `iss-link`: a link that
    /// opens it there; `killer`: the forums' compact killer line (a 9×9 killer of cages only);
    /// `jigsaw`: a jigsaw line (givens, then the regions).
    #[arg(long, value_enum, default_value_t = ConvertTo::Link)]
    pub to: ConvertTo,
}

/// The forms `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConvertTo {
    Fpuzzles,
    Payload,
    Link,
    Sudokupad,
    Text,
    Iss,
    IssLink,
    Killer,
    Jigsaw,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: ListOutputArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

/// Puzzles in, a grid or a line per puzzle out, on every core.
#[derive(Debug, Args)]
pub struct BatchArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Debug, Args)]
pub struct CanonArgs {
    /// Output format `json` adds the transform that maps each puzzle to its form.
    #[command(flatten)]
    pub batch: BatchArgs,

    /// Compare each puzzle with the first: equivalent (and the transform from the first to
    /// it) or not. Exit status 0 when all are equivalent, 1 when one is not.
    #[arg(long)]
    pub same: bool,
}

#[derive(Debug, Args)]
pub struct DedupArgs {
    #[command(flatten)]
    pub batch: BatchArgs,

    /// The most distinct puzzles remembered (16 bytes each, about 40 with the table; with
    /// `-f json`, which names the first of each class, 32 and about 75); the run stops with
    /// an error beyond.
    #[arg(long, value_name = "N", default_value_t = 50_000_000, value_parser = parse_classes)]
    pub max_distinct: usize,
}

/// The most distinct puzzles `dedup --max-distinct` may ask to remember: about 40 GB.
pub const MAX_DISTINCT: usize = 1_000_000_000;

fn parse_classes(s: &str) -> Result<usize, String> {
    whole_number(s, 1, MAX_DISTINCT)
}

/// A whole number from `least` to `most`.
fn whole_number(s: &str, least: usize, most: usize) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (least..=most).contains(&n) => Ok(n),
        Ok(_) => Err(format!("from {least} to {most}")),
        Err(_) => Err(format!("{s:?} is not a whole number")),
    }
}

#[derive(Debug, Args)]
pub struct TransformArgs {
    /// Output format `json` adds the transform applied.
    #[command(flatten)]
    pub batch: BatchArgs,

    /// Random copies of each puzzle (without named transformations).
    #[arg(long, short = 'n', value_name = "K", default_value_t = 1, value_parser = parse_copies)]
    pub count: usize,

    /// Seed: the same seed and input give the same copies, whatever the thread count.
    /// Default: a seed from the clock (printed on stderr).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Solve each puzzle and write its solution, transformed alike, after it on the line (or
    /// as `solution` in JSON).
    #[arg(long, visible_alias = "keep-solution")]
    pub with_solution: bool,

    /// Apply a transform as `canon -f json` and `canon --same` write it
    /// (`rows=…,cols=…,digits=…[,transpose]`).
    #[arg(long, value_name = "SPEC", conflicts_with_all = ["count", "seed"])]
    pub apply: Option<String>,

    /// Transpose (rows become columns; square boxes only).
    #[arg(long, conflicts_with_all = ["count", "seed"])]
    pub transpose: bool,

    /// Turn clockwise by this many degrees: 90, 180 or 270 (90 and 270: square boxes only).
    #[arg(long, value_name = "DEGREES", value_parser = parse_rotation, conflicts_with_all = ["count", "seed"])]
    pub rotate: Option<u32>,

    /// Mirror left to right.
    #[arg(long, conflicts_with_all = ["count", "seed"])]
    pub mirror: bool,

    /// Turn upside down.
    #[arg(long, conflicts_with_all = ["count", "seed"])]
    pub flip: bool,

    /// Rename the digits: the i-th symbol is what i becomes (`987654321` swaps 1 and 9, …;
    /// 1-9 then A-Z for larger grids).
    #[arg(long, value_name = "DIGITS", conflicts_with_all = ["count", "seed"])]
    pub relabel: Option<String>,

    /// Apply the inverse of the named transformations instead (`--apply SPEC --inverse` maps
    /// a canonical form, or its solution, back).
    #[arg(long, conflicts_with_all = ["count", "seed"])]
    pub inverse: bool,
}

/// The most copies of one puzzle `transform --count` may ask for.
pub const MAX_COPIES: usize = 1_000_000;

fn parse_copies(s: &str) -> Result<usize, String> {
    whole_number(s, 1, MAX_COPIES)
}

/// A turn in degrees, as quarter turns.
fn parse_rotation(s: &str) -> Result<u32, String> {
    match s {
        "0" | "360" => Ok(0),
        "90" => Ok(1),
        "180" => Ok(2),
        "270" => Ok(3),
        _ => Err(format!("{s:?}: turns are 90, 180 or 270 degrees")),
    }
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Time the first solution only, instead of counting up to 2 (the uniqueness check).
    #[arg(long)]
    pub first: bool,

    /// Time canonical forms (`canon`) instead of solving (grids up to 16×16).
    #[arg(long, conflicts_with_all = ["first", "engine"])]
    pub canon: bool,

    /// Permute each puzzle at random (digits, bands, rows, stacks, columns, transposition).
    #[arg(long)]
    pub shuffle: bool,

    /// Cycle the file to this many puzzles (each copy permuted with --shuffle).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub expand: usize,

    /// Seed for --shuffle.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// Time whole passes until this many seconds have passed.
    #[arg(long, value_name = "SECONDS", default_value = "3", value_parser = parse_seconds)]
    pub secs: std::time::Duration,

    /// Solve for this many seconds before timing.
    #[arg(long, value_name = "SECONDS", default_value = "1", value_parser = parse_seconds)]
    pub warmup: std::time::Duration,

    /// Solving engine.
    #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
    pub engine: EngineArg,

    /// Variant puzzles: also a table of each puzzle's time (median of the passes) and guesses,
    /// then the total, the median and the most.
    #[arg(long)]
    pub each: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Line,
    Grid,
    Json,
    Csv,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LayoutArg {
    Auto,
    Lines,
    Grid,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    /// The fastest for the shape: fast9 for 9×9, general for the rest.
    Auto,
    /// The 9×9 engine (9×9 grids with 3×3 boxes only).
    Fast9,
    /// Any shape: propagation and backtracking, clause learning once the search runs long.
    General,
    /// The general engine with clause learning from the start (for grids known to be hard).
    Learning,
    /// Plain backtracking: slow, obviously right, for cross-checks.
    Reference,
    /// CaDiCaL on a CNF encoding, for comparisons.
    #[cfg(feature = "sat")]
    Sat,
}

impl From<EngineArg> for nsudoku::Engine {
    fn from(e: EngineArg) -> Self {
        match e {
            EngineArg::Auto => nsudoku::Engine::Auto,
            EngineArg::Fast9 => nsudoku::Engine::Fast9,
            EngineArg::General => nsudoku::Engine::General,
            EngineArg::Learning => nsudoku::Engine::Learning,
            EngineArg::Reference => nsudoku::Engine::Reference,
            #[cfg(feature = "sat")]
            EngineArg::Sat => nsudoku::Engine::Sat,
        }
    }
}

/// The longest time an option may name: a year. Longer is no bound at all, and a deadline
/// that far ahead overflows the clock on some systems.
const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// A time in seconds: a finite number from 0 to a year.
fn parse_seconds(s: &str) -> Result<std::time::Duration, String> {
    let secs = parse_number(s).map_err(|_| format!("{s:?} is not a number of seconds"))?;
    if !(0.0..=MAX_SECONDS).contains(&secs) {
        return Err(format!(
            "{s:?} is not from 0 to {MAX_SECONDS} seconds (a year)"
        ));
    }
    Ok(std::time::Duration::from_secs_f64(secs))
}

/// The most threads `-j` may ask for; the run takes at most four per CPU (see
/// `commands::worker_pool`).
pub const MAX_THREADS: usize = 1024;

fn parse_threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n <= MAX_THREADS => Ok(n),
        Ok(_) => Err(format!("at most {MAX_THREADS} threads")),
        Err(_) => Err(format!("{s:?} is not a whole number")),
    }
}

/// A limit on solutions: at least one.
fn parse_limit(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("the limit is at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{s:?} is not a whole number")),
    }
}

fn parse_shape(s: &str) -> Result<Shape, String> {
    s.parse().map_err(|e: nsudoku::ShapeError| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn limit_needs_all() {
        assert!(Cli::try_parse_from(["nsudoku", "solve", "--limit", "3"]).is_err());
        assert!(Cli::try_parse_from(["nsudoku", "solve", "--all", "--limit", "3"]).is_ok());
        assert!(Cli::try_parse_from(["nsudoku", "solve", "--box", "3"]).is_err());
    }

    #[test]
    fn sizes_holes_and_ratings_are_checked() {
        let generate = |args: &[&str]| {
            Cli::try_parse_from(["nsudoku", "generate"].iter().chain(args).copied()).is_ok()
        };
        assert!(generate(&["--holes", "0"]));
        assert!(generate(&["--holes", "0.55"]));
        assert!(generate(&["--holes", "1"]));
        for bad in ["1.5", "-0.1", "NaN", "inf", "half"] {
            assert!(!generate(&["--holes", bad]), "--holes {bad}");
        }
        assert!(generate(&["--size", "1"]));
        assert!(generate(&["--size", "512"]));
        for bad in ["0", "513", "-4", "nine"] {
            assert!(!generate(&["--size", bad]), "--size {bad}");
        }
        assert!(generate(&["--rating", "2.0..4.5"]));
        for bad in [
            "NaN..5",
            "1..inf",
            "5..2",
            "3",
            "-100..-50",
            "0..0.5",
            "25..30",
        ] {
            assert!(!generate(&["--rating", bad]), "--rating {bad}");
        }
    }

    #[test]
    fn times_limits_and_threads_are_bounded() {
        let ok = |args: &[&str]| Cli::try_parse_from(args.iter().copied()).is_ok();
        for good in ["0", "0.5", "60", "31536000"] {
            assert!(
                ok(&["nsudoku", "solve", "--timeout", good]),
                "--timeout {good}"
            );
            assert!(
                ok(&["nsudoku", "bench", "--secs", good, "x"]),
                "--secs {good}"
            );
        }
        for bad in ["1e19", "-1", "NaN", "inf", "1e300", "-5", "soon"] {
            assert!(
                !ok(&["nsudoku", "solve", "--timeout", bad]),
                "--timeout {bad}"
            );
            assert!(
                !ok(&["nsudoku", "bench", "--secs", bad, "x"]),
                "--secs {bad}"
            );
            assert!(
                !ok(&["nsudoku", "bench", "--warmup", bad, "x"]),
                "--warmup {bad}"
            );
        }
        assert!(!ok(&["nsudoku", "solve", "--all", "--limit", "0"]));
        assert!(!ok(&["nsudoku", "count", "--limit", "0"]));
        assert!(ok(&["nsudoku", "count", "--limit", "1"]));
        assert!(ok(&["nsudoku", "solve", "-j", "1024"]));
        assert!(!ok(&["nsudoku", "solve", "-j", "10000"]));
        assert!(!ok(&["nsudoku", "solve", "-j", "18446744073709551615"]));
    }
}
