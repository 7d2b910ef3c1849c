"""check's summary rows on made-up reports of every size: one line per solution where the strip fits, folded
per group where it does not, the failing tests named where even folding would not do; never wider than asked."""

from __future__ import annotations

from types import SimpleNamespace as N

import pytest
from rich.cells import cell_len

from ojpack.commands.check_view import Groups, matrix, summary
from ojpack.commands.console import elide, elide_path
from ojpack.judging import Verdict


def report(groups: dict[str, int], names: list[str]) -> N:
    tests = tuple(f"{g}/{i + 1:02d}-case" for g, n in groups.items() for i in range(n))
    rows = []
    for k, name in enumerate(names):
        cells = tuple(N(test=t, verdict=Verdict.WA if (i + k) % 7 == 0 else Verdict.AC, time=0.01 * i,
                        memory=3.5) for i, t in enumerate(tests) if (i + k) % 11)
        rows.append(N(solution=N(name=name, partial=False, expected_text="WA" if k else "AC"), cells=cells,
                      verdict=Verdict.WA if k else Verdict.AC, faults=(), compile_error=None, score=100 - k,
                      skipped=()))
    return N(tests=tests, rows=tuple(rows), margins=N(time_limit=1.0))


NAMES = ["accepted/model.cpp", "wrong_answer/" + "very_long_name_" * 4 + ".py", "wrong_answer/x.py"]


@pytest.mark.parametrize("width", [80, 100, 120, 200])
@pytest.mark.parametrize("groups", [{"sample": 2, "easy": 5}, {"sample": 1, "a": 6, "b": 10, "c": 14},
                                    {"sample": 3, "a": 40, "b": 60, "c": 90}, {"secret": 400}])
def test_rows_fit_and_every_solution_has_its_line(width: int, groups: dict[str, int]) -> None:
    r = report(groups, NAMES)
    lines = [line.plain for line in summary(r, Groups.of(r.tests), width)]   # type: ignore[arg-type]
    assert max(cell_len(line) for line in lines) <= width, lines
    assert sum(1 for line in lines if " ✓" in line) == len(NAMES)
    strip = sum(groups.values()) + len(groups) - 1
    if strip + 60 <= width:   # room for the whole strip: one line each, the groups parted by bars
        assert len(lines) == 1 + len(NAMES) and lines[1].count("│") == len(groups) - 1
    if sum(groups.values()) >= 400 and width <= 120:   # too long to fold: the failing tests by name, how many more
        assert any("W" in line and "+" in line for line in lines[1:])


def test_matrix_blocks_fit_and_hold_every_cell() -> None:
    from rich.console import Console

    r = report({"sample": 1, "a": 6, "b": 10, "c": 14}, NAMES)
    console = Console(width=80, record=True, file=open("/dev/null", "w"))
    for block in matrix(r, Groups.of(r.tests), 80):   # type: ignore[arg-type]
        console.print(block)
    text = console.export_text()
    assert max(cell_len(line) for line in text.splitlines()) <= 80
    assert text.count("WA") + text.count("AC") == sum(len(row.cells) for row in r.rows)
    assert text.count("·") == sum(len(r.tests) - len(row.cells) for row in r.rows)


def test_names_give_way_in_the_middle() -> None:
    assert elide("abcdefghij", 5) == "ab…ij" and elide("abc", 5) == "abc"
    assert elide_path("wrong_answer/xor_zero_parity.cpp", 24) == "wro…/xor_zero_parity.cpp"
    assert elide_path("wrong_answer/xor_zero_parity.cpp", 12) == "…xor_z…y.cpp"
    assert Groups.of(("sample/01-a", "big/02-b")).short("big/02-b") == "1.2"


def test_the_fold_is_counted_as_it_is_drawn() -> None:
    import random

    from rich.text import Text

    from ojpack.commands.check_view import _fold, _fold_count

    rng = random.Random(7)
    for _ in range(300):
        sizes = [rng.randint(1, 40) for _ in range(rng.randint(1, 6))]
        room = rng.randint(2, 60)
        drawn = _fold([Text("A" * n) for n in sizes], room)
        assert len(drawn) == _fold_count(sizes, room) and all(len(line) <= room for line in drawn)
