"""`ojpack new --contest DIR` and `ojpack new NAME` inside a contest: a contest folder, and problems added to it."""

from __future__ import annotations

import datetime
from pathlib import Path

from ..errors import OjpackError
from ..problem import CONTEST_FILE, ContestProblem, add_problem_line, is_contest, load_contest, load_problem, next_entry
from .problem import TEMPLATES, Kind, NewProblem, new_problem


def new_contest(root: Path, languages: tuple[str, ...] = ("en",), title: str | None = None) -> Path:
    if root.exists() and (not root.is_dir() or any(root.iterdir())):
        raise OjpackError(f"{root} already exists and is not an empty folder; choose a new one")
    name = title or root.resolve().name.replace("-", " ").replace("_", " ").title()
    names = "\n".join(f'  {lang}: "{name}"' for lang in languages)
    text = TEMPLATES.joinpath("contest", CONTEST_FILE).read_text(encoding="utf-8")
    root.mkdir(parents=True, exist_ok=True)
    (root / CONTEST_FILE).write_text(text.replace("@NAMES@", names)
                                     .replace("@DATE@", datetime.date.today().isoformat()), encoding="utf-8")
    load_contest(root)   # what was written must read back
    return root


def contest_of(folder: Path) -> Path | None:
    """The contest a new problem folder goes into: its parent, when that is a contest root."""
    parent = folder.resolve().parent
    return parent if is_contest(parent) else None


def add_to_contest(folder: Path, kind: Kind, languages: tuple[str, ...],
                   short_name: str | None = None) -> tuple[NewProblem, ContestProblem]:
    """A new problem in `folder` (directly inside a contest) and its entry at the end of contest.yaml."""
    root = contest_of(folder)
    if root is None:
        raise OjpackError(f"{folder.resolve().parent} is not a contest (no {CONTEST_FILE})")
    entry = next_entry(load_contest(root).spec, folder.resolve().name)
    made = new_problem(folder, kind, languages, short_name)
    add_problem_line(root, entry)
    return made, entry


def add_existing(folder: Path, contest: Path | None = None) -> ContestProblem:
    """An existing problem (a folder with problem.yaml, inside the contest) appended to contest.yaml's
    `problems:` with the next letter and colour, as `ojpack new NAME` inside a contest does. `contest`:
    default the current folder when it is a contest, else the problem folder's parent."""
    problem = folder.resolve()
    root = (contest or (Path.cwd() if is_contest(Path.cwd()) else problem.parent)).resolve()
    if not is_contest(root):
        raise OjpackError(f"{root} is not a contest (no {CONTEST_FILE}); name it with --contest DIR")
    if not (problem / "problem.yaml").is_file():
        raise OjpackError(f"{folder} holds no problem.yaml: only a problem can join a contest")
    load_problem(problem)   # a problem that does not load would break every contest command
    try:
        rel = problem.relative_to(root).as_posix()
    except ValueError:
        raise OjpackError(f"{folder} is not inside the contest {root}: move it there first") from None
    spec = load_contest(root).spec
    listed = next((p for p in spec.problems if (root / p.path).resolve() == problem), None)
    if listed is not None:
        raise OjpackError(f"{rel} is already problem {listed.letter} of the contest")
    entry = next_entry(spec, rel)
    add_problem_line(root, entry)
    return entry
