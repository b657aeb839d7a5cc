"""Sudoku of every size, 1×1 to 512×512 with any box shape, from Python.

One puzzle at a time: ``solve``, ``count``, ``is_unique``, ``check``, ``solutions``,
``explain``, ``hint``, ``rate``, ``generate``, ``canonical``, ``transform``. A puzzle is a
string in any text format the ``nsudoku`` command reads (pencil-mark puzzles too: the
729-character line, or candidates drawn as Sudoku Explainer and HoDoKu print them), a list of
rows, a NumPy array (N×N or flat) or a ``Grid``.

Variant puzzles (killer cages, thermometers, arrows, kropki dots, anti-knight, …) are solved,
counted and checked too (``solve``, ``count``, ``is_unique``, ``solutions``, ``check``,
``solve_many``, ``count_many``): an f-puzzles or SudokuPad link, a payload, f-puzzles JSON
text or a ``dict`` of it, the text form, or a ``Variant``, which reads any of them and writes
links, f-puzzles documents and the text form.

For setters: ``setter`` says which clues of a unique puzzle can go (and a minimal set), or why
a puzzle is not unique and which given would fix it; ``estimate`` says about how many solutions
a puzzle has when there are too many to count.

    >>> import nsudoku
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> str(nsudoku.solve(p))[:9]
    '534678912'
    >>> nsudoku.rate(p).level
    'easy'

Millions at a time: ``solve_many``, ``count_many``, ``rate_many``, ``canonical_many``,
``dedup_many`` and ``generate_many`` take NumPy arrays, lists, pandas Series or Arrow arrays, return NumPy arrays
in input order with a status per puzzle, and run on every core with the GIL released.
``nsudoku.dask`` (the ``dask`` extra) runs them over the partitions of a Dask DataFrame, on a
cluster if need be.

Errors are ``nsudoku.Error``: ``InvalidPuzzle`` (also a ``ValueError``), ``NoSolution``,
``MultipleSolutions``, ``Timeout``. What a variant puzzle's reader skipped is a
``VariantWarning``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from ._nsudoku import Problem


class Error(Exception):
    """The base class of nsudoku's exceptions.

    Raised itself for what the library cannot do: reasoning (``explain``, ``hint``, ``rate``)
    on grids above 64×64 or on variant puzzles, a puzzle the generator did not find in its
    attempts.
    """


class InvalidPuzzle(Error, ValueError):
    """A puzzle that does not read, or has clashing clues (for a variant puzzle: givens that
    break a rule).

    The message names the first problems and where they are (``duplicate 5 in row 1: r1c1 and
    r1c2``, ``bad symbol 'x' at line 1, column 5``, ``cell R10C1 is outside the 9×9 grid (at
    killercage[2].cells[0])``); ``errors`` lists every one (up to 100, then a count) as a
    ``Problem`` with its ``kind``, ``message`` and place (``line`` and ``column``, ``at``).
    """

    errors: list[Problem]

    def __init__(self, message: str, errors: Sequence[Problem] = ()) -> None:
        super().__init__(message)
        self.errors = list(errors)


class NoSolution(Error):
    """The puzzle has no solution."""


class MultipleSolutions(Error):
    """The puzzle has more than one solution (``solve(…, first=True)`` takes the first)."""


class Timeout(Error):
    """The work did not end within its ``timeout``; the message says how far it got."""


class VariantWarning(UserWarning):
    """What a variant puzzle's reader skipped or did not understand (a cosmetic mark, an
    unknown constraint with ``ignore_unknown=True``, …): the puzzle solved may lack a rule its
    author meant. Given once per reading (``Variant.warnings`` keeps them); batches give none.
    """


# The extension raises the classes above: they are defined before it is imported.
from ._batch import canonical_many, count_many, dedup_many, rate_many, solve_many  # noqa: E402
from ._nsudoku import (  # noqa: E402
    STATUSES,
    Broken,
    Explanation,
    Generated,
    Grid,
    Hint,
    Problem,
    Rating,
    Solutions,
    Step,
    Variant,
    __version__,
    canonical,
    check,
    count,
    estimate,
    explain,
    generate,
    generate_many,
    hint,
    is_unique,
    rate,
    setter,
    solutions,
    solve,
    to_lines,
    transform,
)

__all__ = [
    "STATUSES",
    "Broken",
    "Error",
    "Explanation",
    "Generated",
    "Grid",
    "Hint",
    "InvalidPuzzle",
    "MultipleSolutions",
    "NoSolution",
    "Problem",
    "Rating",
    "Solutions",
    "Step",
    "Timeout",
    "Variant",
    "VariantWarning",
    "__version__",
    "canonical",
    "canonical_many",
    "check",
    "count",
    "count_many",
    "dedup_many",
    "estimate",
    "explain",
    "generate",
    "generate_many",
    "hint",
    "is_unique",
    "rate",
    "rate_many",
    "setter",
    "solutions",
    "solve",
    "solve_many",
    "to_lines",
    "transform",
]
