"""Batches: solve_many, count_many, rate_many on every kind of input, bad rows at known places,
results equal to the CLI's, threads, timeouts, the GIL and Ctrl-C."""

from __future__ import annotations

import random
import threading
import time

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

import nsudoku
from conftest import EASY, EASY_SOLUTION, SEVENTEEN, TOP1465, assert_solves, brute_count, lines, pressing_ctrl_c
from test_single import NO_SOLUTION

#: A batch with a bad row of each kind, and the statuses they get.
MIXED = [
    EASY,  # 0
    "53x" + EASY[3:],  # 1: a bad symbol
    "55" + EASY[2:],  # 2: clashing clues
    NO_SOLUTION,  # 3
    "." * 81,  # 4: several solutions
    "." * 256,  # 5: another size
    None,  # 6: missing
    EASY[:80],  # 7: too short
    lines(TOP1465)[0],  # 8
    "",  # 9
]
MIXED_STATUS = ["solved", "invalid", "invalid", "no_solution", "multiple", "invalid", "invalid", "invalid", "solved", "invalid"]


def check_solved(solutions, status, puzzles):
    """Solved rows solve their puzzles; the others are zeros."""
    for s, st, p in zip(solutions, status, puzzles):
        if st == "solved":
            assert_solves(s, p)
        else:
            assert not s.any()


def test_bad_rows_get_their_status_and_the_batch_goes_on():
    solutions, status = nsudoku.solve_many(MIXED)
    assert solutions.shape == (10, 81) and solutions.dtype == np.uint8
    assert status.tolist() == MIXED_STATUS
    assert "".join(map(str, solutions[0])) == EASY_SOLUTION
    check_solved(solutions, status, [p if s == "solved" else "." * 81 for p, s in zip(MIXED, status)])
    _, first = nsudoku.solve_many(MIXED, first=True)
    assert first[4] == "solved"
    counts, status = nsudoku.count_many(MIXED, limit=5)
    assert status.tolist() == ["counted" if s != "invalid" else "invalid" for s in MIXED_STATUS]
    assert counts.tolist() == [1, 0, 0, 0, 5, 0, 0, 0, 1, 0]
    er, status = nsudoku.rate_many(MIXED)
    assert status.tolist() == [s.replace("solved", "rated") for s in MIXED_STATUS]
    assert er[0] == nsudoku.rate(EASY).er and np.isnan(er[1:8]).all() and er[8] > 7


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.uint16, np.int16, np.int32, np.uint32, np.int64, np.uint64])
def test_integer_arrays_of_any_type(dtype):
    puzzles = np.array([nsudoku.Grid(p).to_numpy().ravel() for p in lines(TOP1465)], dtype=dtype)
    solutions, status = nsudoku.solve_many(puzzles)
    assert (status == "solved").all()
    check_solved(solutions, status, puzzles)
    # Bad values at known rows: out of range, negative, a clash.
    bad = puzzles[:4].copy()
    bad[1, 5] = 10
    if np.issubdtype(dtype, np.signedinteger):
        bad[2, 7] = -1
    else:
        bad[2, 7] = np.iinfo(dtype).max
    bad[3, :2] = [1, 1]
    _, status = nsudoku.solve_many(bad)
    assert status.tolist() == ["solved", "invalid", "invalid", "invalid"]


def test_array_layouts():
    puzzles = np.array([nsudoku.Grid(p).to_numpy() for p in lines(SEVENTEEN)[:20]])
    assert puzzles.shape == (20, 9, 9)
    expected, status = nsudoku.solve_many(puzzles)
    assert (status == "solved").all()
    # Not contiguous: every other row of a Fortran-ordered array.
    flat = np.asfortranarray(np.repeat(puzzles.reshape(20, 81), 2, axis=0))[::2]
    assert not flat.flags.c_contiguous
    assert (nsudoku.solve_many(flat)[0] == expected).all()
    # A DataFrame of numbers, a list of rows, a list of Grids.
    assert (nsudoku.solve_many(pd.DataFrame(puzzles.reshape(20, 81)))[0] == expected).all()
    assert (nsudoku.solve_many(puzzles.reshape(20, 81).tolist())[0] == expected).all()
    assert (nsudoku.solve_many([nsudoku.Grid(p) for p in puzzles])[0] == expected).all()
    with pytest.raises(nsudoku.InvalidPuzzle, match="wrong cell count"):
        nsudoku.solve_many(np.zeros((3, 80), dtype=np.uint8))
    with pytest.raises(TypeError, match="integers"):
        nsudoku.solve_many(np.zeros((3, 81)))
    with pytest.raises(TypeError, match="one puzzle"):
        nsudoku.solve_many(EASY)


def test_texts_in_every_container():
    texts = lines(TOP1465) + MIXED
    expected, expected_status = nsudoku.solve_many(texts)
    containers = [
        np.array([t or "" for t in texts]),
        pd.Series(texts, dtype=object),
        pd.Series(texts, dtype="string[pyarrow]"),
        pd.Series(texts, dtype="string[python]"),
        pd.Series(texts),
        pa.array(texts),
        pa.array(texts, type=pa.large_string()),
        pa.array([t.encode() if t is not None else None for t in texts], type=pa.binary()),
        pa.chunked_array([texts[:5], texts[5:12], texts[12:]]),
        pa.array(texts).dictionary_encode(),
        (t for t in texts),
    ]
    for c in containers:
        solutions, status = nsudoku.solve_many(c)
        assert (solutions == expected).all(), type(c)
        missing_as_empty = np.array([s if t is not None else "invalid" for s, t in zip(status, texts)])
        assert (status == expected_status).all() or (missing_as_empty == expected_status).all(), type(c)
    # Strings of several lengths, and one that holds a NUL byte (the separator the package
    # joins strings with): each is still read alone.
    varied = lines(TOP1465) + ["x", "." * 256, EASY, "", EASY + "\0", EASY]
    _, status = nsudoku.solve_many(varied)
    assert status.tolist() == ["solved"] * 16 + ["invalid", "invalid", "solved", "invalid", "invalid", "solved"]
    same = [EASY] * 5
    assert (nsudoku.solve_many(same)[0] == nsudoku.solve_many(np.array(same, dtype=object))[0]).all()
    # A list's items are read in place, whatever they are: bytes (UTF-8 or not), other objects,
    # strings beyond ASCII, and a string with an unpaired surrogate (no UTF-8 at all), which
    # is a bad row like any other rather than an error for the batch.
    odd = [None, EASY.encode(), "５" + EASY[1:], EASY.replace("0", "_"), 7, "\ud800" + EASY[1:], b"\xff" + EASY[1:].encode()]
    long = [EASY] * 5000 + odd + [EASY] * 5000
    _, status = nsudoku.solve_many(long)
    assert status.tolist() == ["solved"] * 5000 + ["invalid", "solved", "invalid", "solved"] + ["invalid"] * 3 + ["solved"] * 5000
    # A slice of an Arrow array starts at an offset in its buffers.
    sliced = pa.array(texts)[3:11]
    assert (nsudoku.solve_many(sliced)[0] == expected[3:11]).all()
    assert nsudoku.solve_many(sliced)[1].tolist() == expected_status[3:11].tolist()


def test_results_equal_the_cli(cli):
    # (The CLI reads each puzzle at its own size; a batch has one: MIXED[5] is left out.)
    puzzles = lines(TOP1465) + lines(SEVENTEEN) + MIXED[1:5]
    out = cli("solve", "-f", "json", input="\n".join(puzzles))
    solutions, status = nsudoku.solve_many(puzzles, threads=2)
    assert status.tolist() == [o["status"] for o in out]
    for s, o in zip(solutions, out):
        if o["status"] == "solved":
            assert s.reshape(9, 9).tolist() == o["grid"]
    lines_out = cli("solve", input="\n".join(puzzles[:56]), json_output=False)
    assert nsudoku.to_lines(solutions[:56]) == lines_out


def test_counts_equal_the_cli_and_a_second_engine(cli):
    rng = random.Random(3)
    grids = nsudoku.generate_many(30, seed=3)[1]
    holes = [[v if rng.random() < 0.45 else 0 for v in g] for g in grids]
    text = "\n".join("".join(str(v or ".") for v in h) for h in holes)
    out = cli("count", "-f", "json", "--limit", "100", input=text)
    counts, status = nsudoku.count_many(np.array(holes), limit=100)
    assert (status == "counted").all()
    assert counts.tolist() == [o["count"] for o in out]
    assert counts.max() > 1 and counts.min() == 1
    small = [[v if rng.random() < 0.3 else 0 for v in g] for g in nsudoku.generate_many(20, 4, seed=1)[1]]
    assert nsudoku.count_many(small, limit=10**6)[0].tolist() == [brute_count(s) for s in small]


def test_ratings_equal_the_cli(cli):
    puzzles = lines(TOP1465)
    out = cli("rate", "-f", "json", input="\n".join(puzzles))
    er, status = nsudoku.rate_many(puzzles, threads=2)
    assert status.tolist() == [o["status"] for o in out]
    assert er.tolist() == [o["er"] for o in out]
    classic = cli("rate", "-f", "json", "--scale", "classic", input="\n".join(puzzles))
    assert nsudoku.rate_many(puzzles, scale="classic")[0].tolist() == [o["er"] for o in classic]


def test_threads_change_nothing_but_the_time():
    puzzles = lines(SEVENTEEN) * 20 + MIXED
    one = nsudoku.solve_many(puzzles, threads=1)
    two = nsudoku.solve_many(puzzles, threads=2)
    every = nsudoku.solve_many(puzzles)
    for a, b in [(one, two), (one, every)]:
        assert (a[0] == b[0]).all() and (a[1] == b[1]).all()
    with pytest.raises(ValueError, match="threads"):
        nsudoku.solve_many(puzzles, threads=0)


def test_other_sizes_and_shapes():
    sixes = [str(nsudoku.generate(6, seed=s).puzzle) for s in range(5)]
    solutions, status = nsudoku.solve_many(sixes, box="3x2")
    assert solutions.shape == (5, 36) and (status == "solved").all()
    for s, p in zip(solutions, sixes):
        assert_solves(s, p, box="3x2")
    # Without a box, 6×6 has none: every row is invalid.
    assert (nsudoku.solve_many(sixes)[1] == "invalid").all()
    # The size comes from the first text that reads.
    sixteens = nsudoku.generate_many(3, 16, seed=2)[0]
    texts = ["x"] + nsudoku.to_lines(sixteens) + [EASY]
    solutions, status = nsudoku.solve_many(texts)
    assert solutions.shape == (5, 256) and status.tolist() == ["invalid", "solved", "solved", "solved", "invalid"]
    for s, p in zip(solutions[1:4], sixteens):
        assert_solves(s, p)
    empty = nsudoku.solve_many([])
    assert empty[0].shape == (0, 81) and empty[1].shape == (0,)


def test_timeouts_are_per_puzzle():
    start = time.monotonic()
    counts, status = nsudoku.count_many(["." * 81, EASY, "." * 81], limit=10**9, timeout=0.05, threads=1)
    assert status.tolist() == ["timeout", "counted", "timeout"] and counts[1] == 1
    assert time.monotonic() - start < 5


def test_the_gil_is_released_while_solving():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    puzzles = lines(TOP1465) * 5000
    ticker = threading.Thread(target=tick)
    ticker.start()
    start = time.monotonic()
    nsudoku.solve_many(puzzles, threads=1)
    elapsed = time.monotonic() - start
    stop.set()
    ticker.join()
    # Had the GIL been held, the ticker would not have run at all while solving.
    assert elapsed > 0.05 and len(ticks) > 10


def test_a_list_changed_while_its_batch_runs_is_read_as_it_was():
    # Each string is its own object, held by the list alone: emptying the list while the batch
    # runs without the GIL frees them, unless the batch holds them itself.
    texts = lines(TOP1465) * 2000
    puzzles = ["".join(t) for t in texts]
    expected, expected_status = nsudoku.solve_many(list(texts), threads=1)
    result = {}
    worker = threading.Thread(target=lambda: result.update(out=nsudoku.solve_many(puzzles, threads=1)))
    worker.start()
    time.sleep(0.01)
    puzzles.clear()
    for _ in range(50):
        # New strings of the same size, likely to take the freed memory.
        junk = ["x" * 81 for _ in range(20000)]
        del junk
    worker.join()
    solutions, status = result["out"]
    assert (status == expected_status).all() and (solutions == expected).all()


def test_ctrl_c_stops_a_batch():
    start = time.monotonic()
    with pressing_ctrl_c(), pytest.raises(KeyboardInterrupt):
        nsudoku.count_many(["." * 81] * 4, limit=10**12, threads=2)
    assert time.monotonic() - start < 5


def test_to_lines():
    values = np.array([nsudoku.Grid(EASY).to_numpy().ravel(), np.zeros(81, np.uint8)])
    values[1, 0] = 10
    assert nsudoku.to_lines(values) == [EASY.replace("0", "."), None]
    assert nsudoku.to_lines(np.zeros((1, 36), np.uint8), box="2x3") == ["." * 36]
