"""problem.yaml's `judging:` block is read as strictly as the rest: a misspelt key or value is one line naming
the key and its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from ojpack.errors import ProblemConfigError
from ojpack.problem.load import load_problem


def error_for(toy: Path, block: str) -> tuple[str, int]:
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + block)
    line = len(text.splitlines()) + len(block.splitlines())   # the block's last line
    with pytest.raises(ProblemConfigError) as e:
        load_problem(toy)
    msg = str(e.value)
    assert "Traceback" not in msg and "\n" not in msg, msg
    return msg, line


def test_the_default_is_polygons_rule_and_first_failure_is_read(toy: Path) -> None:
    assert load_problem(toy).spec.judging.verdict == "every_test"
    assert not load_problem(toy).spec.judging.first_failure
    (toy / "problem.yaml").write_text((toy / "problem.yaml").read_text() + "judging:\n  verdict: first_failure\n")
    assert load_problem(toy).spec.judging.first_failure


def test_a_misspelt_key_is_named_with_its_line(toy: Path) -> None:
    msg, line = error_for(toy, "judging:\n  verdcit: first_failure\n")
    assert f"line {line}: unknown key 'judging.verdcit'; did you mean 'verdict'?" in msg


def test_an_unknown_rule_names_the_rules(toy: Path) -> None:
    msg, line = error_for(toy, "judging:\n  verdict: first-failure\n")
    assert f"line {line}:" in msg and "'judging.verdict'" in msg
    assert "'every_test'" in msg and "'first_failure'" in msg


def test_judging_must_be_a_mapping(toy: Path) -> None:
    msg, line = error_for(toy, "judging: first_failure\n")
    assert f"line {line}: 'judging': should be a mapping" in msg


def test_worst_error_and_per_group_rules_are_read(toy: Path) -> None:
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + "judging:\n  verdict: worst_error\n  groups: {sample: always_accept}\n")
    judging = load_problem(toy).spec.judging
    assert judging.verdict == "worst_error" and judging.first_failure and not judging.stops_early
    assert judging.rule_of("sample") == "always_accept" and judging.rule_of("small") == "worst_error"


def test_a_group_rule_for_an_unknown_group_is_one_line(toy: Path) -> None:
    msg, line = error_for(toy, "judging:\n  verdict: worst_error\n  groups: {nosuch: worst_error}\n")
    assert f"line {line}:" in msg and "'nosuch' is neither 'sample' nor a subtask group" in msg


def test_a_misspelt_group_rule_names_the_rules(toy: Path) -> None:
    msg, _ = error_for(toy, "judging:\n  verdict: worst_error\n  groups: {sample: worst}\n")
    assert "'always_accept'" in msg and "judging.groups" in msg


def test_group_rules_need_a_rule_that_compares_only_the_overall_verdict(toy: Path) -> None:
    msg, _ = error_for(toy, "judging:\n  groups: {sample: always_accept}\n")
    assert "per-group rules need a verdict rule that compares only the overall verdict" in msg
