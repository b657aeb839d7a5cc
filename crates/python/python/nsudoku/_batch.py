"""Batches: puzzles in the containers data lives in, turned into what the extension reads.

The extension takes three forms (see ``crates/python/src/batch.rs``): a 2-D integer array,
one puzzle a row; a list of texts; or an Arrow string array's buffers ``(offsets, bytes,
validity)``. Everything else is turned into one of
them here, without copying the puzzles where it can: pandas Series backed by Arrow and pyarrow
arrays go as buffers.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple, Union

import json

import numpy as np

from . import _nsudoku

#: The statuses by code, as the extension numbers them.
_STATUSES = np.array(_nsudoku.STATUSES)

Box = Union[str, Tuple[int, int], None]


def _puzzles(puzzles: Any) -> Any:
    """The batch in a form the extension reads."""
    if isinstance(puzzles, np.ndarray):
        return _from_array(puzzles)
    package = type(puzzles).__module__.split(".")[0]
    if package == "pandas":
        if hasattr(puzzles, "columns"):
            return _from_array(puzzles.to_numpy())
        return _from_series(puzzles)
    if package == "pyarrow":
        return _from_arrow(puzzles)
    if isinstance(puzzles, (str, bytes, dict, _nsudoku.Variant)):
        raise TypeError("puzzles: expected a batch, got one puzzle (solve() takes one; or [puzzle])")
    items = puzzles if isinstance(puzzles, list) else list(puzzles)
    if items and isinstance(items[0], (dict, _nsudoku.Variant)):
        return _variant_texts(items)
    if items and isinstance(items[0], _nsudoku.Grid):
        if any(g.pencil_marks is not None for g in items):
            return [g.line() for g in items]  # candidates as text: an array holds digits only
        return np.stack([g.to_numpy().ravel() for g in items])
    if items and not isinstance(items[0], (str, bytes)) and hasattr(items[0], "__len__"):
        return _from_array(np.asarray(items))
    return items


def _from_array(array: np.ndarray) -> Any:
    """An array of texts as texts; an array of numbers as one puzzle a row."""
    if array.dtype.kind in "USO":
        if array.ndim != 1:
            raise ValueError(f"puzzles: expected one text a puzzle, got an array of shape {array.shape}")
        return array.tolist()
    if array.dtype.kind not in "iu":
        raise TypeError(
            f"puzzles: expected integers (0 for empty) or texts, got {array.dtype}"
            " (for whole numbers stored as floats: .astype(int))"
        )
    if array.ndim == 3:
        return array.reshape(len(array), -1)
    if array.ndim != 2:
        raise ValueError(
            f"puzzles: expected one puzzle a row, (n, N²) or (n, N, N), got shape {array.shape}"
        )
    return array


def _from_series(series: Any) -> Any:
    """A pandas Series of texts: in place when Arrow holds it, else as a list."""
    dtype = series.dtype
    if getattr(dtype, "storage", None) == "pyarrow" or type(dtype).__name__ == "ArrowDtype":
        import pyarrow as pa  # type: ignore[import-untyped]

        return _from_arrow(pa.array(series))
    if getattr(dtype, "kind", "O") in "iuf":
        raise TypeError(
            "puzzles: a Series of numbers is not a batch: pass texts, or a DataFrame or array"
            " with one puzzle a row"
        )
    items = series.tolist()
    if items and isinstance(items[0], (dict, _nsudoku.Variant)):
        return _variant_texts(items)
    return items


def _variant_texts(items: list) -> list:
    """Variant puzzles given as ``dict`` (f-puzzles documents) or ``Variant`` as texts."""
    return [
        json.dumps(p) if isinstance(p, dict) else p.to_text() if isinstance(p, _nsudoku.Variant) else p
        for p in items
    ]


def _from_arrow(array: Any) -> Any:
    """A pyarrow string (or binary) array as ``(offsets, bytes, validity)``."""
    import pyarrow as pa  # type: ignore[import-untyped]

    if isinstance(array, pa.ChunkedArray):
        array = array.combine_chunks() if array.num_chunks != 1 else array.chunk(0)
    if pa.types.is_dictionary(array.type):
        array = array.dictionary_decode()
    width: Any
    if pa.types.is_string(array.type) or pa.types.is_binary(array.type):
        width = np.int32
    elif pa.types.is_large_string(array.type) or pa.types.is_large_binary(array.type):
        width = np.int64
    else:
        try:
            array = array.cast(pa.large_string())
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError) as e:
            raise TypeError(f"puzzles: expected strings, got an Arrow array of {array.type}") from e
        width = np.int64
    if len(array) == 0:
        return []
    buffers = array.buffers()
    offsets = np.frombuffer(buffers[1], dtype=width)[array.offset : array.offset + len(array) + 1]
    data = np.frombuffer(buffers[2], dtype=np.uint8) if buffers[2] is not None else np.zeros(0, np.uint8)
    valid = None
    if array.null_count:
        valid = array.is_valid().to_numpy(zero_copy_only=False).astype(bool)
    return (offsets.astype(np.int64), data, valid)


def solve_many(
    puzzles: Any,
    box: Box = None,
    *,
    first: bool = False,
    timeout: Optional[float] = None,
    threads: Optional[int] = None,
    ignore_unknown: bool = False,
) -> Tuple[np.ndarray, np.ndarray]:
    """Solves every puzzle of a batch, on every core.

    ``puzzles``: an ``(n, N²)`` or ``(n, N, N)`` integer array (0 for empty), a list of texts
    (any format ``solve`` reads), a pandas Series of texts (or a DataFrame of numbers, a
    puzzle a row), or a pyarrow string array. All have one size: that of ``box`` (``"3x2"``)
    if given, else the array's width, else the first text that reads.

    Returns ``(solutions, status)`` in input order: an ``(n, N²)`` array (``uint8``;
    ``uint16`` beyond 255×255) with zeros where a puzzle is not solved, and an array of
    ``"solved"``, ``"no_solution"``, ``"multiple"``, ``"invalid"`` (does not read, another
    size, clashing clues: ``check`` says why) or ``"timeout"``, the statuses of
    ``nsudoku solve -f json``. Like ``solve``, each puzzle is checked to have one solution
    (``first=True``: the first found is taken). A bad puzzle never stops the batch.

    ``timeout``: seconds a puzzle (default: none). ``threads``: default one per CPU. The GIL
    is released while solving; Ctrl-C stops the batch.

    Variant puzzles: a batch whose first text is a variant puzzle (a link, a payload, JSON,
    the text form; or a list of ``dict`` or ``Variant``) is read and solved puzzle by puzzle
    on the threads, at a variant puzzle's pace (milliseconds to seconds each). Its solutions
    have the size of its first puzzle that reads; a puzzle of another size is ``"invalid"``,
    and so is one without a solution whose givens break a rule. ``ignore_unknown=True`` skips
    the constraints the reader does not know; no ``box`` is given.
    """
    solutions, codes = _nsudoku.solve_many(_puzzles(puzzles), box, first, timeout, threads, ignore_unknown)
    return solutions, _STATUSES[codes]


def count_many(
    puzzles: Any,
    limit: int = 1000,
    box: Box = None,
    *,
    timeout: Optional[float] = None,
    threads: Optional[int] = None,
    ignore_unknown: bool = False,
) -> Tuple[np.ndarray, np.ndarray]:
    """Counts the solutions of every puzzle of a batch, up to ``limit``, on every core.

    ``puzzles`` as for ``solve_many``, variant puzzles included (of any sizes). Returns
    ``(counts, status)`` in input order: an ``int64`` array (a count of ``limit`` means at
    least that many) and an array of ``"counted"``, ``"invalid"`` or ``"timeout"`` (the count
    so far), as ``nsudoku count -f json``. ``timeout``: seconds a puzzle (default: none);
    ``threads``: default one per CPU.
    """
    counts, codes = _nsudoku.count_many(_puzzles(puzzles), limit, box, timeout, threads, ignore_unknown)
    return counts, _STATUSES[codes]


def rate_many(
    puzzles: Any,
    box: Box = None,
    *,
    scale: str = "sukaku",
    timeout: Optional[float] = 60.0,
    threads: Optional[int] = None,
) -> Tuple[np.ndarray, np.ndarray]:
    """Rates every puzzle of a batch on Sudoku Explainer's ER scale, as ``nsudoku rate``.

    ``puzzles`` as for ``solve_many``. Returns ``(er, status)`` in input order: a ``float64``
    array (NaN where not rated) and an array of ``"rated"``, ``"no_solution"``,
    ``"multiple"``, ``"invalid"``, ``"timeout"`` or ``"error"`` (a grid above 64×64), as
    ``nsudoku rate -f json``. ``scale``: ``"sukaku"`` or ``"classic"``. ``timeout``: seconds a
    puzzle (default 60, as the CLI's; None: no limit); ``threads``: default one per CPU.
    A batch of variant puzzles (as ``solve_many`` takes them) is rated by the variant logic, as
    ``rate`` rates one: the hardest step's ER (``scale`` does not apply).
    """
    er, codes = _nsudoku.rate_many(_puzzles(puzzles), box, scale, timeout, threads)
    return er, _STATUSES[codes]


def canonical_many(
    puzzles: Any,
    box: Box = None,
    *,
    threads: Optional[int] = None,
) -> Tuple[np.ndarray, np.ndarray]:
    """The canonical (minlex) form of every puzzle of a batch, as ``nsudoku canon``, on every core.

    ``puzzles`` as for ``solve_many``. Returns ``(forms, status)`` in input order: an ``(n,
    N²)`` ``uint8`` array of the forms (see ``canonical``), zeros where there is none, and an
    array of ``"canonical"``, ``"invalid"`` (does not read, another size, clashing clues) or
    ``"error"`` (a grid above 16×16, or one too symmetric for the search's bounded memory).
    Two rows are the same puzzle in disguise exactly when their forms are equal, so ``np.unique(forms, axis=0, return_index=True)`` finds the
    distinct puzzles of a collection. ``threads``: default one per CPU. Raises ``Error`` for
    a batch of variant puzzles.
    """
    forms, codes = _nsudoku.canonical_many(_puzzles(puzzles), box, threads)
    return forms, _STATUSES[codes]


def dedup_many(
    puzzles: Any,
    box: Box = None,
    *,
    threads: Optional[int] = None,
) -> Tuple[np.ndarray, np.ndarray]:
    """The first puzzle of each equivalence class, as ``nsudoku dedup`` keeps it, and for every
    other the first one it repeats.

    ``puzzles`` as for ``solve_many``; their canonical forms come from ``canonical_many``.
    Returns ``(first, status)`` in input order: an ``int64`` array, for each puzzle the index
    (from 0) of the first puzzle of its class (its own index when it is that puzzle; -1 when
    it has no form), and an array of ``"kept"`` (the first of its class), ``"dropped"`` (the
    same puzzle in disguise as ``puzzles[first]``), ``"invalid"`` or ``"error"`` (as for
    ``canonical_many``). ``status == "kept"`` selects what ``nsudoku dedup`` writes.
    """
    forms, status = canonical_many(puzzles, box, threads=threads)
    first = np.full(len(status), -1, np.int64)
    formed = np.flatnonzero(status == "canonical")
    if len(formed):
        # The first occurrence of each distinct form, and each row's form among them.
        _, where, which = np.unique(forms[formed], axis=0, return_index=True, return_inverse=True)
        first[formed] = formed[where][np.ravel(which)]
    kept = first == np.arange(len(first))
    return first, np.where(kept, "kept", np.where(first >= 0, "dropped", status))
