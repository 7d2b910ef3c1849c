"""ICPC 2025-09 `constants:` (problem.yaml): named values written into the package's files as `{{NAME}}`
(or `{{NAME.VARIANT}}`), the way BAPCtools does it.

The rules followed (BAPCtools' problem.py, program.py, generate.py and export.py, read for facts):
- a constant is a value (number or string) or a mapping with a `value` and string variants; `{{NAME}}` is its
  value, `{{NAME.value}}` too, `{{NAME.VARIANT}}` a variant; names are [a-zA-Z_][a-zA-Z0-9_]*.
- substituted in the sources of generators, input/answer/output validators (an interactor is one) and in a
  generators.yaml `generate:` command (before `{count}` and the seed); not in submissions, and not in the
  `in:` / `ans:` text of a test case.
- included files (`include/<language>/`, which BAPCtools does not read) get them too, as the 2025-09 format
  lists them; its list names example submissions as well, but BAPCtools leaves those as written, and so does ojpack.
- a LaTeX statement names them `\\constant{NAME}`; a Markdown one `{{NAME}}`.
An unknown `{{NAME}}` is left as written, as BAPCtools leaves it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from ...problem import load_yaml
from ..common.writer import Imported

# the import formats of the Kattis family: the ones whose problem.yaml may hold constants
FAMILY = ("kattis", "icpc2025")
NAME = r"[a-zA-Z_][a-zA-Z0-9_]*"
PATTERN = re.compile(r"\{\{(" + NAME + r"(?:\." + NAME + r")?)\}\}")
TEX = re.compile(r"\\constant\{(" + NAME + r"(?:\." + NAME + r")?)\}")
# the folders of imp.files whose sources BAPCtools substitutes
PROGRAM_FOLDERS = ("validators/", "generators/", "interactor/", "include/")


def constants_of(meta: dict[str, Any]) -> dict[str, str]:
    """problem.yaml's `constants:` as BAPCtools reads them: NAME, NAME.value and NAME.VARIANT → text."""
    raw = meta.get("constants")
    out: dict[str, str] = {}
    for key, value in raw.items() if isinstance(raw, dict) else ():
        if not isinstance(key, str) or not re.fullmatch(NAME, key):
            continue
        value = value if isinstance(value, dict) else {"value": value}
        if "value" not in value:
            continue
        for sub, variant in value.items():
            if sub == "value" and isinstance(variant, (int, float)) and not isinstance(variant, bool):
                variant = str(variant)
            if isinstance(sub, str) and re.fullmatch(NAME, sub) and isinstance(variant, str):
                out[f"{key}.{sub}"] = variant
                if sub == "value":
                    out[key] = variant
    return out


def read_constants(root: Path) -> dict[str, str]:
    """The constants of the package at `root` (none when problem.yaml is missing or unreadable)."""
    try:
        meta = load_yaml((root / "problem.yaml").read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError, UnicodeDecodeError, ValueError):
        return {}
    return constants_of(meta) if isinstance(meta, dict) else {}


def substitute(text: str, constants: dict[str, str], pattern: re.Pattern[str] = PATTERN) -> str:
    return pattern.sub(lambda m: constants.get(m.group(1), m.group(0)), text)


def in_statement(text: str, root: Path, kind: str) -> str:
    """A statement's text with its constants written in (`kind`: "tex" or "md")."""
    constants = read_constants(root)
    return substitute(text, constants, TEX if kind == "tex" else PATTERN) if constants else text


def apply(root: Path, imp: Imported) -> None:
    """Write the constants into the imported generator and validator sources, naming each file changed."""
    constants = read_constants(root)
    if not constants:
        return
    changed = []
    for rel, data in sorted(imp.files.items()):
        if not rel.startswith(PROGRAM_FOLDERS):
            continue
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        new = substitute(text, constants)
        if new != text:
            imp.files[rel] = new.encode()
            changed.append(rel)
    if changed:
        names = ", ".join(sorted({k.split(".")[0] for k in constants}))
        also = "; into included files, as the format says" if any(r.startswith("include/") for r in changed) else ""
        imp.note(f"problem.yaml constants ({names}) written into {', '.join(changed)}, as "
                 f"BAPCtools does (not into submissions{also})")
    missing = sorted({m.group(1) for rel, data in imp.files.items() if rel.startswith(PROGRAM_FOLDERS)
                      for m in PATTERN.finditer(data.decode("utf-8", "replace"))} - constants.keys())
    if missing:
        imp.note(f"{{{{{', '.join(missing)}}}}}: not among problem.yaml's constants; left as written")
