import textwrap

import pytest

from ojpack.judging.crosscheck import check
from ojpack.errors import OjpackError
from ojpack.problem.load import load_problem

PAIRS = """
    import json, os, sys
    top, out = int(sys.argv[2]), sys.argv[3]
    n = 0
    for a in range(1, top + 1):
        for b in range(1, top + 1):
            n += 1
            open(os.path.join(out, f"{n:03d}.in"), "w").write(f"{a} {b}\\n")
            open(os.path.join(out, f"{n:03d}.ans"), "w").write(f"{a + b}\\n")
    print(json.dumps({"cases": n}))
"""


def with_proof(toy, generator=PAIRS, args="--max 4"):
    (toy / "proof").mkdir()
    (toy / "proof" / "pairs.py").write_text(textwrap.dedent(generator))
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + f"proof: {{generator: proof/pairs.py, args: \"{args}\"}}\n")
    return toy


def test_proof_runs_every_accepted_solution_on_every_batch(toy):
    report = check(load_problem(with_proof(toy)))
    assert report.ok, report.problems
    assert report.proof is not None and report.proof.cases == 16 and report.proof.files == 16
    assert report.proof.solutions["accepted/sum.py"] >= 0
    again = check(load_problem(toy))   # warm: batches and the clean pass are remembered
    assert again.proof is not None and again.proof.solutions["accepted/sum.py"] == -1
    assert again.proof.search_seconds == 0


def test_proof_names_the_disagreeing_solution_and_batch(toy):
    with_proof(toy)
    (toy / "solutions" / "accepted" / "edge.py").write_text(
        "a, b = map(int, input().split())\nprint(a + b if (a, b) != (3, 4) else 0)\n")
    report = check(load_problem(toy))
    assert not report.ok
    assert "proof: accepted/edge.py on proof batch 012.in: WA" in " ".join(report.problems)


def test_bounds_expand_in_proof_args_and_a_broken_generator_is_named(toy):
    with_proof(toy, args="--max {x.min}")
    report = check(load_problem(toy))
    assert report.proof is not None and report.proof.cases == 1
    (toy / "proof" / "pairs.py").write_text("raise SystemExit('no batches today')\n")
    with pytest.raises(OjpackError, match="proof generator proof/pairs.py failed.*no batches today"):
        check(load_problem(toy))


OUT_OF_BOUNDS = """
    import os, sys
    out = sys.argv[-1]
    for n, (a, b) in enumerate([(1, 2), (1, 101)], start=1):   # x.max is 100
        open(os.path.join(out, f"{n}.in"), "w").write(f"{a} {b}\\n")
        open(os.path.join(out, f"{n}.ans"), "w").write(f"{a + b}\\n")
"""


def test_batches_outside_the_bounds_are_rejected_by_the_validator(toy):
    with_proof(toy, generator=OUT_OF_BOUNDS)
    with pytest.raises(OjpackError, match=r"wrote an invalid batch \d+\.in: .*expected x in \[1, 100\]"):
        check(load_problem(toy))


def test_a_costly_language_may_be_proven_on_a_smaller_box_and_the_report_says_which(toy):
    with_proof(toy)
    (toy / "solutions" / "accepted" / "sum.cpp").write_text(
        "#include <cstdio>\nint main(){long a,b;scanf(\"%ld %ld\",&a,&b);printf(\"%ld\\n\",a+b);}\n")
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text.replace('args: "--max 4"}', 'args: "--max 4", boxes: {python: "--max 2"}}'))
    report = check(load_problem(toy))
    assert report.ok, report.problems
    p = report.proof
    assert p is not None and p.cases == 16 and p.files == 16   # the main box: 4 x 4 pairs
    assert p.boxes == {"accepted/sum.cpp": "--max 4", "accepted/sum.py": "--max 2"}
    assert report.to_json()["proof"]["boxes"]["accepted/sum.py"] == "--max 2"
    # a wrong answer inside the small box is still caught
    (toy / "solutions" / "accepted" / "sum.py").write_text(
        "a, b = map(int, input().split())\nprint(a + b if (a, b) != (2, 2) else 0)\n")
    assert "proof: accepted/sum.py on proof batch 004.in: WA" in " ".join(check(load_problem(toy)).problems)


def test_a_box_for_an_unknown_language_is_named(toy):
    with_proof(toy)
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text.replace('args: "--max 4"}', 'args: "--max 4", boxes: {pyhton: "--max 2"}}'))
    with pytest.raises(OjpackError, match="proof.boxes names unknown language.*pyhton"):
        check(load_problem(toy))
