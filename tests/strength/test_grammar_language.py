"""The grammar language without running programs: shapes and constraints generated valid and shrunk
structurally, malformed grammars refused with one line naming the key, checktestdata read as a grammar."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
import yaml

from ojpack.errors import ProblemConfigError
from ojpack.problem import GrammarItem, compile_grammar, load_problem
from ojpack.problem.strict import convert
from ojpack.strength import GrammarError, load_grammar
from ojpack.strength.ctd import ctd_model
from ojpack.strength.grammar import Grammar
from ojpack.strength.shrink import Shrinker, shrink_with_grammar

HERE = Path(__file__).parent
BOUNDS = {"n": (1, 30), "m": (0, 60), "W": (1, 1000), "R": (1, 8), "S": (1, 50)}


def grammar(text: str) -> Grammar:
    items = convert(yaml.safe_load(text), list[GrammarItem])
    model = compile_grammar(items, BOUNDS)
    assert model is not None
    return Grammar(model, BOUNDS)


SHAPES = {
    "graph": "[{graph: [n, m], weights: 1..W.max}]",
    "tree": "[{tree: n, weights: 1..W.max}]",
    "permutation": "[{permutation: n}]",
    "grid": "[{grid: [r: 1..R.max, c: 1..R.max], alphabet: '.#'}]",
    "cases": "[{line: [t: 1..5]}, {repeat: t, sum: {n: S.max}, items: [{line: [n]}, {list: {a: 1..n}, count: n, "
             "distinct: true}, {line: [k: 1..n, q: 'k..n'], assert: ['k <= q']}]}]",
    "names": "[{line: [k: 1..6]}, {repeat: k, distinct: [s], items: [{line: [s: {alphabet: ab, length: 1..2}]}]}]",
}


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_every_random_input_keeps_every_rule(name: str) -> None:
    g = grammar(SHAPES[name])
    for k in range(28):
        data, _ = g.sample(random.Random(k), k)
        tree = g.parse(data)
        assert g.render(tree) == data and g.violation(tree) is None, (data, g.violation(tree))


def shrunk(g: Grammar, fails, seed: int = 5) -> bytes:   # noqa: ANN001
    for k in range(5, 60):
        data, _ = g.sample(random.Random(seed + k), k)
        if fails(data):
            small = shrink_with_grammar(g, data, lambda batch: next((i for i, d in enumerate(batch) if fails(d)), None))
            assert fails(small) and g.violation(g.parse(small)) is None
            return small
    raise AssertionError("no failing input")


def test_shapes_shrink_structurally() -> None:
    g = grammar(SHAPES["graph"])
    heavy = lambda d: any(len(e) == 3 and e[2] >= 500 for e in g.parse(d)[0][1])   # noqa: E731
    assert shrunk(g, heavy) in (b"2 1\n1 2 500\n", b"2 1\n2 1 500\n")   # one edge keeps two vertices connected
    g = grammar(SHAPES["tree"])
    star = lambda d: max([0] + [sum(v in e[:2] for e in g.parse(d)[0]) for v in range(1, 31)]) >= 3   # noqa: E731
    small = g.parse(shrunk(g, star))[0]
    assert len(small) == 3 and all(e[2] == 1 for e in small)   # a star of three leaves, weights lowest
    g = grammar(SHAPES["permutation"])
    assert shrunk(g, lambda d: g.parse(d)[0] != sorted(g.parse(d)[0])) == b"2\n2 1\n"
    g = grammar(SHAPES["grid"])
    assert shrunk(g, lambda d: b"#" in d.split(b"\n", 1)[1]) == b"1 1\n#\n"


def test_counts_and_comparisons_follow_edits() -> None:
    g = grammar(SHAPES["cases"])
    # a case of three or more: the other cases go (t follows), its list loses items (n follows), every
    # number goes to its lowest (the list's distinct values to 1 2 3, k and q to what k <= q allows)
    small = g.parse(shrunk(g, lambda d: any(len(b[1]) >= 3 for b in g.parse(d)[1])))
    assert small[0] == 1 and small[1][0][0] == 3 and sorted(small[1][0][1]) == [1, 2, 3] and small[1][0][2] == [1, 1]
    g = grammar("[{line: [s: {alphabet: a-z, length: 1..20}]}]")
    assert shrunk(g, lambda d: b"q" in d or b"z" in d) in (b"q\n",)   # shorter, then toward 'a'


def test_the_shrinker_runs_only_valid_candidates() -> None:
    g = grammar("[{line: [n, m]}, {repeat: m, items: [{line: [u: 1..n, v: 1..n], assert: ['u != v']}]}]")
    seen = []

    def fails(d: bytes) -> bool:
        seen.append(d)
        return any(b == [[3, 1]] for b in g.parse(d)[1])

    start = g.render([[5, 5], [[[1, 2]], [[3, 1]], [[4, 5]], [[2, 3]], [[5, 1]]]])
    assert Shrinker(g, fails).shrink(g.parse(start)) == [[3, 1], [[[3, 1]]]]
    assert all(g.violation(g.parse(d)) is None for d in seen)


def test_a_threshold_is_reached_by_search_not_by_steps_of_one() -> None:
    """A path whose length passes 2^31 - 1 (an int overflow): each weight goes as low as it can in a few
    dozen runs. Lowering one by one took hundreds of millions of runs (shortest-path's int_overflow.cpp)."""
    g = grammar("[{line: [n, m]}, {repeat: m, items: [{line: [u: 1..n, v: 1..n, w: 1..1000000000]}]}]")
    runs: list[bytes] = []

    def fails(d: bytes) -> bool:   # the path 1 - 2 - ... - n, as long as it is, past a 32-bit int
        runs.append(d)
        tree = g.parse(d)
        edges = {(e[0], e[1]): e[2] for (e,) in tree[1]}
        steps = [edges.get((a, a + 1)) for a in range(1, tree[0][0])]
        return None not in steps and sum(steps) >= 2**31   # type: ignore[arg-type]

    start = g.render([[4, 3], [[[1, 2, 10**9]], [[2, 3, 10**9]], [[3, 4, 10**9]]]])
    small = g.render(Shrinker(g, fails, workers=2).shrink(g.parse(start)))
    assert small == b"4 3\n1 2 147483648\n2 3 1000000000\n3 4 1000000000\n", small
    assert len(runs) < 200, len(runs)


MISTAKES = [   # (the grammar's text, the key named, words of the message)
    ("[{line: [n, m]}, {repeat: m, items: [{line: [u: 1..k]}]}]", "grammar[1].items[0].line[0]",
     "'k' is not a field read before this point"),
    ("[{line: [n, m]}, {repeat: q, items: [{line: [n]}]}]", "grammar[1].repeat", "'q' is not a field read before"),
    ("[{line: [n, x]}]", "grammar[0].line[1]", "'x' is not among bounds"),
    ("[{tree: [n, m]}]", "grammar[0].tree", "a tree names its vertex count"),
    ("[{line: [n, m], assert: ['n <> m']}]", "grammar[0].assert[0]", "cannot read"),
    ("[{line: [s: {alphabet: z-a, length: 1..n.max}]}]", "grammar[0].line[0].s.alphabet", "runs backwards"),
    ("[{line: [n]}, {repeat: n, distinct: [q], items: [{line: [m]}]}]", "grammar[1].distinct", "list fields"),
    ("[{lines: [n]}]", "grammar[0].lines", "did you mean 'line'"),
    ("[{line: [n], tree: n}]", "grammar[0]", "an item is one of"),
    ("[{line: [u: 1..W.mid]}]", "grammar[0].line[0].u", "a bound has .min and .max"),
    ("[{line: [n]}, {list: {a: 1..n}}]", "grammar[1]", "a list needs 'count'"),
    ("[{grid: [r: 1..3, c: 1..3]}]", "grammar[0]", "a grid needs 'alphabet'"),
    ("[{line: [n], weights: 1..3}]", "grammar[0].weights", "'weights' does not go with 'line'"),
    ("{checktestdata: a.ctd, line: [n]}", "grammar", "a checktestdata grammar stands alone"),
]


@pytest.mark.parametrize("text,key,words", MISTAKES)
def test_a_malformed_grammar_is_one_error_naming_its_line(text: str, key: str, words: str, tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    shutil.copytree(HERE / "graphpkg", root)
    path = root / "problem.yaml"
    head = path.read_text().split("grammar:")[0]
    path.write_text(head + "grammar:\n  " + text + "\n")
    with pytest.raises(ProblemConfigError) as e:
        load_problem(root)
    msg = str(e.value)
    assert len(msg.splitlines()) == 1 and words in msg and key in msg, msg
    assert f"line {head.count(chr(10)) + (1 if key == 'grammar' else 2)}:" in msg, msg


def test_a_checktestdata_script_is_the_grammar(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    shutil.copytree(HERE / "graphpkg", root)
    path = root / "problem.yaml"
    path.write_text(path.read_text().split("grammar:")[0] + "grammar: {checktestdata: validators/graph.ctd}\n")
    problem = load_problem(root)
    ctd, ours = load_grammar(problem), load_grammar(load_problem(HERE / "graphpkg"))
    sample = problem.path("generators/sample.in").read_bytes()
    assert ctd.parse(sample) == ours.parse(sample) == [[3, 3], [[[1, 2, 5]], [[2, 3, 1]], [[1, 3, 7]]]]
    for k in range(14):
        data, _ = ctd.sample(random.Random(k), k)
        assert ours.violation(ours.parse(data)) is None, data
    assert ctd.violation(ctd.parse(b"2 1\n1 1 5\n")) == "u != v does not hold (u = 1, v = 1)"


def test_checktestdata_lists_strings_and_unique() -> None:
    model = ctd_model('INT(1, 10, n) NEWLINE\nREP(n, SPACE) INT(1, 100, a[i]) END NEWLINE\nASSERT(UNIQUE(a))\n'
                      'REGEX("[a-c]{1,5}", s) NEWLINE\nASSERT(STRLEN(s) <= n)\n')
    g = Grammar(model, {})
    assert g.parse(b"3\n5 6 7\nabc\n") == [3, [5, 6, 7], "abc"]
    assert "not distinct" in g.violation(g.parse(b"3\n5 5 7\nabc\n"))
    assert "outside its alphabet" in g.violation(g.parse(b"3\n5 6 7\nabd\n"))
    assert "s <= n does not hold" in g.violation(g.parse(b"2\n5 6\nabc\n"))
    for k in range(14):
        data, _ = g.sample(random.Random(k), k)
        assert g.violation(g.parse(data)) is None, data


@pytest.mark.parametrize("script,words", [
    ("INT(1, 10, n) NEWLINE\nWHILE(!ISEOF) INT(1, 5) NEWLINE END\n", "input.ctd:2: WHILE is not supported"),
    ("INT(1, 10, n) NEWLINE\nIF(n > 5) INT(1, 5) NEWLINE END\n", "input.ctd:2: IF is not supported"),
    ("FLOAT(0, 1, x) NEWLINE\n", "input.ctd:1: FLOAT is not supported"),
    ("INT(1, 10, n) NEWLINE\nASSERT(n > 1 || n < 0)\n", "input.ctd:2: ASSERT(n > 1 || n < 0) is not supported"),
    ('REGEX("a|b", s) NEWLINE\n', "input.ctd:1: REGEX \"a|b\" is not one character class"),
    ("INT(1, 10, n) NEWLINE\nREP(n) INT(1, 5) NEWLINE\n", "a REP has no END"),
    ("INT(1, 10, n) INT(1, 10, m) NEWLINE\n", "input.ctd:1: two fields with no SPACE"),
    ("INT(1, 10, n) NEWLINE\nINT(1, 5, k) SPACE REP(n, SPACE) INT(1, 5) END NEWLINE\n",
     "input.ctd:2: a REP in the middle of a line is not supported"),
])
def test_checktestdata_beyond_the_subset_is_refused_by_line(script: str, words: str) -> None:
    with pytest.raises(GrammarError) as e:
        ctd_model(script)
    assert words in str(e.value), str(e.value)


def test_removing_a_vertex_relabels_the_fields_that_name_one() -> None:
    g = grammar("[{tree: n}, {line: [q: 1..3]}, {repeat: q, items: [{line: [u: 1..n, v: 1..n]}]}]")

    def fails(d: bytes) -> bool:   # some query names two different vertices above 1
        return any(u != v and min(u, v) > 1 for ((u, v),) in g.parse(d)[2])

    start = b"5\n1 2\n2 3\n3 4\n4 5\n2\n5 4\n1 5\n"
    small = shrink_with_grammar(g, start, lambda batch: next((i for i, d in enumerate(batch) if fails(d)), None))
    # vertices went one by one, the query's labels moving down with them (5 4 to labels within 1..3)
    tree = g.parse(small)
    assert len(tree[0]) + 1 == 3 and len(tree[2]) == 1 and fails(small), small


def test_invalid_inputs_break_sums_comparisons_and_distinctness() -> None:
    from ojpack.strength.invalid import invalid_inputs
    from ojpack.strength.spelling import broken_rule

    g = grammar("[{line: [t: 1..5]}, {repeat: t, sum: {n: S.max}, distinct: [k], items: [{line: [n]}, "
                "{list: {a: 1..n}, count: n, distinct: true}, {line: [k: 1..9, q: 1..9], assert: ['k < q']}]}]")
    tree = g.parse(b"2\n3\n1 2 3\n1 2\n1\n1\n2 3\n")
    assert g.violation(tree) is None
    rules: dict[str, set[str]] = {}
    for c in invalid_inputs(g, tree, "s", "x", g.bounds):
        if (rule := broken_rule(g, c.render(g), g.bounds)) is not None:
            rules.setdefault(c.kind, set()).add(rule)
    assert rules["the sum of n over its cap"] == {"the sum of n is 60, over S.max = 50"}
    assert "k < q does not hold (k = 1, q = 1)" in rules["k < q made false"]
    assert rules["a twice where distinct"] == {"the values of a are not distinct"}
    assert rules["k twice where distinct"] == {"k = 1 appears twice where its values are distinct"}


@pytest.mark.parametrize("script", [
    # cases, each a count with an unnamed number, then that many numbers (the shape of many NWERC scripts)
    "INT(1,100,runs) NEWLINE\nREP(runs)\n  INT(2,100,n) SPACE INT(0,1000000000) NEWLINE\n"
    "  REP(n,SPACE) INT(0,1000000000) END NEWLINE\nEND\n",
    # lines separated by NEWLINE, a field ranging from another, one of a few letters
    "INT(1, 10, n) NEWLINE\nREPI(i, n, NEWLINE) INT(1, 10, x[i]) SPACE INT(x[i], 20, y[i]) END NEWLINE\n"
    'REGEX("(C|D)", keep) NEWLINE\n',
])
def test_checktestdata_scripts_sample_valid_inputs(script: str) -> None:
    g = Grammar(ctd_model(script), {})
    for k in range(14):
        data, _ = g.sample(random.Random(k), k)
        assert g.render(g.parse(data)) == data and g.violation(g.parse(data)) is None, data
