from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from ojpack.judging.killset import smallest_killing_set


def test_exact_cover_beats_greedy_on_the_classic_trap():
    # greedy takes the big test t0 first and then needs two more; t1 + t2 alone cover all
    kills = {"a": ["t0", "t1"], "b": ["t0", "t1"], "c": ["t0", "t2"], "d": ["t0", "t2"],
             "e": ["t1"], "f": ["t2"]}
    chosen, exact = smallest_killing_set(kills, ["t0", "t1", "t2"])
    assert (chosen, exact) == (["t1", "t2"], True)


def test_unkillable_solutions_are_ignored_and_nothing_to_kill_is_empty():
    assert smallest_killing_set({"a": [], "b": ["t2"]}, ["t1", "t2"]) == (["t2"], True)
    assert smallest_killing_set({}, ["t1"]) == ([], True)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sets(st.integers(0, 7), min_size=1), min_size=1, max_size=8))
def test_result_covers_everything_and_no_smaller_set_does(kill_sets):
    tests = [f"t{i}" for i in range(8)]
    kills = {f"s{i}": [f"t{j}" for j in sorted(ks)] for i, ks in enumerate(kill_sets)}
    chosen, exact = smallest_killing_set(kills, tests)
    assert exact
    assert all(set(ts) & set(chosen) for ts in kills.values())
    for smaller in combinations(tests, len(chosen) - 1):
        assert not all(set(ts) & set(smaller) for ts in kills.values())


def test_group_strength_keeps_to_the_group_and_names_survivors():
    from ojpack.judging.killset import group_strength
    kills = {"a": ["g1/1", "g2/1"], "b": ["g2/1", "g2/2"], "c": ["g1/2"], "d": []}
    g1 = group_strength("g1", ["g1/1", "g1/2"], kills)
    assert (g1.killing_set, g1.exact, g1.killed, g1.survivors) == (("g1/1", "g1/2"), True, ("a", "c"), ("b", "d"))
    g2 = group_strength("g2", ["g2/1", "g2/2"], kills)
    assert (g2.killing_set, g2.killed, g2.survivors) == (("g2/1",), ("a", "b"), ("c", "d"))
