"""The solutions a CMS export keeps in sol/ (task-maker's place for them): names clear of what CMS's loader
reads there, and task-maker's accepted annotation in the language's line comment."""

from __future__ import annotations

from pathlib import Path

from ojpack.formats.cms.solutions import _annotated, _name
from ojpack.formats.common.package import Solution


def sol(rel: str, verdicts: set[str]) -> Solution:
    return Solution(Path("/p") / rel, rel, frozenset(verdicts))


def test_names_keep_clear_of_the_official_name_the_graders_and_headers() -> None:
    taken = {"grader.cpp", "stub.java", "sum.h"}
    assert _name(sol("solutions/accepted/fast.cpp", {"AC"}), True, taken) == "soluzione.cpp"
    assert _name(sol("solutions/accepted/fast.cpp", {"AC"}), False, taken) == "fast.cpp"
    assert _name(sol("solutions/accepted/solution.java", {"AC"}), False, taken) == "accepted_solution.java"
    assert _name(sol("solutions/wrong_answer/grader.cpp", {"WA"}), False, taken) == "wrong_answer_grader.cpp"
    assert _name(sol("solutions/accepted/mylib.pas", {"AC"}), False, taken) == "accepted_mylib_.pas"
    assert _name(sol("solutions/wrong_answer/fast.cpp", {"WA"}), False, taken | {"fast.cpp"}) == \
        "wrong_answer_fast.cpp"


def test_the_accepted_annotation_is_a_comment_of_the_language_after_a_shebang() -> None:
    assert _annotated(b"int main() {}\n", ".cpp") == b"// @check-accepted: *\nint main() {}\n"
    assert _annotated(b"#!/usr/bin/env python3\nprint(1)\n", ".py") == \
        b"#!/usr/bin/env python3\n# @check-accepted: *\nprint(1)\n"
    assert _annotated(b"main = print 1\n", ".hs") == b"main = print 1\n"   # no known line comment: as it is
