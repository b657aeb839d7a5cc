"""The Dask path: two worker processes give the single-process result, row for row; a column of
variant links; and the example script, from a file to Parquet."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.parse

import numpy as np
import pandas as pd
import pytest

import nsudoku
from conftest import DATA, ROOT, SEVENTEEN, TOP1465, lines
from test_batch import MIXED

dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")
import nsudoku.dask  # noqa: E402

PUZZLES = lines(TOP1465) * 5 + MIXED + lines(SEVENTEEN)


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as client:
        yield client
    cluster.close()


def plain(frame: pd.DataFrame) -> dict:
    """The values of a frame, column by column, missing values as None (Dask gives its
    string columns its own string type)."""
    return {c: [None if pd.isna(v) else v for v in frame[c].tolist()] for c in frame.columns}


@pytest.fixture
def frame():
    return pd.DataFrame({"id": np.arange(len(PUZZLES)), "puzzle": PUZZLES})


def test_solve_on_two_workers_equals_one_process(client, frame):
    assert len(client.scheduler_info()["workers"]) == 2
    got = nsudoku.dask.solve(dd.from_pandas(frame, npartitions=7), "puzzle").compute()
    expected = nsudoku.dask.solve_partition(frame, "puzzle", threads=2)
    assert plain(got) == plain(expected) and got.index.tolist() == expected.index.tolist()
    solutions, status = nsudoku.solve_many(PUZZLES)
    assert got["status"].tolist() == status.tolist()
    assert got["id"].tolist() == list(range(len(PUZZLES)))
    solved = status == "solved"
    assert got["solution"][solved].tolist() == [l for l, s in zip(nsudoku.to_lines(solutions), solved) if s]
    assert got["solution"][~solved].isna().all()


def test_rate_on_two_workers_equals_one_process(client, frame):
    small = frame.iloc[: len(lines(TOP1465)) + len(MIXED)]
    got = nsudoku.dask.rate(dd.from_pandas(small, npartitions=5), "puzzle", status="rated").compute()
    expected = nsudoku.dask.rate_partition(small, "puzzle", status="rated")
    assert got.columns.tolist() == ["id", "puzzle", "er", "rated"]
    np.testing.assert_array_equal(got["er"].to_numpy(), expected["er"].to_numpy())
    assert plain(got.drop(columns="er")) == plain(expected.drop(columns="er"))
    er, status = nsudoku.rate_many(small["puzzle"])
    np.testing.assert_array_equal(got["er"].to_numpy(), er)
    assert got["rated"].tolist() == status.tolist()
    with pytest.raises(KeyError, match="no column 'quizzes'"):
        nsudoku.dask.rate(dd.from_pandas(small, npartitions=1), "quizzes")


def test_a_column_of_variant_links_is_solved_on_two_workers(client):
    dev = [json.loads(l) for l in (DATA / "variants" / "dev.jsonl").read_text().splitlines() if l.strip()]
    nine = [d for d in dev if len(d["solution"]) == 81]
    links = ["https://f-puzzles.com/?load=" + urllib.parse.quote(d["fpuzzles"], safe="") for d in nine]
    frame = pd.DataFrame({"id": np.arange(len(links)), "puzzle": links})
    got = nsudoku.dask.solve(dd.from_pandas(frame, npartitions=4), "puzzle", threads=2).compute()
    assert got["id"].tolist() == list(range(len(links)))
    assert got["status"].tolist() == ["solved"] * len(links)
    assert got["solution"].tolist() == [d["solution"] for d in nine]


def run_example(*args: str) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "dask_solve.py"), *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr


def test_the_example_from_a_text_file_to_parquet(tmp_path):
    puzzles = lines(SEVENTEEN) + lines(TOP1465)
    source = tmp_path / "puzzles.txt"
    source.write_text("# a comment line\n" + "\n".join(puzzles) + "\n")
    out = tmp_path / "solved.parquet"
    run_example(str(source), str(out), "--workers", "2", "--rate", "--partitions", "5")
    got = pd.read_parquet(out)
    assert got.columns.tolist() == ["puzzle", "solution", "status", "er", "rate_status"]
    assert got["puzzle"].tolist() == puzzles
    solutions, status = nsudoku.solve_many(puzzles)
    assert (got["status"] == "solved").all() and got["solution"].tolist() == nsudoku.to_lines(solutions)
    assert got["er"].tolist() == nsudoku.rate_many(puzzles)[0].tolist()


def test_the_example_from_a_csv_with_a_header_and_parquet(tmp_path):
    frame = pd.DataFrame({"quizzes": lines(SEVENTEEN)[:12] + ["bad"], "n": range(13)})
    csv = tmp_path / "quizzes.csv"
    frame.to_csv(csv, index=False)
    run_example(str(csv), str(tmp_path / "a.parquet"), "--column", "quizzes", "--workers", "1")
    parquet = tmp_path / "quizzes.parquet"
    frame.to_parquet(parquet)
    run_example(str(parquet), str(tmp_path / "b.parquet"), "--column", "quizzes", "--workers", "2")
    for name in ("a.parquet", "b.parquet"):
        got = pd.read_parquet(tmp_path / name)
        assert got["quizzes"].tolist() == frame["quizzes"].tolist()
        assert got["status"].tolist() == ["solved"] * 12 + ["invalid"]
