"""Sudoku of every size, 1×1 to 512×512 with any box shape, from Python.

One puzzle at a time: ``solve``, ``count``, ``is_unique``, ``check``, ``solutions``,
``explain``, ``hint``, ``rate``, ``generate``, ``canonical``. A puzzle is a string in any text
format the ``nsudoku`` command reads, a list of rows, a NumPy array (N×N or flat) or a
``Grid``.

    >>> import nsudoku
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> str(nsudoku.solve(p))[:9]
    '534678912'
    >>> nsudoku.rate(p).level
    'easy'

Millions at a time: ``solve_many``, ``count_many``, ``rate_many``, ``canonical_many`` and
``generate_many`` take NumPy arrays, lists, pandas Series or Arrow arrays, return NumPy arrays
in input order with a status per puzzle, and run on every core with the GIL released.
``nsudoku.dask`` (the ``dask`` extra) runs them over the partitions of a Dask DataFrame, on a
cluster if need be.

Errors are ``nsudoku.Error``: ``InvalidPuzzle`` (also a ``ValueError``), ``NoSolution``,
``MultipleSolutions``, ``Timeout``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from ._nsudoku import Problem


class Error(Exception):
    """The base class of nsudoku's exceptions.

    Raised itself for what the library cannot do: reasoning (``explain``, ``hint``, ``rate``)
    on grids above 64×64, a puzzle the generator did not find in its attempts.
    """


class InvalidPuzzle(Error, ValueError):
    """A puzzle that does not read, or has clashing clues.

    The message names the first problems and where they are (``duplicate 5 in row 1: r1c1 and
    r1c2``, ``bad symbol 'x' at line 1, column 5``); ``errors`` lists every one (up to 100,
    then a count) as a ``Problem``.
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


# The extension raises the classes above: they are defined before it is imported.
from ._batch import canonical_many, count_many, rate_many, solve_many  # noqa: E402
from ._nsudoku import (  # noqa: E402
    STATUSES,
    Explanation,
    Generated,
    Grid,
    Hint,
    Problem,
    Rating,
    Solutions,
    Step,
    __version__,
    canonical,
    check,
    count,
    explain,
    generate,
    generate_many,
    hint,
    is_unique,
    rate,
    solutions,
    solve,
    to_lines,
)

__all__ = [
    "STATUSES",
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
    "__version__",
    "canonical",
    "canonical_many",
    "check",
    "count",
    "count_many",
    "explain",
    "generate",
    "generate_many",
    "hint",
    "is_unique",
    "rate",
    "rate_many",
    "solutions",
    "solve",
    "solve_many",
    "to_lines",
]
