"""The package's surface: every public name documented and typed."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import nsudoku
import nsudoku.dask
from nsudoku import _nsudoku

PACKAGE = Path(nsudoku.__file__).parent


def test_every_public_name_has_a_docstring():
    for module in (nsudoku, nsudoku.dask):
        for name in module.__all__:
            if name in ("STATUSES", "__version__"):
                continue
            obj = getattr(module, name)
            assert obj.__doc__ and len(obj.__doc__.strip()) > 20, name
            if inspect.isclass(obj) and not issubclass(obj, BaseException):
                for attr, value in vars(obj).items():
                    if not attr.startswith("_"):
                        assert value.__doc__, f"{name}.{attr}"


def test_the_stubs_cover_the_extension_and_the_package_is_typed():
    assert (PACKAGE / "py.typed").exists()
    stub = ast.parse((PACKAGE / "_nsudoku.pyi").read_text())
    names = {n.name for n in stub.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    names |= {t.id for n in stub.body if isinstance(n, (ast.Assign, ast.AnnAssign)) for t in getattr(n, "targets", [getattr(n, "target", None)]) if isinstance(t, ast.Name)}
    assert set(_nsudoku.__all__) <= names
    classes = {n.name: n for n in stub.body if isinstance(n, ast.ClassDef)}
    for name, node in classes.items():
        members = {m.name for m in node.body if isinstance(m, ast.FunctionDef)}
        runtime = {a for a in vars(getattr(_nsudoku, name)) if not a.startswith("_")}
        assert runtime <= members, (name, runtime - members)


def test_statuses_are_the_cli_words():
    assert nsudoku.STATUSES == ("solved", "no_solution", "multiple", "invalid", "timeout", "counted", "rated", "error", "canonical")
    assert nsudoku.__version__.count(".") == 2


def test_the_package_docstring_example_runs():
    import doctest

    failures, tried = doctest.testmod(nsudoku)
    assert tried >= 3 and failures == 0
