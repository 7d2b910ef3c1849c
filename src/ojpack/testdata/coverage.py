"""What the secret data must cover (problem.yaml `coverage`), and what a set of tests leaves out."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable

from ..problem import Coverage


@dataclass(frozen=True)
class TestFacts:
    __test__ = False  # not a pytest class, despite the name
    group: str
    features: dict[str, Any]      # the validator's report
    answers: dict[str, int]       # answer token -> count


def answer_tokens(answer: bytes) -> dict[str, int]:
    return dict(Counter(answer.decode("utf-8", "replace").split()))


def hit_features(tests: Iterable[TestFacts]) -> set[str]:
    return {f for t in tests for f in t.features.get("features", [])}


def hit_classes(tests: Iterable[TestFacts]) -> Counter[str]:
    total: Counter[str] = Counter()
    for t in tests:
        total.update({k: v for k, v in t.features.get("classes", {}).items() if v})
    return total


def gaps(coverage: Coverage, tests: list[TestFacts], groups: list[str]) -> list[str]:
    """Each missing feature, class, or per-group answer, as a sentence; empty when all is covered."""
    secret = [t for t in tests if t.group != "sample"]
    out = [f"no secret test hits feature '{f}'" for f in coverage.features if f not in hit_features(secret)]
    classes = hit_classes(secret)
    out += [f"no secret test contains class '{c}'" for c in coverage.classes if not classes[c]]
    for g in groups:
        seen = {tok for t in secret if t.group == g for tok in t.answers}
        out += [f"group '{g}' never has the answer '{a}', so a constant output could pass it"
                for a in coverage.answers if a not in seen]
    return out
