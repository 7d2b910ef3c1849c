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
