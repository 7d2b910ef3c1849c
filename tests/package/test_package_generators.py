"""The package's generators (generators/games.py) and accepted solutions (solutions/accepted/john.*).

Generators are imported in-process for the property tests; determinism across processes and the
solutions are checked through real programs.
"""

from __future__ import annotations

import os
import subprocess
import sys
from functools import cache
from itertools import product

import pytest

from conftest import load_source as load
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ojpack.sandbox.compile import prepare
from ojpack.sandbox.languages import real_python
from ojpack.problem.plan import make_plan
from ojpack.problem.load import load_problem

from conftest import REPO
GEN_DIR = REPO / "generators"
RANDOM_FAMILIES = ["uniform", "ones", "one-rich", "xor-zero", "xor-one", "tiny", "mixed"]
FAMILIES = ["minimal", "maximal", *RANDOM_FAMILIES]




sys.path.insert(0, str(GEN_DIR))  # games.py imports its helper gamelib as a sibling, as when run
try:
    G = load(GEN_DIR / "games.py", "johns_games")
finally:
    sys.path.remove(str(GEN_DIR))
V = load(REPO / "validators" / "validate.py", "johns_validator_for_generators")


def games_of(text: str) -> list[list[int]]:
    lines = text.splitlines()
    assert int(lines[0]) == len(lines[2::2])
    return [[int(x) for x in line.split()] for line in lines[2::2]]


def xor(piles: list[int]) -> int:
    x = 0
    for p in piles:
        x ^= p
    return x


def rich(piles: list[int]) -> int:
    return sum(p >= 2 for p in piles)


@cache
def first_player_wins(state: tuple[int, ...]) -> bool:
    """Exhaustive misère search: taking the last stone loses, so facing no stones is a win."""
    if not state:
        return True
    for i, p in enumerate(state):
        for left in range(p):
            nxt = tuple(sorted(state[:i] + ((left,) if left else ()) + state[i + 1:]))
            if not first_player_wins(nxt):
                return True
    return False


def brute(piles: list[int]) -> str:
    return "John" if first_player_wins(tuple(sorted(piles))) else "Brother"


def argv(family: str, T: int, n: tuple[int, int], a: tuple[int, int], parity: str, salt: str) -> list[str]:
    out = [family, "--T", str(T), "--n", f"{n[0]}..{n[1]}", "--a", f"{a[0]}..{a[1]}"]
    return out + (["--parity", parity] if family in ("ones", "one-rich") else []) + ["--salt", salt]


def bounds(T: int, n: tuple[int, int], a: tuple[int, int]) -> dict[str, tuple[int, int]]:
    return {"T": (T, T), "n": n, "a": a}


# ---------- every family stays valid inside the bounds it is given ----------

@st.composite
def roomy_args(draw: st.DrawFn) -> tuple[list[str], int, tuple[int, int], tuple[int, int]]:
    """Ranges with room for every class (two n parities, n up to >= 3, a from 1 to >= 3): nothing may fail."""
    n_lo = draw(st.integers(1, 10))
    n = (n_lo, draw(st.integers(max(n_lo + 1, 3), 50)))
    a = (1, draw(st.one_of(st.integers(3, 8), st.integers(3, 5000))))
    T = draw(st.integers(1, 40))
    family = draw(st.sampled_from(FAMILIES))
    parity = draw(st.sampled_from(["even", "odd", "both"]))
    return argv(family, T, n, a, parity, draw(st.text("abc123", max_size=3))), T, n, a


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(roomy_args())
def test_every_family_is_valid_within_roomy_bounds(case: tuple) -> None:
    args, T, n, a = case
    text = G.build(args)
    V.check(text.encode(), bounds(T, n, a))  # raises Invalid with the exact flaw
    assert G.build(args) == text


@st.composite
def tight_args(draw: st.DrawFn) -> tuple[list[str], int, tuple[int, int], tuple[int, int]]:
    n_lo, a_lo = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    n, a = (n_lo, n_lo + draw(st.integers(0, 2))), (a_lo, a_lo + draw(st.integers(0, 2)))
    T = draw(st.integers(1, 6))
    family = draw(st.sampled_from(FAMILIES))
    return argv(family, T, n, a, draw(st.sampled_from(["even", "odd", "both"])), "t"), T, n, a


@settings(max_examples=250, deadline=None)
@given(tight_args())
def test_tight_bounds_give_valid_output_or_a_clear_refusal(case: tuple) -> None:
    args, T, n, a = case
    try:
        text = G.build(args)
    except G.GenError as e:
        assert str(e)
        return
    V.check(text.encode(), bounds(T, n, a))


@pytest.mark.parametrize("bad", [
    [], ["nope", "--T", "3", "--n", "1..5", "--a", "1..5"], ["uniform", "--T", "x", "--n", "1..5", "--a", "1..5"],
    ["uniform", "--T", "3", "--n", "5..1", "--a", "1..5"], ["uniform", "--T", "3", "--a", "1..5"],
    ["uniform", "--T", "3", "--n", "1..5"], ["uniform", "--T", "3", "--n", "0..5", "--a", "1..5"],
    ["ones", "--T", "3", "--n", "1..5", "--parity", "sideways"], ["xor-zero", "--T", "3", "--n", "1", "--a", "1..9"],
    ["ones", "--T", "3", "--n", "2..2", "--parity", "odd"], ["one-rich", "--T", "2", "--n", "1..5", "--a", "1..1"],
])
def test_bad_arguments_fail_with_a_message(bad: list[str]) -> None:
    with pytest.raises(G.GenError, match=r"\S"):
        G.build(bad)
    proc = subprocess.run([real_python(), "-S", str(GEN_DIR / "games.py"), *bad], capture_output=True, timeout=30)
    assert proc.returncode == 2 and proc.stdout == b""
    assert b"games.py: error:" in proc.stderr and b"Traceback" not in proc.stderr


# ---------- determinism ----------

def test_same_argv_same_bytes_across_processes_and_hash_seeds() -> None:
    args = argv("mixed", 60, (1, 50), (1, 5000), "both", "7")
    outs = set()
    for seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        proc = subprocess.run([real_python(), "-S", str(GEN_DIR / "games.py"), *args],
                              capture_output=True, timeout=30, env=env, check=True)
        outs.add(proc.stdout)
    assert outs == {G.build(args).encode()}


@pytest.mark.parametrize("family", RANDOM_FAMILIES)
def test_salt_changes_the_file(family: str) -> None:
    one, two = (G.build(argv(family, 30, (1, 50), (1, 5000), "both", s)) for s in ("1", "2"))
    assert one != two
    V.check(one.encode(), bounds(30, (1, 50), (1, 5000)))


# ---------- each family builds the positions it is named for ----------

def build_games(family: str, parity: str = "both", T: int = 80, n: tuple[int, int] = (1, 50),
                a: tuple[int, int] = (1, 5000)) -> list[list[int]]:
    return games_of(G.build(argv(family, T, n, a, parity, "census")))


@pytest.mark.parametrize("parity", ["even", "odd", "both"])
def test_ones_parities(parity: str) -> None:
    games = build_games("ones", parity)
    assert all(set(g) == {1} for g in games)
    seen = {len(g) % 2 for g in games}
    assert seen == {"even": {0}, "odd": {1}, "both": {0, 1}}[parity]


@pytest.mark.parametrize("parity", ["even", "odd", "both"])
def test_one_rich_has_exactly_one_rich_pile(parity: str) -> None:
    games = build_games("one-rich", parity)
    assert all(rich(g) == 1 and g.count(1) == len(g) - 1 for g in games)
    seen = {(len(g) - 1) % 2 for g in games}
    assert seen == {"even": {0}, "odd": {1}, "both": {0, 1}}[parity]


def test_xor_zero_has_two_rich_piles_and_all_its_shapes() -> None:
    games = build_games("xor-zero")
    assert all(xor(g) == 0 and rich(g) >= 2 for g in games)
    assert any(len(g) == 2 and g[0] == g[1] for g in games), "equal pairs"
    assert any(1 in g for g in games), "ones mixed in"
    assert any(1 not in g and len(g) > 2 for g in games), "rich piles only"


def test_xor_one_has_rich_piles_and_both_ways_to_xor_one() -> None:
    games = build_games("xor-one")
    assert all(xor(g) == 1 and rich(g) >= 2 for g in games)
    rich_xor = {xor([p for p in g if p >= 2]) for g in games}
    assert rich_xor == {0, 1}  # rich piles XOR to 1 (even ones) or to 0 beside an odd number of ones


def test_extreme_families() -> None:
    assert build_games("minimal", T=3, n=(2, 9), a=(4, 7)) == [[4, 4]] * 3
    assert build_games("maximal", T=3, n=(2, 9), a=(4, 7)) == [[7] * 9] * 3


@pytest.mark.parametrize("T", [2, 3, 5, 40])
def test_mixed_always_has_both_answers(T: int) -> None:
    for salt in "abcdef":
        games = games_of(G.build(argv("mixed", T, (1, 6), (1, 7), "both", salt)))
        assert {brute(g) for g in games} == {"John", "Brother"}


def test_mixed_has_every_class() -> None:
    summary = V.check(G.build(argv("mixed", 10, (1, 50), (1, 5000), "both", "x")).encode(),
                      bounds(10, (1, 50), (1, 5000)))
    assert all(summary.classes[c] >= 1 for c in V.CLASSES), summary.classes


# ---------- the whole test plan: every feature, class and answer ----------

def test_plan_covers_every_feature_class_and_both_answers_per_subtask() -> None:
    problem = load_problem(REPO)
    feats: set[str] = set()
    classes: set[str] = set()
    answers: dict[str, set[str]] = {}
    for t in make_plan(problem):
        text = (REPO / t.copy).read_text() if t.copy else G.build(list(t.gen[1:]))
        s = V.check(text.encode(), problem.bounds_for(t.group))
        if t.group != "sample":
            feats.update(s.features)
            classes.update(c for c, k in s.classes.items() if k)
            # John wins iff (no rich pile) == (XOR is zero); re-derived by brute force below.
            answers.setdefault(t.group, set()).update(
                "John" if (rich(g) == 0) == (xor(g) == 0) else "Brother" for g in games_of(text))
    assert feats >= set(problem.spec.coverage.features)
    assert classes == set(problem.spec.coverage.classes) == set(V.CLASSES)
    assert all(a == {"John", "Brother"} for a in answers.values()) and set(answers) == set(problem.groups)


def test_the_rule_used_above_matches_brute_force() -> None:
    for k in range(1, 5):
        for piles in product(range(1, 7), repeat=k):
            g = list(piles)
            assert ("John" if (rich(g) == 0) == (xor(g) == 0) else "Brother") == brute(g), g


# ---------- the accepted solutions ----------

@pytest.fixture(scope="module")
def solutions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[str, ...]]:
    cache_dir = tmp_path_factory.mktemp("bin")
    return {name: prepare(REPO / "solutions" / "accepted" / name, cache_dir).argv for name in ("john.py", "john.cpp")}


def solve(cmd: tuple[str, ...], text: str) -> list[str]:
    proc = subprocess.run(cmd, input=text.encode(), capture_output=True, timeout=30, check=True)
    return proc.stdout.decode().split("\n")[:-1]


def test_solutions_match_brute_force_on_small_games(solutions: dict[str, tuple[str, ...]]) -> None:
    games = [g for f in ("tiny", "mixed", "xor-zero", "xor-one", "one-rich", "ones")
             for g in games_of(G.build(argv(f, 60, (1, 5), (1, 6), "both", "bf")))]
    text = G.render(games)
    expected = [brute(g) for g in games]
    assert set(expected) == {"John", "Brother"}
    for name, cmd in solutions.items():
        assert solve(cmd, text) == expected, name


def test_solutions_agree_on_the_whole_plan(solutions: dict[str, tuple[str, ...]]) -> None:
    problem = load_problem(REPO)
    for t in make_plan(problem):
        text = (REPO / t.copy).read_text() if t.copy else G.build(list(t.gen[1:]))
        py, cpp = (solve(cmd, text) for cmd in solutions.values())
        assert py == cpp and len(py) == len(games_of(text)), t.id
