"""One puzzle: the forms it comes in, Grid, solve, count, is_unique, check, solutions, and
the exceptions they raise."""

from __future__ import annotations

import pickle
import random
import time

import numpy as np
import pytest

import nsudoku
from conftest import CLASSIC, DATA, EASY, EASY_SOLUTION, assert_solves, brute_count, lines, pressing_ctrl_c

#: A 9×9 puzzle without clashes and without a solution: r1c9 has no candidate left.
NO_SOLUTION = "12345678." + "........9" + "." * 63


def forms(puzzle: str) -> list:
    """The same 9×9 puzzle in every form the functions take."""
    grid = nsudoku.Grid(puzzle)
    array = grid.to_numpy()
    return [
        puzzle,
        puzzle.encode(),
        "\n".join(puzzle[i : i + 9] for i in range(0, 81, 9)),
        grid.pretty(),
        [puzzle[i : i + 9] for i in range(0, 81, 9)],
        grid.rows,
        [[v or None for v in row] for row in grid.rows],
        array,
        array.ravel(),
        array.astype(np.int64),
        array.astype(np.uint16).ravel().tolist(),
        tuple(array.ravel().tolist()),
        grid,
    ]


@pytest.mark.parametrize("index", range(13))
def test_every_form_of_a_puzzle_reads_to_the_same_grid_and_solution(index):
    puzzle = forms(EASY)[index]
    assert nsudoku.Grid(puzzle) == nsudoku.Grid(EASY)
    solution = nsudoku.solve(puzzle)
    assert str(solution) == EASY_SOLUTION
    assert_solves(solution.to_numpy(), EASY)


def test_the_classic_puzzles_solve_to_their_solutions():
    puzzles = lines(CLASSIC)
    solutions = lines(DATA / "9x9" / "classic.sol")
    assert len(puzzles) == len(solutions) == 5
    for p, s in zip(puzzles, solutions):
        assert str(nsudoku.solve(p)) == s
        assert_solves(nsudoku.solve(p).rows, p)


def test_grid_attributes():
    g = nsudoku.solve(EASY)
    assert (g.size, g.box, g.clues) == (9, "3x3", 81)
    assert g.rows[0] == [5, 3, 4, 6, 7, 8, 9, 1, 2]
    a = g.to_numpy()
    assert a.dtype == np.uint8 and a.shape == (9, 9)
    assert a[8, 8] == g[8, 8] == g[-1, -1] == 9 and g[0, 1] == 3
    with pytest.raises(IndexError):
        g[9, 0]
    assert repr(g) == f"Grid('{EASY_SOLUTION}')"
    assert g.is_solution_of(nsudoku.Grid(EASY))
    assert not nsudoku.Grid(EASY).is_solution_of(g)
    assert nsudoku.Grid(EASY).clues == 30
    # Equal grids are equal, hash alike and survive pickling.
    assert g == nsudoku.Grid(EASY_SOLUTION) and hash(g) == hash(nsudoku.Grid(EASY_SOLUTION))
    assert g != nsudoku.Grid(EASY)
    assert pickle.loads(pickle.dumps(g)) == g
    # Every text form reads back.
    assert nsudoku.Grid(g.pretty()) == g == nsudoku.Grid(g.line()) == nsudoku.Grid(str(g))


def test_str_is_a_line_up_to_9x9_and_rows_of_numbers_beyond():
    assert str(nsudoku.Grid("1..." * 4)) == "1..." * 4
    g = nsudoku.solve("." * 256, first=True)
    rows = str(g).splitlines()
    assert len(rows) == 16 and all(len(r.split()) == 16 for r in rows)
    assert sorted(int(v) for v in rows[0].split()) == list(range(1, 17))
    assert nsudoku.Grid(str(g)) == g
    assert g.line() == nsudoku.Grid(g.line()).line() and "G" in g.line()
    big = nsudoku.Grid([0] * (256 * 256))
    assert big.to_numpy().dtype == np.uint16 and big.size == 256
    assert repr(big) == "<nsudoku.Grid 256x256, box 16x16, 0 clues>"


def test_rectangular_boxes():
    g = nsudoku.solve("." * 36, box="3x2", first=True)
    assert (g.size, g.box) == (6, "3x2")
    assert_solves(g.rows, [0] * 36, box="3x2")
    assert nsudoku.solve("." * 36, box=(3, 2), first=True).box == "3x2"
    assert repr(g).endswith(", box='3x2')")
    with pytest.raises(nsudoku.InvalidPuzzle, match="no square boxes; name the box shape"):
        nsudoku.solve("." * 36)
    with pytest.raises(ValueError, match="box"):
        nsudoku.solve("." * 36, box="3x")
    with pytest.raises(nsudoku.InvalidPuzzle, match="wrong cell count"):
        nsudoku.solve("." * 36, box="3x3")


def test_count_and_uniqueness():
    assert nsudoku.count("." * 16) == 288
    assert nsudoku.count("." * 16, limit=10) == 10
    assert nsudoku.count(EASY) == 1
    assert nsudoku.count(NO_SOLUTION) == 0
    assert nsudoku.count("." * 36, box="2x3", limit=5) == 5
    assert nsudoku.is_unique(EASY) and not nsudoku.is_unique("." * 81)
    assert not nsudoku.is_unique(NO_SOLUTION)


def test_counts_agree_with_a_second_engine():
    rng = random.Random(5)
    for _ in range(40):
        grid = nsudoku.solve("." * 16, first=True).rows
        values = [v if rng.random() < 0.35 else 0 for row in grid for v in row]
        # Now and then a clue that may leave no solution, without a clash.
        i = rng.randrange(16)
        if values[i] == 0 and rng.random() < 0.5:
            values[i] = rng.randint(1, 4)
            if nsudoku.check(values):
                values[i] = 0
        assert nsudoku.count(values) == brute_count(values)
    for _ in range(10):
        values = [0] * 36
        for i in rng.sample(range(36), 6):
            values[i] = rng.randint(1, 6)
        if nsudoku.check(values, box="3x2"):
            continue
        assert nsudoku.count(values, box="3x2", limit=100000) == brute_count(values, box="3x2")


def test_check_names_every_problem_and_where():
    assert nsudoku.check(EASY) == []
    problems = nsudoku.check("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    assert [p.message for p in problems] == [
        "duplicate 5 in row 1: r1c1 and r1c2",
        "duplicate 5 in box 1: r1c1 and r1c2",
    ]
    assert problems[0].kind == "duplicate" and problems[0].cells == [(0, 0), (0, 1)]
    (bad,) = nsudoku.check("53x" + EASY[3:])
    assert (bad.kind, bad.line, bad.column) == ("bad_symbol", 1, 3)
    assert str(bad) == "bad symbol 'x' at line 1, column 3"
    (short,) = nsudoku.check(EASY[:80])
    assert short.kind == "cell_count" and "found 80, expected 81" in short.message
    rows = nsudoku.Grid(EASY).rows
    rows[0][2] = 10
    rows[4][4] = "x"
    out_of_range, not_a_number = nsudoku.check(rows)
    assert out_of_range.message == "value 10 out of range 1..9 at r1c3"
    assert out_of_range.cells == [(0, 2)] and out_of_range.kind == "value_out_of_range"
    assert not_a_number.message == "bad value 'x' at r5c5: not a number"
    rows = nsudoku.Grid(EASY).rows
    rows[3] = rows[3][:8]
    (ragged,) = nsudoku.check(rows)
    assert ragged.message == "row 4 has 8 values, expected 9"
    # A megabyte of garbage: 100 problems, then a count.
    many = nsudoku.check("x" * 1000)
    assert len(many) == 101 and many[-1].kind == "more" and many[-1].message == "… and 900 more"


def test_exceptions():
    assert issubclass(nsudoku.InvalidPuzzle, ValueError)
    for e in (nsudoku.InvalidPuzzle, nsudoku.NoSolution, nsudoku.MultipleSolutions, nsudoku.Timeout):
        assert issubclass(e, nsudoku.Error)
    with pytest.raises(nsudoku.InvalidPuzzle) as caught:
        nsudoku.solve("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    assert str(caught.value) == "duplicate 5 in row 1: r1c1 and r1c2; duplicate 5 in box 1: r1c1 and r1c2"
    assert [p.cells for p in caught.value.errors] == [[(0, 0), (0, 1)]] * 2
    with pytest.raises(nsudoku.InvalidPuzzle, match=r"bad symbol 'x' at line 1, column 3"):
        nsudoku.count("53x" + EASY[3:])
    with pytest.raises(nsudoku.InvalidPuzzle, match=r"; and \d+ more \(see .errors\)"):
        nsudoku.solve("x" * 100)
    with pytest.raises(nsudoku.NoSolution):
        nsudoku.solve(NO_SOLUTION)
    with pytest.raises(nsudoku.MultipleSolutions):
        nsudoku.solve("." * 81)
    assert_solves(nsudoku.solve("." * 81, first=True).rows, [0] * 81)
    with pytest.raises(TypeError, match="expected a puzzle"):
        nsudoku.solve(5)
    with pytest.raises(nsudoku.InvalidPuzzle, match="too_long|no puzzle is longer"):
        nsudoku.solve("." * (17 << 20))


def test_timeouts_bound_every_search():
    start = time.monotonic()
    with pytest.raises(nsudoku.Timeout, match="timed out after 0.05 s"):
        nsudoku.count("." * 81, limit=10**9, timeout=0.05)
    with pytest.raises(nsudoku.Timeout):
        nsudoku.count("." * 256, limit=10**9, timeout=0.05)
    assert time.monotonic() - start < 5
    with pytest.raises(ValueError, match="timeout"):
        nsudoku.solve(EASY, timeout=-1)
    assert str(nsudoku.solve(EASY, timeout=1e30)) == EASY_SOLUTION


def test_solutions_are_lazy_and_distinct():
    all_4x4 = list(nsudoku.solutions("." * 16, limit=None))
    assert len(all_4x4) == 288 == len({str(g) for g in all_4x4})
    for g in all_4x4[:20]:
        assert_solves(g.rows, [0] * 16)
    assert len(list(nsudoku.solutions("." * 81, limit=5))) == 5
    assert [str(g) for g in nsudoku.solutions(EASY)] == [EASY_SOLUTION]
    assert list(nsudoku.solutions(NO_SOLUTION)) == []
    endless = nsudoku.solutions("." * 81, limit=None, timeout=0.05)
    with pytest.raises(nsudoku.Timeout):
        for _ in endless:
            pass
    with pytest.raises(nsudoku.InvalidPuzzle):
        nsudoku.solutions("x")


def test_ctrl_c_stops_a_long_search():
    # interrupt_main() acts as Ctrl-C does: the search stops and KeyboardInterrupt is raised.
    start = time.monotonic()
    with pressing_ctrl_c(), pytest.raises(KeyboardInterrupt):
        nsudoku.count("." * 256, limit=10**12)
    assert time.monotonic() - start < 5


def test_results_equal_the_cli(cli):
    puzzles = lines(DATA / "9x9" / "puzzles5_forum_hardest_1905_11+.sample")
    out = cli("solve", "-f", "json", input="\n".join(puzzles))
    assert len(out) == len(puzzles)
    for p, o in zip(puzzles, out):
        assert o["status"] == "solved"
        assert nsudoku.solve(p).rows == o["grid"]
    out = cli("count", "-f", "json", "--limit", "50", input="\n".join(p[:-20] + "." * 20 for p in puzzles))
    for p, o in zip(puzzles, out):
        assert nsudoku.count(p[:-20] + "." * 20, limit=50) == o["count"]
