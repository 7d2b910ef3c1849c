"""`ojpack stats`."""

from __future__ import annotations


import typer

from .common import JsonOpt, ProblemOpt


def command(problem_dir: ProblemOpt = None, as_json: JsonOpt = False) -> None:
    """Coverage per test (values, position classes, answers) and overall; fails when coverage has gaps."""
    from rich.markup import escape
    from rich.text import Text
    from rich.table import Table

    from ..problem import load_problem
    from ..testdata import collect, load_built
    from .console import elide, out, print_json, width

    problem = load_problem(problem_dir)
    s = collect(problem, load_built(problem))
    if as_json:
        print_json(s.to_json())
    else:
        rows = []
        for t in s.tests:
            values, classes = t.features.get("values", {}), t.features.get("classes", {})
            rows.append([*(str(values.get(k, "")) for k in s.value_keys),
                         *(str(classes.get(k, 0) or "·") for k in s.class_keys),
                         *(str(t.answers.get(k, 0)) for k in s.answer_keys)])
        heads = [*s.value_keys, *s.class_keys, *s.answer_keys]
        numbers = sum(max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(heads)) + 2 * len(heads)
        # every figure stays whole; the test's name gives way, elided in the middle (its group and its number)
        name = max(12, min(max((len(t.id) for t in s.tests), default=4), width() - numbers))
        table = Table(title="tests", title_justify="left", box=None, padding=(0, 1), pad_edge=False,
                      header_style="bold underline")
        table.add_column("test", no_wrap=True)
        for col in heads:
            table.add_column(col, justify="right", no_wrap=True)
        for t, r in zip(s.tests, rows):
            table.add_row(Text(elide(t.id, name)), *r)
        out.print(table)
        overall = Table(title="coverage of the secret data", title_justify="left")
        overall.add_column("kind")
        overall.add_column("hit")
        overall.add_column("missing")
        overall.add_row("bounds/features", " ".join(s.features_hit), " ".join(s.features_missing) or "—")
        overall.add_row("classes", " ".join(f"{k}:{v}" for k, v in s.classes_hit.items()),
                        " ".join(s.classes_missing) or "—")
        out.print(overall)
        per = Table(title="coverage per subtask", title_justify="left")
        for col in ("subtask", "features hit", "classes (games)", "answers"):
            per.add_column(col)
        for group, f in s.subtasks.items():
            per.add_row(Text(group), " ".join(f["features"]), " ".join(f"{k}:{v}" for k, v in f["classes"].items()),
                        " ".join(f"{k}:{v}" for k, v in f["answers"].items()))
        out.print(per)
        for g in s.gaps:
            out.print(f"[red]gap:[/] {escape(g)}")
    if s.gaps:
        raise typer.Exit(1)
