"""What the tests share: the data files, the CLI to compare with, and a checker of solutions
that owes nothing to the engines."""

from __future__ import annotations

import _thread
import contextlib
import json
import os
import signal
import subprocess
import threading
from pathlib import Path
from typing import Any, Optional

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "crates" / "core" / "tests" / "data"
TOP1465 = DATA / "9x9" / "puzzles3_magictour_top1465.sample"
SEVENTEEN = DATA / "9x9" / "puzzles2_17_clue.sample"
CLASSIC = DATA / "9x9" / "classic.txt"
RATED = DATA / "rated" / "sudoku_exchange.sample"

#: A 9×9 puzzle with one solution, and that solution.
EASY = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
EASY_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def lines(path: Path) -> list[str]:
    """The puzzle lines of a file (no blank or comment line)."""
    return [l.strip() for l in path.read_text().splitlines() if l.strip() and not l.startswith("#")]


def side_and_box(cells: int, box: Optional[str]) -> tuple[int, int, int]:
    n = int(round(cells**0.5))
    if box:
        w, h = (int(x) for x in box.split("x"))
    else:
        w = h = int(round(n**0.5))
    assert w * h == n
    return n, w, h


def assert_solves(solution: Any, puzzle: Any, box: Optional[str] = None) -> None:
    """``solution`` (values, any shape) fills every house with 1..N and keeps every clue of
    ``puzzle`` (values, or a compact line)."""
    if isinstance(puzzle, str):
        puzzle = [0 if ch in ".0" else int(ch, 36) for ch in puzzle]
    s = np.asarray(solution, dtype=np.int64).ravel()
    p = np.asarray(puzzle, dtype=np.int64).ravel()
    n, w, h = side_and_box(s.size, box)
    assert s.size == p.size
    assert np.all((p == 0) | (p == s)), "a clue was changed"
    grid = s.reshape(n, n)
    every = list(range(1, n + 1))
    for i in range(n):
        assert sorted(grid[i]) == every, f"row {i + 1}"
        assert sorted(grid[:, i]) == every, f"column {i + 1}"
    for r in range(0, n, h):
        for c in range(0, n, w):
            assert sorted(grid[r : r + h, c : c + w].ravel()) == every, f"box at r{r + 1}c{c + 1}"


def brute_count(puzzle: Any, box: Optional[str] = None, limit: int = 10**6) -> int:
    """Solutions of a small grid by plain backtracking in Python: a second engine."""
    values = list(np.asarray(puzzle, dtype=np.int64).ravel())
    n, w, h = side_and_box(len(values), box)

    def allowed(i: int, v: int) -> bool:
        r, c = divmod(i, n)
        br, bc = r - r % h, c - c % w
        for k in range(n):
            if values[r * n + k] == v or values[k * n + c] == v:
                return False
        return all(values[(br + dr) * n + bc + dc] != v for dr in range(h) for dc in range(w))

    def count(i: int) -> int:
        while i < len(values) and values[i]:
            i += 1
        if i == len(values):
            return 1
        total = 0
        for v in range(1, n + 1):
            if allowed(i, v):
                values[i] = v
                total += count(i + 1)
                values[i] = 0
                if total >= limit:
                    break
        return total

    return count(0)


@pytest.fixture(scope="session")
def cli():
    """Runs the `nsudoku` binary (NSUDOKU_CLI, else target/release/nsudoku, built if missing):
    ``cli("solve", "-f", "json", input=text)`` gives the JSON objects it prints, one a line;
    with ``json_output=False`` the lines of text."""
    exe = Path(os.environ.get("NSUDOKU_CLI", ROOT / "target" / "release" / "nsudoku"))
    if not exe.exists():
        subprocess.run(["cargo", "build", "--release", "-p", "nsudoku-cli"], cwd=ROOT, check=True)

    def run(*args: str, input: Optional[str] = None, json_output: bool = True) -> list[Any]:
        done = subprocess.run([str(exe), *args], input=input, capture_output=True, text=True, cwd=ROOT)
        assert done.returncode in (0, 1, 2), done.stderr
        out = done.stdout.splitlines()
        return [json.loads(l) for l in out] if json_output else out

    return run


@contextlib.contextmanager
def pressing_ctrl_c(every: float = 0.3):
    """Ctrl-C every ``every`` seconds until the block ends, as a user would press it again.

    CPython runs a signal's handler at its next bytecode, and one that falls while the
    extension's set-up holds the interpreter can be swallowed: on a loaded host a single
    signal was seen lost. Presses after the block are ignored by the handler, so none
    escapes the test.
    """
    armed = True
    done = threading.Event()

    def handler(signum, frame):
        if armed:
            raise KeyboardInterrupt

    def press():
        while not done.wait(every):
            _thread.interrupt_main()

    previous = signal.signal(signal.SIGINT, handler)
    presser = threading.Thread(target=press)
    presser.start()
    try:
        yield
    finally:
        armed = False
        done.set()
        presser.join()
        for _ in range(100):  # let a last pending press reach the disarmed handler
            pass
        signal.signal(signal.SIGINT, previous)
