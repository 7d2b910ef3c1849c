"""graders/: a legacy Kattis package's own grader, run for each folder whose testdata.yaml says `grading: custom`.

ojpack does not run a package's grader. The one it knows is the multiplicative grader that the Kattis ports of
IOI tasks ship (kattis-problem-ports, with testdata_tools' gen.sh patched to write its flags): a group with
`grader_flags: min subtask_score=N` scores N x the smallest score its tests got, and an accepting output
validator writes that score into score.txt as a share of the group (0 to 1), not as points. That is ojpack's
min subtask with partial tests exactly, once score.txt is read as a share: `checker: {score_file: share}`.
It is recognised by its flags (every custom folder: `min` and `subtask_score=N` equal to the folder's score, 0
for the samples) and by the grader's source naming `subtask_score`; then the notes that the custom grader and
its flags are not carried over are dropped. Any other custom grader stays named in the report."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ..common.writer import Imported
from .scores import group_score

FLAG = "subtask_score="


def _subtask_score(meta: dict[str, Any]) -> float | None:
    found = [f.removeprefix(FLAG) for f in str(meta.get("grader_flags") or "").split() if f.startswith(FLAG)]
    try:
        return float(found[0]) if len(found) == 1 else None
    except ValueError:
        return None


def _multiplicative(folder: Path, meta: dict[str, Any], data: Path) -> bool:
    """A custom folder whose flags are the multiplicative grader's: the samples worth 0, a group `min` and its
    score (other folders, data/ and data/secret, only combine groups: they need no flag of their own)."""
    n = _subtask_score(meta)
    if folder == data / "sample":
        return n == 0
    if folder.parent != data / "secret":
        return n is None
    return n is not None and n == group_score(meta) and "min" in str(meta.get("grader_flags")).split()


def read(root: Path, imp: Imported, load: Callable[[Path], dict[str, Any]]) -> None:
    """Read score.txt as a share when the package's grader is the multiplicative one (see above)."""
    graders = sorted(p for p in (root / "graders").rglob("*") if p.is_file()) if (root / "graders").is_dir() else []
    data = root / "data"
    if not graders or imp.checker.get("type") != "program" or imp.checker.get("convention") != "kattis":
        return
    custom = {f.parent: meta for f in sorted(data.rglob("testdata.yaml"))
              if (meta := load(f)).get("grading") == "custom"}
    if not custom or not all(_multiplicative(folder, meta, data) for folder, meta in custom.items()):
        return
    if not all(b"subtask_score" in g.read_bytes() for g in graders):
        return
    imp.checker["score_file"] = "share"
    where = tuple(f"{folder.relative_to(root).as_posix()}{end}" for folder in custom for end in ("/", ":"))
    dropped = ("grader_flags subtask_score=", "grading 'custom' not carried over",
               "a custom grader (grading: custom) is not run")
    imp.notes = [n for n in imp.notes if not (n.startswith(where) and any(d in n for d in dropped))]
    for g in graders:
        imp.took(g.relative_to(root).as_posix(), "read: the multiplicative grader (a group scores its points x the "
                 "smallest score.txt of its tests) → checker.score_file: share")
    imp.note("graders/: the multiplicative custom grader of Kattis' IOI ports (`grader_flags: min "
             "subtask_score=N`): the output validator's score.txt is read as the test's share of its group "
             "(checker.score_file: share), so a group earns its points x its smallest share, as there")
