"""Submissions of Kattis legacy, ICPC 2023-07 / 2025-09 and DOMjudge-style packages → ojpack solutions with
the verdicts their home tools require.

- Folders: accepted (AC); wrong_answer, time_limit_exceeded, run_time_error, partially_accepted, rejected,
  brute_force as the format defines them. A run-time error there includes a memory blow-up (Kattis,
  BAPCtools and DOMjudge have no memory verdict of their own), so RTE is ojpack's RE or MLE.
- 2025-09 `submissions.yaml`: each glob (BAPCtools' rules: `*` inside one path part, `{a,b}`, a folder
  matches everything below it) gives `permitted` verdicts per test and `required` ones (at least one test);
  ojpack judges the first failing test, so a submission may end on any permitted verdict, and on AC only when
  nothing is required. Rules matching one submission (the folder's default included) must all hold.
- `@EXPECTED_RESULTS@: CORRECT, TIMELIMIT` (or `@EXPECTED_SCORE@: CORRECT`) in a source (DOMjudge)
  overrides its folder; `@EXPECTED_SCORE@: 74.42` on a scoring problem is the score it must earn, which
  ojpack's `check` holds it to (not when the group points had to be scaled to 100: rounded, they may differ).
- `.py3` is Python 3; `.py2`, and a `.py` that Python 3 cannot parse (problemtools runs those as Python 2),
  and languages ojpack has no runner for are named in the report and left out.
"""

from __future__ import annotations

import ast
import re
import warnings
from pathlib import Path
from typing import Any

# some of the points, not all: Kattis' partially_accepted, TPS's partially_correct (a total of whole and
# hundredths of points lies inside, and neither 0 nor full does)
SOME_POINTS = (0.01, 99.99)

from ...sandbox import is_source
from .writer import FOLDER, Imported

FAIL = ["WA", "TLE", "RE", "MLE", "OLE"]
ANY = ["AC", *FAIL]
SHORT = {"AC": ["AC"], "WA": ["WA"], "TLE": ["TLE"], "RTE": ["RE", "MLE"], "OLE": ["OLE"], "MLE": ["MLE"],
         "PAC": FAIL}
# 2025-09 default directories (the spec's table, as BAPCtools ships it): (permitted, required)
DEFAULTS_2025: dict[str, tuple[list[str], list[str]]] = {
    "accepted": (["AC"], []), "rejected": (["AC", "RTE", "TLE", "WA"], ["RTE", "TLE", "WA"]),
    "wrong_answer": (["AC", "WA"], ["WA"]), "time_limit_exceeded": (["AC", "TLE"], ["TLE"]),
    "run_time_error": (["AC", "RTE"], ["RTE"]), "brute_force": (["AC", "RTE", "TLE"], ["RTE", "TLE"]),
}
# legacy Kattis and 2023-07 folders: the verdict of the whole submission
LEGACY = {"accepted": ["AC"], "wrong_answer": ["WA"], "time_limit_exceeded": ["TLE"], "run_time_error": ["RE", "MLE"],
          "partially_accepted": FAIL, "rejected": FAIL, "memory_limit_exceeded": ["MLE"],
          "output_limit_exceeded": ["OLE"], "compile_error": ["CE"], "slow_accepted": ["AC", "TLE"]}
DOMJUDGE = {"CORRECT": ["AC"], "WRONG-ANSWER": ["WA"], "NO-OUTPUT": ["WA"], "TIMELIMIT": ["TLE"],
            "RUN-ERROR": ["RE", "MLE"], "COMPILER-ERROR": ["CE"], "OUTPUT-LIMIT": ["OLE"],
            "ACCEPTED": ["AC"], "WRONG_ANSWER": ["WA"], "TIME_LIMIT_EXCEEDED": ["TLE"], "RUN_TIME_ERROR": ["RE", "MLE"]}
# DOMjudge's markers: `@EXPECTED_RESULTS@: ` and `@EXPECTED_SCORE@: ` (a number there is a score), the colon
# included, so prose naming the tag ("how to use the @EXPECTED_RESULTS@ tag") is not one
EXPECTED = re.compile(rb"@EXPECTED_(?:RESULTS?|SCORE)@:[ \t]*([A-Za-z_, -]*)", re.I)
ORDER = ["AC", "WA", "TLE", "RE", "MLE", "OLE", "CE"]   # the first names the folder
SCORE = re.compile(rb"@EXPECTED_SCORE@:[ \t]*([0-9]+(?:\.[0-9]*)?)(?![0-9A-Za-z.])")


def expected_score(data: bytes) -> float | None:
    """DOMjudge's `@EXPECTED_SCORE@: 74.42` (a scoring problem's submission): the score it must earn, in the
    package's points; None when the source names none."""
    m = SCORE.search(data)
    return float(m.group(1)) if m else None


def _sorted(verdicts: set[str]) -> list[str]:
    return [v for v in ORDER if v in verdicts]


def _ours(names: list[Any]) -> set[str] | None:
    out: set[str] = set()
    for n in names:
        if str(n).upper() not in SHORT:
            return None
        out |= set(SHORT[str(n).upper()])
    return out


def allowed(permitted: list[Any], required: list[Any]) -> set[str] | None:
    """The overall verdicts (ojpack's: the first failing test's) a per-test rule allows; None if unknown names."""
    p, r = _ours(permitted), _ours(required)
    if p is None or r is None:
        return None
    if not r:
        return p
    return {v for v in p if v != "AC"} | ({"AC"} if "AC" in r else set())


def glob_rule(pattern: str) -> re.Pattern[str]:
    """A submissions.yaml key as BAPCtools reads it."""
    parts = re.split(r"{([^{}]*)}", pattern.removesuffix("/"))
    out = "".join(re.escape(part).replace(r"\*", "[^/]*") if i % 2 == 0
                  else "(" + "|".join(re.escape(x.strip()).replace(r"\*", "[^/]*") for x in part.split(",")) + ")"
                  for i, part in enumerate(parts))
    return re.compile(f"^{out}(/|$)")


VERDICT_KEYS = ("permitted", "required")


def rules_2025(raw: dict[str, Any], notes: list[str], defaults: bool) -> list[tuple[re.Pattern[str], set[str]]]:
    """submissions.yaml (and, for 2025-09, the spec's default directories, which a key of the same name
    replaces, as BAPCtools reads them) as (glob, allowed verdicts)."""
    table: dict[str, Any] = {k: {"permitted": p, "required": r} for k, (p, r) in DEFAULTS_2025.items()} \
        if defaults else {}
    table.update(raw)
    out = []
    for key, rule in table.items():
        if not isinstance(rule, dict):
            continue
        groups = [k for k in rule if k not in VERDICT_KEYS and isinstance(rule[k], dict)]
        if groups:
            notes.append(f"submissions.yaml: rule {key!r}: expectations per test group ({', '.join(groups)}) "
                         "not carried over (ojpack judges the submission's overall verdict)")
        if not any(k in rule for k in VERDICT_KEYS):
            continue
        permitted = rule.get("permitted", list(SHORT))
        verdicts = allowed(permitted or [], rule.get("required") or [])
        if verdicts is None:
            notes.append(f"submissions.yaml: rule {key!r} not carried over (a verdict ojpack does not know)")
            continue
        out.append((glob_rule(str(key)), verdicts))
    return out


def expected_results(data: bytes) -> list[str] | None:
    for m in EXPECTED.finditer(data):
        names = [n.strip().upper() for n in m.group(1).decode().split(",") if n.strip()]
        if names and all(n in DOMJUDGE for n in names):
            return _sorted({v for n in names for v in DOMJUDGE[n]})
    return None


def verdicts_of(rel: str, data: bytes, rules: list[tuple[re.Pattern[str], set[str]]] | None) -> list[str] | None:
    """The verdicts a submission (path below submissions/) may get, or None when nothing says."""
    expected = expected_results(data)
    if expected is not None:
        return expected
    if rules is not None:
        matching = [v for g, v in rules if g.match(rel)]
        if matching:
            return _sorted(set.intersection(*matching)) or None
        if rel.split("/")[0] not in LEGACY:   # BAPCtools: a folder nothing constrains permits every verdict
            return list(ANY)
    return LEGACY.get(rel.split("/")[0])


def runnable(path: Path) -> tuple[str | None, str | None]:
    """The file name ojpack runs it under, or None and why not."""
    if path.suffix == ".py3":
        return path.with_suffix(".py").name, None
    if path.suffix == ".py2":
        return None, "Python 2, which ojpack cannot run"
    if path.suffix == ".py":
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ast.parse(path.read_bytes())
        except (SyntaxError, ValueError):
            return None, "not Python 3 (problemtools runs it as Python 2, which ojpack cannot run)"
    if not is_source(path):
        return None, f"a language ojpack has no runner for ('{path.suffix}')"
    return path.name, None


def unclaimed(path: str, folder: str, imp: Imported, origin: str) -> str:
    """`path` below solutions/<folder>/, or `stem-2.ext` (-3, ...) when an earlier submission took its file or
    top folder (`x.py` and `x.py3` both run as `x.py`; two multi-file submissions would share `x/`): two
    submissions never share one file or folder. A rename is named in the report."""
    taken = {s.path.split("/")[0] for s in imp.solutions if FOLDER[s.verdicts[0]] == folder}
    head, slash, rest = path.partition("/")
    stem, suffix, n, top = Path(head).stem, Path(head).suffix, 2, head
    while top in taken:
        top, n = f"{stem}-{n}{suffix}", n + 1
    out = f"{top}{slash}{rest}"
    if out != path:
        imp.note(f"{origin}: {path} is taken by another submission; imported as {out}")
    return out
