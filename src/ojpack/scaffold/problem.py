"""`ojpack new DIR`: a new problem package from the templates under templates/, ready to build, check,
render and export at once.

The templates are files, not strings: templates/common/ (the setter's libraries: ojval for validators,
ojgen for generators, and a README) goes into every package, then one problem: templates/sum/ (sum of n
integers modulo 1e9+7; pass-fail, or with `--subtasks` two scored subtasks), templates/guess/ (guess a
hidden number, interactive), templates/mean/ (`--float`: the mean, judged within a tolerance) or
templates/maxat/ (`--checker`: any index of the maximum, judged by a testlib checker, checkers/chk.cpp, with
ojpack's own small testlib.h beside it). Only problem.yaml is filled in (@SHORT_NAME@, @NAMES@), by plain replacement:
the statement templates are jinja2 of their own and are copied as they are.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Literal

from ..errors import OjpackError

Kind = Literal["pass-fail", "subtasks", "interactive", "float", "checker", "output-only", "grader", "communication"]
TEMPLATES = resources.files("ojpack.scaffold").joinpath("templates")
LANGUAGE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$")
STATEMENT = re.compile(r"^problem\.(.+)\.md\.j2$")

# kind -> (template folder, its problem.yaml, the title per language it has a statement for)
PROBLEMS: dict[str, tuple[str, str, dict[str, str]]] = {
    "pass-fail": ("sum", "problem.pass-fail.yaml", {"en": "Sum Modulo", "zh": "取模求和"}),
    "subtasks": ("sum", "problem.subtasks.yaml", {"en": "Sum Modulo", "zh": "取模求和"}),
    "interactive": ("guess", "problem.yaml", {"en": "Guess the Number", "zh": "猜数"}),
    "float": ("mean", "problem.float.yaml", {"en": "Mean", "zh": "平均数"}),
    "checker": ("maxat", "problem.checker.yaml", {"en": "Where Is the Maximum", "zh": "最大值在哪里"}),
    "grader": ("grader", "problem.grader.yaml", {"en": "Sum Modulo (Grader)", "zh": "取模求和（函数交互）"}),
    "communication": ("relay", "problem.communication.yaml", {"en": "Relay", "zh": "接力"}),
    "output-only": ("outputs", "problem.output-only.yaml", {"en": "Sum Modulo (Outputs)", "zh": "取模求和（提交答案）"}),
}
# A template that takes another's files first, then its own over them: templates/mean/ (the mean of n
# integers, judged with a tolerance) shares sum's input, so its generator and validator.
BASES: dict[str, tuple[str, set[str]]] = {"mean": ("sum", {"solutions", "statement"}),
                                          "outputs": ("sum", {"solutions", "statement"}),
                                          "grader": ("sum", {"solutions", "statement"}),
                                          "relay": ("sum", {"solutions", "statement"}),
                                          "maxat": ("sum", {"solutions", "statement"})}


@dataclass(frozen=True)
class NewProblem:
    root: Path
    short_name: str
    kind: str
    languages: tuple[str, ...]
    untranslated: tuple[str, ...]   # languages that got the English text to translate


def short_name_of(folder: Path) -> str:
    """A judge-safe short name from a folder name: lowercase letters and digits only."""
    name = re.sub(r"[^a-z0-9]", "", folder.name.lower())
    return name or "problem"


def parse_languages(text: str) -> tuple[str, ...]:
    langs = tuple(dict.fromkeys(s.strip() for s in text.split(",") if s.strip()))
    bad = [lang for lang in langs if not LANGUAGE.match(lang)]
    if not langs or bad:
        raise OjpackError(f"--lang {text}: expected language codes such as en or en,zh"
                          + (f" (not {bad[0]!r})" if bad else ""))
    return langs


def _copy_tree(src, dst: Path, skip: set[str]) -> None:
    for item in src.iterdir():
        if item.name in skip or item.name == "__pycache__":
            continue
        if item.is_dir():
            (dst / item.name).mkdir(exist_ok=True)
            _copy_tree(item, dst / item.name, set())
        else:
            (dst / item.name).write_bytes(item.read_bytes())


def new_problem(root: Path, kind: Kind = "pass-fail", languages: tuple[str, ...] = ("en",),
                short_name: str | None = None) -> NewProblem:
    """Write a new package into `root` (which must not exist, or be empty)."""
    if kind not in PROBLEMS:
        raise OjpackError(f"unknown problem kind {kind!r}; choose from {', '.join(PROBLEMS)}")
    if root.exists() and (not root.is_dir() or any(root.iterdir())):
        raise OjpackError(f"{root} already exists and is not an empty folder; choose a new one")
    name = short_name or short_name_of(root)
    if not re.fullmatch(r"[a-z0-9]+", name):
        raise OjpackError(f"short name {name!r}: use lowercase letters and digits only")
    folder, yaml_name, titles = PROBLEMS[kind]
    source = TEMPLATES.joinpath(folder)
    root.mkdir(parents=True, exist_ok=True)
    try:
        _copy_tree(TEMPLATES.joinpath("common"), root, set())
        if folder in BASES:
            base, skip = BASES[folder]
            base_source = TEMPLATES.joinpath(base)
            _copy_tree(base_source, root, skip | {p.name for p in base_source.iterdir() if p.name.startswith("problem.")})
        _copy_tree(source, root, {p.name for p in source.iterdir() if p.name.startswith("problem.")})
        untranslated = _statements(root / "statement", languages)
        names = "\n".join(f"  {lang}: {_quote(titles.get(lang, titles['en']))}" for lang in languages)
        text = source.joinpath(yaml_name).read_text(encoding="utf-8")
        (root / "problem.yaml").write_text(text.replace("@SHORT_NAME@", name).replace("@NAMES@", names),
                                           encoding="utf-8")
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)   # no half-written package left behind
        raise
    return NewProblem(root, name, kind, languages, untranslated)


def _statements(folder: Path, languages: tuple[str, ...]) -> tuple[str, ...]:
    """Keep the templates of the chosen languages; a language without one gets the English text to translate."""
    have = {m.group(1): p for p in folder.iterdir() if (m := STATEMENT.match(p.name))}
    english = have["en"].read_text(encoding="utf-8")
    for lang, path in have.items():
        if lang not in languages:
            path.unlink()
    missing = tuple(lang for lang in languages if lang not in have)
    for lang in missing:
        note = f"{{#- TO TRANSLATE: the English statement, copied for '{lang}' by ojpack new. -#}}\n"
        (folder / f"problem.{lang}.md.j2").write_text(note + english, encoding="utf-8")
    return missing


def _quote(title: str) -> str:
    return '"' + title.replace("\\", "\\\\").replace('"', '\\"') + '"'
