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


def test_generate_variant_makes_the_cli_s_unique_puzzle(cli):
    g = nsudoku.generate(6, variant="killer,x", seed=3)
    assert isinstance(g.puzzle, nsudoku.Variant) and isinstance(g.solution, nsudoku.Grid)
    assert g.seed == 3 and g.rating is None
    assert nsudoku.count(g.puzzle, limit=2) == 1
    assert nsudoku.check(g.puzzle, grid=g.solution) == []
    assert nsudoku.solve(g.puzzle) == g.solution
    assert set(g.puzzle.constraints) == {"killer", "diagonal+", "diagonal-"}
    (line,) = cli("generate", "--variant", "killer,x", "--size", "6", "--seed", "3", "--to", "payload", json_output=False)
    assert g.puzzle.to_payload() == line
    assert str(g) == g.puzzle.to_text()
    assert repr(g) == f"Generated(puzzle={g.puzzle!r}, seed=3)"
    # Rated by the variant logic, as the CLI rates it.
    easy = nsudoku.generate(6, variant="killer", difficulty="easy", hide_totals=True, seed=2)
    assert nsudoku.count(easy.puzzle, limit=2) == 1
    (made,) = cli("generate", "--variant", "killer", "--size", "6", "--difficulty", "easy", "--hide-totals", "--seed", "2", "-f", "json")
    assert easy.puzzle.to_payload() == made["payload"]
    assert (easy.rating.er, easy.rating.level) == (made["er"], made["level"]) and made["level"] == "easy"
    thermo = nsudoku.generate(6, variant="thermo", rating=(2.5, 3.0), seed=1)
    assert 2.5 <= thermo.rating.er <= 3.0
    assert nsudoku.count(thermo.puzzle, limit=2) == 1


def test_generate_variant_refuses_what_it_cannot_make():
    with pytest.raises(ValueError, match="unknown variant kind"):
        nsudoku.generate(variant="nonsense")
    with pytest.raises(ValueError, match="killer combines"):
        nsudoku.generate(variant="killer,thermo")
    with pytest.raises(ValueError, match="4×4 to 16×16"):
        nsudoku.generate(25, variant="killer")
    with pytest.raises(ValueError, match="box"):
        nsudoku.generate(variant="killer", box="3x3")
    with pytest.raises(ValueError, match="hide_totals"):
        nsudoku.generate(variant="diagonal", hide_totals=True)
    with pytest.raises(ValueError, match="hide_totals"):
        nsudoku.generate_many(2, hide_totals=True)
    with pytest.raises(ValueError, match="givens"):
        nsudoku.generate(variant="diagonal", givens=3)
    with pytest.raises(ValueError, match="givens"):
        nsudoku.generate(givens=3)
    with pytest.raises(ValueError, match="givens"):
        nsudoku.generate(4, variant="killer", givens=17)
    with pytest.raises(ValueError, match="not both"):
        nsudoku.generate(variant="killer", difficulty="easy", rating=(1.0, 2.0))
    # A band no puzzle falls in: Timeout when the time runs out first.
    with pytest.raises(nsudoku.Timeout):
        nsudoku.generate(variant="killer", rating=(1.0, 1.0), seed=1, timeout=0.2)


def test_generate_many_variant_equals_the_cli_on_any_threads(cli):
    expected = cli("generate", "--variant", "jigsaw", "--size", "6", "-n", "6", "--seed", "5", "--to", "payload", json_output=False)
    for threads in (1, 2):
        puzzles, solutions = nsudoku.generate_many(6, 6, variant="jigsaw", seed=5, threads=threads)
        assert solutions.shape == (6, 36) and solutions.dtype == np.uint8
        assert [p.to_payload() for p in puzzles] == expected
    for p, s in zip(puzzles, solutions):
        assert nsudoku.count(p, limit=2) == 1
        assert nsudoku.check(p, grid=s.reshape(6, 6).tolist()) == []
    # None, and zeros, for a puzzle not found in time.
    missed, zeros = nsudoku.generate_many(2, variant="killer", rating=(1.0, 1.0), seed=1, timeout=0.1)
    assert missed == [None, None] and not zeros.any()


def test_killers_with_a_number_of_givens_and_rated_in_batches(cli):
    g = nsudoku.generate(6, variant="killer", givens=5, seed=3)
    assert g.puzzle.givens.clues == 5
    assert nsudoku.count(g.puzzle, limit=2) == 1 and nsudoku.solve(g.puzzle) == g.solution
    (made,) = cli("generate", "--variant", "killer", "--size", "6", "--givens", "5", "--seed", "3", "--to", "payload", json_output=False)
    assert g.puzzle.to_payload() == made
    # rate_many on variant puzzles: as rate rates each one.
    puzzles = [p.to_payload() for p in nsudoku.generate_many(3, 6, variant="killer", givens=2, seed=1)[0]]
    er, status = nsudoku.rate_many(puzzles + ["not a puzzle"], threads=2)
    assert status.tolist() == ["rated"] * 3 + ["invalid"]
    assert er[:3].tolist() == [nsudoku.rate(p).er for p in puzzles]
