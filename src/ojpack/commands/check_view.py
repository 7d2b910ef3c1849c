"""`ojpack check`'s rows, sized to the terminal: one line per solution with a verdict strip (one coloured
letter per test, grouped by subtask), and `--matrix`'s every (solution, test) cell in blocks of columns
that fit the width."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.table import Table
    from rich.text import Text

    from ..judging import CheckReport, Row

# Keyed by the verdict's text (Verdict is a str enum), so this module needs no import of judging.
STYLE = {"AC": "green", "WA": "red", "TLE": "yellow", "MLE": "magenta", "RE": "bright_red", "OLE": "blue",
         "CE": "dim", "PC": "cyan", "JE": "bold white on red"}
LETTER = {"AC": "A", "WA": "W", "TLE": "T", "MLE": "M", "RE": "R", "OLE": "O", "CE": "C", "PC": "P", "JE": "J"}
NOT_RUN = "·"
BAR = "│"
MIN_NAME = 16     # a solution's name never shrinks below this many columns
MAX_FOLD = 3      # a strip folds onto at most this many lines; beyond, the failing tests are named instead


@dataclass(frozen=True)
class Groups:
    """The tests' groups in order, each with its short label (s for the sample, then 1, 2, ...)."""
    names: tuple[str, ...]
    members: tuple[tuple[str, ...], ...]

    @staticmethod
    def of(tests: tuple[str, ...]) -> Groups:
        order = list(dict.fromkeys(t.split("/", 1)[0] for t in tests))
        return Groups(tuple(order), tuple(tuple(t for t in tests if t.split("/", 1)[0] == g) for g in order))

    def label(self, group: str) -> str:
        secret = [g for g in self.names if g != "sample"]
        return "s" if group == "sample" else str(secret.index(group) + 1)

    def short(self, test: str) -> str:
        group, stem = test.split("/", 1)
        head = stem.split("-", 1)[0]
        return f"{self.label(group)}.{int(head) if head.isdigit() else head}"


def want(row: Row, groups: Groups, compact: bool = False) -> str:
    """The expectation, short: a verdict set, or per subtask (1:AC 2:WA) and the score; `compact` writes a
    subtask's verdicts as the strip's letters (1A 2W =30)."""
    from ..judging import fmt

    s = row.solution
    if not s.partial:
        return s.expected_text
    label = (lambda g: groups.label(g) if g in groups.names else g)   # noqa: E731
    parts = [f"{label(g)}{'/'.join(LETTER[v] for v in LETTER if v in vs)}" if compact else f"{label(g)}:{fmt(vs)}"
             for g, vs in s.by_group.items()]
    span = [f"={s.score_range[0]:g}..{s.score_range[1]:g}"] if s.score_range is not None else []
    return " ".join(parts + span + ([f"={s.score:g}"] if s.score is not None else []))


def _segments(row: Row, groups: Groups) -> list[Text]:
    """The row's strip, one Text per group."""
    from rich.text import Text

    by_test = {c.test: c for c in row.cells}
    segments = []
    for members in groups.members:
        seg = Text()
        for t in members:
            c = by_test.get(t)
            if c is None:
                seg.append(NOT_RUN, style="dim")
            else:
                seg.append(LETTER[c.verdict.value], style=STYLE[c.verdict.value])
        segments.append(seg)
    return segments


def _fold(segments: list[Text], room: int) -> list[Text]:
    """Segments packed into lines of at most `room` columns with a bar between groups; a line that starts
    a group starts with the bar too (unless it is the first), and a group longer than a line is cut."""
    from rich.text import Text

    lines: list[Text] = []
    for pieces in _packed([len(s) for s in segments], room):
        line = Text()
        for k, (group, start, end) in enumerate(pieces):
            if start == 0 and (k or lines):
                line.append(BAR, style="dim")
            line.append_text(segments[group][start:end])
        lines.append(line)
    return lines


def _packed(sizes: list[int], room: int) -> list[list[tuple[int, int, int]]]:
    """`_fold`'s layout of groups of these sizes: each line's pieces as (group, from, to)."""
    lines: list[list[tuple[int, int, int]]] = []
    used, step = 0, max(room - 1, 1)
    for group, size in enumerate(sizes):
        for i in range(0, max(size, 1), step):
            piece, bar = min(step, size - i), int(i == 0)
            if lines and used + bar + piece <= room:
                used += bar + piece
                lines[-1].append((group, i, i + piece))
            else:
                used = (bar if lines else 0) + piece
                lines.append([(group, i, i + piece)])
    return lines


def _fold_count(sizes: list[int], room: int) -> int:
    """How many lines `_fold` makes of groups of these sizes (every row's strip has the same shape)."""
    return len(_packed(sizes, room))


def _failing(row: Row, groups: Groups, room: int) -> Text:
    """Instead of a strip too long to fold: the failing tests by name, as many as fit, and how many more."""
    from rich.text import Text

    bad = [c for c in row.cells if c.verdict.value != "AC"]
    if not bad:
        return Text(f"all {len(row.cells)} run AC" if row.cells else "nothing run", style="green")
    words = [Text(f"{LETTER[c.verdict.value]}{groups.short(c.test)}", style=STYLE[c.verdict.value]) for c in bad]
    text = Text()
    for i, word in enumerate(words):
        rest = Text(f"+{len(words) - i}", style="dim")   # what is left unnamed, if this word is not shown
        last = i + 1 == len(words)
        if len(text) + len(word) + (0 if last else len(rest) + 1) + 1 > room:
            return text + (Text(" ") if text else Text()) + rest
        text += (Text(" ") if text else Text()) + word
    return text


def _time(row: Row, limit: float) -> Text:
    """The slowest run, and its share of the limit: green under half (the headroom check wants 2x). A run cut
    off by the wall clock on a busy machine may have used less CPU than the limit: it counts as the limit,
    marked ≥, since it never finished."""
    from rich.text import Text

    t = max((c.time for c in row.cells), default=0.0)
    cut = any(c.verdict.value == "TLE" and c.time < limit for c in row.cells) and t < limit
    t = max(t, limit) if cut else t
    share = t / limit if limit else 0.0
    style = "green" if share <= 0.5 else "yellow" if share <= 1 else "red"
    return Text.assemble(("≥" if cut else "") + f"{t:.2f}s ", (f"{share:>4.0%}", style))


def _memory(row: Row) -> str:
    m = max((c.memory for c in row.cells), default=0.0)
    return f"{m:.1f}M" if m < 10 else f"{m:.0f}M"


def summary(report: CheckReport, groups: Groups, width: int) -> list[Text]:
    """One line per solution (two or three where its strip must fold), fitting `width` columns."""
    from rich.cells import cell_len
    from rich.text import Text

    from .console import elide_path

    rows = report.rows
    strip = len(report.tests) + len(groups.names) - 1
    sizes = [len(m) for m in groups.members]
    heads = ("solution", "want", "got", "pts", "max time", "mem")

    def layout(compact: bool) -> tuple[list[list[Text]], list[int], int]:
        cols = [[Text(r.solution.name) for r in rows],
                [Text(want(r, groups, compact)) for r in rows],
                [Text(f"{r.verdict} " + ("✓" if not r.faults else "✗"), style="green" if not r.faults else "bold red")
                 for r in rows],
                [Text(f"{r.score:g}") for r in rows],
                [_time(r, report.margins.time_limit) for r in rows],
                [Text(_memory(r)) for r in rows]]
        widths = [max([cell_len(h), *(c.cell_len for c in col)]) for h, col in zip(heads, cols)]
        return cols, widths, width - sum(widths[1:]) - len(widths)   # what the name and the strip share

    strips = [_segments(r, groups) for r in rows]
    for compact in (False, True):   # the long form of a partial expectation only while every name fits
        cols, widths, shared = layout(compact)
        if widths[0] + strip <= shared:
            break
    full_name, mode = widths[0], "line"
    if full_name + strip > shared and MIN_NAME + strip <= shared:
        widths[0] = shared - strip
    elif full_name + strip > shared:   # the strip folds: onto as few lines as leave the name widest
        mode = "names"
        for most in range(2, MAX_FOLD + 1):
            name = next((n for n in range(min(full_name, shared - 8), MIN_NAME - 1, -1)
                         if _fold_count(sizes, shared - n) <= most), None)
            if name is not None:
                mode, widths[0] = "fold", name
                break
        else:
            widths[0] = max(MIN_NAME, min(full_name, shared - 24))
    room = shared - widths[0]
    header = Text(style="bold")
    for h, w in zip(heads, widths):
        header.append(h.ljust(w) + " ")
    labels = [Text(groups.label(g).ljust(len(m)), style="dim") for g, m in zip(groups.names, groups.members)]
    lines = _with_strip(header, [Text("failing tests", style="dim")] if mode == "names" else
                        _fold(labels, strip if mode == "line" else room), width - room)
    for i, r in enumerate(rows):
        line = Text()
        for j, w in enumerate(widths):
            cell = Text(elide_path(r.solution.name, w)) if j == 0 else cols[j][i]
            pad = " " * (w - cell.cell_len)
            line.append_text(Text(pad) + cell if j in (3, 4, 5) else cell + Text(pad))   # numbers to the right
            line.append(" ")
        if r.compile_error is not None and not r.cells:
            parts = [Text("compile error", style=STYLE["CE"])]
        elif mode == "names":
            parts = [_failing(r, groups, room)]
        else:
            parts = _fold(strips[i], strip if mode == "line" else room)
        lines += _with_strip(line, parts, width - room)
    return lines


def _with_strip(head: Text, parts: list[Text], indent: int) -> list[Text]:
    """`head` then the first part on one line; the other parts on lines of their own, under the first."""
    from rich.text import Text

    parts = parts or [Text()]   # no tests at all: the row alone
    lines = [head + parts[0], *(Text(" " * indent) + p for p in parts[1:])]
    for line in lines:
        line.rstrip()
    return lines


def legend(report: CheckReport, groups: Groups) -> list[Text]:
    """The letters used and the groups' labels, each said once (rich wraps them at the width)."""
    from rich.text import Text

    used = {c.verdict.value for r in report.rows for c in r.cells}
    letters = Text()
    for v, letter in LETTER.items():
        if v in used:
            letters.append(letter, style=STYLE[v])
            letters.append(f"={v} ", style="dim")
    if any(r.skipped for r in report.rows):
        letters.append(f"{NOT_RUN}=not run (--full runs all)", style="dim")
    letters.rstrip()
    key = Text("groups: " + ", ".join(f"{groups.label(g)}={g}" for g in groups.names)
               + "; --matrix shows every run", style="dim")
    return [letters, key]


def matrix(report: CheckReport, groups: Groups, width: int) -> list[Table]:
    """Every (solution, test) cell, verdict over CPU seconds, in blocks of as many tests as fit `width`."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from ..judging import Verdict
    from .console import elide_path

    name = min(max((len(r.solution.name) for r in report.rows), default=8), max(MIN_NAME, width // 3))
    fit = max(1, (width - name - 3) // 5)     # a test's column: 4 wide and a rule
    blocks_needed = -(-len(report.tests) // fit)
    per = -(-len(report.tests) // max(blocks_needed, 1)) or 1   # blocks of even size, not a stub at the end
    blocks: list[Table] = []
    for start in range(0, len(report.tests), per):
        tests = report.tests[start:start + per]
        table = Table(title=f"tests {groups.short(tests[0])}–{groups.short(tests[-1])} (verdict, CPU s)",
                      title_justify="left", padding=(0, 0), box=box.SQUARE)
        table.add_column("solution", no_wrap=True, width=name)
        for t in tests:
            table.add_column(groups.short(t), justify="center", no_wrap=True, width=4)
        for r in report.rows:
            by_test = {c.test: c for c in r.cells}
            cells = [Text(f"{NOT_RUN}\n", style="dim") if c is None else
                     Text(f"{c.verdict}\n{c.time:.2f}" if c.verdict is not Verdict.CE else "CE",
                          style=STYLE[c.verdict])
                     for c in (by_test.get(t) for t in tests)]
            table.add_row(Text(elide_path(r.solution.name, name)), *cells)
        blocks.append(table)
    return blocks
