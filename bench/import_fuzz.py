"""`ojpack import` (then `ojpack build`) on broken and hostile mutations of real packages.

    .venv/bin/python bench/import_fuzz.py [PACKAGE ...] [--jobs N] [--only SUBSTRING] [--timeout S] [--keep]

Each PACKAGE (default: small Polygon and Kattis fixtures under tests/formats/fixtures, plus a few real ones
from /tmp/benchpk, /tmp/morepk/kattis and /tmp/polymore when present) is copied into a throwaway folder
under /tmp, one mutation is applied to the copy (never to the original) and `ojpack import COPY --to DST` runs
with a timeout; when it succeeds, `ojpack build DST` runs too. Mutations: truncated / invalid YAML and XML,
every key given a value of another type, referenced files removed, symlinks out of the package (absolute,
relative ../, loops, /dev/zero, a FIFO, a folder), FIFOs, sockets and device nodes inside, a 10 GiB sparse
file, invalid UTF-8 and NUL bytes in text and names, newlines and case collisions in names, deep nesting,
empty files, zips (slips, absolute and symlink entries, bombs, broken ones), XML entity bombs and external
entities, YAML alias bombs, unreadable files (run as the plain user `ojuser` on a copy they own), and
hostile `--to` folders.

Every run is classified:
  error       one clean line ("error: …") and a non-zero exit
  error+more  a clean first line, then details (a compiler's output)
  ok          imported (and built, or its build failed with one clean line)
  messy       a non-zero exit without an "error: …" first line
  traceback   a Python traceback (import or build)
  hang        the timeout passed
  crash       killed by a signal
  outside     a file outside the source and destination was created, changed or removed
  leaked      a secret outside the package was read into the destination
  src-changed the source package changed
  dst-damaged an existing destination's content changed
Prints a table (one row per bad run, or every run with --all) and the totals per class.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import hashlib
import os
import resource
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import time
from collections import Counter
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
import import_fuzz_mutations as M  # noqa: E402  (bench scripts import their siblings by path)

REPO = Path(__file__).resolve().parents[1]
OJPACK = [str(REPO / ".venv" / "bin" / "ojpack")]
FIXTURES = REPO / "tests" / "formats" / "fixtures"
DEFAULT = [FIXTURES / "polygon-sum", FIXTURES / "polygon-langs", FIXTURES / "kattis" / "legacy-different",
           FIXTURES / "kattis" / "icpc2025-fltcmp", FIXTURES / "kattis" / "gensh-tiny",
           FIXTURES / "kattis" / "bapc-generatorcount", Path("/tmp/benchpk/bapc-hello"),
           Path("/tmp/morepk/kattis/dj-addone"), Path("/tmp/polymore/nerc2019-managing")]
BAD = ("traceback", "hang", "crash", "outside", "leaked", "src-changed", "dst-damaged", "messy")
SECRET = b"OJFUZZ-SECRET-7f3a"
MEMORY = 6 << 30
SRC = ""   # --src: run the ojpack of another checkout (e.g. main's, for the numbers before a fix)


@dataclass(frozen=True)
class Result:
    base: str
    mutation: str
    verdict: str
    detail: str


def snapshot(root: Path, skip: tuple[Path, ...] = ()) -> dict[str, tuple]:
    """Every entry under `root` (not following links): type, mode, size, link target, content hash."""
    seen: dict[str, tuple] = {}
    if not root.exists():
        return seen
    for dirpath, dirs, files in os.walk(root):
        here = Path(dirpath)
        dirs[:] = [d for d in dirs if here / d not in skip]
        for name in dirs + files:
            p = here / name
            if p in skip:
                continue
            try:
                st = p.lstat()
            except OSError:
                continue
            key = os.fsdecode(bytes(p.relative_to(root)))
            entry: tuple = (stat.S_IFMT(st.st_mode), stat.S_IMODE(st.st_mode), st.st_size)
            if stat.S_ISLNK(st.st_mode):
                entry += (os.readlink(p),)
            elif stat.S_ISREG(st.st_mode):
                entry += (_hash(p, st) ,)
            seen[key] = entry
    return seen


def _hash(p: Path, st: os.stat_result) -> str:
    if st.st_size > 64 << 20:
        return f"big:{st.st_mtime_ns}"
    try:
        return hashlib.sha256(p.read_bytes()).hexdigest()
    except OSError:
        return "unreadable"


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    os.setsid()


def run(cmd: list[str], cwd: Path, timeout: float, user: bool) -> tuple[str, int, str]:
    """(status, exit code, stderr+stdout) of `cmd`; status "hang" after `timeout` seconds."""
    if user:
        cmd = ["setpriv", "--reuid=ojuser", "--regid=ojuser", "--init-groups"] + cmd
    env = {**os.environ, "COLUMNS": "2000", "TERM": "dumb", "NO_COLOR": "1", **({"PYTHONPATH": SRC} if SRC else {})}
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                         preexec_fn=_limit)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, 9)
        p.communicate()
        return "hang", -9, ""
    return "done", p.returncode, err.decode(errors="replace") + "\n--stdout--\n" + out.decode(errors="replace")


def classify(status: str, code: int, text: str) -> tuple[str, str]:
    err, _, _out = text.partition("\n--stdout--\n")
    if status == "hang":
        return "hang", ""
    lines = [l for l in err.splitlines() if l.strip()]
    if "Traceback (most recent call last)" in text and not (lines and lines[0].startswith("error: ")):
        # (a caged program's own traceback quoted in ojpack's one-line error is not ojpack's)
        last = [l for l in err.splitlines() if l.strip()][-1:] or [""]
        return "traceback", last[0][:160]
    if code < 0 or code >= 128:
        return "crash", f"exit {code}"
    if code == 0:
        return "ok", ""
    if len(lines) == 1 and lines[0].startswith("error: "):
        return "error", lines[0][7:160]
    if lines and lines[0].startswith("error: "):   # a first line, then the details (a compiler's output)
        return "error+more", lines[0][7:160]
    return "messy", " | ".join(lines)[:160]


def one(base: Path, mutation: M.Mutation, timeout: float, keep: bool, check: bool) -> Result:
    work = Path(tempfile.mkdtemp(prefix="ojfuzz-"))
    os.chmod(work, 0o755)
    src, dst, cwd, outside = work / "src", work / "dst", work / "cwd", work / "outside"
    try:
        shutil.copytree(base, src, symlinks=False)
        for d in (cwd, outside):
            d.mkdir()
        (outside / "secret").write_bytes(SECRET + b"\n")
        ctx = M.Context(src, work, outside, dst)
        spec = mutation.apply(ctx)
        user = spec.get("user", False)
        if user:
            subprocess.run(["chown", "-R", "ojuser:ojuser", str(work)], check=True)
            for f in spec.get("chmod", []):   # after chown: the owner's own 000 files
                os.chmod(f, 0)
        target = spec.get("to", dst)
        source = spec.get("source", src)
        skip = (src, dst, cwd) + tuple(spec.get("skip", ()))
        before_src, before_out = snapshot(src), snapshot(work, skip)
        before_dst = snapshot(dst) if dst.exists() else None
        cmd = [*OJPACK, "import", str(source)] + (["--to", str(target)] if target is not None else [])
        status, code, text = run(cmd, cwd, timeout, user)
        verdict, detail = classify(status, code, text)
        if verdict == "ok":
            built = target if target is not None else next((d for d in cwd.iterdir() if d.is_dir()), cwd)
            bverdict, bdetail = "ok", ""
            for step in (["build"], ["check", "--no-proof"]) if check else (["build"],):
                bstatus, bcode, btext = run([*OJPACK, *step], built, timeout, user)
                bverdict, bdetail = classify(bstatus, bcode, btext)
                if step[0] == "check" and bverdict == "messy":   # a failed check prints its table: fine
                    bverdict, bdetail = "error", "check failed (its table)"
                if bverdict != "ok":
                    bdetail = f"{step[0]}: {bdetail}"
                    break
            verdict, detail = ("ok", "built" if bverdict == "ok" else bdetail) \
                if bverdict in ("ok", "error", "error+more") else (bverdict, bdetail)
        checks = [("src-changed", snapshot(src) != before_src, _diff(before_src, snapshot(src))),
                  ("outside", snapshot(work, skip) != before_out, _diff(before_out, snapshot(work, skip))),
                  ("dst-damaged", before_dst is not None and spec.get("dst_kept", True)
                   and not _kept(before_dst, snapshot(dst)), _diff(before_dst or {}, snapshot(dst))),
                  ("leaked", _leaked(dst) or _leaked(cwd), "the secret is in the destination")]
        for name, bad, why in checks:
            if bad:
                verdict, detail = name, why
                break
        return Result(base.name, mutation.name, verdict, detail)
    except Exception as e:   # the harness itself; say so, keep going
        return Result(base.name, mutation.name, "harness", f"{type(e).__name__}: {e}"[:160])
    finally:
        if not keep:
            subprocess.run(["chmod", "-R", "u+rwx", str(work)], stderr=subprocess.DEVNULL)
            shutil.rmtree(work, ignore_errors=True)


def _kept(before: dict, after: dict) -> bool:
    return all(after.get(k) == v for k, v in before.items())


def _diff(before: dict, after: dict) -> str:
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    return ", ".join(changed[:4])[:160]


def _leaked(folder: Path) -> bool:
    if not folder.is_dir():
        return False
    for p in folder.rglob("*"):
        try:
            if p.is_file() and not p.is_symlink() and p.stat().st_size < 64 << 20 and SECRET in p.read_bytes():
                return True
        except OSError:
            continue
    return False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("packages", nargs="*", type=Path)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default="", help="run only mutations whose name contains this (A|B: either)")
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--keep", action="store_true", help="keep the throwaway folders (for debugging)")
    ap.add_argument("--check", action="store_true", help="run `ojpack check --no-proof` after the build too")
    ap.add_argument("--src", default="", help="the src/ folder of another checkout to run (with this venv's Python)")
    ap.add_argument("--all", action="store_true", help="print every run, not only the bad ones")
    args = ap.parse_args()
    global OJPACK, SRC
    if args.src:
        OJPACK, SRC = [str(REPO / ".venv" / "bin" / "python"), "-m", "ojpack"], str(Path(args.src).resolve())
    bases = [p for p in (args.packages or DEFAULT) if p.exists()]
    wanted = args.only.split("|")
    jobs = [(b, m) for b in bases for m in M.mutations(b) if any(w in m.name for w in wanted)]
    print(f"{len(jobs)} runs on {len(bases)} packages", flush=True)
    start = time.monotonic()
    results: list[Result] = []
    with cf.ThreadPoolExecutor(args.jobs) as pool:
        for n, r in enumerate(pool.map(lambda j: one(j[0], j[1], args.timeout, args.keep, args.check), jobs), 1):
            results.append(r)
            if n % 50 == 0:
                so_far = ", ".join(f"{k} {v}" for k, v in sorted(Counter(x.verdict for x in results).items()))
                print(f"… {n} / {len(jobs)} in {time.monotonic() - start:.0f} s: {so_far}", file=sys.stderr, flush=True)
            if args.all or r.verdict in BAD or r.verdict == "harness":
                print(f"{r.verdict:12} {r.base[:24]:24} {r.mutation[:48]:48} {r.detail}", flush=True)
    totals: dict[str, int] = {}
    for r in results:
        totals[r.verdict] = totals.get(r.verdict, 0) + 1
    print(f"\n{len(results)} runs in {time.monotonic() - start:.0f} s")
    for k in ("error", "error+more", "ok") + BAD + ("harness",):
        if k in totals:
            print(f"  {k:12} {totals[k]}")
    print(f"bad: {sum(totals.get(k, 0) for k in BAD)} / {len(results)}")


if __name__ == "__main__":
    main()
