"""Copies and duplicates: transform and dedup_many, against the CLI's `transform` and `dedup`
and against canonical forms; and a CSV column read by pandas, as the CLI's `--column` reads it."""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
import pytest

import nsudoku
from conftest import EASY, ROOT, TOP1465, assert_solves, lines


def test_random_copies_are_the_puzzle_in_disguise():
    copies = nsudoku.transform(EASY, seed=3, count=4)
    assert len(copies) == 4 and len(set(copies)) == 4
    form = nsudoku.canonical(EASY)
    for copy in copies:
        assert nsudoku.canonical(copy) == form
        assert copy.clues == nsudoku.Grid(EASY).clues
        assert_solves(nsudoku.solve(copy).to_numpy(), copy.to_numpy())
    # The same seed gives the same copies; another seed others.
    assert nsudoku.transform(EASY, seed=3, count=4) == copies
    assert nsudoku.transform(EASY, seed=3, count=2) == copies[:2]
    assert nsudoku.transform(EASY, seed=4, count=4) != copies
    # Rectangular boxes keep their shape.
    six = nsudoku.generate(box="3x2", seed=4).puzzle
    for copy in nsudoku.transform(six, seed=1, count=3):
        assert copy.box == "3x2" and nsudoku.canonical(copy) == nsudoku.canonical(six)


def test_a_named_transformation_is_the_cli_s(cli):
    (canon,) = cli("canon", "-f", "json", input=EASY)
    spec = canon["transform"]["spec"]
    (form,) = nsudoku.transform(EASY, apply=spec)
    assert form == nsudoku.canonical(EASY)
    assert form.line().replace(".", "0") == canon["canonical"]
    # Undone, the form is the puzzle again; the CLI agrees on another spec.
    assert nsudoku.transform(form, apply=spec, inverse=True) == [nsudoku.Grid(EASY)]
    turned = cli("transform", "--rotate", "90", input=EASY, json_output=False)
    (quarter,) = cli("transform", "--rotate", "90", "-f", "json", input=EASY)
    assert [g.line() for g in nsudoku.transform(EASY, apply=quarter["transform"]["spec"])] == [
        t.replace("0", ".") for t in turned
    ]


def test_bad_calls_say_what_is_wrong():
    with pytest.raises(ValueError, match="count"):
        nsudoku.transform(EASY, count=0)
    with pytest.raises(ValueError, match="apply"):
        nsudoku.transform(EASY, apply="rows=123")
    with pytest.raises(ValueError, match="not both"):
        nsudoku.transform(EASY, apply="transpose", seed=1)
    with pytest.raises(ValueError, match="inverse"):
        nsudoku.transform(EASY, inverse=True)
    with pytest.raises(nsudoku.InvalidPuzzle, match="duplicate 5"):
        nsudoku.transform("55" + EASY[2:], seed=1)
    with pytest.raises(nsudoku.Error, match="variant"):
        nsudoku.transform("....\n....\n....\n....\nkiller 3 r1c1-2", seed=1)


def test_dedup_many_keeps_what_the_cli_keeps(cli):
    base = lines(TOP1465)[:6]
    # Each puzzle, then copies of them in another order, and a bad line among them.
    disguised = [str(c) for p in base[:3] for c in nsudoku.transform(p, seed=9, count=2)]
    batch = base + disguised[::-1] + ["12"] + [base[4]]
    first, status = nsudoku.dedup_many(batch, threads=2)
    dedup = cli("dedup", "-f", "json", input="\n".join(batch))
    assert status.tolist() == [o["status"] for o in dedup]
    for i, o in enumerate(dedup):
        if o["status"] == "dropped":
            # The CLI names lines from 1, dedup_many indices from 0.
            assert first[i] == o["repeats"]["line"] - 1
            assert nsudoku.canonical(batch[first[i]]) == nsudoku.canonical(batch[i])
        elif o["status"] == "kept":
            assert first[i] == i
        else:
            assert first[i] == -1
    assert status.tolist().count("kept") == 6
    kept = [p for p, s in zip(batch, status) if s == "kept"]
    written = cli("dedup", input="\n".join(batch), json_output=False)
    assert kept == [line for line in written if not line.startswith("#")]
    # An array and a Series give the same answer.
    series_first, series_status = nsudoku.dedup_many(pd.Series(batch))
    assert (series_first == first).all() and (series_status == status).all()
    empty_first, empty_status = nsudoku.dedup_many(np.zeros((0, 81), np.uint8))
    assert len(empty_first) == len(empty_status) == 0


def test_a_csv_column_through_pandas(cli):
    # pandas reads CSV (quoting, encodings, chunks) better than a reader of ours would: the
    # column goes to the batch functions as it is, as `--column quizzes` gives it to the CLI.
    quizzes = pd.read_csv(ROOT / "examples" / "quizzes.csv", dtype=str)["quizzes"]
    solutions, status = nsudoku.solve_many(quizzes)
    rows = cli("solve", "--column", "quizzes", "-f", "csv", "examples/quizzes.csv", json_output=False)
    table = pd.read_csv(io.StringIO("\n".join(rows)), dtype=str, keep_default_na=False)
    assert status.tolist() == table["status"].tolist()
    assert [s if s != "" else None for s in table["solution"]] == [
        line if ok == "solved" else None for line, ok in zip(nsudoku.to_lines(solutions), status)
    ]
