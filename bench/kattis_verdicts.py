"""Per-submission verdicts of problemtools' `verifyproblem` and of `ojpack check` on the same Kattis package,
side by side (used by `bench/import_kattis.py`).

verifyproblem prints one line per submission it judged: `accepted/a.cc (C++) OK: AC [CPU: ...]`, `OK with
extra time: ...` (the verdict at its time limit x time_limit_to_tle), `ERROR wrong_answer/b.py (...) got AC
[...]`, or `ERROR Compile error for c.go (Go) (... could not find compiler ...)`; a JE where it could not
compile the package's grader (a Python 2 one on a machine without Python 2) is a verdict it could not reach. Its verdicts are AC, WA,
TLE, RTE, JE (and OLE); ojpack's RE and MLE are both Kattis' RTE. On a scoring problem the scores are
compared (as a fraction of the full score), since Kattis calls a partial score AC where ojpack names the
first failing test's verdict.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ANSI = re.compile(r"\x1b\[[0-9;]*m")
JUDGED = re.compile(r"^(?:ERROR |WARNING )?\s*(?P<sub>\S+/\S+) \((?P<lang>.*?)\) "
                    r"(?P<how>OK with extra time:|OK:|got|was fully accepted:) (?P<verdict>[A-Z]+)"
                    r"(?: \((?P<score>-?[\d.]+)\))?(?P<rest>.*)$")
CPU = re.compile(r"CPU: (?P<cpu>[\d.]+)s @ (?:testcase )?(?P<at>[^\],]+)")
COMPILE = re.compile(r"^ERROR Compile error for (?P<sub>\S+/\S+) \((?P<lang>.*?)\)(?P<rest>.*)$")
UNKNOWN = re.compile(r"^ERROR Submission (?P<sub>\S+/\S+) does not match any known submissions directory")
KATTIS = {"RE": "RTE", "MLE": "RTE"}


@dataclass(frozen=True)
class Verdict:
    verdict: str | None          # None: not judged (why says why)
    score: float | None = None   # a scoring problem's score, as a fraction of the full score
    why: str = ""
    cpu: float | None = None     # the slowest run's CPU seconds, and its test (the evidence of a timing verdict)
    at: str = ""
    line: str = ""               # verifyproblem's own line on it

    def show(self) -> str:
        if self.verdict is None:
            return f"- ({self.why})"
        return self.verdict + (f" {self.score:.2f}" if self.score is not None else "")


@dataclass(frozen=True)
class Comparison:
    submission: str
    ours: Verdict
    theirs: Verdict

    @property
    def kind(self) -> str:
        if self.ours.verdict is None and self.theirs.verdict is None:
            return "neither"
        if self.theirs.verdict is None:
            return "ojpack only"
        if self.ours.verdict is None:
            return "verifyproblem only"
        if self.theirs.score is not None and self.ours.score is not None:
            return "agree" if abs(self.theirs.score - self.ours.score) < 1e-6 else "differ"
        return "agree" if self.ours.verdict == self.theirs.verdict else "differ"


def verifyproblem_env(tmp: Path) -> dict[str, str]:
    """verifyproblem's environment, fitted to this machine: its config compiles Java with `-source 21` (give
    it this machine's JDK release) and Go with gccgo (give it the `go` command, as ojpack builds Go)."""
    env = dict(os.environ)
    config = []
    try:
        said = subprocess.run(["javac", "-version"], capture_output=True, text=True).stdout
        if m := re.search(r"javac (\d+)", said):
            config.append("java:\n  compile: 'javac -source %s -encoding UTF-8 -sourcepath {path} -d {path} "
                          "{files}'" % m.group(1))
    except OSError:
        pass
    if shutil.which("go") and not shutil.which("gccgo"):
        config.append(f"go:\n  compile: 'env GOCACHE={tmp / 'gocache'} GO111MODULE=off CGO_ENABLED=0 go build "
                      "-o {binary} {files}'")
    if config:
        (tmp / "problemtools").mkdir(parents=True, exist_ok=True)
        (tmp / "problemtools" / "languages.yaml").write_text("\n".join(config) + "\n")
        env["XDG_CONFIG_HOME"] = str(tmp)
    return env


def verifyproblem_verdicts(said: str) -> dict[str, Verdict]:
    """submission path below submissions/ (`accepted/a.cc`) → the verdict verifyproblem printed for it."""
    raw: dict[str, tuple[str | None, float | None, str]] = {}
    lines: dict[str, str] = {}
    for line in ANSI.sub("", said).splitlines():
        if m := COMPILE.match(line):
            missing = "could not find compiler" in m.group("rest")
            raw[m.group("sub")] = (None, None, "no compiler") if missing else ("CE", None, "")
        elif m := UNKNOWN.match(line):
            raw[m.group("sub")] = (None, None, "folder it does not know")
        elif m := JUDGED.match(line):
            raw.setdefault(m.group("sub"), (m.group("verdict"),
                                            float(m.group("score")) if m.group("score") else None, ""))
        else:
            continue
        lines.setdefault(m.group("sub"), line.strip())
    if "Failed to compile grader" in said:   # e.g. a Python 2 grader on a machine without Python 2: it judged nothing
        raw = {k: (None, None, "its grader does not compile here") if v == "JE" else (v, s, why)
               for k, (v, s, why) in raw.items()}
    full = max((s for _, s, _ in raw.values() if s is not None), default=None)
    out = {}
    for k, (v, s, why) in raw.items():
        cpu = CPU.search(lines.get(k, ""))
        out[k] = Verdict(v, None if s is None or not full else s / full, why,
                         float(cpu.group("cpu")) if cpu else None, cpu.group("at").strip() if cpu else "", lines.get(k, ""))
    return out


def ojpack_verdicts(pkg: Path, report: dict[str, Any], scoring: bool) -> tuple[dict[str, Verdict], list[str]]:
    """submission path below submissions/ → ojpack's verdict on it (by the import's own mapping of the
    source's submissions to solutions/), and the source's submission paths."""
    from ojpack.formats.importing import read
    from ojpack.formats.common.writer import solution_rel
    imp = read(pkg)
    where = {solution_rel(s): "/".join(Path(s.origin).parts[1:3]) for s in imp.solutions}
    out: dict[str, Verdict] = {}
    for s in report.get("solutions", []):
        sub = where.get(s.get("path", ""))
        if sub is None:
            continue
        verdict = KATTIS.get(s["verdict"], s["verdict"])
        slowest = max(s.get("cells") or [{}], key=lambda c: c.get("time") or 0.0)
        out[sub] = Verdict(verdict, s["score"] / 100 if scoring and s.get("score") is not None else None,
                           cpu=slowest.get("time"), at=str(slowest.get("test", "")))
    subs = submission_paths(pkg)
    for sub in subs:
        out.setdefault(sub, Verdict(None, why="not imported"))
    return out, subs


# the folders the formats hold submissions in: legacy Kattis' five, 2023-07's and 2025-09's defaults and the
# verdict folders BAPCtools and DOMjudge name
VERDICT_FOLDERS = {"accepted", "partially_accepted", "wrong_answer", "time_limit_exceeded", "run_time_error",
                   "rejected", "brute_force", "slow_accepted", "memory_limit_exceeded", "output_limit_exceeded",
                   "compile_error"}
MARKER = re.compile(rb"@EXPECTED_(?:RESULTS?|SCORE)@:", re.I)


def submission_paths(pkg: Path) -> list[str]:
    """Every submission of the package, as `folder/name` below submissions/: what sits in a verdict folder, a
    folder submissions.yaml names, or carries DOMjudge's @EXPECTED_RESULTS@ (any other folder holds helpers:
    apollgorithmos' generate_tests/); not hidden ones, nor those named *.disabled or *.template, which
    BAPCtools skips (and problemtools has no language for)."""
    top = pkg / "submissions"
    if not top.is_dir():
        return []
    listed = _listed_folders(top / "submissions.yaml")

    def counts(folder: Path, entry: Path) -> bool:
        if folder.name in VERDICT_FOLDERS or any(re.fullmatch(p, folder.name) for p in listed):
            return True
        files = [entry] if entry.is_file() else [f for f in entry.rglob("*") if f.is_file()]
        return any(MARKER.search(f.read_bytes()) for f in files)
    return [f"{d.name}/{e.name}" for d in sorted(top.iterdir()) if d.is_dir()
            for e in sorted(d.iterdir()) if not e.name.startswith(".") and e.suffix not in (".disabled", ".template")
            and counts(d, e)]


def _listed_folders(path: Path) -> list[str]:
    """The first path part of each submissions.yaml key, as a regex (`*` within the part)."""
    if not path.is_file():
        return []
    keys = re.findall(r"^([^\s#][^:\n]*):", path.read_text(encoding="utf-8", errors="replace"), re.M)
    return [re.escape(k.strip().strip("'\"").split("/")[0]).replace(r"\*", "[^/]*") for k in keys]


def compare(subs: list[str], ours: dict[str, Verdict], theirs: dict[str, Verdict]) -> list[Comparison]:
    return [Comparison(s, ours[s], theirs.get(s, Verdict(None, why="not listed"))) for s in subs]
