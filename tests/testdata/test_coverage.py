"""Coverage gaps: features, classes, and per-group answers, each named."""

from __future__ import annotations

from ojpack.testdata.coverage import TestFacts, answer_tokens, gaps
from ojpack.problem.schema import Coverage

COV = Coverage(features=["T=max", "n=min"], classes=["S0", "T2"], answers=["John", "Brother"])


def facts(group: str, features: list[str], classes: dict[str, int], answers: str) -> TestFacts:
    return TestFacts(group, {"features": features, "classes": classes}, answer_tokens(answers.encode()))


def test_everything_covered() -> None:
    tests = [facts("g1", ["T=max"], {"S0": 2}, "John\nBrother\n"),
             facts("g2", ["n=min"], {"T2": 1, "S0": 0}, "Brother\nJohn\n")]
    assert gaps(COV, tests, ["g1", "g2"]) == []


def test_each_gap_is_named_and_samples_do_not_count() -> None:
    tests = [facts("sample", ["n=min"], {"T2": 1}, "John\nBrother\n"),
             facts("g1", ["T=max"], {"S0": 1, "T2": 0}, "John\nJohn\n"),
             facts("g2", [], {}, "Brother\n")]
    assert gaps(COV, tests, ["g1", "g2"]) == [
        "no secret test hits feature 'n=min'",
        "no secret test contains class 'T2'",
        "group 'g1' never has the answer 'Brother', so a constant output could pass it",
        "group 'g2' never has the answer 'John', so a constant output could pass it",
    ]


def test_answer_tokens_ignore_layout() -> None:
    assert answer_tokens(b"John  Brother\r\nJohn\n") == {"John": 2, "Brother": 1}


def test_a_validator_without_a_features_report_is_named_not_listed_as_gaps() -> None:
    """A validator that prints nothing with --features left every feature 'missing' without saying why."""
    silent = [TestFacts("g1", {}, answer_tokens(b"John\nBrother\n")), TestFacts("g2", {}, answer_tokens(b"John\n"))]
    (only,) = gaps(COV, silent, ["g1", "g2"])
    assert "the validator printed no --features report on any test" in only
    assert gaps(Coverage(answers=["John"]), silent, ["g1", "g2"]) == []   # nothing asked of the report
