"""What `check` keeps of each run for `ojpack serve`: exit, heads of output and stderr, the checker's word
and the first difference from the answer; kept as they were when a second check reuses the runs."""

import json

from conftest import edit_yaml
from ojpack.judging import first_difference, run_detail
from ojpack.judging.crosscheck import check
from ojpack.problem.load import load_problem

SUM = "a, b = map(int, input().split())\n{}\n"


def add(root, rel, text):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def package(toy):
    edit_yaml(toy / "problem.yaml", "time: 1.0", "time: 0.5")
    # right on every test but for a second line that says one too much
    add(toy, "solutions/wrong_answer/plus.py", SUM.format("print(a + b)\nprint('extra')"))
    add(toy, "solutions/wrong_answer/off.py", SUM.format("print(a + b + (a + b > 20))"))   # wrong on big only
    add(toy, "solutions/run_time_error/crash.py", "import sys\nprint('half')\nprint('boom', file=sys.stderr)\n"
                                                  "raise SystemExit(3)\n")
    add(toy, "solutions/time_limit_exceeded/spin.py", "while True: pass\n")
    return toy


def test_check_keeps_each_run_and_a_cached_check_keeps_the_same(toy):
    problem = load_problem(package(toy))
    report = check(problem, proof=False, full=True)
    assert report.ok, report.problems
    answer = (toy / "data/secret/big/02-top.ans").read_text().split()[0]

    off = run_detail(problem, "wrong_answer/off.py", "big/02-top")
    assert off.verdict == "WA" and off.exit_code == 0 and off.signal is None
    assert off.diff is not None and off.diff.token_index == 1 and off.diff.line == 1 and off.diff.column == 1
    assert off.diff.expected.token == answer and off.diff.got.token == str(int(answer) + 1)
    assert off.diff.got.context == ((1, str(int(answer) + 1)),)
    assert off.output_head == f"{int(answer) + 1}\n" and off.output_size == len(str(int(answer) + 1)) + 1
    assert off.answer_head.split() == [answer] and off.input_head.strip()
    assert "expected" in off.checker_message

    plus = run_detail(problem, "wrong_answer/plus.py", "small/01-r1")
    assert plus.diff.token_index == 2 and plus.diff.got.token == "extra" and plus.diff.got.line == 2
    assert plus.diff.expected.token is None   # the answer ended: its side shows where
    assert plus.diff.expected.line == 1

    crash = run_detail(problem, "run_time_error/crash.py", "sample/01-one")
    assert crash.verdict == "RE" and crash.exit_code == 3 and crash.output_head == "half\n"
    assert "boom" in crash.stderr_head and crash.diff is None

    spin = run_detail(problem, "time_limit_exceeded/spin.py", "sample/01-one")
    cell = next(c for r in report.rows if r.solution.name == "time_limit_exceeded/spin.py" for c in r.cells)
    assert spin.verdict == "TLE" and (spin.time, spin.wall, spin.memory) == (cell.time, cell.wall, cell.memory)
    assert spin.wall > 0 and "time" in spin.to_json()

    accepted = run_detail(problem, "accepted/sum.py", "small/02-r2")
    assert accepted.verdict == "AC" and accepted.diff is None and accepted.output_head.split() == \
        (toy / "data/secret/small/02-r2.ans").read_text().split()
    assert run_detail(problem, "accepted/sum.py", "nowhere/01-x") is None
    first = {name: run_detail(problem, *name).to_json() for name in
             [("wrong_answer/off.py", "big/02-top"), ("wrong_answer/plus.py", "small/01-r1"),
              ("run_time_error/crash.py", "sample/01-one")]}

    # the second check reuses the remembered runs (no program runs again), and keeps the same details
    again = check(problem, proof=False, full=True)
    assert again.ok
    for name, before in first.items():
        assert run_detail(problem, *name).to_json() == before, name
    remembered = [json.loads(p.read_text()) for p in (toy / ".ojpack/cache/runs").rglob("*.json")]
    assert any(r.get("trace") and r["trace"]["diff"] for r in remembered)   # beside the cached verdict


def test_first_difference_compares_tokens_as_the_checker_does(tmp_path):
    out, ans = tmp_path / "out", tmp_path / "ans"
    ans.write_text("1 2 3\n4 5 6\n7 8 9\n10 11 12\n13 14 15\n")
    out.write_text("1   2 3\n4 5\n6 7 8 10\n10 11 12\n13 14 15\n")   # other whitespace, then 10 for 9
    d = first_difference(out, ans)
    assert (d.token_index, d.expected.token, d.got.token) == (9, "9", "10")
    assert (d.got.line, d.got.column, d.expected.line, d.expected.column) == (3, 7, 3, 5)
    assert d.got.context == ((1, "1   2 3"), (2, "4 5"), (3, "6 7 8 10"), (4, "10 11 12"), (5, "13 14 15"))
    assert [n for n, _ in d.expected.context] == [1, 2, 3, 4, 5]
    out.write_text("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")
    assert first_difference(out, ans) is None
    out.write_text("1 2 3\n4 5 6\n")
    short = first_difference(out, ans)
    assert short.token_index == 7 and short.got.token is None and (short.got.line, short.got.column) == (2, 6)
    assert short.expected.token == "7"
    out.write_text("A 2 3 4 5 6 7 8 9 10 11 12 13 14 15")
    assert first_difference(out, ans.with_name("ans")).got.token == "A"


def test_first_difference_in_a_big_file_reads_it_as_a_stream(tmp_path):
    """A difference 3 million tokens in, on one 23 MB line: found, its column right, the context around it."""
    big = b" ".join(str(i).encode() for i in range(3_000_000)) + b"\n"
    (tmp_path / "ans").write_bytes(big)
    (tmp_path / "out").write_bytes(big[:-3] + b"X\n")
    d = first_difference(tmp_path / "out", tmp_path / "ans")
    assert (d.token_index, d.got.token, d.expected.token) == (3_000_000, "29999X", "2999999")
    assert d.got.column == len(big) - len(b"2999999\n") + 1
    assert len(d.got.context) == 1 and d.got.context[0][1].endswith("2999998 29999X")
    token = b"a" * 70_000   # a token longer than a read: compared whole, shown cut
    (tmp_path / "ans").write_bytes(b"q " + token + b" z")
    (tmp_path / "out").write_bytes(b"q " + token + b"b z")
    d = first_difference(tmp_path / "out", tmp_path / "ans")
    assert d.token_index == 2 and d.got.token.endswith("…") and len(d.got.token) == 201


def test_an_interactive_run_keeps_its_dialogue(toy):
    (toy / "interactor").mkdir()
    (toy / "interactor" / "judge.py").write_text(   # sends the two numbers, wants their sum back
        "import sys\na, b = map(int, open(sys.argv[1]).read().split())\nprint(a, b, flush=True)\n"
        "ok = sys.stdin.readline().strip() == str(a + b)\n"
        "open(sys.argv[3] + 'judgemessage.txt', 'w').write('sum' if ok else 'not the sum')\nsys.exit(42 if ok else 43)\n")
    (toy / "problem.yaml").write_text((toy / "problem.yaml").read_text() + "interactor: {source: interactor/judge.py}\n")
    add(toy, "solutions/accepted/sum.py", "a, b = map(int, input().split())\nprint(a + b, flush=True)\n")
    add(toy, "solutions/wrong_answer/minus.py", "import sys\na, b = map(int, input().split())\n"
                                                "print('thinking', file=sys.stderr)\nprint(a - b, flush=True)\n")
    problem = load_problem(toy)
    assert check(problem, proof=False, full=True).ok
    a, b = (toy / "data/secret/big/01-r1.in").read_text().split()
    wrong = run_detail(problem, "wrong_answer/minus.py", "big/01-r1")
    assert wrong.verdict == "WA" and wrong.checker_message == "not the sum" and wrong.diff is None
    assert wrong.transcript_head == f"<{a} {b}\n>{int(a) - int(b)}"
    assert wrong.output_head == f"{int(a) - int(b)}\n" and wrong.stderr_head == "thinking\n" and wrong.exit_code == 0
    right = run_detail(problem, "accepted/sum.py", "big/01-r1")
    assert right.verdict == "AC" and right.transcript_head == f"<{a} {b}\n>{int(a) + int(b)}"


def test_a_remembered_run_without_its_trace_is_run_again_for_check(toy):
    """A run remembered before traces were kept (or by a rejudge, which keeps none) does not leave check
    without the run's details: check runs it again."""
    add(toy, "solutions/wrong_answer/off.py", SUM.format("print(a + b + 1)"))
    problem = load_problem(toy)
    assert check(problem, proof=False).ok
    for path in (toy / ".ojpack/cache/runs").rglob("*.json"):
        raw = json.loads(path.read_text())
        raw.pop("trace")
        path.write_text(json.dumps(raw))
    assert check(problem, proof=False).ok
    off = run_detail(problem, "wrong_answer/off.py", "sample/01-one")
    assert off.diff is not None and off.diff.token_index == 1 and off.output_head


def test_first_difference_follows_the_case_and_float_rule(tmp_path):
    from ojpack.judging.checker import Tolerance

    (tmp_path / "ans").write_text("Yes 1.000000 2.5\n")
    (tmp_path / "out").write_text("yes 1.0000001 2.6\n")
    assert first_difference(tmp_path / "out", tmp_path / "ans").token_index == 1   # exact by default
    d = first_difference(tmp_path / "out", tmp_path / "ans", False, Tolerance(absolute=1e-6))
    assert (d.token_index, d.got.token, d.expected.token, d.got.column) == (3, "2.6", "2.5", 15)
