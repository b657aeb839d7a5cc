"""Solving and rating a column of puzzles in a Dask DataFrame, on one machine or a cluster.

Needs the ``dask`` extra (``pip install "./crates/python[dask]"``). Each function maps
``solve_many`` or ``rate_many`` over the partitions (``map_partitions``): rows keep their
order and their other columns, and new columns are added::

    import dask.dataframe as dd
    from distributed import Client
    import nsudoku.dask

    client = Client()                                   # or Client("tcp://scheduler:8786")
    frame = dd.read_parquet("puzzles.parquet")          # a column "puzzle" of texts
    solved = nsudoku.dask.solve(frame, "puzzle")        # + "solution", "status"
    rated = nsudoku.dask.rate(solved, "puzzle", status="rating_status")   # + "er"
    rated.to_parquet("out.parquet")

Each partition runs on ``threads`` threads (default 1): Dask already runs one task a worker
thread, and the GIL is released while the puzzles are solved, so a worker with ``nthreads``
threads uses that many cores.

A column of variant puzzles (links, payloads, f-puzzles JSON, the text form) is solved the
same way, a puzzle at a time on each partition's threads; its solutions are lines of the
digits of its size (``ignore_unknown`` as ``solve_many``'s). As for classic puzzles, a
partition's solutions have the size of its first puzzle that reads: one size a column.
"""

from __future__ import annotations

from typing import Any, Optional

import dask.dataframe as dd
import numpy as np
import pandas as pd  # type: ignore[import-untyped]

from . import rate_many, solve_many, to_lines
from ._batch import Box

__all__ = ["rate", "rate_partition", "solve", "solve_partition"]


def solve_partition(
    frame: pd.DataFrame,
    column: str = "puzzle",
    *,
    box: Box = None,
    first: bool = False,
    timeout: Optional[float] = None,
    threads: Optional[int] = 1,
    solution: str = "solution",
    status: str = "status",
    ignore_unknown: bool = False,
) -> pd.DataFrame:
    """``frame`` with two more columns: ``solution``, each solution as the CLI writes it on a
    line (missing where the puzzle is not solved), and ``status`` (as ``solve_many``'s)."""
    solutions, statuses = solve_many(
        frame[column], box, first=first, timeout=timeout, threads=threads, ignore_unknown=ignore_unknown
    )
    lines = np.array(to_lines(solutions, box), dtype=object)
    lines[statuses != "solved"] = None
    return frame.assign(
        **{
            solution: pd.Series(lines, index=frame.index, dtype="string"),
            status: pd.Series(statuses, index=frame.index, dtype="string"),
        }
    )


def rate_partition(
    frame: pd.DataFrame,
    column: str = "puzzle",
    *,
    box: Box = None,
    scale: str = "sukaku",
    timeout: Optional[float] = 60.0,
    threads: Optional[int] = 1,
    er: str = "er",
    status: str = "status",
) -> pd.DataFrame:
    """``frame`` with two more columns: ``er`` (NaN where not rated) and ``status`` (as
    ``rate_many``'s)."""
    ratings, statuses = rate_many(frame[column], box, scale=scale, timeout=timeout, threads=threads)
    return frame.assign(
        **{
            er: pd.Series(ratings, index=frame.index, dtype="float64"),
            status: pd.Series(statuses, index=frame.index, dtype="string"),
        }
    )


def _map(frame: dd.DataFrame, function: Any, column: str, **options: Any) -> dd.DataFrame:
    """``function`` over every partition, its result's types read from the empty frame."""
    if column not in frame.columns:
        raise KeyError(f"no column {column!r} among {list(frame.columns)}")
    meta = function(frame._meta, column, **options)
    return frame.map_partitions(function, column, meta=meta, **options)


def solve(
    frame: dd.DataFrame,
    column: str = "puzzle",
    *,
    box: Box = None,
    first: bool = False,
    timeout: Optional[float] = None,
    threads: Optional[int] = 1,
    solution: str = "solution",
    status: str = "status",
    ignore_unknown: bool = False,
) -> dd.DataFrame:
    """Solves the puzzles (texts, classic or variant) of ``column``, partition by partition
    (lazily, as Dask does): the frame with ``solution`` and ``status`` columns added, rows in
    their order. The options are ``solve_many``'s; ``threads`` is a partition's (default 1)."""
    return _map(
        frame,
        solve_partition,
        column,
        box=box,
        first=first,
        timeout=timeout,
        threads=threads,
        solution=solution,
        status=status,
        ignore_unknown=ignore_unknown,
    )


def rate(
    frame: dd.DataFrame,
    column: str = "puzzle",
    *,
    box: Box = None,
    scale: str = "sukaku",
    timeout: Optional[float] = 60.0,
    threads: Optional[int] = 1,
    er: str = "er",
    status: str = "status",
) -> dd.DataFrame:
    """Rates the puzzles (texts) of ``column`` as ``nsudoku rate`` does, partition by
    partition: the frame with ``er`` and ``status`` columns added, rows in their order. The
    options are ``rate_many``'s; ``threads`` is a partition's (default 1)."""
    return _map(
        frame,
        rate_partition,
        column,
        box=box,
        scale=scale,
        timeout=timeout,
        threads=threads,
        er=er,
        status=status,
    )
