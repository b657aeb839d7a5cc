#!/usr/bin/env python3
"""Batch throughput from Python against the CLI's, as a markdown table (a benchmark, not a test).

For each file, cycled to --expand puzzles: `nsudoku bench` (one thread; count up to 2, and
--first) beside `solve_many` on one thread (uniqueness checked like `solve`: count up to 2; and
first=True), from a list of strings (parsed like the bench's lines), a uint8 array and a
pandas Series, then `solve_many` on 2 threads; rounds alternate, medians are shown. With
--dask, `nsudoku.dask.solve` on a LocalCluster of 1, then 2, single-threaded worker processes,
the input persisted on the workers first (the time is the solving and the result kept there).
With --pairs N, only N alternated pairs of `solve_many` on 1 and 2 threads, and their ratios.

    scripts/test-python -q        # builds and installs the package and the CLI
    OPENBLAS_NUM_THREADS=1 target/python-venv/bin/python crates/python/benches/batch.py --dask \\
        ../shared/data/puzzles/9x9/puzzles2_17_clue ../shared/data/puzzles/9x9/puzzles3_magictour_top1465
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import time
from pathlib import Path

import numpy as np
import pandas

import nsudoku


def puzzles(path: Path, count: int) -> list[str]:
    lines = [l.strip() for l in path.read_text().splitlines() if l.strip() and not l.startswith("#")]
    return (lines * (count // len(lines) + 1))[:count]


def values(texts: list[str]) -> np.ndarray:
    """Compact 9×9 lines as a (n, 81) uint8 array, 0 for empty."""
    raw = np.frombuffer("".join(texts).encode(), dtype=np.uint8).reshape(len(texts), 81)
    return np.where((raw >= ord("1")) & (raw <= ord("9")), raw - ord("0"), 0).astype(np.uint8)


def cli_bench(cli: str, path: Path, count: int, secs: float, first: bool) -> float:
    """Puzzles/s of `nsudoku bench`."""
    args = [cli, "bench", "--expand", str(count), "--secs", str(secs), str(path)]
    out = subprocess.run(args + (["--first"] if first else []), capture_output=True, text=True, check=True)
    row = out.stdout.strip().splitlines()[-1]
    return float(re.split(r"\s*\|\s*", row)[4])


def rate(run, n: int) -> float:
    """Puzzles/s of ``run(puzzles)`` on all ``n``, after a warm-up on the first 20,000 (as the
    bench warms up before its clock starts)."""
    run(slice(0, 20_000))
    start = time.perf_counter()
    run(slice(None))
    return n / (time.perf_counter() - start)


def dask_rates(texts: list[str], workers: int, rounds: int) -> list[float]:
    import dask.dataframe as dd
    import pandas as pd
    from distributed import Client, LocalCluster, wait

    import nsudoku.dask

    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
    with Client(cluster) as client:
        frame = client.persist(dd.from_pandas(pd.DataFrame({"puzzle": texts}), npartitions=16))
        wait(frame)
        wait(nsudoku.dask.solve(frame, solution="warm-up").persist())  # imports on the workers
        rates = []
        for r in range(rounds):
            # A new column name a round: a new graph, not the results the workers still hold.
            start = time.perf_counter()
            wait(nsudoku.dask.solve(frame, solution=f"solution_{r}").persist())
            rates.append(len(texts) / (time.perf_counter() - start))
    cluster.close()
    return rates


def pairs(path: Path, count: int, rounds: int) -> None:
    """Alternated pairs of `solve_many` on 1 and 2 threads: each pair's ratio, and the median."""
    texts = puzzles(path, count)
    ratios = []
    for _ in range(rounds):
        one = rate(lambda s: nsudoku.solve_many(texts[s], threads=1), len(texts))
        two = rate(lambda s: nsudoku.solve_many(texts[s], threads=2), len(texts))
        ratios.append(two / one)
    shown = ", ".join(f"{r:.2f}" for r in ratios)
    print(f"{path.name}: 2 threads / 1: {shown}; median {statistics.median(ratios):.2f}")


def main() -> None:
    """The table; see the module's note."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--expand", type=int, default=200_000, help="puzzles a file (cycled)")
    parser.add_argument("--rounds", type=int, default=5, help="alternated rounds (medians shown)")
    parser.add_argument("--secs", type=float, default=3, help="`nsudoku bench --secs`")
    parser.add_argument("--cli", default="target/release/nsudoku")
    parser.add_argument("--dask", action="store_true", help="also Dask, 1 and 2 workers")
    parser.add_argument("--pairs", type=int, metavar="N", help="instead: N alternated pairs, 2 threads / 1")
    args = parser.parse_args()
    if args.pairs:
        for path in args.files:
            pairs(path, args.expand, args.pairs)
        return

    print("| file | puzzles | what | puzzles/s | against |")
    print("|---|---:|---|---:|---|")
    for path in args.files:
        texts = puzzles(path, args.expand)
        array = values(texts)
        series = pandas.Series(texts)  # pandas' own string type: Arrow's, with pyarrow installed
        n = len(texts)
        runs = {
            "`nsudoku bench` (count up to 2), 1 thread": lambda: cli_bench(args.cli, path, n, args.secs, False),
            "`solve_many(list)`, 1 thread": lambda: rate(lambda s: nsudoku.solve_many(texts[s], threads=1), n),
            "`solve_many(uint8 array)`, 1 thread": lambda: rate(lambda s: nsudoku.solve_many(array[s], threads=1), n),
            "`solve_many(pandas Series)`, 1 thread": lambda: rate(
                lambda s: nsudoku.solve_many(series.iloc[s], threads=1), n
            ),
            "`nsudoku bench --first`, 1 thread": lambda: cli_bench(args.cli, path, n, args.secs, True),
            "`solve_many(list, first=True)`, 1 thread": lambda: rate(
                lambda s: nsudoku.solve_many(texts[s], first=True, threads=1), n
            ),
            "`solve_many(list)`, 2 threads": lambda: rate(lambda s: nsudoku.solve_many(texts[s], threads=2), n),
        }
        results = {name: [] for name in runs}
        for _ in range(args.rounds):
            for name, run in runs.items():
                results[name].append(run())
        if args.dask:
            for workers in (1, 2):
                results[f"`nsudoku.dask.solve`, {workers} worker{'s' if workers > 1 else ''}"] = dask_rates(
                    texts, workers, args.rounds
                )
        median = {name: statistics.median(r) for name, r in results.items()}
        against = {
            "`solve_many(list)`, 1 thread": "`nsudoku bench` (count up to 2), 1 thread",
            "`solve_many(uint8 array)`, 1 thread": "`nsudoku bench` (count up to 2), 1 thread",
            "`solve_many(pandas Series)`, 1 thread": "`nsudoku bench` (count up to 2), 1 thread",
            "`solve_many(list, first=True)`, 1 thread": "`nsudoku bench --first`, 1 thread",
            "`solve_many(list)`, 2 threads": "`solve_many(list)`, 1 thread",
            "`nsudoku.dask.solve`, 2 workers": "`nsudoku.dask.solve`, 1 worker",
        }
        for name, value in median.items():
            ratio = f"**{value / median[against[name]]:.2f}×** {against[name]}" if name in against else ""
            print(f"| {path.name} | {n} | {name} | {value:,.0f} | {ratio} |")


if __name__ == "__main__":
    main()
