"""`ojpack stats`: what each test contains and what the data covers as a whole."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .coverage import TestFacts, gaps, hit_classes, hit_features, own_coverage
from .data import BuiltTest
from ..problem import Problem


@dataclass(frozen=True)
class Stats:
    value_keys: list[str]         # columns reported by the validator under "values"
    class_keys: list[str]
    answer_keys: list[str]
    tests: list[BuiltTest]
    features_hit: list[str]
    features_missing: list[str]
    classes_hit: dict[str, int]
    classes_missing: list[str]
    gaps: list[str]
    # group -> {"features": hit, "classes": {class: games}, "answers": {token: count}}
    subtasks: dict[str, dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {
            "tests": [{"id": t.id, "group": t.group, "values": t.features.get("values", {}),
                       "features": t.features.get("features", []), "classes": t.features.get("classes", {}),
                       "answers": t.answers} for t in self.tests],
            "features": {"hit": self.features_hit, "missing": self.features_missing},
            "classes": {"hit": self.classes_hit, "missing": self.classes_missing},
            "gaps": self.gaps,
            "subtasks": self.subtasks,
        }


def collect(problem: Problem, tests: list[BuiltTest]) -> Stats:
    cov = problem.spec.coverage
    facts = [TestFacts(t.group, t.features, t.answers) for t in tests]
    secret = [f for f in facts if f.group != "sample"]
    feats, classes = hit_features(secret), hit_classes(secret)
    return Stats(
        value_keys=_keys(t.features.get("values", {}) for t in tests),
        class_keys=list(cov.classes) or _keys(t.features.get("classes", {}) for t in tests),
        answer_keys=list(cov.answers),
        tests=tests,
        features_hit=sorted(feats),
        features_missing=[f for f in cov.features if f not in feats],
        classes_hit=dict(sorted(classes.items())),
        classes_missing=[c for c in cov.classes if not classes[c]],
        gaps=gaps(cov, facts, problem.groups, own_coverage(problem.spec.subtasks)),
        subtasks={g: _group_facts([f for f in secret if f.group == g]) for g in problem.groups},
    )


def _group_facts(facts: list[TestFacts]) -> dict[str, Any]:
    answers: dict[str, int] = {}
    for f in facts:
        for tok, n in f.answers.items():
            answers[tok] = answers.get(tok, 0) + n
    return {"features": sorted(hit_features(facts, own=True)), "classes": dict(sorted(hit_classes(facts).items())),
            "answers": dict(sorted(answers.items()))}


def _keys(dicts: Any) -> list[str]:
    seen: dict[str, None] = {}
    for d in dicts:
        seen.update(dict.fromkeys(d))
    return list(seen)
