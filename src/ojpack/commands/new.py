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
        if interactive or subtasks or float_ or short_name:
            raise OjpackError("--contest makes an empty contest: add problems with `ojpack new NAME` inside it")
        new_contest(folder, parse_languages(lang))
        out.print(f"wrote the contest {folder}/contest.yaml")
        out.print(f"next: cd {folder} && ojpack new NAME (a problem, added to contest.yaml) && ojpack build")
        return
    if interactive + subtasks + float_ > 1:
        raise OjpackError("--interactive, --subtasks and --float each make another template (pass-fail but for "
                          "--subtasks): choose one")
    kind = "interactive" if interactive else "subtasks" if subtasks else "float" if float_ else "pass-fail"
    if contest_of(folder) is not None:
        made, entry = add_to_contest(folder, kind, parse_languages(lang), short_name or None)
        out.print(f"added problem {entry.letter} to the contest: contest.yaml lists {entry.path} ({entry.color})")
    else:
        made = new_problem(folder, kind, parse_languages(lang), short_name or None)
    out.print(f"wrote the {kind} problem '{made.short_name}' in {made.root}")
    for lang_ in made.untranslated:
        out.print(f"[yellow]note:[/] statement/problem.{lang_}.md.j2 is the English text: translate it")
    out.print(f"next: cd {folder} && ojpack build && ojpack check && ojpack render")
