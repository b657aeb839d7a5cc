"""Fuzzing the entry points with Hypothesis: any text, any rows of integers, any array, any
batch and any pencil marks give an answer or one of the package's exceptions, never a crash, a
hang (every search here has a budget of milliseconds) or another exception."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nsudoku

FAST = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

#: Text that looks like puzzles often enough to reach the engines: digits, empty marks,
#: separators, letters, line breaks, and now and then anything.
PUZZLE_TEXT = st.one_of(
    st.text(alphabet="0123456789.ABCDEFG |,-+\n", max_size=300),
    st.text(max_size=120),
)

STATUSES = {"solved", "no_solution", "multiple", "invalid", "timeout"}


def answers_or_package_error(call):
    """Runs `call`; an exception other than the package's fails the test."""
    try:
        return call()
    except nsudoku.Error:
        return None


@FAST
@given(PUZZLE_TEXT, st.sampled_from([None, "3x2", "2x2", "3x3"]))
def test_any_text(text, box):
    answers_or_package_error(lambda: nsudoku.check(text, box=box))
    grid = answers_or_package_error(lambda: nsudoku.solve(text, box=box, first=True, timeout=0.01))
    if grid is not None:
        assert grid.size * grid.size == len(np.asarray(grid.to_numpy()).ravel())
    answers_or_package_error(lambda: nsudoku.count(text, limit=3, box=box, timeout=0.01))
    answers_or_package_error(lambda: nsudoku.rate(text, box=box, timeout=0.01))
    answers_or_package_error(lambda: nsudoku.hint(text, box=box, timeout=0.01))


@FAST
@given(
    st.lists(
        st.lists(st.integers(min_value=-(2**40), max_value=2**40), max_size=10),
        max_size=10,
    )
)
def test_any_rows(rows):
    grid = answers_or_package_error(lambda: nsudoku.solve(rows, first=True, timeout=0.01))
    if grid is not None:
        assert grid.size == len(rows)


@FAST
@given(
    st.integers(min_value=0, max_value=100),
    st.sampled_from([np.uint8, np.int16, np.int64, np.float64]),
    st.integers(min_value=0, max_value=2**31 - 1),
)
def test_any_array(cells, dtype, seed):
    values = np.random.default_rng(seed).integers(-3, 20, size=cells).astype(dtype)
    answers_or_package_error(lambda: nsudoku.solve(values, first=True, timeout=0.01))


@FAST
@given(st.lists(PUZZLE_TEXT, max_size=20))
def test_any_batch(puzzles):
    solutions, status = nsudoku.solve_many(puzzles, timeout=0.01)
    assert len(status) == len(puzzles)
    assert set(status) <= STATUSES
    assert solutions.shape[0] == len(puzzles)


@FAST
@given(st.text(alphabet="0123456789. x", max_size=400))
def test_any_pencil_marks(marks):
    puzzle = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
    answers_or_package_error(lambda: nsudoku.hint(puzzle, marks=marks, timeout=0.01))
