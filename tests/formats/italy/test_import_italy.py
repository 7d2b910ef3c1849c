"""CMS italy_yaml and task-maker tasks (tests/formats/fixtures/italy, see its SOURCE.txt) import, build and
judge as their home tools do: subtasks from gen/GEN, tests from input/ or from the generator, the validator
through its adapter, a CMS checker through its own, and every solution's expected verdict per subtask."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from ojpack.errors import OjpackError
from ojpack.formats.cms import exporter as cms_exporter
from ojpack.formats.italy import annotations, checker, gen
from ojpack.judging import Verdict, judge
from ojpack.problem import load_problem
from ojpack.publish import import_package

FIXTURES = Path(__file__).parents[1] / "fixtures" / "italy"


def imported(name: str, tmp_path: Path) -> tuple[dict, list[str], Path]:
    out = tmp_path / name
    report = import_package(FIXTURES / name, out)
    return yaml.safe_load((out / "problem.yaml").read_text()), report.notes, out


def verdict(out: Path, solution: str) -> tuple[Verdict, float]:
    judged = judge(load_problem(out), out / "solutions" / solution)
    return judged.verdict, judged.score


def test_gen_file_with_subtasks_copies_and_names() -> None:
    plan = gen.parse("# a comment\n#ST: 5\n#COPY: testo/input.txt\n# ST: 95\n#STNAME: big\n500\n'a b' 7\n")
    assert [(s.points, s.name) for s in plan.subtasks] == [(5.0, None), (95.0, "big")]
    assert [(t.index, t.args, t.copy) for s in plan.subtasks for t in s.tests] == \
        [(0, None, "testo/input.txt"), (1, ["500"], None), (2, ["a b", "7"], None)]
    assert not plan.summed and gen.parse("1\n2\n").summed


def test_annotations_give_per_subtask_verdicts() -> None:
    notes: list[str] = []
    got = annotations.expectations(b"// @check-accepted: st-0 2\n// @check-wrong-answer: st-2\n",
                                   ["st-0", "st-1", "st-2"], notes, "sol/x.cpp")
    assert got == {"st-0": ["AC"], "st-1": ["AC"], "st-2": ["WA"]} and not notes
    assert annotations.folder_verdicts(got) == ["WA"]
    assert annotations.expectations(b"int main() {}", ["st1"], notes, "sol/y.cpp") is None


def test_con_test_batch_takes_its_inputs_subtasks_and_answers(tmp_path: Path) -> None:
    spec, notes, out = imported("con-batch", tmp_path)
    assert [(s["group"], s["score"]) for s in spec["subtasks"]] == [("st1", 10), ("st2", 15), ("st3", 20),
                                                                    ("st4", 25), ("st5", 30)]
    assert sum(len(v) for v in spec["tests"].values()) == 10 and "io" not in spec   # infile: "": stdio
    assert spec["limits"] == {"time": 1.0, "memory": 256}
    assert spec["model_solution"] == "solutions/accepted/solution.cpp"
    assert verdict(out, "accepted/solution.py") == (Verdict.AC, 100)


def test_a_cms_comparator_judges_through_its_adapter(tmp_path: Path) -> None:
    spec, _, out = imported("con-batch-comparator", tmp_path)
    assert spec["checker"] == {"type": "program", "source": "validators/checker/check.cpp", "convention": "kattis"}
    assert (out / "validators/checker/checker_cms.h").read_bytes() == \
        (FIXTURES / "con-batch-comparator/check/checker.cpp").read_bytes()
    assert verdict(out, "accepted/solution.py") == (Verdict.AC, 100)
    wrong = out / "solutions/accepted/solution.py"
    wrong.write_text(wrong.read_text().replace("a + b", "a - b"))
    assert verdict(out, "accepted/solution.py")[0] is Verdict.WA


def test_the_cms_export_ships_a_cms_checker_as_it_came(tmp_path: Path) -> None:
    """The import wraps con_test's comparator in an adapter; the CMS export gives CMS the original back
    (check/checker.cpp byte for byte, compiled), which scores a right and a wrong output as CMS would."""
    _, _, out = imported("con-batch-comparator", tmp_path)
    adapter = out / "validators/checker/check.cpp"
    assert checker.wrapped(adapter) == out / "validators/checker/checker_cms.h"
    assert checker.wrapped(out / "validators/validate.py") is None
    folder = tmp_path / "cms-check"
    cms_exporter._original_checker(adapter, checker.wrapped(adapter), folder)
    assert (folder / "checker.cpp").read_bytes() == (FIXTURES / "con-batch-comparator/check/checker.cpp").read_bytes()
    given, answer = FIXTURES / "con-batch-comparator/input/input0.txt", FIXTURES / "con-batch-comparator/output/output0.txt"
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(str(int(answer.read_text()) + 1) + "\n")
    for output, score in ((answer, 1.0), (wrong, 0.0)):
        run = subprocess.run([str(folder / "checker"), str(given), str(answer), str(output)], capture_output=True,
                             text=True, timeout=60)
        assert float(run.stdout.split()[0]) == score, run.stdout + run.stderr


def test_task_maker_generates_validates_and_judges_as_task_maker_does(tmp_path: Path) -> None:
    spec, notes, out = imported("tm-classic", tmp_path)
    assert spec["io"] == {"input": "input.txt", "output": "output.txt"}   # task.yaml's infile / outfile
    assert [(s["group"], s["score"]) for s in spec["subtasks"]] == [("st1", 5), ("st2", 45), ("st3", 50)]
    lines = [t.get("gen") for ts in spec["tests"].values() for t in ts]
    assert lines[2:] == ["generatore.cpp 500", "generatore.cpp 900", "generatore.cpp 1300", "generatore.cpp 2000"]
    assert spec["bounds"]["ST"]["max"] == 3 and spec["subtasks"][1]["bounds"] == {"ST": {"min": 2, "max": 2}}
    assert "sol/wa.cpp: no @check annotation: any verdict is allowed" in notes
    assert not (out / "solutions" / "wrong_answer" / ".ignoreme.cpp").exists()
    # task-maker's own expectations (tests/classic.rs): soluzione 100, wa / noop / sigsegv 0
    assert verdict(out, "accepted/soluzione.py") == (Verdict.AC, 100)
    assert verdict(out, "wrong_answer/wa.cpp") == (Verdict.WA, 0)
    assert verdict(out, "wrong_answer/sigsegv.c") == (Verdict.RE, 0)


def test_the_validator_adapter_tells_the_subtask_and_rejects(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(FIXTURES / "tm-classic", source)
    gen_file = source / "gen" / "GEN"
    gen_file.write_text(gen_file.read_text().replace("2000", "9000"))   # over limiti.py's MAX_N
    with pytest.raises(OjpackError, match="st3/02-test-05"):
        import_package(source, tmp_path / "out")


CPP_VALIDATOR = r"""#include <cassert>
#include <cstdio>
#include <cstdlib>
#include "limiti.h"
int main(int argc, char** argv) {
    assert(argc == 3);
    FILE* in = std::fopen(argv[1], "r");
    int n = -1, subtask = std::atoi(argv[2]);
    assert(std::fscanf(in, "%d", &n) == 1 && 0 <= n && n <= MAX_N);
    std::printf("read n = %d for subtask %d\n", n, subtask);   // chatter on stdout: not ojpack's features
    if (subtask == 2 && n > 1000) return 1;   // subtask 2 is the small one
    assert(1 <= subtask && subtask <= 3);
}
"""


def test_a_cpp_validator_runs_as_task_maker_runs_it(tmp_path: Path) -> None:
    """gen/valida.cpp (task-maker runs it as `valida input subtask`; exit 0 is valid, an assert or another
    exit invalid) is kept byte for byte behind an adapter: never an accept-all one in its place."""
    source = tmp_path / "tm-cpp"
    shutil.copytree(FIXTURES / "tm-classic", source)
    (source / "gen" / "valida.py").unlink()
    (source / "gen" / "limiti.h").write_text("const int MAX_N = 5000;\n")
    (source / "gen" / "valida.cpp").write_text(CPP_VALIDATOR)
    report = import_package(source, tmp_path / "out")
    assert (tmp_path / "out" / "validators" / "valida_task.h").read_text() == CPP_VALIDATOR
    assert "gen/valida.cpp" in dict(report.files)   # the report names where it went
    assert verdict(tmp_path / "out", "accepted/soluzione.py") == (Verdict.AC, 100)
    gen_file = source / "gen" / "GEN"
    for bad, test in (("900", "st2/02-test-03"), ("2000", "st3/02-test-05")):   # subtask 2's own rule; MAX_N
        text = gen_file.read_text()
        gen_file.write_text(text.replace(bad, "1200" if bad == "900" else "9000"))
        with pytest.raises(OjpackError, match=test):
            import_package(source, tmp_path / f"bad-{bad}")
        gen_file.write_text(text)


def test_without_subtasks_every_test_earns_a_share(tmp_path: Path) -> None:
    spec, _, out = imported("tm-without-st", tmp_path)
    assert spec["subtasks"] == [{"group": "st1", "score": 100, "aggregation": "sum",
                                 "bounds": {"ST": {"min": 1, "max": 1}}}]
    assert verdict(out, "wrong_answer/40_points.py")[1] == 40   # task-maker: 40 points (tests/without_st.rs)


def test_a_task_maker_correttore_gives_its_verdicts(tmp_path: Path) -> None:
    _, _, out = imported("tm-with-checker", tmp_path)
    assert verdict(out, "accepted/soluzione.sh") == (Verdict.AC, 100)
    assert verdict(out, "wrong_answer/wrong.sh") == (Verdict.WA, 0)


def test_a_cms_checker_printing_no_score_is_a_judge_error_saying_so(tmp_path: Path) -> None:
    """task-maker's with_bugged_checker: a correttore whose stdout is not a number is "an invalid score" there;
    here the run is JE and its message (the first line `check` shows) says the checker printed no score."""
    source = tmp_path / "src"
    shutil.copytree(FIXTURES / "tm-with-checker", source)
    (source / "cor" / "correttore.cpp").write_text(
        '#include <iostream>\nint main(int, char**) { std::cout << "seven" << std::endl; std::cerr << "hm" << std::endl; }\n')
    out = tmp_path / "out"
    import_package(source, out)
    judged = judge(load_problem(out), out / "solutions" / "accepted" / "soluzione.sh")
    assert judged.verdict is Verdict.JE
    assert all(c.message.endswith("the CMS checker printed no score from 0 to 1 on stdout") for c in judged.cells)


@pytest.mark.parametrize("name, said", [("tm-invalid-copy", "copies where/am/i.txt, which is not a file"),
                                        ("tm-bugged-val", "data does not build: st1/01-test-00")])
def test_broken_task_maker_tasks_are_refused_in_one_line(name: str, said: str, tmp_path: Path) -> None:
    """A copy of a file the task lacks, a validator that rejects the generator's input: one error each."""
    with pytest.raises(OjpackError, match=said):
        import_package(FIXTURES / name, tmp_path / name)


def test_stdep_subtasks_hold_their_dependencies_tests_and_score_as_task_maker_does(tmp_path: Path) -> None:
    """task-maker-rust's tests/deps.rs: st-0 (30) depends on st-1 (30), st-2 (40) on `*`; each solution's
    subtask scores are task-maker's. (The task's own @check-accepted: st-0 on sol-0/sol-02 disagree with
    those scores, and task-maker's check table flags them too: st-0 holds st-1's test.)"""
    spec, notes, out = imported("tm-deps", tmp_path)
    assert {g: [t["name"] for t in ts] for g, ts in spec["tests"].items()} == \
        {"st-0": ["test-00", "test-01"], "st-1": ["test-01"], "st-2": ["test-00", "test-01", "test-02"]}
    assert not [n for n in notes if "STDEP" in n]
    expected = {"sol-.cpp": [0, 0, 0], "sol-0.cpp": [0, 0, 0], "sol-1.cpp": [0, 30, 0], "sol-01.cpp": [30, 30, 0],
                "sol-12.cpp": [0, 30, 0], "sol-012.cpp": [30, 30, 40]}
    problem = load_problem(out)
    for name, scores in expected.items():
        path = next((out / "solutions").rglob(name))
        assert [s.score for s in judge(problem, path).subtasks] == scores, name


def test_stdep_of_an_unknown_subtask_is_refused_in_one_line() -> None:
    plan = gen.parse("#ST: 50\n#STNAME: a\n#STDEP: b\n1\n#ST: 50\n2\n")
    with pytest.raises(ValueError, match="#STDEP: b: no subtask has that #STNAME:"):
        gen.held(plan)
