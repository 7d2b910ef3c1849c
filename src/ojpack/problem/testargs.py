"""problem.yaml's per-test arguments (tests.<group>[].checker_args / validator_args): which program takes them.
A part of the schema's checks (schema.ProblemSpec runs it), kept apart to keep schema.py small."""

from __future__ import annotations

from typing import Any

from .kattisflags import default_rule
from .strict import Invalid


def check_test_args(spec: Any) -> None:
    """A test's own checker_args need a checker that takes them; its validator_args an extra validator."""
    for g, lines in spec.tests.items():
        for j, t in enumerate(lines):
            if t.validator_args is not None and not spec.extra_validators:
                raise Invalid(("tests", g, j, "validator_args"), "input validator arguments are for "
                                                                 "extra_validators, and there are none")
            if t.checker_args is None:
                continue
            at = ("tests", g, j, "checker_args")
            if spec.interactor is not None:   # the interactor gets them after feedback_dir
                continue
            if spec.checker.type == "program" and spec.checker.convention != "kattis":
                raise Invalid(at, "a test's checker_args are for a checker program with `convention: kattis` "
                                  "or the token / float rule (the default validator's flags), or an interactor")
            if spec.checker.type != "program" and (unknown := default_rule(t.checker_args)[1]):
                raise Invalid(at, f"{unknown[0]} (the token / float rule takes Kattis' default validator flags)")
