"""Partial answers: a checker that gives part of a test's points, read as a fraction in [0, 1] of them.

- testlib (Polygon's checkers): `quitp(x, ...)` ends with exit code 7 and writes `points <x> <message>` on
  stderr; x is read as the fraction of the test's points (as CMS reads a testlib checker's points, and as
  IOI-style checkers write them), so 0 <= x <= 1. The older `quitf(_pc(k), ...)` ends with exit code k
  (testlib's PC_BASE_EXIT_CODE 0; 50 + k when built for Testsys) and writes `partially correct (k) ...`;
  k is a percentage of the test's points (as Luogu, Hydro and syzoj read it), so 0 <= k <= 100.
- Kattis / ICPC scoring problems: an output validator that accepts may write its score for the test into
  feedback_dir/score.txt (a non-negative number); see `of_score_file`.

A fraction of 1 is an accepted test, 0 a wrong answer, anything between a partially correct one (PC)."""

from __future__ import annotations

import math
import re

POINTS_EXIT = 7
SCORE, MULTIPLIER = "score.txt", "score_multiplier.txt"
TESTSYS_PC_BASE = 50
_POINTS = re.compile(r"points (\S+)")
_PC = re.compile(r"partially correct \((\d+)\)")


class PartialError(ValueError):
    """The checker gave a score ojpack cannot read: the checker's fault (judged JE)."""


def _number(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise PartialError(f"{what} {text[:40]!r} is not a number") from None
    if not math.isfinite(value):
        raise PartialError(f"{what} {text[:40]!r} is not a finite number")
    return value


def of_testlib(exit_code: int, stderr: str) -> tuple[float, str] | None:
    """The fraction a testlib checker gave (with the rest of its message), or None when it gave none
    (an ordinary verdict: ok, wrong answer, ...). Raises PartialError for points outside the range."""
    head = stderr.lstrip()
    if exit_code == POINTS_EXIT and (m := _POINTS.match(head)):
        value = _number(m.group(1), "quitp's points")
        if not 0 <= value <= 1:
            raise PartialError(f"quitp gave {m.group(1)} points; ojpack reads them as the fraction of the "
                               f"test's points, from 0 to 1")
        return value, head[m.end():].strip()
    if (m := _PC.match(head)) and exit_code in (int(m.group(1)), TESTSYS_PC_BASE + int(m.group(1))):
        k = int(m.group(1))
        if k > 100:
            raise PartialError(f"_pc({k}) is over 100 (a percentage of the test's points)")
        return k / 100, head[m.end():].strip()
    return None


def of_score_file(text: str | None, name: str = "score.txt") -> float | None:
    """The number an accepting output validator wrote into score.txt (None: no file, or an empty one).
    Raises PartialError when it is not a finite non-negative number."""
    if text is None or not text.strip():
        return None
    value = _number(text.strip(), f"{name}'s")
    if value < 0:
        raise PartialError(f"{name}'s {text.strip()[:40]!r} is negative")
    return value


def of_feedback(score: str | None, multiplier: str | None, maximum: float) -> float | None:
    """The fraction of an accepted test's `maximum` score that its validator's score files give (None:
    neither file, all of it). Raises PartialError for both files, a bad number or one over the maximum."""
    points, share = of_score_file(score), of_score_file(multiplier, "score_multiplier.txt")
    if points is not None and share is not None:
        raise PartialError("it wrote both score.txt and score_multiplier.txt")
    if share is not None:
        if share > 1:
            raise PartialError(f"score_multiplier.txt's {share:g} is over 1")
        return share
    if points is None:
        return None
    if points > maximum * (1 + 1e-9):
        raise PartialError(f"score.txt's {points:g} is over the test's maximum score {maximum:g}")
    return min(points / maximum, 1.0)
