"""A float rule (and space_change_sensitive) reaches every judge as that judge's own equivalent: the flags of
the Kattis/ICPC/DOMjudge default validator, the float variant of tokens.cpp for Hydro, Luogu and CMS, and a
refusal from UOJ. Each judge's checker is run as the judge runs it on a table of float outputs and must agree
with `ojpack judge` (`compare_tokens` with the tolerance) on every row. (Not on a number with a dangling
exponent, "2.5e": glibc's sscanf, so problemtools and ojpack, read it as 2.5; BAPCtools' validator does not.)"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from ojpack.judging.checker import Tolerance, compare_tokens
from ojpack.formats.exporters import TARGETS
from ojpack.publish.run import export
from ojpack.formats.common.package import Package

from test_export_checkers import judge_for, prepared  # noqa: F401  (a fixture, shared)

ANSWER = b"3.14159265 yes\n-2.5\n1000000\n"
OUTPUTS = {
    "exact": ANSWER, "close": b"3.1415930 yes\n-2.5000001\n1000000.4\n", "one line": b"3.14159265 yes -2.5 1000000\n",
    "far": b"3.15 yes\n-2.5\n1000000\n", "relative only": b"3.14159265 yes\n-2.5\n1000000.9\n",
    "word for number": b"pi yes\n-2.5\n1000000\n", "wrong word": b"3.14159265 no\n-2.5\n1000000\n",
    "case": b"3.14159265 YES\n-2.5\n1000000\n", "exponent": b"0.314159265e1 yes\n-25e-1\n1e6\n",
    "short": b"3.14159265 yes\n-2.5\n",
    "extra space": b"3.14159265  yes\n-2.5\n1000000\n", "no final newline": b"3.14159265 yes\n-2.5\n1000000",
}
RULES = {"absolute+relative": (1e-6, 1e-6, False), "absolute": (1e-3, None, False),
         "relative": (None, 1e-6, True), "space": (1e-6, 1e-6, True)}


@pytest.fixture(scope="module", params=list(RULES), ids=list(RULES))
def exported(request, prepared: Package,  # noqa: F811
             tmp_path_factory: pytest.TempPathFactory) -> tuple[Package, dict]:
    absolute, relative, space = RULES[request.param]
    pkg = dataclasses.replace(prepared, checker_type="float", case_sensitive=request.param != "absolute",
                              absolute_tolerance=absolute, relative_tolerance=relative, space_change_sensitive=space)
    return pkg, {r.target: r for r in export(pkg, list(TARGETS), out_root=tmp_path_factory.mktemp("float"))}


@pytest.mark.parametrize("target", ["kattis", "icpc2025", "domjudge", "hydro", "luogu", "cms"])
def test_every_judge_applies_the_float_rule_as_ojpack(exported, target: str, tmp_path: Path) -> None:
    pkg, results = exported
    if results[target].error:
        assert target == "cms" and "Chromium" in results[target].error, results[target].error
        pytest.skip("no PDF engine on this machine, so no CMS export")
    judge = judge_for(target, pkg, results, tmp_path)
    (tmp_path / "in").write_bytes(b"")
    (tmp_path / "ans").write_bytes(ANSWER)
    theirs, ours = {}, {}
    tolerance = Tolerance(pkg.absolute_tolerance, pkg.relative_tolerance)
    for name, output in OUTPUTS.items():
        (tmp_path / name).write_bytes(output)
        theirs[name] = judge(tmp_path / "in", tmp_path / "ans", tmp_path / name)
        ours[name] = compare_tokens(output, ANSWER, pkg.case_sensitive, tolerance, pkg.space_change_sensitive).ok
    assert theirs == ours
    assert ours["exact"] and ours["exponent"] and not ours["far"]     # the table tells the rules apart


def test_uoj_refuses_a_float_rule_by_name(exported) -> None:
    _, results = exported
    assert "float" in results["uoj"].error
