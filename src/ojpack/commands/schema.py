"""`ojpack schema`: every key of problem.yaml with its type, default and meaning; or a JSON Schema file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import JsonOpt


def command(
    json_schema: Annotated[Optional[Path], typer.Option(
        "--json-schema", help="Write a JSON Schema of problem.yaml to this file, for editors "
                              "(e.g. `# yaml-language-server: $schema=FILE` at the top of problem.yaml).",
        dir_okay=False)] = None,
    as_json: JsonOpt = False,
) -> None:
    """List every problem.yaml key: its type, its default ("required" when it has none) and what it means.

    Generated from the schema the loader itself uses, so it is always the keys ojpack accepts."""
    from rich.markup import escape
    from rich.table import Table

    from ..problem import json_schema as make_schema, keys
    from .console import out

    if json_schema is not None:
        json_schema.write_text(json.dumps(make_schema(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        out.print(f"wrote {json_schema}")
        return
    if as_json:
        print(json.dumps([k.__dict__ for k in keys()], ensure_ascii=False, indent=2))
        return
    table = Table(title="problem.yaml", title_justify="left")
    for col in ("key", "type", "default", "meaning"):
        table.add_column(col, overflow="fold")
    for k in keys():
        table.add_row(k.path, k.type, k.default, escape(k.meaning))   # the grammar's [n, m] is not markup
    out.print(table)
