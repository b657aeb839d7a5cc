"""Canonical forms: canonical and canonical_many, against the CLI's `canon` and against
disguises made here with NumPy (no help from the library)."""

from __future__ import annotations

import random

import numpy as np
import pandas as pd
import pytest

import nsudoku
from conftest import EASY, SEVENTEEN, TOP1465, lines
from test_batch import MIXED, MIXED_STATUS


def values(puzzle: str) -> np.ndarray:
    """A 9×9 line as a 9×9 array, 0 for empty."""
    return np.array([int(c) if c.isdigit() else 0 for c in puzzle], dtype=np.uint8).reshape(9, 9)


def disguise(grid: np.ndarray, rng: random.Random, box: tuple[int, int] = (3, 3)) -> np.ndarray:
    """The same puzzle under a random relabelling, band, row, stack and column order, and (for
    square boxes) transpose."""
    w, h = box
    n = w * h
    labels = np.arange(n + 1)
    labels[1:] = rng.sample(range(1, n + 1), n)
    out = labels[grid]
    bands = rng.sample(range(w), w)
    rows = [b * h + r for b in bands for r in rng.sample(range(h), h)]
    stacks = rng.sample(range(h), h)
    cols = [s * w + c for s in stacks for c in rng.sample(range(w), w)]
    out = out[rows][:, cols]
    if w == h and rng.random() < 0.5:
        out = out.T
    return out.astype(grid.dtype)


def test_forms_equal_the_cli(cli):
    puzzles = lines(SEVENTEEN) + lines(TOP1465)
    out = cli("canon", input="\n".join(puzzles), json_output=False)
    assert [str(nsudoku.canonical(p)) for p in puzzles] == out
    forms, status = nsudoku.canonical_many(puzzles, threads=2)
    assert (status == "canonical").all()
    assert nsudoku.to_lines(forms) == out


def test_a_puzzle_in_disguise_has_the_same_form():
    rng = random.Random(7)
    for p in lines(TOP1465)[:8] + [EASY]:
        form = nsudoku.canonical(p)
        grid = values(p)
        disguised = [disguise(grid, rng) for _ in range(5)]
        assert all(nsudoku.canonical(d) == form for d in disguised)
        forms, _ = nsudoku.canonical_many(np.stack([d.ravel() for d in disguised]))
        assert (forms == form.to_numpy().ravel()).all()
        # The form is one of the puzzle's disguises: as many clues, as many solutions.
        assert form.clues == grid.astype(bool).sum()
        assert nsudoku.count(form, limit=2) == nsudoku.count(p, limit=2)


def test_a_form_is_no_larger_than_any_disguise():
    rng = random.Random(11)
    for p in lines(SEVENTEEN)[:6]:
        form = np.asarray(nsudoku.canonical(p).to_numpy()).ravel().tolist()
        for _ in range(20):
            d = disguise(values(p), rng).ravel()
            # Relabelled in order of first appearance: the smallest string this layout gives.
            first: dict[int, int] = {}
            relabelled = [first.setdefault(int(v), len(first) + 1) if v else 0 for v in d]
            assert form <= relabelled


def test_distinct_puzzles_of_a_collection():
    rng = random.Random(5)
    base = lines(TOP1465)[:10]
    collection = [p for p in base for _ in range(3)]
    arrays = np.stack([disguise(values(p), rng).ravel() for p in collection])
    forms, status = nsudoku.canonical_many(arrays, threads=2)
    assert (status == "canonical").all()
    unique, first = np.unique(forms, axis=0, return_index=True)
    assert len(unique) == len(set(base)) == 10
    # Every input container gives the same forms.
    texts = nsudoku.to_lines(arrays)
    for container in (texts, pd.Series(texts), pd.Series(texts, dtype="string[pyarrow]"), arrays.reshape(-1, 9, 9)):
        assert (nsudoku.canonical_many(container)[0] == forms).all()


def test_bad_rows_other_shapes_and_errors():
    forms, status = nsudoku.canonical_many(MIXED)
    expected = ["canonical" if s in ("solved", "no_solution", "multiple") else "invalid" for s in MIXED_STATUS]
    assert status.tolist() == expected
    assert not forms[status != "canonical"].any()
    with pytest.raises(nsudoku.InvalidPuzzle, match="duplicate 5"):
        nsudoku.canonical("55" + EASY[2:])
    # 6×6 with 3×2 boxes (no transpose), and 16×16; beyond 16×16 there is none.
    rng = random.Random(3)
    six = nsudoku.generate(box="3x2", seed=4).puzzle
    grid = six.to_numpy()
    assert all(nsudoku.canonical(disguise(grid, rng, (3, 2)), box="3x2") == nsudoku.canonical(six) for _ in range(5))
    sixteen = nsudoku.generate(size=16, seed=2).puzzle
    grid = sixteen.to_numpy()
    assert nsudoku.canonical(disguise(grid, rng, (4, 4))) == nsudoku.canonical(sixteen)
    # Nearly empty grids have their forms at once: the one clue goes last, labelled 1.
    one = np.zeros((16, 16), dtype=np.uint8)
    one[3, 9] = 12
    form = nsudoku.canonical(one).to_numpy().ravel()
    assert form[-1] == 1 and not form[:-1].any()
    big = "." * 625
    with pytest.raises(nsudoku.Error, match="16x16"):
        nsudoku.canonical(big)
    assert nsudoku.canonical_many([big, big])[1].tolist() == ["error", "error"]
