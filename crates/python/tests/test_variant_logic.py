"""Reasoning on variant puzzles: explain, hint and rate take a ``Variant`` or any variant text,
and their steps name the constraints they use (as players name them, and by their index in
``Variant.constraints``); a killer solved by hints; the player's mistakes; refusals."""

from __future__ import annotations

import pytest

import nsudoku

#: A 4×4 killer (``nsudoku generate --variant killer --size 4 --seed 1 --to text``): its cages
#: alone, one solution; its first cage (r1c1 and r2c1, total 4) is the first step.
KILLER = (
    "....\n....\n....\n....\nkiller 4 r1-2c1\nkiller 2 r1c2\nkiller 7 r1c3-4 r2c3\n"
    "killer 9 r2c2 r3c1-2\nkiller 7 r2-3c4\nkiller 6 r3-4c3 r4c4\nkiller 5 r4c1-2\n"
)


def forms() -> list:
    v = nsudoku.Variant(KILLER)
    return [KILLER, v, v.to_payload(), v.to_link(), v.to_fpuzzles()]


@pytest.mark.parametrize("form", range(5), ids=["text", "Variant", "payload", "link", "dict"])
def test_explain_names_the_cages_and_places_the_solution(form):
    puzzle = forms()[form]
    solution = nsudoku.solve(puzzle)
    e = nsudoku.explain(puzzle)
    assert (e.status, e.unique, e.hardest) == ("solved", True, 2.0)
    first = e[0]
    assert first.technique == "constraint_logic"
    assert first.constraints == ["killer cage 4 r1c1,r2c1"] and first.constraint_indices == [0]
    assert nsudoku.Variant(KILLER).constraints[0] == "killer"
    grid = [[0] * 4 for _ in range(4)]
    for step in e:
        for r, c, d in step.placements:
            grid[r][c] = d
        for r, c, d in step.eliminations:
            assert solution.rows[r][c] != d, step
        for i in step.constraint_indices:
            assert i is None or 0 <= i < 7
    assert grid == [list(r) for r in solution.rows]
    assert all(not s.constraints for s in e if s.technique == "hidden_single")


def test_rate_gives_the_hardest_step():
    r = nsudoku.rate(nsudoku.Variant(KILLER))
    assert (r.er, r.level, r.hardest, r.outcome, r.steps) == (2.0, "easy", "constraint_logic", "solved", 21)


def test_a_killer_is_solved_by_hints():
    v = nsudoku.Variant(KILLER)
    solution = [d for row in nsudoku.solve(v).rows for d in row]
    grid = [0] * 16
    marks = [set(range(1, 5)) for _ in range(16)]
    cages = 0
    for _ in range(40):
        text = " ".join("".join(map(str, sorted(m))) if not grid[i] else "." for i, m in enumerate(marks))
        h = nsudoku.hint(grid, givens=v, marks=text)
        if h.status == "solved":
            break
        assert h.status == "hint", h
        cages += any(v.constraints[i] == "killer" for i in h.step.constraint_indices if i is not None)
        for r, c, d in h.step.placements:
            grid[r * 4 + c] = d
        for r, c, d in h.step.eliminations:
            marks[r * 4 + c].discard(d)
    assert grid == solution and cages > 0
    assert nsudoku.hint(v).step.constraints == ["killer cage 4 r1c1,r2c1"]


def test_a_variant_hint_reports_mistakes_and_refuses_what_does_not_fit():
    v = nsudoku.Variant(KILLER)
    solution = [d for row in nsudoku.solve(v).rows for d in row]
    wrong = [0] * 16
    wrong[1] = 4 if solution[1] != 4 else 3
    h = nsudoku.hint(wrong, givens=KILLER)
    assert (h.status, h.mistakes) == ("wrong_entries", [(0, 1, wrong[1])])
    marks = " ".join(["".join(str(d) for d in range(1, 5) if d != solution[0])] + ["."] * 15)
    assert nsudoku.hint(v, marks=marks).mistakes == [(0, 0, None)]
    with pytest.raises(nsudoku.InvalidPuzzle):
        nsudoku.hint([0] * 81, givens=v)
    with pytest.raises(ValueError, match="player's grid"):
        nsudoku.hint(v, givens=v)
    with pytest.raises(ValueError, match="box"):
        nsudoku.explain(v, box="2x2")
    several = "size: 4\nkiller 3 r1c1-2\n"
    with pytest.raises(nsudoku.MultipleSolutions):
        nsudoku.rate(several)
    with pytest.raises(nsudoku.MultipleSolutions):
        nsudoku.hint(several)
    with pytest.raises(nsudoku.InvalidPuzzle):
        nsudoku.explain("3...\n....\n....\n....\nkiller 3 r1c1-2\n")
    with pytest.raises(nsudoku.Timeout):
        nsudoku.explain(v, timeout=0)
