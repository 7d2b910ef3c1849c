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


# The manifest key of the features a test hits against its own group's bounds (beside the validator's
# "features", which are against the problem's global bounds).
GROUP_FEATURES = "group_features"


def answer_tokens(answer: bytes) -> dict[str, int]:
    return dict(Counter(answer.decode("utf-8", "replace").split()))


def hit_features(tests: Iterable[TestFacts], own: bool = False) -> set[str]:
    """Features hit against the global bounds, or (own) against each test's group's bounds."""
    return {f for t in tests
            for f in t.features.get(GROUP_FEATURES if own and GROUP_FEATURES in t.features else "features", [])}


def hit_classes(tests: Iterable[TestFacts]) -> Counter[str]:
    total: Counter[str] = Counter()
    for t in tests:
        total.update({k: v for k, v in t.features.get("classes", {}).items() if v})
    return total


def gaps(coverage: Coverage, tests: list[TestFacts], groups: list[str],
         own: dict[str, Coverage] | None = None) -> list[str]:
    """Each missing feature, class, or per-group answer, as a sentence; empty when all is covered.
    `coverage` is over all secret tests (its answers over each group); `own` adds what each group's
    own tests must cover (a subtask's features are hit against its own, tighter bounds)."""
    secret = [t for t in tests if t.group != "sample"]
    wanted = coverage.features or any(c.features or c.classes for c in (own or {}).values()) or coverage.classes
    if wanted and secret and not any("features" in t.features or "classes" in t.features for t in secret):
        # Not a silent gap list: say where features come from.
        return ["the validator printed no --features report on any test (with --features, a valid input must also "
                'print a JSON object such as {"features": ["n=max"], "classes": {}} on stdout; ojval.py and ojval.h '
                "from `ojpack new` do it), so coverage cannot be checked"]
    out = [f"no secret test hits feature '{f}'" for f in coverage.features if f not in hit_features(secret)]
    classes = hit_classes(secret)
    out += [f"no secret test contains class '{c}'" for c in coverage.classes if not classes[c]]
    for g in groups:
        mine = [t for t in secret if t.group == g]
        seen = {tok for t in mine for tok in t.answers}
        want = (own or {}).get(g, Coverage())
        answers = list(dict.fromkeys([*coverage.answers, *want.answers]))
        out += [f"group '{g}' never has the answer '{a}', so a constant output could pass it"
                for a in answers if a not in seen]
        out += [f"group '{g}': no test hits feature '{f}'" for f in want.features if f not in hit_features(mine, own=True)]
        mine_classes = hit_classes(mine)
        out += [f"group '{g}': no test contains class '{c}'" for c in want.classes if not mine_classes[c]]
    return out


def own_coverage(problem_subtasks: Iterable[Any]) -> dict[str, Coverage]:
    """group -> the coverage its subtask asks of its own tests."""
    return {s.group: s.coverage for s in problem_subtasks}
