"""Pencil-mark (sukaku) puzzles: every function that takes a puzzle takes them as the CLI does,
and every answer is checked here against the candidates and the rules, not the engines."""

from __future__ import annotations

import pickle
import random
from typing import Optional

import numpy as np
import pytest

import nsudoku
from conftest import EASY, EASY_SOLUTION, ROOT, assert_solves, lines

#: The two 729-character puzzles of the README, made from ``EASY_SOLUTION``.
SUKAKU = lines(ROOT / "examples" / "sukaku.txt")
#: A 6×6 drawn as HoDoKu draws candidates (3×2 boxes).
PENCIL_GRID = (ROOT / "examples" / "pencil-grid.txt").read_text()
SIXES_SOLUTION = "123456456123231564564231312645645312"


def candidates(line: str, n: int = 9) -> list[set[int]]:
    """A one-line pencil-mark puzzle's candidates, cell by cell: the ``k``-th character of a
    cell's group is ``k`` when ``k`` is a candidate."""
    assert len(line) == n**3
    return [{k + 1 for k in range(n) if line[i * n + k] == str(k + 1)} for i in range(n * n)]


def drawn(text: str) -> list[set[int]]:
    """A grid of candidate runs (HoDoKu's drawing), cell by cell."""
    runs = [tok for row in text.splitlines() if row.startswith("|") for tok in row.replace("|", " ").split()]
    return [{int(d) for d in run} for run in runs]


def assert_within(solution: object, marks: list[set[int]], box: Optional[str] = None) -> None:
    """``solution`` keeps the rules and puts in every cell one of its candidates."""
    values = np.asarray(solution.to_numpy() if hasattr(solution, "to_numpy") else solution).ravel()
    assert_solves(values, [0] * len(values), box)
    for i, (v, m) in enumerate(zip(values.tolist(), marks)):
        assert v in m, f"cell {i}: {v} is not among {sorted(m)}"


def line_of(marks: list[set[int]], n: int = 9) -> str:
    """Candidates as the 729-character line."""
    return "".join("".join(str(k) if k in m else "." for k in range(1, n + 1)) for m in marks)


def test_one_puzzle_functions_take_the_729_character_line(cli):
    for line in SUKAKU:
        marks = candidates(line)
        solution = nsudoku.solve(line)
        assert_within(solution, marks)
        assert str(solution) == EASY_SOLUTION
        assert nsudoku.count(line) == 1 and nsudoku.is_unique(line)
        assert [str(s) for s in nsudoku.solutions(line)] == [EASY_SOLUTION]
        assert nsudoku.check(line) == []
        # The steps of logic end in the solution: every placement is a candidate of its cell
        # and the solution's digit there.
        steps = nsudoku.explain(line)
        for step in steps:
            for r, c, d in step.placements:
                assert d in marks[r * 9 + c] and int(EASY_SOLUTION[r * 9 + c]) == d
            for r, c, d in step.eliminations:
                assert int(EASY_SOLUTION[r * 9 + c]) != d
        assert nsudoku.hint(line).step.text == steps[0].text
    # As the CLI rates them (the README's `rate examples/sukaku.txt`).
    rated = cli("rate", "-f", "json", "examples/sukaku.txt")
    assert [nsudoku.rate(line).er for line in SUKAKU] == [r["er"] for r in rated] == [3.0, 7.4]


def test_drawn_candidates_and_other_sizes():
    marks = drawn(PENCIL_GRID)
    assert len(marks) == 36
    solution = nsudoku.solve(PENCIL_GRID, box="3x2")
    assert_within(solution, marks, "3x2")
    assert str(solution) == SIXES_SOLUTION
    # The same puzzle on one line: 6 characters a cell, 216 in all, with the box named.
    line = line_of(marks, 6)
    assert len(line) == 216
    assert nsudoku.solve(line, box="3x2") == solution
    assert nsudoku.count(PENCIL_GRID, box="3x2") == 1
    # Its first step is the CLI's (README: `explain examples/pencil-grid.txt`).
    assert nsudoku.explain(PENCIL_GRID, box="3x2")[0].text.startswith("r6c3 = 5: hidden single 5 in box 5")


def test_several_solutions_and_none():
    # Every digit a candidate everywhere but the first row fixed: many solutions, each kept
    # within the marks; one cell left without its solution digit: none.
    marks = [set(range(1, 10)) for _ in range(81)]
    for c in range(9):
        marks[c] = {c + 1}
    line = line_of(marks)
    assert nsudoku.count(line, limit=5) == 5
    for s in nsudoku.solutions(line, limit=5):
        assert_within(s, marks)
    with pytest.raises(nsudoku.MultipleSolutions):
        nsudoku.solve(line)
    assert_within(nsudoku.solve(line, first=True), marks)
    # The solution's digit taken from a cell with others: no solution is left (the puzzle had
    # one, and fewer candidates keep only solutions it had).
    exact = candidates(SUKAKU[0])
    cell = next(i for i, m in enumerate(exact) if len(m) > 1)
    exact[cell].discard(int(EASY_SOLUTION[cell]))
    assert nsudoku.count(line_of(exact)) == 0
    with pytest.raises(nsudoku.NoSolution):
        nsudoku.solve(line_of(exact))


def test_bad_pencil_marks_are_named_with_their_place():
    # A cell without a candidate, and a digit out of its place in the cell's group.
    empty = "." * 9 + SUKAKU[0][9:]
    problems = nsudoku.check(empty)
    assert [p.kind for p in problems] == ["no_candidate"]
    assert problems[0].cells == [(0, 0)] or "r1c1" in problems[0].message
    shifted = "21" + SUKAKU[0][2:]
    with pytest.raises(nsudoku.InvalidPuzzle, match="is not candidate 1") as e:
        nsudoku.solve(shifted)
    assert e.value.errors[0].kind == "misplaced_candidate"


def test_batches_take_pencil_marks():
    rng = random.Random(4)
    batch = []
    for _ in range(6):
        # Each cell keeps its solution digit and, at random, others.
        marks = [{int(d)} | {k for k in range(1, 10) if rng.random() < 0.3} for d in EASY_SOLUTION]
        batch.append(line_of(marks))
    solutions, status = nsudoku.solve_many(batch + ["." * 729], threads=2)
    assert status.tolist()[-1] == "invalid"
    for line, row, s in zip(batch, solutions, status):
        # Loose marks may leave several solutions: each is checked against its own marks.
        if s == "solved":
            assert_within(row, candidates(line))
        else:
            assert s == "multiple" and nsudoku.count(line, limit=2) == 2
    counts, status = nsudoku.count_many(batch, limit=3)
    assert (status == "counted").all()
    assert counts.tolist() == [nsudoku.count(p, limit=3) for p in batch]
    first, _ = nsudoku.solve_many(batch, first=True)
    for line, row in zip(batch, first):
        assert_within(row, candidates(line))


def test_forms_and_copies_refuse_pencil_marks():
    # A transformation moves values, not candidates: a pencil-mark puzzle has no form or copy
    # here rather than a wrong one.
    for call in (nsudoku.canonical, nsudoku.transform):
        with pytest.raises(nsudoku.Error, match="pencil"):
            call(SUKAKU[0])
    forms, status = nsudoku.canonical_many([SUKAKU[0], EASY])
    assert status.tolist() == ["error", "canonical"]
    assert not forms[0].any()


def test_a_grid_of_pencil_marks_keeps_them():
    grid = nsudoku.Grid(SUKAKU[0])
    marks = candidates(SUKAKU[0])
    assert grid.pencil_marks == [[sorted(m) for m in marks[r * 9 : r * 9 + 9]] for r in range(9)]
    assert grid.clues == 0 and nsudoku.Grid(EASY).pencil_marks is None
    # Its line is the puzzle's, reads back, pickles, and goes to batches as candidates.
    assert str(grid) == grid.line() == SUKAKU[0]
    assert nsudoku.Grid(str(grid)) == grid == eval("nsudoku." + repr(grid))
    assert pickle.loads(pickle.dumps(grid)) == grid
    assert str(nsudoku.solve(grid)) == EASY_SOLUTION
    solutions, status = nsudoku.solve_many([grid, nsudoku.Grid(EASY)])
    assert status.tolist() == ["solved", "solved"]
    assert nsudoku.to_lines(solutions) == [EASY_SOLUTION, EASY_SOLUTION]
    six = nsudoku.Grid(PENCIL_GRID, box="3x2")
    assert len(six.line()) == 216 and pickle.loads(pickle.dumps(six)) == six
    assert repr(six).endswith("box='3x2')")
