"""For setters: ``setter`` (the clues that can go, a minimal set; the givens that fix a puzzle
with several solutions) and ``estimate``, each answer checked by counting again (a clue said to
go, taken away, leaves the puzzle unique; a fix, given, makes it unique), by a plain Python
search (``brute_count``) and against the command line's JSON."""

from __future__ import annotations

import time

import pytest

import nsudoku
from conftest import EASY, brute_count, pressing_ctrl_c

#: ``EASY`` with r1c3 of its solution given too.
ONE_TOO_MANY = "534070000600195000098000060800060003400803001700020006060000280000419005000080079"
#: ``EASY`` less r1c1 to r1c3: two solutions.
TWO = "000070000600195000098000060800060003400803001700020006060000280000419005000080079"
#: A 4×4 killer with two givens.
KILLER = (
    "..3.\n..1.\n....\n....\nkiller 3 r1c1-2\nkiller 7 r1c3-4\nkiller 7 r2c1-2\nkiller 3 r2c3-4\n"
    "killer 6 r3c1 r4c1\nkiller 4 r3c2 r4c2\nkiller 7 r3c3-4\nkiller 3 r4c3-4\n"
)


def at(cell: str) -> int:
    """The row-major index of ``r1c3``."""
    r, c = cell[1:].split("c")
    return (int(r) - 1) * 9 + int(c) - 1


def put(puzzle: str, cell: str, digit: int) -> str:
    i = at(cell)
    return puzzle[:i] + str(digit) + puzzle[i + 1 :]


def test_the_clues_that_can_go_can_go():
    answer = nsudoku.setter(ONE_TOO_MANY)
    assert answer["status"] == "unique" and answer["complete"]
    assert "".join(map(str, sum(answer["solution"], []))) == str(nsudoku.solve(ONE_TOO_MANY))
    for clue in answer["clues"]:
        assert clue["kind"] == "given"
        fewer = put(ONE_TOO_MANY, clue["cell"], 0)
        assert clue["redundant"] == (nsudoku.count(fewer, limit=2) == 1), clue
    assert answer["redundant"] == sum(c["redundant"] for c in answer["clues"]) == 23


def test_a_minimal_set_needs_every_clue_it_keeps():
    answer = nsudoku.setter(EASY, minimal=True, seed=3)
    minimal = answer["minimal"]
    assert minimal["minimal"]
    line = "".join(minimal["puzzle"].split()).replace(".", "0")
    assert nsudoku.is_unique(line)
    for i, c in enumerate(line):
        if c != "0":
            assert not nsudoku.is_unique(line[:i] + "0" + line[i + 1 :])
    assert nsudoku.setter(EASY, minimal=True, seed=3)["minimal"] == minimal


def test_fixes_make_a_puzzle_unique_and_count_as_brute_force_does():
    answer = nsudoku.setter(TWO, fixes=20)
    assert answer["status"] == "multiple"
    assert (answer["count"], answer["exact"], answer["unique_fixes"]) == (2, True, 12)
    assert len(answer["solutions"]) == 2 and answer["differ"] == ["r1c1", "r1c2", "r1c3", "r9c1", "r9c2", "r9c3"]
    for fix in answer["fixes"]:
        fixed = put(TWO, fix["cell"], fix["digit"])
        assert fix["count"] == 1 and nsudoku.is_unique(fixed), fix
    # A 4×4 puzzle with many solutions: each fix's count, by a plain Python search.
    four = "1000000000000002"
    answer = nsudoku.setter(four, fixes=6)
    assert answer["count"] == brute_count([int(c) for c in four])
    for fix in answer["fixes"]:
        r, c = (int(x) for x in fix["cell"][1:].split("c"))
        i = (r - 1) * 4 + c - 1
        given = [int(x) for x in four]
        given[i] = fix["digit"]
        assert fix["count"] == brute_count(given), fix
    counts = [f["count"] for f in answer["fixes"]]
    assert counts == sorted(counts)


def test_the_answer_is_the_command_lines(cli):
    for puzzle in (ONE_TOO_MANY, TWO, KILLER):
        ours = nsudoku.setter(puzzle)
        theirs = cli("setter", "-f", "json", "-", input=puzzle + "\n")[0]
        assert all(ours[k] == theirs[k] for k in ours), puzzle
    killer = nsudoku.setter(KILLER)
    rules = [c for c in killer["clues"] if c["kind"] != "given"]
    assert rules[0] == {**rules[0], "kind": "constraint", "index": 0, "name": "killer", "text": "killer 3 r1c1-2"}


def test_estimate_lands_near_a_count_known():
    # 28,200,960 grids of 6×6.
    e = nsudoku.estimate("0" * 36, box="3x2", seconds=0.5, seed=2)
    # Within four of its standard errors (the probes in half a second may be few).
    assert e["relative_error"] < 0.5 and not e["exact"]
    assert abs(e["count"] / 28_200_960 - 1) < max(4 * e["relative_error"], 0.05)
    small = nsudoku.estimate("1000000000000002")
    assert small["exact"] and small["count"] == brute_count([1] + [0] * 14 + [2])


def test_invalid_puzzles_time_and_ctrl_c():
    with pytest.raises(nsudoku.InvalidPuzzle):
        nsudoku.setter("11" + "0" * 79)
    with pytest.raises(ValueError):
        nsudoku.setter(EASY, limit=1)
    assert nsudoku.setter(EASY, timeout=0)["status"] in ("unique", "timeout")
    # A 36×36 grid with nothing given: interrupted, as every long call is.
    started = time.monotonic()
    with pressing_ctrl_c(), pytest.raises(KeyboardInterrupt):
        nsudoku.setter([[0] * 36] * 36, box="6x6", limit=10**6)
    assert time.monotonic() - started < 10
