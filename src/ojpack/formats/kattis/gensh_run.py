"""Run a testdata_tools `data/gen.sh` (or `data/generator.sh`) in the sandbox with ojpack's own recording
stand-in for the library it sources, and read back what it asked for.

The package's script is untrusted bash with loops and variables, so it is not parsed: it runs, in the cage,
in a throwaway tree whose `testdata_tools/gen.sh` (one to four levels above data/, where packages and their
contest repositories keep it) is RECORDER below. Each library command then prints one record (its name and
arguments, NUL-framed, so no argument can forge a record boundary) instead of compiling or generating
anything; `gensh.py` replays the records as testdata_tools would. Everything else in the tree is a symbolic
link to the package, which the cage shows read-only.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from ...errors import OjpackError
from ...sandbox import RunLimits, run

SCRIPTS = ("gen.sh", "generator.sh")
SOURCES = re.compile(r"^\s*(?:\.|source)\s+[\"']?(\S*testdata_tools/gen\.sh)\b", re.M)
LIMITS = RunLimits(cpu=30, wall=60, memory_mib=512, output_mib=16)
MARK = b"\0OJPACK\0"
DEPTH = 4   # levels above data/ at which the stand-in is placed

# Written for ojpack: the commands of testdata_tools' gen.sh (and its settings read when it is sourced),
# each recording itself. Helper names scripts sometimes call (_base, _get_ext, add_program) are kept.
RECORDER = r"""# ojpack's recording stand-in for testdata_tools/gen.sh: nothing is compiled or generated here.
set -e
if [[ $USE_SCORING != 0 ]]; then USE_SCORING=1; fi
if [[ $REQUIRE_SAMPLE_REUSE != 0 ]]; then REQUIRE_SAMPLE_REUSE=$USE_SCORING; fi
PROBLEM_PATH=$(realpath ..)
SOLUTION_BASE=$PROBLEM_PATH/submissions/accepted
declare -A programs
_ojpack_record () { printf '\0OJPACK\0%s' "$#"; printf '\0%s' "$@"; printf '\0\n'; }
_get_ext () { echo "${1##*.}"; }
_base () { local f="${1##*/}"; echo "${f%.*}"; }
get_ext () { _get_ext "$@"; }
base () { _base "$@"; }
setup_dirs () { :; }
cleanup_programs () { :; }
_error () { _ojpack_record error "$1"; }
add_program () { programs[$1]="$2"; _ojpack_record add_program "$1" "$2"; }
add_cleanup () { :; }
ulimit () { builtin ulimit "$@" 2>/dev/null || true; }   # `ulimit -s unlimited`: the cage may refuse it
compile () { programs[$(_base "$1")]="$1"; _ojpack_record compile "$1" "${2-}"; }
compile_cpp () { compile "$@"; }
compile_java () { compile "$@"; }
compile_py () { compile "$@"; }
compile_sh () { compile "$@"; }
use_solution () { _ojpack_record use_solution "$SOLUTION_BASE/$1" "${2-}"; }
samplegroup () { _ojpack_record samplegroup; }
sample () { _ojpack_record sample "$1"; }
sample_manual () { _ojpack_record sample_manual "$1"; }
group () { _ojpack_record group "$1" "$2"; }
limits () { _ojpack_record limits "$@"; }
output_validator_flags () { _ojpack_record output_validator_flags "$@"; }
tc () { _ojpack_record tc "$@"; }
tc_manual () { _ojpack_record tc_manual "$@"; }
custom () { tc_manual "$@"; }
tg_manual () {
  local f any=0
  for f in "$1"/*.in; do if [[ -f $f ]]; then tc_manual "$f"; any=1; fi; done
  if [[ $any = 0 ]]; then _error "tg_manual $1: no .in files there"; fi
}
include_group () { _ojpack_record include_group "$@"; }
hint () { _ojpack_record hint "$@"; }
desc () { _ojpack_record desc "$@"; }
solve () { _ojpack_record unsupported solve; }
_ojpack_record setup "$USE_SCORING" "$PROBLEM_PATH"
"""


def script_of(root: Path) -> Path | None:
    """The package's testdata_tools script: data/gen.sh, data/generator.sh or another data/*.sh that sources
    the library."""
    others = sorted(p.name for p in (root / "data").glob("*.sh")) if (root / "data").is_dir() else []
    for name in dict.fromkeys([*SCRIPTS, *others]):
        path = root / "data" / name
        if path.is_file() and not path.is_symlink():
            try:
                if SOURCES.search(path.read_text(encoding="utf-8", errors="replace")):
                    return path
            except OSError:
                continue
    return None


def records(root: Path, script: Path) -> tuple[list[list[str]], str]:
    """Run `script` with the recording library; its records (command first) and, when it failed, one line
    saying how (else "")."""
    with tempfile.TemporaryDirectory(prefix="ojpack-gensh-") as tmp:
        base = Path(tmp)
        top = base.joinpath(*[f"l{i}" for i in range(DEPTH - 1)])
        pkg = top / "p"
        data = pkg / "data"
        data.mkdir(parents=True)
        for place in _places(script, base, pkg):   # written before the links: never through one
            place.parent.mkdir(parents=True, exist_ok=True)
            place.write_text(RECORDER)
        for entry in root.iterdir():
            if entry.name != "data" and not (pkg / entry.name).exists():   # the stand-in replaces the package's
                os.symlink(entry, pkg / entry.name)
        for entry in (root / "data").iterdir():
            if not (data / entry.name).exists():
                os.symlink(entry, data / entry.name)
        out, err = base / "out", base / "err"
        bash = shutil.which("bash") or "/bin/bash"
        res = run([bash, script.name], Path("/dev/null"), out, LIMITS, stderr=err, readable=[root.resolve()],
                  writable=[base, data], cwd=data)   # data/: the script may build there
        raw = out.read_bytes() if out.is_file() else b""
        tail = err.read_bytes()[-4000:].decode(errors="replace") if err.is_file() else ""
        found = parse(raw, str(pkg))
    failure = ""
    if res.status != "ok" or res.exit_code != 0:
        lines = [ln.strip() for ln in tail.splitlines() if ln.strip()]
        why = lines[-1] if lines else (f"stopped: {res.status}" if res.status != "ok" else f"exit {res.exit_code}")
        failure = f"{script.name} failed when run with ojpack's recording testdata_tools: {why}"
    return found, failure


def _places(script: Path, base: Path, pkg: Path) -> list[Path]:
    """Where the stand-in goes: testdata_tools/gen.sh one to DEPTH levels above data/, and where the script
    sources it (`. ../../_testdata_tools/gen.sh`) when that is a plain path inside the throwaway tree."""
    places = [level / "testdata_tools" / "gen.sh" for level in [pkg, *pkg.parents][:DEPTH]]
    for m in SOURCES.finditer(script.read_text(encoding="utf-8", errors="replace")):
        named = Path(os.path.normpath(pkg / "data" / m.group(1)))
        if "$" not in m.group(1) and named.is_relative_to(base / "l0") and not named.is_relative_to(pkg / "data"):
            places.append(named)
    return places


def parse(raw: bytes, tree: str) -> list[list[str]]:
    """The records in the script's standard output (anything else it printed is skipped). Paths under the
    throwaway tree are given back relative to the package, as `@/path`."""
    found: list[list[str]] = []
    for chunk in raw.split(MARK)[1:]:
        fields = chunk.split(b"\0")
        try:
            count = int(fields[0])
        except ValueError:
            continue
        if len(fields) < count + 1:
            continue
        found.append([_relative(f.decode("utf-8", errors="replace"), tree) for f in fields[1:count + 1]])
    return found


def _relative(text: str, tree: str) -> str:
    return "@" + text[len(tree):] if text == tree or text.startswith(tree + "/") else text


def require(root: Path, rel: str) -> Path:
    """A file the script names (relative to data/, or `@/…` from the package root), inside the package."""
    path = (root / rel[2:]) if rel.startswith("@/") else (root / "data" / rel)
    normal = Path(os.path.normpath(path))
    if not normal.is_relative_to(root) or not normal.is_file():
        raise OjpackError(f"{rel}: not a file of the package")
    return normal
