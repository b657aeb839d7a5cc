"""Variant puzzles: every dev puzzle solved from a payload, a link and a dict; counted; the
solutions of an open puzzle found, checked by ``check`` and by a plain search in Python; batches;
``Variant`` and its round trips; the functions that refuse variant puzzles; bad input."""

from __future__ import annotations

import itertools
import json
import pickle
import time
import urllib.parse
import warnings

import numpy as np
import pytest

import nsudoku
from conftest import DATA, EASY, EASY_SOLUTION, pressing_ctrl_c

#: The dev set: 85 puzzles of f-puzzles (CC BY 4.0), each with its solution.
DEV = [json.loads(l) for l in (DATA / "variants" / "dev.jsonl").read_text().splitlines() if l.strip()]
IDS = [d["name"] for d in DEV]

#: A 4×4 puzzle of the text form with several solutions.
OPEN = "size: 4\nthermo r1c1-3\nkiller 5 r3c1-2\n"

#: The docs' first example: one solution.
LITTLE = "....\n....\n..4.\n....\nthermo r2c1-4\nkiller 5 r3c1-2\n"
LITTLE_SOLUTION = "3412123423414123"


def link(payload: str) -> str:
    """An f-puzzles link, its payload encoded as a query value."""
    return "https://f-puzzles.com/?load=" + urllib.parse.quote(payload, safe="")


def document(payload: str) -> dict:
    """The f-puzzles document of a payload, as a dict (through Variant's JSON)."""
    return json.loads(nsudoku.Variant(payload).to_json())


def test_the_dev_set_is_there():
    assert len(DEV) == 85
    assert {len(d["solution"]) for d in DEV} == {36, 81}


@pytest.mark.parametrize("d", DEV, ids=IDS)
def test_every_dev_puzzle_is_solved_from_a_payload_a_link_and_a_dict(d):
    payload, solution = d["fpuzzles"], d["solution"]
    for form in (payload, link(payload), document(payload), nsudoku.Variant(payload)):
        grid = nsudoku.solve(form)
        assert str(grid) == solution
        assert grid.size ** 2 == len(solution)
    assert nsudoku.count(payload, limit=5) == 1
    assert nsudoku.is_unique(link(payload))
    # The solution breaks no rule; a digit changed breaks one.
    v = nsudoku.Variant(payload)
    assert nsudoku.check(v, grid=solution) == []
    assert nsudoku.check(v) == []
    wrong = list(solution)
    i = [x for row in v.givens.rows for x in row].index(0)
    wrong[i] = "1" if solution[i] != "1" else "2"
    assert nsudoku.check(v, grid="".join(wrong)) != []


def all_4x4_grids():
    """Every 4×4 sudoku grid (2×2 boxes), by plain enumeration: 288 of them."""
    rows = list(itertools.permutations(range(1, 5)))
    for r1, r2, r3, r4 in itertools.product(rows, repeat=4):
        g = (r1, r2, r3, r4)
        if any(len({g[r][c] for r in range(4)}) < 4 for c in range(4)):
            continue
        boxes = [{g[r][c] for r in rr for c in cc} for rr in ((0, 1), (2, 3)) for cc in ((0, 1), (2, 3))]
        if all(len(b) == 4 for b in boxes):
            yield g


def test_the_solutions_of_an_open_puzzle_are_those_a_plain_search_finds_and_check_accepts():
    expected = {
        "".join(map(str, itertools.chain(*g)))
        for g in all_4x4_grids()
        # thermo r1c1-3: increasing; killer 5 r3c1-2: different digits adding up to 5.
        if g[0][0] < g[0][1] < g[0][2] and g[2][0] + g[2][1] == 5 and g[2][0] != g[2][1]
    }
    assert len(list(all_4x4_grids())) == 288 and 1 < len(expected) < 288
    found = [str(s) for s in nsudoku.solutions(OPEN, limit=None)]
    assert len(found) == len(set(found)) and set(found) == expected
    assert nsudoku.count(OPEN) == len(expected)
    assert not nsudoku.is_unique(OPEN)
    assert list(map(str, nsudoku.solutions(OPEN, limit=3))) == found[:3]
    for s in found:
        assert nsudoku.check(OPEN, grid=s) == []
    # Every other grid breaks a rule of the puzzle, and check names it.
    for g in all_4x4_grids():
        s = "".join(map(str, itertools.chain(*g)))
        if s not in expected:
            broken = nsudoku.check(OPEN, grid=s)
            assert broken and {b.name for b in broken} <= {"thermo", "killer"}
    with pytest.raises(nsudoku.MultipleSolutions):
        nsudoku.solve(OPEN)
    assert str(nsudoku.solve(OPEN, first=True)) == found[0]


def test_check_names_the_rule_its_cells_and_the_constraint():
    v = nsudoku.Variant(LITTLE)
    assert v.constraints == ["thermo", "killer"]
    # The solution with every digit d made 5 - d: a sudoku grid whose row 2 runs down.
    grid = "".join(str(5 - int(c)) for c in LITTLE_SOLUTION)
    broken = nsudoku.check(v, grid=grid)
    assert broken, grid
    thermo = [b for b in broken if b.name == "thermo"]
    assert thermo and thermo[0].constraint == 0 and set(thermo[0].cells) <= {(1, c) for c in range(4)}
    assert "r2c" in thermo[0].message and str(thermo[0]) == thermo[0].message
    # A repeated digit is a sudoku rule, not a constraint's; a partial grid is checked for what
    # its empty cells cannot mend.
    sudoku = nsudoku.check(v, grid="11" + "." * 14)
    assert [(b.name, b.constraint) for b in sudoku if b.name == "sudoku"] == [("sudoku", None)] * 2
    assert nsudoku.check(v, grid="3" + "." * 15) == []
    assert nsudoku.check(v, grid=nsudoku.solve(v)) == []
    assert nsudoku.check(v, grid=np.array([int(c) for c in LITTLE_SOLUTION]).reshape(4, 4)) == []
    # A classic puzzle's grid is checked the same way.
    assert nsudoku.check(EASY, grid=EASY_SOLUTION) == []
    assert [b.name for b in nsudoku.check(EASY, grid="9" + EASY_SOLUTION[1:])] == ["sudoku"] * 4
    with pytest.raises(nsudoku.InvalidPuzzle):
        nsudoku.check(v, grid="123")


def test_givens_that_break_a_rule_make_an_invalid_puzzle():
    # r1c1 = 3, r1c2 = 1 on a thermo rising from r1c1.
    clash = "31..\n....\n....\n....\nthermo r1c1-2\n"
    assert [b.name for b in nsudoku.check(clash)] == ["thermo"]
    with pytest.raises(nsudoku.InvalidPuzzle) as e:
        nsudoku.solve(clash)
    assert e.value.errors[0].kind == "broken" and e.value.errors[0].at == "constraints[0]"
    assert set(e.value.errors[0].cells) == {(0, 0), (0, 1)}
    assert nsudoku.count_many([clash])[1].tolist() == ["invalid"]


def test_a_batch_of_links_is_solved_in_order():
    links = [link(d["fpuzzles"]) for d in DEV if len(d["solution"]) == 81]
    solutions, status = nsudoku.solve_many(links, threads=2)
    assert solutions.shape == (len(links), 81) and solutions.dtype == np.uint8
    assert status.tolist() == ["solved"] * len(links)
    expected = [d["solution"] for d in DEV if len(d["solution"]) == 81]
    assert nsudoku.to_lines(solutions) == expected
    counts, status = nsudoku.count_many([d["fpuzzles"] for d in DEV], limit=3)
    assert counts.tolist() == [1] * len(DEV) and status.tolist() == ["counted"] * len(DEV)


def test_a_mixed_batch_gives_each_puzzle_its_status():
    nine = next(d for d in DEV if len(d["solution"]) == 81)
    six = next(d for d in DEV if len(d["solution"]) == 36)
    batch = [
        nine["fpuzzles"],  # the batch's size: 9
        six["fpuzzles"],  # another size
        "https://f-puzzles.com/?load=N4Ig!!!",  # does not read
        None,
        OPEN.replace("size: 4", "size: 9"),  # several solutions
        "size: 9\nkiller 3 r1c1-3\n",  # no solution: three digits never add up to 3
        EASY,  # a classic puzzle among variant ones
    ]
    solutions, status = nsudoku.solve_many(batch)
    assert status.tolist() == ["solved", "invalid", "invalid", "invalid", "multiple", "invalid", "solved"]
    assert nsudoku.to_lines(solutions[[0, 6]]) == [nine["solution"], EASY_SOLUTION]
    assert not solutions[1:6].any()
    _, status = nsudoku.solve_many(["size: 9\nkiller 3 r1c1-2\nkiller 4 r1c1-2\n"])
    assert status.tolist() == ["no_solution"]
    counts, status = nsudoku.count_many(batch, limit=2)
    assert counts.tolist() == [1, 1, 0, 0, 2, 0, 1]
    assert status.tolist() == ["counted", "counted", "invalid", "invalid", "counted", "invalid", "counted"]
    # first=True takes the first solution of a puzzle with several.
    solutions, status = nsudoku.solve_many([OPEN], first=True)
    assert status.tolist() == ["solved"] and nsudoku.check(OPEN, grid=solutions[0]) == []
    # dicts and Variants are batches too; a Series of links as well.
    pd = pytest.importorskip("pandas")
    for batch in ([document(nine["fpuzzles"])], [nsudoku.Variant(nine["fpuzzles"])], pd.Series([link(nine["fpuzzles"])])):
        solutions, status = nsudoku.solve_many(batch)
        assert status.tolist() == ["solved"] and nsudoku.to_lines(solutions) == [nine["solution"]]


def test_timeouts_and_ctrl_c_stop_variant_searches():
    empty = "size: 9\nantiknight\n"
    counts, status = nsudoku.count_many([empty, LITTLE], limit=10**9, timeout=0.3)
    assert status.tolist() == ["timeout", "counted"] and counts[0] > 0 and counts[1] == 1
    with pytest.raises(nsudoku.Timeout):
        nsudoku.count(empty, limit=10**9, timeout=0.3)
    start = time.monotonic()
    with pressing_ctrl_c(), pytest.raises(KeyboardInterrupt):
        nsudoku.count(empty, limit=10**12)
    with pressing_ctrl_c(), pytest.raises(KeyboardInterrupt):
        nsudoku.count_many([empty] * 4, limit=10**12, threads=2)
    assert time.monotonic() - start < 10


def test_variant_reads_every_form_and_round_trips():
    d = next(d for d in DEV if d["name"] == "The Initials")
    v = nsudoku.Variant(d["fpuzzles"])
    assert v.size == 9 and v.box == "3x3" and v.warnings == []
    assert sorted(set(v.constraints)) == ["difference", "even", "littlekiller", "quadruple", "ratio", "thermo"]
    assert v.givens.size == 9 and v.givens.clues == sum(x != 0 for row in v.givens.rows for x in row)
    assert v.regions[0][:4] == [0, 0, 0, 1] and v.regions[8][8] == 8
    assert "nsudoku.Variant 9x9" in repr(v)
    forms = {
        "link": v.to_link(),
        "sudokupad": v.to_sudokupad_link(),
        "payload": v.to_payload(),
        "json": v.to_json(),
        "dict": v.to_fpuzzles(),
        "text": v.to_text(),
        "str": str(v),
    }
    assert forms["link"].startswith("https://f-puzzles.com/?load=")
    assert forms["sudokupad"].startswith("https://sudokupad.app/fpuzzles")
    assert isinstance(forms["dict"], dict) and forms["dict"]["size"] == 9
    for name, form in forms.items():
        back = nsudoku.Variant(form)
        assert str(nsudoku.solve(back)) == d["solution"], name
        assert str(nsudoku.solve(form)) == d["solution"], name
    assert nsudoku.Variant(v.to_text()) == v and hash(nsudoku.Variant(v.to_text())) == hash(v)
    assert pickle.loads(pickle.dumps(v)) == v
    assert nsudoku.Variant(v) == v


def test_variant_info_regions_and_classic_puzzles():
    text = "title: Little\nauthor: Someone\nrules: Normal rules.\n" + LITTLE
    v = nsudoku.Variant(text)
    assert (v.title, v.author, v.rules) == ("Little", "Someone", "Normal rules.")
    assert v.givens.line() == "..........4....." and v.constraints == ["thermo", "killer"]
    assert nsudoku.Variant(v.to_fpuzzles()).title == "Little"
    # A JSON Lines object naming a puzzle, its name the title.
    line = json.dumps({"name": "From a file", "fpuzzles": v.to_payload()})
    assert nsudoku.Variant(line).title == "Little" and str(nsudoku.solve(line)) == LITTLE_SOLUTION
    # A classic puzzle is a variant without constraints.
    c = nsudoku.Variant(EASY)
    assert c.constraints == [] and c.box == "3x3" and c.givens == nsudoku.Grid(EASY)
    assert str(nsudoku.solve(c.to_link())) == EASY_SOLUTION
    # Irregular regions: no box, and the regions as numbers.
    irregular = next(d for d in DEV if nsudoku.Variant(d["fpuzzles"]).box is None)
    r = nsudoku.Variant(irregular["fpuzzles"])
    regions = [x for row in r.regions for x in row]
    assert sorted(regions.count(k) for k in set(regions)) == [r.size] * r.size


def test_classic_text_stays_classic():
    assert str(nsudoku.solve(EASY)) == EASY_SOLUTION
    grid = "\n".join(EASY[i : i + 9] for i in range(0, 81, 9))
    assert str(nsudoku.solve(grid)) == EASY_SOLUTION
    assert nsudoku.Grid(EASY).line() == EASY.replace("0", ".")
    # A digits-only line reads as a classic grid, not as a payload.
    assert nsudoku.count(EASY) == 1 and nsudoku.explain(EASY).solved


def test_unknown_constraints_and_warnings():
    doc = json.loads(nsudoku.Variant(LITTLE).to_json())
    doc["spaceship"] = [{"cells": ["R1C1"]}]
    with pytest.raises(nsudoku.InvalidPuzzle) as e:
        nsudoku.solve(doc)
    assert e.value.errors[0].kind == "unknown_constraint" and "spaceship" in str(e.value)
    with pytest.warns(nsudoku.VariantWarning, match="spaceship") as caught:
        assert str(nsudoku.solve(doc, ignore_unknown=True)) == LITTLE_SOLUTION
    assert caught[0].filename == __file__
    with pytest.warns(nsudoku.VariantWarning):
        v = nsudoku.Variant(doc, ignore_unknown=True)
    assert any("spaceship" in w for w in v.warnings)
    # A Variant gave its warnings when it was made: solving it gives none.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert str(nsudoku.solve(v)) == LITTLE_SOLUTION
    # Batches: invalid without ignore_unknown, solved with it, and no warning either way.
    _, status = nsudoku.solve_many([json.dumps(doc)] * 2)
    assert status.tolist() == ["invalid"] * 2
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _, status = nsudoku.solve_many([json.dumps(doc)] * 2, ignore_unknown=True)
    assert status.tolist() == ["solved"] * 2


def test_reading_errors_name_their_kind_message_and_place():
    with pytest.raises(nsudoku.InvalidPuzzle) as e:
        nsudoku.solve("https://f-puzzles.com/?load=N4Ig!!!")
    assert isinstance(e.value, ValueError) and e.value.errors[0].kind == "decode"
    doc = json.loads(nsudoku.Variant(LITTLE).to_json())
    doc["killercage"] = [{"cells": ["R1C1", "R5C1"], "value": "3"}]
    with pytest.raises(nsudoku.InvalidPuzzle) as e:
        nsudoku.count(doc)
    error = e.value.errors[0]
    assert error.kind == "outside_grid" and error.at.startswith("killercage[0]")
    assert "r5c1" in error.message.lower() and error.at in str(e.value)
    # The text form: the line of each problem, every problem listed.
    with pytest.raises(nsudoku.InvalidPuzzle) as e:
        nsudoku.Variant("size: 4\nthermo r1c1-3\nkiller x r1c1\nthermo r9c9 r1c1\n")
    assert [p.line for p in e.value.errors] == [3, 4]
    assert [p.kind for p in e.value.errors] == ["bad_cell", "outside_grid"]
    assert all(p.column and p.column > 1 for p in e.value.errors)
    assert all(p.at == f"line {p.line}" or p.at.startswith(f"line {p.line}") for p in e.value.errors)
    # check gives the problems instead of raising, as for classic puzzles.
    problems = nsudoku.check("https://f-puzzles.com/?load=N4Ig!!!")
    assert [p.kind for p in problems] == ["decode"]
    # Arguments that are not puzzles.
    with pytest.raises(TypeError):
        nsudoku.Variant(42)
    with pytest.raises(TypeError):
        nsudoku.solve({"size": object()})
    with pytest.raises(ValueError, match="box") as e:
        nsudoku.solve(LITTLE, box="2x2")
    assert not isinstance(e.value, nsudoku.InvalidPuzzle)
    with pytest.raises(ValueError, match="box"):
        nsudoku.solve_many([LITTLE], box="2x2")
    with pytest.raises(nsudoku.InvalidPuzzle) as e:
        nsudoku.Grid(LITTLE)
    assert e.value.errors[0].kind == "variant"


@pytest.mark.parametrize(
    "call",
    [
        lambda p: nsudoku.canonical(p),
        lambda p: nsudoku.generate(p),
        lambda p: nsudoku.generate_many(2, p),
        lambda p: nsudoku.canonical_many([p]),
    ],
    ids=["canonical", "generate", "generate_many", "canonical_many"],
)
@pytest.mark.parametrize("form", ["link", "text", "dict", "Variant"])
def test_what_does_not_take_variant_puzzles_says_so(call, form):
    payload = DEV[0]["fpuzzles"]
    puzzle = {
        "link": link(payload),
        "text": LITTLE,
        "dict": document(payload),
        "Variant": nsudoku.Variant(payload),
    }[form]
    with pytest.raises(nsudoku.Error, match="variant puzzles are solved, counted, checked, explained, hinted and rated; .* yet") as e:
        call(puzzle)
    assert type(e.value) is nsudoku.Error


def test_rate_many_rates_variant_puzzles():
    er, status = nsudoku.rate_many([LITTLE, LITTLE])
    assert status.tolist() == ["rated", "rated"]
    assert er[0] == er[1] and 1 <= er[0] <= 12


def test_the_readme_example_runs_and_prints_what_it_says(capsys):
    readme = (DATA.parents[2] / "python" / "README.md").read_text()
    section = readme.split("## Variant puzzles", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    exec(code, {"nsudoku": nsudoku})
    printed = capsys.readouterr().out.splitlines()
    said = [l.split("# ", 1)[1] for l in code.splitlines() if l.startswith("print(") and "# " in l]
    assert printed[: len(said)] == said
    assert printed[len(said)].startswith("[Broken(name='sudoku'")


def test_iss_strings_links_and_the_forums_lines():
    v = nsudoku.Variant(LITTLE)
    iss = v.to_iss()
    assert iss == ".Shape~4x4.~R3C3_4.Thermo~R2C1~R2C2~R2C3~R2C4.Cage~5~R3C1~R3C2"
    assert v.to_iss_link() == "https://sigh.github.io/Interactive-Sudoku-Solver/?q=" + iss
    assert nsudoku.Variant(iss) == v and nsudoku.Variant(v.to_iss_link()) == v
    assert str(nsudoku.solve(iss)) == LITTLE_SOLUTION
    # A jigsaw line (no letters) and a compact killer line.
    assert str(nsudoku.solve("13.....2........1112132233243444")) == "1324413224133241"
    killer = "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^"
    assert nsudoku.Variant(killer).constraints == ["killer"] * 24
    assert nsudoku.count(killer) == 1
    # What ISS has and nsudoku has not is named, or skipped with a warning.
    with pytest.raises(nsudoku.InvalidPuzzle) as e:
        nsudoku.Variant(iss + ".Lunchbox~5~R1C1~R1C2")
    assert e.value.errors[0].kind == "unknown_constraint" and "Lunchbox" in str(e.value)
    with pytest.warns(nsudoku.VariantWarning, match="Lunchbox"):
        assert nsudoku.Variant(iss + ".Lunchbox~5~R1C1~R1C2", ignore_unknown=True) == v
    # A rule ISS cannot say is an Error.
    with pytest.raises(nsudoku.Error, match="slow"):
        nsudoku.Variant("size: 4\nslowthermo r1c1-3\n").to_iss()
