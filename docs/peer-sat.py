#!/usr/bin/env python3
"""Solve one N×N puzzle (square boxes) with a SAT solver of python-sat, and check the answer.

    pip install python-sat
    timeout 60 python3 docs/peer-sat.py kissat404 PUZZLE > answer.txt

For side-by-side measurements against solvers other than the CaDiCaL behind `--engine sat`
(`docs/benchmarks.md`; the runs behind it in `docs/research/large-grids.md`). Not part of
the build or the tests.

PUZZLE holds N² whitespace-separated numbers (`0` or `.` empty), one puzzle, any line layout
(`docs/instances/*.txt` lines and the files of `large/` both work). Naked and hidden singles
are placed first, to a fixpoint (as the `singles_left` column of `large/index.csv` counts);
then one variable per (empty cell, candidate digit), and per cell and per (house, missing
digit) an at-least-one clause and pairwise at-most-one clauses. Prints one line,
`SOLVER PUZZLE sat|unsat SECONDS VARS CLAUSES` (the time is the solver's, after encoding),
then the solution's rows when there is one, after checking it: every clue kept, every row,
column and box complete. Exit status 0 when checked or unsatisfiable, 1 when the check fails.
"""

import itertools
import math
import sys
import time

from pysat.solvers import Solver


def houses(n, b):
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [
        [(br * b + i) * n + bc * b + j for i in range(b) for j in range(b)]
        for br in range(b)
        for bc in range(b)
    ]
    return rows + cols + boxes


def singles(grid, n, all_houses, house_of):
    """Candidates (bit d set: digit d allowed) after naked and hidden singles to a fixpoint,
    or None when a cell or a house runs out of candidates."""
    full = (1 << (n + 1)) - 2
    while True:
        used = [0] * len(all_houses)
        for h, cells in enumerate(all_houses):
            for c in cells:
                used[h] |= 1 << grid[c]
        cand = {}
        for c, v in enumerate(grid):
            if v == 0:
                m = full
                for h in house_of[c]:
                    m &= ~used[h]
                if m == 0:
                    return None
                cand[c] = m
        placed = {c: m.bit_length() - 1 for c, m in cand.items() if m & (m - 1) == 0}
        for h, cells in enumerate(all_houses):
            where = {}
            for c in cells:
                m = cand.get(c, 0)
                while m:
                    low = m & -m
                    where.setdefault(low.bit_length() - 1, []).append(c)
                    m ^= low
            for d in range(1, n + 1):
                if not used[h] >> d & 1 and d not in where:
                    return None
                if len(where.get(d, ())) == 1:
                    placed.setdefault(where[d][0], d)
        if not placed:
            return cand
        for c, d in placed.items():
            grid[c] = d


def main():
    name, path = sys.argv[1], sys.argv[2]
    clues = [0 if t == "." else int(t) for t in open(path).read().split()]
    n = math.isqrt(len(clues))
    b = math.isqrt(n)
    if n * n != len(clues) or b * b != n:
        sys.exit(f"{path}: {len(clues)} values, not N² with square boxes")
    all_houses = houses(n, b)
    house_of = [[] for _ in clues]
    for h, cells in enumerate(all_houses):
        for c in cells:
            house_of[c].append(h)
    grid = clues[:]
    cand = singles(grid, n, all_houses, house_of)
    if cand is None:
        print(name, path, "unsat", 0.0, 0, 0, "(singles)")
        return
    var = {}
    clauses = []
    groups = {}
    for c, m in cand.items():
        lits = []
        for d in range(1, n + 1):
            if m >> d & 1:
                v = var[(c, d)] = len(var) + 1
                lits.append(v)
                for h in house_of[c]:
                    groups.setdefault((h, d), []).append(v)
        clauses.append(lits)
    clauses.extend(groups.values())
    for lits in list(clauses):
        clauses.extend([-x, -y] for x, y in itertools.combinations(lits, 2))
    with Solver(name=name, bootstrap_with=clauses) as solver:
        start = time.perf_counter()
        sat = solver.solve()
        took = time.perf_counter() - start
        print(name, path, "sat" if sat else "unsat", round(took, 2), len(var), len(clauses))
        if not sat:
            return
        cell_digit = {v: cd for cd, v in var.items()}
        for lit in solver.get_model():
            if lit > 0:
                c, d = cell_digit[lit]
                grid[c] = d
    digits = set(range(1, n + 1))
    ok = all(k == 0 or k == v for k, v in zip(clues, grid)) and all(
        {grid[c] for c in cells} == digits for cells in all_houses
    )
    for r in range(n):
        print(" ".join(map(str, grid[r * n : (r + 1) * n])))
    print("checked" if ok else "CHECK FAILED", file=sys.stderr)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
