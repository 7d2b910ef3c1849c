import json

import pytest
from typer.testing import CliRunner

from ojpack.cli import app
from ojpack.errors import OjpackError
from ojpack.judging.judgement import judge
from ojpack.problem.load import load_problem
from ojpack.judging.verdicts import Verdict


def submit(root, name, text):
    path = root / "subs" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_accepted_scores_100_with_a_verdict_per_test(toy):
    res = judge(load_problem(toy), submit(toy, "ok.py", "a, b = map(int, input().split())\nprint(a + b)\n"))
    assert res.verdict is Verdict.AC and res.score == 100
    assert [c.test for c in res.cells] == ["sample/01-one", "small/01-r1", "small/02-r2", "big/01-r1", "big/02-top"]
    assert all(c.verdict is Verdict.AC for c in res.cells)


def test_a_subtask_scores_only_when_all_its_tests_pass(toy):
    capped = submit(toy, "cap.py", "a, b = map(int, input().split())\nprint(min(a + b, 20))\n")
    res = judge(load_problem(toy), capped)
    assert [(s.group, s.score) for s in res.subtasks] == [("small", 30), ("big", 0)]
    assert res.score == 30 and res.verdict is Verdict.WA


def test_overall_verdict_is_the_first_failure_in_test_order(toy):
    # crashes on the sample (1 + 2), answers wrong on the big tests
    src = submit(toy, "mixed.py", "a, b = map(int, input().split())\n"
                                  "if a + b == 3: raise SystemExit(1)\nprint(a + b if a + b <= 20 else 0)\n")
    res = judge(load_problem(toy), src)
    assert [c.verdict for c in res.cells][0] is Verdict.RE
    assert Verdict.WA in [c.verdict for c in res.cells]
    assert res.verdict is Verdict.RE and res.score == 30


def test_limits_give_tle_mle_and_ole(toy):
    problem = load_problem(toy)
    assert judge(problem, submit(toy, "loop.py", "while True: pass\n")).verdict is Verdict.TLE
    hog = "x = []\nwhile True: x.append(bytearray(1 << 20))\n"
    assert judge(problem, submit(toy, "hog.py", hog)).verdict is Verdict.MLE
    spam = "import sys\nwhile True: sys.stdout.write('9' * 65536)\n"
    assert judge(problem, submit(toy, "spam.py", spam)).verdict is Verdict.OLE


def test_compile_error_is_ce_with_the_message(toy):
    res = judge(load_problem(toy), submit(toy, "bad.cpp", "int main() { return nope; }\n"))
    assert res.verdict is Verdict.CE and res.score == 0
    assert "nope" in (res.compile_error or "")
    assert {c.verdict for c in res.cells} == {Verdict.CE}


def test_language_override_and_unknown_language(toy):
    src = submit(toy, "solution.txt", "a, b = map(int, input().split())\nprint(a + b)\n")
    assert judge(load_problem(toy), src, lang="python").score == 100
    with pytest.raises(OjpackError, match="unknown language"):
        judge(load_problem(toy), src, lang="cobol")


def test_cli_json_shape_and_exit_code_zero_for_a_wrong_submission(toy):
    src = submit(toy, "cap.py", "a, b = map(int, input().split())\nprint(min(a + b, 20))\n")
    result = CliRunner().invoke(app, ["judge", str(src), "--json", "-p", str(toy)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["verdict"], data["score"], data["max_score"]) == ("WA", 30, 100)
    assert [t["name"] for t in data["tests"]][:2] == ["sample/01-one", "small/01-r1"]
    assert set(data["tests"][0]) >= {"name", "verdict", "time", "memory"}
    assert data["subtasks"] == [{"group": "small", "score": 30, "max": 30, "verdict": "AC"},
                                {"group": "big", "score": 0, "max": 70, "verdict": "WA"}]


def test_custom_checker_from_problem_yaml_decides(toy):
    # accepts any answer within 1 of the right sum, Kattis-style
    (toy / "checker.py").write_text(
        "import sys\nwant = int(open(sys.argv[2]).read())\n"
        "got = sys.stdin.read().split()\n"
        "ok = len(got) == 1 and got[0].lstrip('-').isdigit() and abs(int(got[0]) - want) <= 1\n"
        "if not ok:\n    open(sys.argv[3] + 'judgemessage.txt', 'w').write(f'{got[:1]} is not {want} +- 1')\n"
        "sys.exit(42 if ok else 43)\n")
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + "checker: {type: program, source: checker.py, convention: kattis}\n")
    near = judge(load_problem(toy), submit(toy, "near.py", "a, b = map(int, input().split())\nprint(a + b + 1)\n"))
    assert near.verdict is Verdict.AC
    far = judge(load_problem(toy), submit(toy, "far.py", "a, b = map(int, input().split())\nprint(a + b + 2)\n"))
    assert far.verdict is Verdict.WA and "is not" in far.cells[0].message
