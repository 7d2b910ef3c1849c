"""`ojpack import` on real Kattis / ICPC / BAPCtools packages: how many come in and judge every submission as
their home tools expect.

    .venv/bin/python bench/import_kattis.py FOLDER [--no-verifyproblem] [--timeout S] [--keep DIR]

FOLDER holds packages (any folder with a problem.yaml, up to three levels down), e.g. problemtools'
`examples/` and BAPCtools' `test/problems/` as the `fetch` tool brings them. For each package: `ojpack import`,
then `ojpack check --no-proof --json` on the result. A submission is right when it was imported and got a
verdict its folder (or submissions.yaml, or @EXPECTED_RESULTS@) allows; one the import left out (a language
ojpack cannot run) counts as wrong; one named *.disabled or *.template is not counted (BAPCtools skips
it). A problem is right when it imports, every
submission is right and the check passes. Where problemtools runs (`.tools/problemtools/bin/verifyproblem`,
legacy and 2023-07 packages), its verdict on the same package's submissions is printed beside: how many
it finds as expected (its "OK" lines) and its error count, and each submission's verdict is compared with
ojpack's (`kattis_verdicts.py`): one line per submission where they differ (`--all`: every submission), and
the total "verdicts agreeing with verifyproblem". verifyproblem's Java and Go compile lines are fitted to this
machine (`verifyproblem_env`); a submission only one of the two can run is counted apart, not as a
disagreement.

Each disagreement is printed with its kind and reason (`disagreements.py`): a verifyproblem defect with its
evidence (a Java class named otherwise than its file), an output validator's score.txt, timing or differing
time limits, or unexplained. A package with a timing disagreement is judged again, alone, and the second run
counts (`--no-rerun`: not), the first run's verdicts named beside.

Prints one line per package and the totals: "problems right / total, submissions right / total"; then, on the
packages verifyproblem judged, each tool's submissions as expected, and "verdicts agreeing with verifyproblem
A / B" over the B submissions both judged, those only one of them judged (a language it lacks, an import or
check that failed) counted apart.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from disagreements import Why, reason
from kattis_verdicts import (Comparison, Verdict, compare, ojpack_verdicts, submission_paths, verifyproblem_env,
                             verifyproblem_verdicts)

Row = tuple[Comparison, Why | None]   # a submission's two verdicts, and why they differ (None: they do not)
TIMING = ("timing", "time limit")

REPO = Path(__file__).resolve().parents[1]
OJPACK = [sys.executable, "-m", "ojpack.cli"]
VERIFY = REPO / ".tools" / "problemtools" / "bin" / "verifyproblem"


def packages(root: Path) -> list[Path]:
    found = []
    for depth in ("*/problem.yaml", "*/*/problem.yaml", "*/*/*/problem.yaml"):
        found += [p.parent for p in root.glob(depth)]
    if (root / "problem.yaml").is_file():
        found.append(root)
    return sorted({p for p in found if not any(q != p and q in p.parents for q in found)})


def submissions(pkg: Path) -> int:
    return len(submission_paths(pkg))


def run(argv: list[str], timeout: float, cwd: Path | None = None) -> subprocess.CompletedProcess[str] | None:
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, cwd=cwd)
    except subprocess.TimeoutExpired:
        return None


def verifyproblem(pkg: Path, timeout: float, env: dict[str, str]) -> tuple[int, str, str | None]:
    """problemtools' verdict on the submissions part: how many submissions it finds as expected, a note, and
    its whole output when it judged them (None when it could not read the package)."""
    if not VERIFY.exists():
        return 0, "no verifyproblem", None
    try:
        proc = subprocess.run([str(VERIFY), str(pkg), "-p", "submissions"], capture_output=True, text=True,
                              timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return 0, "verifyproblem: timed out", None
    said = proc.stdout + proc.stderr
    if "not a valid FormatVersion" in said:
        return 0, "verifyproblem: cannot read this format version", None
    m = re.findall(r"(\d+) errors?, (\d+) warnings?", said)
    if not m:
        tail = said.strip().splitlines()[-1:] or ["?"]
        return 0, f"verifyproblem: did not run ({tail[0][:60]})", None
    right = len(re.findall(r"\) OK( with extra time)?:", said))
    return right, f"verifyproblem: {right} submissions as expected, {m[-1][0]} errors", said


def scoring(pkg: Path) -> bool:
    text = (pkg / "problem.yaml").read_text(errors="replace")
    return re.search(r"^type:.*\bscoring\b", text, re.M) is not None


def unjudged(pkg: Path, said: str | None, why: str) -> list[Row]:
    """What verifyproblem judged of a package ojpack judged nothing of still counts, against nothing of ours."""
    subs = submission_paths(pkg)
    return [] if said is None else \
        [(c, None) for c in compare(subs, {s: Verdict(None, why=why) for s in subs}, verifyproblem_verdicts(said))]


def one(pkg: Path, out: Path, timeout: float, env: dict[str, str] | None, outside: list[str]
        ) -> tuple[bool, int, int, int, str, list[Row]]:
    total = submissions(pkg)
    proc = run([*OJPACK, "import", str(pkg), "--to", str(out), "--json", *outside], timeout)
    pt_right, theirs, said = verifyproblem(pkg, timeout, env) if env is not None else (0, "", None)
    if proc is None or proc.returncode != 0:
        why = "timed out" if proc is None else " ".join((proc.stdout + proc.stderr).split())[:200]
        return False, 0, total, pt_right, f"import failed: {why}  {theirs}", unjudged(pkg, said, "import failed")
    # a scoring problem's scores are compared with verifyproblem's, so its partial solutions run every test
    full = ["--full"] if said is not None and scoring(pkg) else []
    check = run([*OJPACK, "check", "--no-proof", "--json", *full, "-p", str(out)], timeout)
    if check is None:
        return False, 0, total, pt_right, f"check timed out  {theirs}", unjudged(pkg, said, "check timed out")
    try:
        report = json.loads(check.stdout)
    except json.JSONDecodeError:
        return (False, 0, total, pt_right, f"check failed: {(check.stdout + check.stderr).strip()[-100:]}  {theirs}",
                unjudged(pkg, said, "check failed"))
    right = sum(1 for s in report.get("solutions", []) if s.get("ok"))
    wrong = [f"{s['name']}={s.get('verdict')}" for s in report.get("solutions", []) if not s.get("ok")]
    ok = right == total and bool(report.get("ok"))
    rows: list[Row] = []
    if said is not None:
        ours, subs = ojpack_verdicts(pkg, report, bool(full))
        limit = (report.get("margins") or {}).get("time_limit")
        je = next((p for p in report.get("problems", []) if p.startswith("judge error")), "")
        rows = [(c, reason(pkg, c, limit, said, je) if c.kind == "differ" else None)
                for c in compare(subs, ours, verifyproblem_verdicts(said))]
    return ok, right, total, pt_right, (f"wrong: {', '.join(wrong)}  " if wrong else "") + theirs, rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--no-verifyproblem", action="store_true")
    ap.add_argument("--timeout", type=float, default=600.0)
    ap.add_argument("--keep", type=Path, help="import into this folder (kept) instead of a temporary one")
    ap.add_argument("--allow-outside", type=Path, action="append", default=[],
                    help="passed to ojpack import (e.g. BAPCtools' resources/headers, which its test problems link)")
    ap.add_argument("--all", action="store_true", help="list every submission's two verdicts, not only differences")
    ap.add_argument("--no-rerun", action="store_true",
                    help="do not judge a package again, alone, when a disagreement on it is a matter of timing")
    args = ap.parse_args()
    found = packages(args.folder.resolve())
    if not found:
        sys.exit(f"{args.folder}: no folder with a problem.yaml")
    problems = subs = subs_total = pt_subs = 0
    both = [0, 0, 0]   # on the packages verifyproblem judged: how many, their submissions, ojpack's right ones
    outside = [arg for d in args.allow_outside for arg in ("--allow-outside", str(d.resolve()))]
    compared: list[tuple[str, Row]] = []
    with tempfile.TemporaryDirectory(prefix="ojpack-bench-import-") as tmp:
        work = args.keep.resolve() if args.keep else Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        env = None if args.no_verifyproblem else verifyproblem_env(Path(tmp) / "verifyproblem-config")
        for i, pkg in enumerate(found):
            ok, right, total, pt_right, said, rows = one(pkg, work / f"{i:02d}-{pkg.name}", args.timeout, env, outside)
            if not args.no_rerun and any(w and w.kind in TIMING for _, w in rows):
                rows = rerun(rows, one(pkg, work / f"{i:02d}-{pkg.name}-again", args.timeout, env, outside)[5])
            problems += ok
            pt_subs += pt_right
            subs += right
            subs_total += total
            compared += [(pkg.name, r) for r in rows]
            if rows:
                both = [both[0] + 1, both[1] + total, both[2] + right]
            print(f"{'ok ' if ok else 'BAD'} {pkg.name:28} submissions {right:3}/{total:<3} {said}", flush=True)
    print(f"problems right {problems} / {len(found)}, submissions right {subs} / {subs_total}")
    if not args.no_verifyproblem:
        print(f"on the {both[0]} of {len(found)} packages verifyproblem judged (it reads legacy and 2023-07 only): "
              f"submissions as expected by ojpack {both[2]} / {both[1]}, by verifyproblem {pt_subs} / {both[1]}")
        print_comparison(compared, args.all)


def rerun(first: list[Row], again: list[Row]) -> list[Row]:
    """A timing disagreement is judged by a second run of its package alone: the second run's comparison
    counts, and its reason says what the first run gave."""
    second = {c.submission: (c, w) for c, w in again}
    out: list[Row] = []
    for c, w in first:
        if w is None or w.kind not in TIMING or c.submission not in second:
            out.append((c, w))
            continue
        c2, w2 = second[c.submission]
        before = f"first run: ojpack {c.ours.show()}, verifyproblem {c.theirs.show()}"
        out.append((c2, Why(w2.kind, f"{w2.text}; {before}") if w2 else Why("agreed on rerun", before)))
    return out


def print_comparison(compared: list[tuple[str, Row]], every: bool) -> None:
    """One line per submission where the two differ or only one judged it (`every`: per submission), with
    the reason of each disagreement, then the totals and the disagreements by kind."""
    if not compared:
        return
    print(f"{'package':24} {'submission':44} {'ojpack':26} {'verifyproblem':26} kind")
    for name, (c, why) in compared:
        if every or c.kind != "agree" or why is not None:
            print(f"{name:24} {c.submission:44} {c.ours.show():26} {c.theirs.show():26} {c.kind}")
            if why is not None:
                print(f"    {why.kind}: {why.text}")
    kinds = [c.kind for _, (c, _) in compared]
    both = sum(1 for k in kinds if k in ("agree", "differ"))
    print(f"verdicts agreeing with verifyproblem {kinds.count('agree')} / {both} (submissions both judged); "
          f"judged by ojpack only {kinds.count('ojpack only')}, by verifyproblem only "
          f"{kinds.count('verifyproblem only')}, by neither {kinds.count('neither')}")
    whys = [w.kind for _, (c, w) in compared if w is not None and c.kind == "differ"]
    if whys:
        print("disagreements by kind: " + ", ".join(f"{k} {whys.count(k)}" for k in dict.fromkeys(whys)))
    flipped = sum(1 for _, (c, w) in compared if w is not None and w.kind == "agreed on rerun")
    if flipped:
        print(f"timing disagreements that agreed when their package was judged again alone: {flipped}")


if __name__ == "__main__":
    main()
