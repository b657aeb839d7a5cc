#!/usr/bin/env python3
"""Solves (and with --rate, rates) a file of puzzles with Dask, and writes Parquet.

The input is a CSV file (one puzzle a line, as `nsudoku solve` reads; or a CSV with a header
and a puzzle column) or a Parquet file. The work runs on a LocalCluster of --workers processes
by default, or on any running Dask scheduler with --scheduler tcp://host:8786 (the workers
need nsudoku installed: `pip install "./crates/python[dask]"`). The output has the input's
columns, then `solution` (the line, missing where not solved) and `status` (`solved`,
`no_solution`, `multiple`, `invalid`, `timeout`), and with --rate `er` and `rate_status`.

    python examples/dask_solve.py puzzles.txt solved.parquet
    python examples/dask_solve.py quizzes.csv solved.parquet --column quizzes --rate
    python examples/dask_solve.py puzzles.parquet solved.parquet --scheduler tcp://10.0.0.5:8786
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

import dask.dataframe as dd
from distributed import Client, LocalCluster, progress

import nsudoku
import nsudoku.dask


def read(path: Path, column: str | None) -> tuple[dd.DataFrame, str]:
    """The puzzles of a Parquet or CSV file, and the column that holds them. A CSV file whose
    first line is a puzzle has no header: its first field is the puzzle."""
    if path.suffix in (".parquet", ".pq") or path.is_dir():
        frame = dd.read_parquet(path)
        return frame, column or frame.columns[0]
    with path.open(newline="") as f:
        first = next((row for row in csv.reader(f) if row and not row[0].startswith("#")), [""])
    if not nsudoku.check(first[0]):
        names = [column or "puzzle"] + [f"column_{i}" for i in range(1, len(first))]
        frame = dd.read_csv(path, header=None, names=names, comment="#", dtype=str, blocksize="16MB")
        return frame, names[0]
    frame = dd.read_csv(path, comment="#", dtype=str, blocksize="16MB")
    return frame, column or frame.columns[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", type=Path, help="a CSV or Parquet file of puzzles")
    parser.add_argument("output", type=Path, help="the Parquet output (a directory of parts)")
    parser.add_argument("--column", help="the column of puzzles (default: the first)")
    parser.add_argument("--box", help="box shape WxH for non-square boxes, such as 3x2")
    parser.add_argument("--rate", action="store_true", help="also rate each puzzle (ER)")
    parser.add_argument("--timeout", type=float, help="seconds a puzzle (default: none; rating 60)")
    parser.add_argument("--scheduler", help="a running scheduler, tcp://host:port (default: a LocalCluster)")
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes (default 2)")
    parser.add_argument("--threads-per-worker", type=int, default=1, help="LocalCluster threads a worker (default 1)")
    parser.add_argument("--partitions", type=int, help="partitions (default: 4 a worker thread)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar (shown on a terminal)")
    args = parser.parse_args(argv)

    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(
            n_workers=args.workers,
            threads_per_worker=args.threads_per_worker,
            processes=True,
            dashboard_address=None,
        )
        client = Client(cluster)
    with client:
        frame, column = read(args.input, args.column)
        partitions = args.partitions or 4 * sum(client.nthreads().values())
        if frame.npartitions < partitions:
            frame = frame.repartition(npartitions=partitions)
        result = nsudoku.dask.solve(frame, column, box=args.box, timeout=args.timeout)
        if args.rate:
            timeout = args.timeout if args.timeout is not None else 60.0
            result = nsudoku.dask.rate(result, column, box=args.box, timeout=timeout, status="rate_status")
        start = time.monotonic()
        result = result.persist()
        if not args.quiet and sys.stdout.isatty():
            progress(result)
            print()
        result.to_parquet(args.output, write_index=False)
        counts = result["status"].map_partitions(lambda s: s.value_counts()).compute()
        summary = ", ".join(f"{n} {s}" for s, n in counts.groupby(level=0).sum().items())
        print(f"{args.output}: {summary} in {time.monotonic() - start:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
