"""problem.yaml's `visualizer:` a program that draws one test, for people (`ojpack serve` shows it). A part
of the schema (schema.ProblemSpec has the field), kept apart to keep schema.py small.

It runs in the sandbox as `visualizer input answer [args]`, the input also on its standard input, and
writes one picture to its standard output (or testcase.svg / testcase.png in its working folder): an SVG
document or a PNG image (testdata/picture.py)."""

from __future__ import annotations

from dataclasses import dataclass

from .strict import Invalid, rule


@dataclass(frozen=True, kw_only=True)
class Visualizer:
    source: str                                # the program's source, e.g. visualizers/draw.py
    args: list[str] = rule(factory=list)      # after input and answer

    def __post_init__(self) -> None:
        if not self.source.strip():
            raise Invalid(("source",), "the visualizer's source file", self.source)
