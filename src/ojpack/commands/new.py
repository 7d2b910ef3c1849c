"""`ojpack new`: a new problem package (or contest) that builds, checks, renders and exports at once."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import OjpackError


def command(
    folder: Annotated[Path, typer.Argument(help="The new folder (must not exist, or be empty).")],
    interactive: Annotated[bool, typer.Option("--interactive", help="An interactive problem (guess a number).")] = False,
    subtasks: Annotated[bool, typer.Option("--subtasks", help="Scored subtasks (IOI style) instead of pass-fail.")] = False,
    float_: Annotated[bool, typer.Option("--float", help="A real-number answer judged within a tolerance (the mean).")] = False,
    checker: Annotated[bool, typer.Option("--checker", help="Any of several answers is right, judged by a testlib "
                                                            "checker (checkers/chk.cpp, tests.yaml).")] = False,
    output_only: Annotated[bool, typer.Option("--output-only", help="An output-only task: submissions are output files.")] = False,
    grader: Annotated[bool, typer.Option("--grader", help="A grader task: submissions are functions a grader calls.")] = False,
    communication: Annotated[bool, typer.Option("--communication", help="A communication task: two processes and a manager.")] = False,
    lang: Annotated[str, typer.Option("--lang", "-l", help="Statement languages, e.g. en or en,zh.")] = "en",
    short_name: Annotated[str, typer.Option("--short-name", help="Default: the folder's name, lowercase letters and digits.")] = "",
    contest: Annotated[bool, typer.Option("--contest", help="Make FOLDER a contest (contest.yaml); then `ojpack new "
                                                            "NAME` inside it adds problems.")] = False,
) -> None:
    """Write a new problem package (or, with --contest, a contest) that builds, checks, renders and exports as it is.

    The package holds problem.yaml, a generator, a strict validator (Python and C++), a model solution in C++ and
    Python, a wrong and a too-slow one, a statement, and ojval/ojgen, the small libraries for validators and
    generators; every file says what to change. Inside a contest, the problem is added to contest.yaml."""
    from ..scaffold import add_to_contest, contest_of, new_contest, new_problem, parse_languages
    from .console import out

    if contest:
        if interactive or subtasks or float_ or checker or output_only or grader or communication or short_name:
            raise OjpackError("--contest makes an empty contest: add problems with `ojpack new NAME` inside it")
        new_contest(folder, parse_languages(lang))
        out.print(f"wrote the contest {folder}/contest.yaml")
        out.print(f"next: cd {folder} && ojpack new NAME (a problem, added to contest.yaml) && ojpack build")
        return
    chosen = {"interactive": interactive, "subtasks": subtasks, "float": float_, "checker": checker,
              "output-only": output_only,
              "grader": grader, "communication": communication}
    if sum(chosen.values()) > 1:
        raise OjpackError("--interactive, --subtasks, --float, --checker, --output-only, --grader and --communication "
                          "each make another template: choose one")
    kind = next((k for k, on in chosen.items() if on), "pass-fail")
    if contest_of(folder) is not None:
        made, entry = add_to_contest(folder, kind, parse_languages(lang), short_name or None)
        out.print(f"added problem {entry.letter} to the contest: contest.yaml lists {entry.path} ({entry.color})")
    else:
        made = new_problem(folder, kind, parse_languages(lang), short_name or None)
    out.print(f"wrote the {kind} problem '{made.short_name}' in {made.root}")
    for lang_ in made.untranslated:
        out.print(f"[yellow]note:[/] statement/problem.{lang_}.md.j2 is the English text: translate it")
    out.print(f"next: cd {folder} && ojpack build && ojpack check && ojpack render")
