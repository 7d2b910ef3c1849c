"""Lazy package roots (ojpack.lazy): a name loads only its own module, and every name resolves to what
its module defines, whatever was imported before."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import pytest

LAZY = ["ojpack.judging", "ojpack.testdata"]


def fresh(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def test_judging_a_submission_does_not_load_the_cross_check_or_the_builder() -> None:
    loaded = fresh("import sys\nfrom ojpack.judging import judge, Verdict\nfrom ojpack.testdata import ensure_built\n"
                   "print(' '.join(sorted(m for m in sys.modules if m.startswith('ojpack.'))))").split()
    assert "ojpack.judging.judgement" in loaded and "ojpack.testdata.data" in loaded
    for heavy in ("ojpack.judging.crosscheck", "ojpack.judging.proof", "ojpack.testdata.builder",
                  "ojpack.testdata.generate"):
        assert heavy not in loaded


@pytest.mark.parametrize("package", LAZY)
def test_every_exported_name_is_its_modules_object(package: str) -> None:
    pkg = importlib.import_module(package)
    for name in pkg.__all__:
        value = getattr(pkg, name)
        assert not isinstance(value, type(pkg)), f"{package}.{name} is a module"
        assert getattr(value, "__module__", package).startswith(package) or not callable(value)


@pytest.mark.parametrize("package", LAZY)
def test_no_exported_name_is_also_a_module_name(package: str) -> None:
    # importing such a module would set the package attribute to the module itself
    pkg = importlib.import_module(package)
    modules = {m.name for m in pkgutil.iter_modules(pkg.__path__)}
    assert not modules & set(pkg.__all__)


def test_a_name_imported_after_its_module_is_still_the_function() -> None:
    said = fresh("import ojpack.judging.crosscheck\nfrom ojpack.judging import check\nprint(type(check).__name__)")
    assert said == "function"


def test_an_unknown_name_is_an_attribute_error() -> None:
    import ojpack.judging
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        ojpack.judging.nope  # noqa: B018
