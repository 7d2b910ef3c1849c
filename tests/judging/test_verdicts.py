from ojpack.sandbox.runner import RunResult
from ojpack.judging.verdicts import Verdict, deviations, of_run, overall

AC, WA, TLE, RE, MLE = Verdict.AC, Verdict.WA, Verdict.TLE, Verdict.RE, Verdict.MLE


def result(status="ok", cpu=0.1):
    return RunResult(status, cpu, cpu, 10.0, 0 if status == "ok" else None, None)


def test_run_verdicts():
    assert of_run(result(), 1.0) is None                      # clean: the checker decides
    assert of_run(result("tle", 2.0), 1.0) is TLE
    assert of_run(result(cpu=1.2), 1.0) is TLE                # ran on under a stretched limit, still too slow
    assert of_run(result("mle"), 1.0) is MLE
    assert of_run(result("re"), 1.0) is RE
    assert of_run(result("ole"), 1.0) is Verdict.OLE


def test_overall_is_the_first_failure_in_test_order():
    assert overall([AC, AC]) is AC and overall([]) is AC
    assert overall([AC, RE, WA, TLE]) is RE


def test_accepted_must_pass_every_test():
    assert deviations(frozenset({AC}), [("t1", AC), ("t2", AC)]) == []
    assert deviations(frozenset({AC}), [("t1", AC), ("t2", WA)]) == [
        "t2: WA is not among the expected AC", "overall verdict WA, expected AC"]


def test_a_failing_folder_must_fail_and_only_that_way():
    wa = frozenset({WA})
    assert deviations(wa, [("t1", AC), ("t2", WA)]) == []
    assert deviations(wa, [("t1", AC), ("t2", AC)]) == ["overall verdict AC, expected WA"]
    assert deviations(wa, [("t1", WA), ("t2", TLE)]) == ["t2: TLE is not among the expected WA"]


def test_sets_allow_either_and_ac_or_tle_is_polygons_to_tag():
    to = frozenset({AC, TLE})
    assert deviations(to, [("t1", AC), ("t2", AC)]) == []
    assert deviations(to, [("t1", AC), ("t2", TLE)]) == []
    assert deviations(to, [("t1", WA), ("t2", TLE)]) == ["t1: WA is not among the expected AC/TLE",
                                                        "overall verdict WA, expected AC/TLE"]
    either = frozenset({WA, RE})
    assert deviations(either, [("t1", RE), ("t2", WA)]) == []


def test_problemtools_worst_error_order_and_the_group_rules():
    from ojpack.judging.verdicts import by_rule, judged
    from ojpack.problem import Judging
    V = Verdict
    # problemtools' default grader: JE, RTE, MLE, TLE, OLE, WA (its RTE is ojpack's RE)
    assert by_rule("worst_error", [V.WA, V.TLE, V.OLE]) == V.TLE
    assert by_rule("worst_error", [V.WA, V.MLE, V.RE, V.TLE]) == V.RE
    assert by_rule("worst_error", [V.RE, V.JE]) == V.JE
    assert by_rule("worst_error", [V.AC, V.AC]) == V.AC
    # a partially correct test fails the run, more mildly than a wrong answer (the knapsack import hit this)
    assert by_rule("worst_error", [V.AC, V.PC, V.AC]) == V.PC
    assert by_rule("worst_error", [V.PC, V.WA]) == V.WA
    assert by_rule("first_failure", [V.AC, V.WA, V.TLE]) == V.WA
    assert by_rule("always_accept", [V.WA, V.TLE]) == V.AC
    runs = [("sample", V.WA), ("a", V.AC), ("a", V.WA), ("a", V.TLE), ("b", V.RE)]
    assert judged(Judging(verdict="first_failure"), runs) == V.WA
    assert judged(Judging(verdict="worst_error"), runs) == V.RE
    # the sample ignored, group a by its first failure, then the worst over the groups
    assert judged(Judging(verdict="first_failure", groups={"sample": "always_accept", "a": "worst_error"}), runs) == V.TLE
    assert judged(Judging(verdict="worst_error", groups={"sample": "always_accept", "a": "first_failure"}), runs) == V.RE
    assert judged(Judging(verdict="worst_error", groups={"sample": "always_accept", "b": "always_accept",
                                                         "a": "first_failure"}), runs) == V.WA
