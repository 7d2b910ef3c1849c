"""The package's validator (validators/validate.py): its own test cases, features, and mutations.

Most checks call the validator's `check` in-process (fast, for hypothesis); a few run the real program
to pin down its command-line contract (exit codes, stderr, --features JSON).
"""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from conftest import load_source as load
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ojpack.problem.load import load_problem
from ojpack.sandbox.languages import real_python

from conftest import REPO
VALIDATOR = REPO / "validators" / "validate.py"
CASES = yaml.safe_load((REPO / "validators" / "tests.yaml").read_text(encoding="utf-8"))
GLOBAL = yaml.safe_load((REPO / "problem.yaml").read_text(encoding="utf-8"))["bounds"]
GLOBAL_ARGS = [f"{k}={b['min']}..{b['max']}" for k, b in GLOBAL.items()]
PROBLEM = load_problem(REPO)
MESSAGE = re.compile(r"^line [1-9][0-9]*, column [1-9][0-9]*: expected .+, found .+$")




V = load(VALIDATOR, "johns_validator")


def run(data: bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([real_python(), "-S", str(VALIDATOR), *args], input=data, capture_output=True, timeout=30)


def verdict(data: bytes, bounds: dict[str, tuple[int, int]]) -> str | None:
    """None if valid, else the rejection message (in-process)."""
    try:
        V.check(data, bounds)
    except V.Invalid as e:
        return str(e)
    return None


# ---------- the package's validator tests, through the real program ----------

def test_cases_are_many_distinct_and_named() -> None:
    names = [c["name"] for c in CASES]
    assert len(names) == len(set(names))
    inputs = [c["input"] for c in CASES]
    assert len(inputs) == len(set(inputs)), "two validator tests share an input"
    invalid = [c for c in CASES if c["expect"] == "invalid"]
    assert len(invalid) >= 25
    assert all(c.get("message") for c in invalid), "every malformed case names the message it expects"
    assert sum(c["expect"] == "valid" for c in CASES) >= 5


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_validator_case(case: dict) -> None:
    """Under the global bounds, or under the bounds of the subtask the case names."""
    bounds = PROBLEM.bounds_for(case.get("group", "sample"))
    proc = run(case["input"].encode("utf-8"), *(f"{k}={lo}..{hi}" for k, (lo, hi) in bounds.items()))
    err = proc.stderr.decode()
    if case["expect"] == "valid":
        assert proc.returncode == V.VALID, err
        assert err == ""
    else:
        assert proc.returncode == V.INVALID
        lines = err.splitlines()
        assert len(lines) == 1 and MESSAGE.match(lines[0]), err
        assert case["message"] in lines[0]


# ---------- --features on handcrafted files with known classes ----------

def features(data: bytes, *args: str) -> dict:
    proc = run(data, "--features", *args)
    assert proc.returncode == V.VALID, proc.stderr.decode()
    return json.loads(proc.stdout)


def test_features_of_the_sample() -> None:
    # 3 5 1: two rich piles, XOR 7 (S2); 1: a single lonely pile, odd count (S0).
    out = features(b"2\n3\n3 5 1\n1\n1\n", *GLOBAL_ARGS)
    assert out["values"] == {"T": 2, "max_n": 3, "max_a": 5}
    assert out["classes"] == {"S0": 1, "T0": 0, "S1": 0, "S2": 1, "T2": 0}
    assert out["features"] == ["n=min", "a=min"]


def test_features_every_class_and_bound_hits_follow_argv() -> None:
    games = [[1, 1], [1, 1, 1], [1, 7, 1], [6, 6], [2, 3, 1, 1], [3, 2, 1], [9]]
    # T0, S0, S1, T2 (6^6), S2 (2^3=1, two ones -> XOR 1), T2 (3^2^1=0), S1
    text = f"{len(games)}\n" + "".join(f"{len(g)}\n{' '.join(map(str, g))}\n" for g in games)
    out = features(text.encode(), "T=7..9", "n=1..4", "a=1..9")
    assert out["classes"] == {"S0": 1, "T0": 1, "S1": 2, "S2": 1, "T2": 2}
    assert out["values"] == {"T": 7, "max_n": 4, "max_a": 9}
    assert sorted(out["features"]) == ["T=min", "a=max", "a=min", "n=max", "n=min"]
    # The same file under wider bounds hits no bound at all.
    assert features(text.encode(), "T=1..500", "n=1..50", "a=1..5000")["features"] == ["n=min", "a=min"]
    assert features(text.encode(), "T=6..8", "n=0..5", "a=0..10")["features"] == []


def test_features_min_max_and_byte_counter() -> None:
    big = b"256\n" + b"1\n1\n" * 256
    out = features(big, "T=1..256", "n=1..1", "a=1..1")
    assert set(out["features"]) == {"T=max", "T>255", "n=min", "n=max", "a=min", "a=max"}
    assert out["classes"]["S0"] == 256
    small = features(b"255\n" + b"2\n1 1\n" * 255, *GLOBAL_ARGS)
    assert "T>255" not in small["features"] and small["classes"]["T0"] == 255


def test_bounds_come_from_argv() -> None:
    data = b"1\n2\n8 8\n"
    assert run(data, *GLOBAL_ARGS).returncode == V.VALID
    tight = run(data, "T=1..1", "n=1..2", "a=1..7")
    assert tight.returncode == V.INVALID
    assert tight.stderr.decode().strip() == "line 3, column 1: expected a in [1, 7], found 8"
    assert run(b"3\n" + b"1\n1\n" * 3, "T=1..2", "n=1..5", "a=1..5").stderr.decode().startswith(
        "line 1, column 1: expected T in [1, 2], found 3")


@pytest.mark.parametrize("args", [
    [], ["T=1..5", "n=1..5"], ["T=1..5", "n=1..5", "a=1-5"], ["T=1..5", "n=1..5", "a=1..5", "b=1..2"],
    ["T=1..5", "T=1..5", "n=1..5", "a=1..5"], ["T=5..1", "n=1..5", "a=1..5"], ["--feature", "T=1..5", "n=1..5", "a=1..5"],
])
def test_usage_errors_are_neither_valid_nor_invalid(args: list[str]) -> None:
    proc = run(b"1\n1\n1\n", *args)
    assert proc.returncode == V.USAGE
    assert b"usage:" in proc.stderr and b"error:" in proc.stderr


def test_huge_token_is_refused_quickly_without_int_overflow() -> None:
    msg = verdict(b"1\n1\n" + b"9" * 100_000 + b"\n", {"T": (1, 500), "n": (1, 50), "a": (1, 5000)})
    assert msg == "line 3, column 1: expected a in [1, 5000], found a 100000-digit number"


# ---------- single mutations against an independent oracle ----------

SMALL = {"T": (1, 4), "n": (1, 5), "a": (1, 20)}  # tight, so digit changes often cross a bound
TOKEN_LINES = re.compile(rb"(?:(?:0|[1-9][0-9]*)(?: (?:0|[1-9][0-9]*))*\n)+")


def oracle(data: bytes, b: dict[str, tuple[int, int]]) -> bool:
    """A second, differently built rule: regex for the lexical layer, then counts on split lines."""
    if not TOKEN_LINES.fullmatch(data):
        return False
    rows = [[int(x) for x in line.split(b" ")] for line in data[:-1].split(b"\n")]
    inside = lambda key, v: b[key][0] <= v <= b[key][1]  # noqa: E731
    if len(rows[0]) != 1 or not inside("T", rows[0][0]) or len(rows) != 1 + 2 * rows[0][0]:
        return False
    for head, piles in zip(rows[1::2], rows[2::2]):
        if len(head) != 1 or not inside("n", head[0]) or len(piles) != head[0]:
            return False
        if not all(inside("a", p) for p in piles):
            return False
    return True


def render(games: list[list[int]]) -> bytes:
    return (f"{len(games)}\n" + "".join(f"{len(g)}\n{' '.join(map(str, g))}\n" for g in games)).encode()


valid_files = st.lists(st.lists(st.integers(*SMALL["a"]), min_size=SMALL["n"][0], max_size=SMALL["n"][1]),
                       min_size=SMALL["T"][0], max_size=SMALL["T"][1]).map(render)
# Bytes that matter to the format, plus anything at all.
interesting = st.one_of(st.sampled_from(b"0123456789 \n\t\r+-"), st.integers(0, 255))


@st.composite
def mutations(draw: st.DrawFn) -> tuple[bytes, bytes]:
    data = draw(valid_files)
    kind = draw(st.sampled_from(["insert", "delete", "change"]))
    i = draw(st.integers(0, len(data) - (kind != "insert")))
    byte = bytes([draw(interesting)])
    mutated = {"insert": data[:i] + byte + data[i:], "delete": data[:i] + data[i + 1:],
               "change": data[:i] + byte + data[i + 1:]}[kind]
    return data, mutated


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutations())
def test_single_mutations_agree_with_an_independent_oracle(pair: tuple[bytes, bytes]) -> None:
    original, mutated = pair
    assert verdict(original, SMALL) is None and oracle(original, SMALL)
    msg = verdict(mutated, SMALL)
    assert (msg is None) == oracle(mutated, SMALL), (mutated, msg)
    if msg is not None:
        assert MESSAGE.match(msg), msg
        line = int(msg.split(",")[0].removeprefix("line "))
        assert line <= mutated.count(b"\n") + 1, msg


@settings(max_examples=300, deadline=None)
@given(valid_files)
def test_summary_matches_the_file(data: bytes) -> None:
    s = V.check(data, SMALL)
    rows = [[int(x) for x in line.split()] for line in data.decode().splitlines()]
    piles = rows[2::2]
    assert (s.T, s.max_n, s.max_a) == (len(piles), max(map(len, piles)), max(map(max, piles)))
    assert sum(s.classes.values()) == s.T
    assert ("a=max" in s.features) == any(SMALL["a"][1] in g for g in piles)
    assert ("T=min" in s.features) == (s.T == SMALL["T"][0])
