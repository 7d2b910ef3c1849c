"""The smallest set of tests that makes every wrong solution fail (set cover).

Exact by trying subsets in increasing size while that stays cheap -- a package has a few dozen tests
and solutions -- and greedy (largest new kill first) beyond that."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from math import comb

EXACT_BUDGET = 2_000_000   # subsets we are willing to try


def smallest_killing_set(kills: dict[str, list[str]], tests: list[str]) -> tuple[list[str], bool]:
    """`kills`: solution -> tests it fails on (solutions with none are left out: nothing covers them).
    Returns (tests in test order, whether the set is proven minimum)."""
    targets = [s for s, ts in kills.items() if ts]
    if not targets:
        return [], True
    bit = {s: 1 << i for i, s in enumerate(targets)}
    masks = {t: 0 for t in tests}
    for s in targets:
        for t in kills[s]:
            masks[t] |= bit[s]
    full = (1 << len(targets)) - 1
    useful = [t for t in tests if masks[t]]
    greedy = _greedy(masks, useful, full)
    tried = 0
    for size in range(1, len(greedy)):
        tried += comb(len(useful), size)
        if tried > EXACT_BUDGET:
            return greedy, False
        for subset in combinations(useful, size):
            acc = 0
            for t in subset:
                acc |= masks[t]
            if acc == full:
                return list(subset), True
    return greedy, True


def _greedy(masks: dict[str, int], useful: list[str], full: int) -> list[str]:
    chosen: list[str] = []
    covered = 0
    while covered != full:
        best = max(useful, key=lambda t: (bin(masks[t] & ~covered).count("1"), -useful.index(t)))
        chosen.append(best)
        covered |= masks[best]
    return sorted(chosen, key=useful.index)


@dataclass(frozen=True)
class GroupStrength:
    """The data's strength inside one test group (a subtask): which solutions its tests kill, the
    smallest set of its tests that kills them all, and which non-accepted solutions pass it whole
    (a solution that only fails elsewhere deserves this group's points, e.g. a partial one)."""
    group: str
    killing_set: tuple[str, ...]
    exact: bool
    killed: tuple[str, ...]
    survivors: tuple[str, ...]


def group_strength(group: str, tests: list[str], kills: dict[str, list[str]]) -> GroupStrength:
    """`kills`: every non-accepted solution -> the tests (of any group) it fails on."""
    mine = set(tests)
    inside = {s: [t for t in ts if t in mine] for s, ts in kills.items()}
    chosen, exact = smallest_killing_set(inside, tests)
    return GroupStrength(group, tuple(chosen), exact, tuple(s for s, ts in inside.items() if ts),
                         tuple(s for s, ts in inside.items() if not ts))
