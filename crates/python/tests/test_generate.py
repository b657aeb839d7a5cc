"""Generation: one puzzle and batches, the same as the CLI's for a seed."""

from __future__ import annotations

import numpy as np
import pytest

import nsudoku
from conftest import assert_solves


def test_generate_makes_unique_puzzles_the_cli_makes(cli):
    g = nsudoku.generate(seed=1)
    (line,) = cli("generate", "--seed", "1", json_output=False)
    assert str(g) == str(g.puzzle) == line
    assert g.seed == 1 and g.rating is None
    assert nsudoku.count(g.puzzle) == 1
    assert g.solution == nsudoku.solve(g.puzzle)
    assert_solves(g.solution.rows, g.puzzle.rows)
    assert repr(g) == f"Generated(puzzle='{line}', seed=1)"
    # Without a seed, the one drawn makes the same puzzle again.
    again = nsudoku.generate()
    assert nsudoku.generate(seed=again.seed).puzzle == again.puzzle


def test_generate_options():
    g = nsudoku.generate(symmetry="rot180", seed=3)
    a = g.puzzle.to_numpy() > 0
    assert (a == a[::-1, ::-1]).all()
    six = nsudoku.generate(6, seed=2)
    assert (six.puzzle.size, six.puzzle.box) == (6, "3x2")
    assert nsudoku.generate(box="2x3", seed=2).puzzle.box == "2x3"
    easy = nsudoku.generate(difficulty="easy", seed=4)
    assert easy.rating.level == "easy" and easy.rating.er == nsudoku.rate(easy.puzzle).er
    ranged = nsudoku.generate(rating=(2.0, 3.0), seed=4)
    assert 2.0 <= ranged.rating.er <= 3.0
    minimal = nsudoku.generate(minimal=True, seed=5).puzzle
    for i in np.flatnonzero(minimal.to_numpy().ravel()):
        values = minimal.to_numpy().ravel().copy()
        values[i] = 0
        assert nsudoku.count(values, limit=2) == 2
    with pytest.raises(ValueError, match="symmetry"):
        nsudoku.generate(symmetry="spiral")
    with pytest.raises(ValueError, match="difficulty"):
        nsudoku.generate(difficulty="fiendish")
    with pytest.raises(ValueError, match="rating"):
        nsudoku.generate(rating=(30.0, 40.0))
    with pytest.raises(ValueError, match="not size 16"):
        nsudoku.generate(16, box="3x2")
    with pytest.raises(ValueError, match="up to 64"):
        nsudoku.generate(81, difficulty="easy")


def test_generate_many_equals_the_cli_on_any_threads(cli):
    expected = cli("generate", "-n", "12", "--seed", "7", "--with-solution", json_output=False)
    for threads in (1, 2):
        puzzles, solutions = nsudoku.generate_many(12, seed=7, threads=threads)
        assert puzzles.shape == solutions.shape == (12, 81) and puzzles.dtype == np.uint8
        got = [f"{p} {s}" for p, s in zip(nsudoku.to_lines(puzzles), nsudoku.to_lines(solutions))]
        assert got == expected
    for p, s in zip(puzzles, solutions):
        assert_solves(s, p)
    big, big_solutions = nsudoku.generate_many(2, 16, seed=1)
    assert big.shape == (2, 256)
    assert nsudoku.to_lines(big) == cli("generate", "--size", "16", "-n", "2", "--seed", "1", json_output=False)
    assert_solves(big_solutions[1], big[1])
