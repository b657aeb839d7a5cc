"""Reasoning: explain, hint and rate, against the CLI's answers."""

from __future__ import annotations

import pytest

import nsudoku
from conftest import EASY, EASY_SOLUTION, RATED, TOP1465, lines
from test_single import NO_SOLUTION

#: The README's example: solved by logic in 59 steps, hardest a pointing (2.6).
MEDIUM = "000801000000456000008020600100080003090000010700203005013000420050000090000302000"


def full_grid(n: int, b: int) -> list[int]:
    """A complete N×N grid with b×b boxes, by the usual pattern."""
    return [(b * (r % b) + r // b + c) % n + 1 for r in range(n) for c in range(n)]


def test_explain_gives_the_steps_as_objects():
    e = nsudoku.explain(MEDIUM)
    assert (e.status, e.solved, e.unique, len(e), e.hardest) == ("solved", True, True, 59, 2.6)
    first = e[0]
    assert first.text == str(first) == "r2c3 = 1: hidden single 1 in box 1"
    assert (first.technique, first.name, first.er) == ("hidden_single", "hidden single", 1.2)
    assert first.placements == [(1, 2, 1)] and first.eliminations == []
    assert first.reason == "hidden single 1 in box 1" and first.houses == ["box 1"]
    assert first.digits == [1] and (1, 2) in first.cells
    assert e[-1].text == e.steps[-1].text and [s.text for s in e] == [s.text for s in e.steps]
    pointing = next(s for s in e if s.technique == "pointing")
    assert pointing.er == 2.6 and pointing.eliminations and not pointing.placements
    # The steps fill the grid with the solution.
    grid = [0 if c == "0" else int(c) for c in MEDIUM]
    for step in e:
        for r, c, d in step.placements:
            grid[r * 9 + c] = d
    assert grid == [v for row in nsudoku.solve(MEDIUM).rows for v in row]
    assert repr(e) == "Explanation(status='solved', steps=59, hardest=2.6)"


def test_explain_equals_the_cli(cli):
    puzzle = lines(TOP1465)[2]
    steps = [o for o in cli("explain", "-f", "json", input=puzzle) if "step" in o]
    e = nsudoku.explain(puzzle)
    assert [(s.technique, s.er) for s in e] == [(o["technique"], o["difficulty"]) for o in steps]
    assert [s.placements for s in e] == [
        [(p["row"] - 1, p["col"] - 1, p["digit"]) for p in o["placements"]] for o in steps
    ]


def test_explain_raises():
    with pytest.raises(nsudoku.NoSolution):
        nsudoku.explain(NO_SOLUTION)
    with pytest.raises(nsudoku.InvalidPuzzle):
        nsudoku.explain("55" + EASY[2:])
    with pytest.raises(nsudoku.Timeout, match="timed out after 0 s"):
        nsudoku.explain(lines(TOP1465)[0], timeout=0)
    # Several solutions: explained as far as logic goes, without the uniqueness techniques.
    # The solution with a deadly pattern emptied (r4c6, r4c9, r5c6, r5c9: 3 and 1 swap), two
    # solutions that no technique tells apart. (An empty grid takes the nested chains minutes.)
    two = "53467891267219534819834256785976.42.42685.79.713924856961537284287419635345286179"
    assert nsudoku.count(two) == 2
    e = nsudoku.explain(two)
    assert not e.unique and e.status == "stuck" and len(e) == 0


def test_rate():
    r = nsudoku.rate(MEDIUM)
    assert (r.er, r.level, r.hardest, r.outcome) == (2.6, "medium", "pointing", "solved")
    assert r.ed == 1.2 and r.steps > 0
    assert repr(r) == "Rating(er=2.6, level='medium', hardest='pointing')"
    assert nsudoku.rate(EASY_SOLUTION).hardest is None
    assert nsudoku.rate(MEDIUM, scale="classic").er == 2.6
    with pytest.raises(ValueError, match="scale"):
        nsudoku.rate(MEDIUM, scale="hard")
    with pytest.raises(nsudoku.MultipleSolutions, match="only unique puzzles are rated"):
        nsudoku.rate("." * 81)
    with pytest.raises(nsudoku.NoSolution):
        nsudoku.rate(NO_SOLUTION)
    with pytest.raises(nsudoku.Timeout):
        nsudoku.rate(lines(TOP1465)[0], timeout=0)
    # Reasoning stops at 64×64: the error is nsudoku.Error itself.
    with pytest.raises(nsudoku.Error, match="up to 64×64") as caught:
        nsudoku.rate(full_grid(81, 9))
    assert type(caught.value) is nsudoku.Error


def test_ratings_equal_the_cli_and_the_published_ones(cli):
    rows = [l.split() for l in lines(RATED)][:30]
    puzzles = [p for _, p, _ in rows]
    out = cli("rate", "-f", "json", input="\n".join(puzzles))
    for p, o in zip(puzzles, out):
        r = nsudoku.rate(p)
        assert (r.er, r.ed, r.level, r.hardest, r.steps) == (o["er"], o["ed"], o["level"], o["hardest"], o["steps"])
    # Sukaku Explainer's ratings, as the sample gives them: most within 0.5 (docs/benchmarks.md,
    # rating agreement).
    agree = sum(abs(nsudoku.rate(p).er - float(er)) <= 0.5 for _, p, er in rows)
    assert agree >= 0.8 * len(rows)


def test_hint():
    h = nsudoku.hint(MEDIUM)
    assert (h.status, str(h)) == ("hint", "r2c3 = 1: hidden single 1 in box 1")
    assert h.step.placements == [(1, 2, 1)] and h.mistakes == []
    # A wrong entry, found against the givens.
    d = next(d for d in "2345" if not nsudoku.check(d + MEDIUM[1:]))
    h = nsudoku.hint(d + MEDIUM[1:], givens=MEDIUM)
    assert h.status == "wrong_entries" and h.step is None
    assert h.mistakes == [(0, 0, int(d))] and str(h) == f"r1c1 holds {d}, which is wrong"
    # Pencil marks that rule out the right digit (r1c1 is 6 in the solution).
    solution = str(nsudoku.solve(MEDIUM))
    assert solution[0] == "6"
    marks = " ".join(["12"] + ["."] * 80)
    h = nsudoku.hint(MEDIUM, marks=marks)
    assert h.mistakes == [(0, 0, None)] and "pencil marks rule out" in str(h)
    assert nsudoku.hint(solution).status == "solved"
    with pytest.raises(nsudoku.MultipleSolutions):
        nsudoku.hint("." * 81)
    with pytest.raises(nsudoku.NoSolution):
        nsudoku.hint(NO_SOLUTION)
    with pytest.raises(nsudoku.InvalidPuzzle, match="pencil-mark tokens"):
        nsudoku.hint(MEDIUM, marks="12 3")


def test_hint_equals_the_cli(cli):
    for puzzle in lines(TOP1465)[:4]:
        (o,) = cli("hint", "-f", "json", input=puzzle)
        h = nsudoku.hint(puzzle)
        assert o["status"] == h.status == "hint"
        assert o["step"]["technique"] == h.step.technique and o["step"]["reason"] == h.step.reason
