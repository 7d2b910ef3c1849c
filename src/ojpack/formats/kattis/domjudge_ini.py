"""DOMjudge's `domjudge-problem.ini` beside a Kattis-family package: the settings DOMjudge reads from it.

DOMjudge's problem import (its ImportProblemService, read for facts) reads the file as `key = value` lines,
values optionally quoted, and then lets the package's own files win: `.timelimit` (and the newer formats'
`limits.time_limit`) over `timelimit`, problem.yaml's `name` over `name`. What it means here:
- `timelimit`: the time limit, when the package gives none otherwise (without it ojpack would derive one from
  this machine's runs of the accepted submissions, as problemtools does, where DOMjudge uses the file's);
- `name`: the English title when problem.yaml has none;
- `special_compare` / `special_run`: a checker or run script kept in DOMjudge's executables, not in the
  package: named, since the package's submissions are then judged without it;
- `color`, `points`, `probid`, `short-name`, `externalid`, `allow_submit`, `allow_judge`: the contest's settings
  for the problem, not the problem's (an ojpack contest keeps its problems' colours): named.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from ..common.writer import Imported

NAME = "domjudge-problem.ini"
LINE = re.compile(r"^\s*([A-Za-z_-]+)\s*=\s*(.*?)\s*$")
CONTEST_KEYS = ("color", "points", "probid", "short-name", "externalid", "allow_submit", "allow_judge")


def settings(root: Path) -> dict[str, str]:
    """The file's keys (lower case) and values, quotes taken off; {} without the file."""
    path = root / NAME
    if not path.is_file():
        return {}
    out = {}
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        m = LINE.match(line)
        if m and not line.lstrip().startswith((";", "#")):
            value = m.group(2)
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
                value = value[1:-1]
            out[m.group(1).lower()] = value
    return out


def timelimit(root: Path, imp: Imported) -> float | None:
    """The file's `timelimit` in seconds (None: none, or not a positive number, which is named)."""
    raw = settings(root).get("timelimit")
    if raw is None:
        return None
    try:
        seconds = float(raw)
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds) or seconds <= 0:
        imp.note(f"{NAME}: timelimit {raw!r} is not a positive number of seconds; not carried over")
        return None
    imp.note(f"{NAME}: the time limit is its timelimit, {seconds:g} s, as DOMjudge reads it")
    return seconds


def apply(root: Path, imp: Imported, named: bool) -> None:
    """The file's other keys: `name` as the English title unless problem.yaml has one (`named`), the rest
    named in the report."""
    found = settings(root)
    if found.get("name") and not named:
        imp.names.setdefault("en", found["name"])
    for key in ("special_compare", "special_run"):
        if found.get(key):
            imp.note(f"{NAME}: {key} {found[key]!r} is a program of DOMjudge's, not in the package; not carried "
                     "over (the package is judged with its own checker)")
    contest = [f"{k} {found[k]!r}" for k in CONTEST_KEYS if found.get(k)]
    if contest:
        imp.note(f"{NAME}: {', '.join(contest)}: the contest's settings for the problem, not carried over "
                 "(an ojpack contest sets its problems' colours)")
