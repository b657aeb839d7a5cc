"""Types of the extension module (Rust), which ``nsudoku`` re-exports."""

from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union, final

import numpy as np
import numpy.typing as npt

#: A classic puzzle: text in any format the ``nsudoku`` command reads, rows of text, rows of
#: numbers (0 or None for empty), N² numbers, an N×N or flat integer array, or a ``Grid``.
_Classic = Union[str, bytes, Sequence[str], Sequence[Sequence[Optional[int]]], Sequence[Optional[int]], npt.NDArray[np.integer], "Grid"]
#: A puzzle, classic or variant: a variant puzzle is text (a link, a payload, f-puzzles or
#: SudokuPad JSON, the text form), a ``dict`` (an f-puzzles document) or a ``Variant``.
_Puzzle = Union[_Classic, Dict[str, Any], "Variant"]
#: A box shape: ``"3x2"`` or ``(3, 2)``, 3 cells wide and 2 tall.
_Box = Union[str, Tuple[int, int], None]
#: A batch as the extension reads it (the package converts the others).
_Batch = Union[npt.NDArray[np.integer], List[Union[str, bytes, None]], Tuple[npt.NDArray[np.int64], npt.NDArray[np.uint8], Optional[npt.NDArray[np.bool_]]]]

__version__: str
__all__ = [
    "__version__",
    "STATUSES",
    "Grid",
    "Problem",
    "Solutions",
    "Step",
    "Explanation",
    "Rating",
    "Hint",
    "Generated",
    "Variant",
    "Broken",
    "solve",
    "count",
    "is_unique",
    "check",
    "solutions",
    "explain",
    "hint",
    "rate",
    "generate",
    "generate_many",
    "solve_many",
    "count_many",
    "rate_many",
    "canonical",
    "canonical_many",
    "transform",
    "to_lines",
]
#: The statuses of batch results, by code.
STATUSES: Tuple[str, ...]

@final
class Grid:
    """An N×N grid: a puzzle (0 for an empty cell) or a solution.

    ``Grid(puzzle, box=None)`` reads a puzzle in any form the functions take (clashing clues
    are allowed: ``check`` finds them). ``str(grid)`` is the compact line up to 9×9 (``.`` for
    empty; a pencil-mark puzzle's ``N`` characters a cell), rows of numbers beyond;
    ``grid[r, c]`` is a cell's value, 0-based.
    """

    def __new__(cls, puzzle: _Puzzle, box: _Box = None) -> Grid: ...
    @property
    def size(self) -> int:
        """N: the rows, columns, boxes and digits of the grid."""
    @property
    def box(self) -> str:
        """The box shape, ``"WxH"``: ``"3x3"``, or ``"3x2"`` for boxes 3 wide and 2 tall."""
    @property
    def rows(self) -> List[List[int]]:
        """The values, row by row (0 for empty)."""
    @property
    def clues(self) -> int:
        """How many cells hold a digit."""
    @property
    def pencil_marks(self) -> Optional[List[List[List[int]]]]:
        """For a pencil-mark puzzle, each cell's candidates, row by row; None for givens."""
    def to_numpy(self) -> npt.NDArray[Union[np.uint8, np.uint16]]:
        """The values as an N×N array: ``uint8`` up to 255×255, ``uint16`` beyond."""
    def line(self) -> str:
        """The CLI's one-line format: a symbol a cell up to 35×35, numbers beyond; ``.`` empty."""
    def pretty(self) -> str:
        """The grid drawn with ``|``, ``-`` and ``+`` between boxes, one row a line."""
    def is_solution_of(self, puzzle: Grid) -> bool:
        """Whether this is a complete grid without clashes that keeps every clue of ``puzzle``."""
    def __getitem__(self, cell: Tuple[int, int], /) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Problem:
    """One problem with a puzzle: what and where.

    ``cells`` are 0-based ``(row, column)`` pairs (to index ``Grid.to_numpy()``); the message
    counts from 1 like the CLI (``r1c1`` is ``(0, 0)``); ``line`` and ``column`` place it in
    the text read, from 1.
    """

    @property
    def kind(self) -> str:
        """``bad_symbol``, ``cell_count``, ``row_length``, ``value_out_of_range``,
        ``bad_value``, ``shape``, ``duplicate``, ``puzzle_count``, ``too_long``, ``more``, …;
        for variant puzzles ``decode``, ``json``, ``unknown_constraint``, ``bad_cell``,
        ``outside_grid``, ``impossible``, ``regions``, ``size``, ``syntax``, ``broken`` (givens
        that break a rule), ``variant`` (a variant puzzle where a classic grid is wanted)."""
    @property
    def message(self) -> str: ...
    @property
    def line(self) -> Optional[int]: ...
    @property
    def column(self) -> Optional[int]: ...
    @property
    def cells(self) -> List[Tuple[int, int]]: ...
    @property
    def at(self) -> Optional[str]:
        """Where in a variant puzzle: a JSON path (``killercage[2].cells[0]``) or ``line 4``."""

@final
class Variant:
    """A variant puzzle: a grid of size N (1 to 64), its givens, regions and constraints.

    ``Variant(puzzle, ignore_unknown=False)`` reads an f-puzzles or SudokuPad link, a payload,
    f-puzzles or SudokuPad JSON, the text form, a JSON object with a ``fpuzzles``, ``puzzle``
    or ``link`` field, a ``dict`` (an f-puzzles document), or a classic puzzle. Raises
    ``InvalidPuzzle``; what the reader skipped is in ``warnings`` (and given as
    ``VariantWarning``). ``str(v)`` is the text form.
    """

    def __new__(cls, puzzle: _Puzzle, ignore_unknown: bool = False) -> Variant: ...
    @property
    def size(self) -> int:
        """N: the rows, columns and digits of the grid."""
    @property
    def constraints(self) -> List[str]:
        """The constraints by name, in order: ``["killer", "killer", "thermo"]``."""
    @property
    def givens(self) -> Grid:
        """The givens (0 for empty), in the puzzle's boxes or the default boxes of its size."""
    @property
    def regions(self) -> List[List[Optional[int]]]:
        """Each cell's region number from 0, row by row; None for a cell in no region."""
    @property
    def box(self) -> Optional[str]:
        """The box shape ``"WxH"`` when the regions are boxes; None for irregular regions."""
    @property
    def title(self) -> Optional[str]: ...
    @property
    def author(self) -> Optional[str]: ...
    @property
    def rules(self) -> Optional[str]: ...
    @property
    def warnings(self) -> List[str]:
        """What the reader skipped or did not understand."""
    def to_link(self) -> str:
        """A link that opens the puzzle in f-puzzles (``Error`` for a rule it cannot hold)."""
    def to_sudokupad_link(self) -> str:
        """A link that opens the puzzle in SudokuPad."""
    def to_payload(self) -> str:
        """The payload of an f-puzzles link."""
    def to_json(self) -> str:
        """The f-puzzles document as JSON text."""
    def to_fpuzzles(self) -> Dict[str, Any]:
        """The f-puzzles document as a ``dict``."""
    def to_iss(self) -> str:
        """The puzzle as a constraint string of sigh's Interactive Sudoku Solver (``Error`` for a
        rule ISS cannot say)."""
    def to_iss_link(self) -> str:
        """A link that opens the puzzle in ISS."""
    def to_text(self) -> str:
        """The text form, which holds every rule and reads back to an equal puzzle."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Broken:
    """A rule a grid breaks (from ``check``): the constraint's ``name`` (``sudoku`` for rows,
    columns, regions, givens and candidates) and its index in ``Variant.constraints``, the
    0-based cells, and a message counting from 1."""

    @property
    def name(self) -> str: ...
    @property
    def constraint(self) -> Optional[int]: ...
    @property
    def cells(self) -> List[Tuple[int, int]]: ...
    @property
    def message(self) -> str: ...

@final
class Solutions(Iterator[Grid]):
    """A puzzle's solutions, found one at a time as they are asked for (from ``solutions``)."""

    def __iter__(self) -> Solutions: ...
    def __next__(self) -> Grid: ...

@final
class Step:
    """One deduction. Cells are 0-based ``(row, column)``; placements and eliminations
    ``(row, column, digit)``; ``text`` says them from 1, as the CLI does."""

    @property
    def technique(self) -> str:
        """The stable name, as in the CLI's JSON: ``naked_single``, ``x_wing``, …"""
    @property
    def name(self) -> str:
        """The name as players write it: ``naked single``, ``X-Wing``, …"""
    @property
    def er(self) -> float:
        """The step's difficulty on the ER scale."""
    @property
    def text(self) -> str:
        """``r1c5 = 4: naked single in r1c5``."""
    @property
    def reason(self) -> str: ...
    @property
    def placements(self) -> List[Tuple[int, int, int]]: ...
    @property
    def eliminations(self) -> List[Tuple[int, int, int]]: ...
    @property
    def cells(self) -> List[Tuple[int, int]]: ...
    @property
    def houses(self) -> List[str]: ...
    @property
    def digits(self) -> List[int]: ...
    @property
    def constraints(self) -> List[str]:
        """On a variant puzzle, the constraints the step uses as players name them
        (``killer cage 15 r1c1,r1c2``); empty on a classic puzzle."""
    @property
    def constraint_indices(self) -> List[Optional[int]]:
        """For each of ``constraints``, its index in ``Variant.constraints`` (None for a rule
        several constraints make: innies and outies, the law of leftovers)."""

@final
class Explanation(Sequence[Step]):
    """The steps that solve a puzzle by logic alone (from ``explain``)."""

    @property
    def steps(self) -> List[Step]: ...
    @property
    def status(self) -> str:
        """``"solved"``, or ``"stuck"`` when no technique applies any more."""
    @property
    def solved(self) -> bool: ...
    @property
    def hardest(self) -> float:
        """The highest ER of the steps."""
    @property
    def unique(self) -> bool:
        """Whether the puzzle has one solution (the uniqueness techniques are used only then)."""
    def __len__(self) -> int: ...
    def __getitem__(self, index: int, /) -> Step: ...  # type: ignore[override]

@final
class Rating:
    """A puzzle's difficulty (from ``rate``)."""

    @property
    def er(self) -> float:
        """The hardest step's ER; 20.0 when logic gets stuck."""
    @property
    def ed(self) -> float:
        """The first step's difficulty."""
    @property
    def level(self) -> str:
        """``easy``, ``medium``, ``hard``, ``expert``, ``extreme`` or ``unsolvable``."""
    @property
    def hardest(self) -> Optional[str]:
        """The hardest step's technique (stable name)."""
    @property
    def steps(self) -> int: ...
    @property
    def outcome(self) -> str:
        """``"solved"`` or ``"stuck"``."""

@final
class Hint:
    """What ``hint`` says about a grid in progress."""

    @property
    def status(self) -> str:
        """``"hint"``, ``"wrong_entries"``, ``"solved"`` or ``"stuck"``."""
    @property
    def step(self) -> Optional[Step]: ...
    @property
    def mistakes(self) -> List[Tuple[int, int, Optional[int]]]:
        """``(row, column, digit)`` for a wrong digit, ``(row, column, None)`` for pencil
        marks that rule out the right one."""

@final
class Generated:
    """A new puzzle (from ``generate``): a ``Grid``, or a ``Variant`` with ``variant=``."""

    @property
    def puzzle(self) -> Union[Grid, Variant]: ...
    @property
    def solution(self) -> Grid: ...
    @property
    def rating(self) -> Optional[Rating]:
        """When a ``difficulty`` or ``rating`` was asked for."""
    @property
    def seed(self) -> int:
        """``generate(…, seed=seed)`` makes the same puzzle again."""

def solve(
    puzzle: _Puzzle,
    box: _Box = None,
    first: bool = False,
    timeout: Optional[float] = None,
    *,
    ignore_unknown: bool = False,
) -> Grid:
    """The puzzle's solution (classic or variant). Raises ``InvalidPuzzle``, ``NoSolution``,
    ``MultipleSolutions`` (unless ``first``: the first found is returned), or ``Timeout``."""

def count(
    puzzle: _Puzzle, limit: int = 1000, box: _Box = None, timeout: Optional[float] = None, *, ignore_unknown: bool = False
) -> int:
    """The number of solutions, counting no further than ``limit``."""

def is_unique(puzzle: _Puzzle, box: _Box = None, timeout: Optional[float] = None, *, ignore_unknown: bool = False) -> bool:
    """Whether the puzzle has exactly one solution."""

def setter(
    puzzle: _Puzzle,
    box: _Box = None,
    *,
    minimal: bool = False,
    seed: int = 0,
    fixes: int = 12,
    limit: int = 10000,
    timeout: Optional[float] = None,
    ignore_unknown: bool = False,
) -> Dict[str, Any]:
    """For a unique puzzle, every clue and whether it can go alone (and with ``minimal`` a
    minimal set); for one with several solutions, two of them, where they differ, and the
    givens that fix it, fewest solutions left first. The HTTP API's answer, as a ``dict``."""

def estimate(
    puzzle: _Puzzle, box: _Box = None, *, seconds: float = 1.0, seed: int = 0, ignore_unknown: bool = False
) -> Optional[Dict[str, Any]]:
    """About how many solutions (``count``, ``relative_error``, ``probes``, …), by random
    probes for ``seconds``; None when no probe ended in time."""

def check(
    puzzle: _Puzzle, box: _Box = None, *, grid: Optional[_Classic] = None, ignore_unknown: bool = False
) -> Union[List[Problem], List[Broken]]:
    """What is wrong: the problems of a puzzle that does not read (``Problem``); a classic
    puzzle's clashes (``Problem``); a variant puzzle's broken rules, or with ``grid`` the
    rules that grid breaks in the puzzle (``Broken``). Empty when nothing is wrong."""

def solutions(
    puzzle: _Puzzle,
    limit: Optional[int] = 1000,
    box: _Box = None,
    timeout: Optional[float] = None,
    *,
    ignore_unknown: bool = False,
) -> Solutions:
    """The solutions, found lazily, up to ``limit`` (None: all)."""

def explain(
    puzzle: _Puzzle, box: _Box = None, timeout: Optional[float] = 60.0, *, ignore_unknown: bool = False
) -> Explanation:
    """The logical steps that solve the puzzle, classic or variant, simplest technique first."""

def hint(
    puzzle: _Puzzle,
    givens: Optional[_Puzzle] = None,
    marks: Optional[str] = None,
    box: _Box = None,
    timeout: Optional[float] = 60.0,
) -> Hint:
    """The next logical step for a grid in progress, or the player's mistakes. For a variant
    puzzle: ``hint(variant)``, or ``hint(players_grid, givens=variant)``."""

def rate(
    puzzle: _Puzzle,
    box: _Box = None,
    scale: str = "sukaku",
    timeout: Optional[float] = 60.0,
    *,
    ignore_unknown: bool = False,
) -> Rating:
    """The difficulty on Sudoku Explainer's ER scale, as ``nsudoku rate`` (a variant puzzle:
    its hardest step as ``explain`` takes them)."""

def generate(
    size: int = 9,
    box: _Box = None,
    *,
    variant: Optional[str] = None,
    hide_totals: bool = False,
    givens: Optional[int] = None,
    symmetry: str = "none",
    minimal: bool = False,
    difficulty: Optional[str] = None,
    rating: Optional[Tuple[float, float]] = None,
    scale: str = "sukaku",
    seed: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Generated:
    """A new puzzle with exactly one solution, as ``nsudoku generate``; with ``variant``
    (``"killer,x"``), a variant puzzle (a ``Variant``), as ``nsudoku generate --variant``."""

def generate_many(
    count: int,
    size: int = 9,
    box: _Box = None,
    *,
    variant: Optional[str] = None,
    hide_totals: bool = False,
    givens: Optional[int] = None,
    symmetry: str = "none",
    minimal: bool = False,
    difficulty: Optional[str] = None,
    rating: Optional[Tuple[float, float]] = None,
    scale: str = "sukaku",
    seed: Optional[int] = None,
    timeout: Optional[float] = None,
    threads: Optional[int] = None,
) -> Tuple[Union[npt.NDArray[Union[np.uint8, np.uint16]], List[Optional[Variant]]], npt.NDArray[Union[np.uint8, np.uint16]]]:
    """``count`` new puzzles and their solutions, ``(count, N²)`` arrays: the same as
    ``nsudoku generate -n count --seed seed``. With ``variant``, the puzzles are a list of
    ``Variant`` (None for one not found in time), as ``nsudoku generate --variant``."""

def canonical(puzzle: _Classic, box: _Box = None) -> Grid:
    """The canonical (minlex) form: the smallest grid of every grid the puzzle's transforms make;
    equal for two puzzles exactly when one is the other in disguise. Up to 16×16."""

def transform(
    puzzle: _Classic,
    box: _Box = None,
    *,
    seed: Optional[int] = None,
    count: int = 1,
    apply: Optional[str] = None,
    inverse: bool = False,
) -> List[Grid]:
    """Equivalent copies of a puzzle: ``count`` random ones drawn from ``seed`` (the same seed,
    the same copies), or the one a named transformation makes (``apply``, a spec as
    ``nsudoku transform --apply`` reads it; ``inverse=True`` undoes it)."""

def to_lines(values: npt.NDArray[np.integer], box: _Box = None) -> List[Optional[str]]:
    """Each row of an ``(n, N²)`` array as the CLI writes a grid on a line."""

# The batch functions as the package calls them (``nsudoku.solve_many`` and the others take
# more kinds of input and return statuses as words).
def solve_many(
    puzzles: _Batch,
    box: _Box = None,
    first: bool = False,
    timeout: Optional[float] = None,
    threads: Optional[int] = None,
    ignore_unknown: bool = False,
) -> Tuple[npt.NDArray[Union[np.uint8, np.uint16]], npt.NDArray[np.uint8]]: ...
def count_many(
    puzzles: _Batch,
    limit: int = 1000,
    box: _Box = None,
    timeout: Optional[float] = None,
    threads: Optional[int] = None,
    ignore_unknown: bool = False,
) -> Tuple[npt.NDArray[np.int64], npt.NDArray[np.uint8]]: ...
def rate_many(
    puzzles: _Batch, box: _Box = None, scale: str = "sukaku", timeout: Optional[float] = 60.0, threads: Optional[int] = None
) -> Tuple[npt.NDArray[np.float64], npt.NDArray[np.uint8]]: ...
def canonical_many(
    puzzles: _Batch, box: _Box = None, threads: Optional[int] = None
) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]: ...
