"""`ojpack import` of an ICPC 2025-09 package written by hand: scoring groups, a Markdown statement, an
output validator, an answer validator, submissions.yaml sets."""

from __future__ import annotations

from pathlib import Path

import yaml

from ojpack.formats.importing import detect, read

from package_files import write_tree as write


def package(root: Path) -> Path:
    return write(root, {
        "problem.yaml": yaml.safe_dump({
            "problem_format_version": "2025-09", "type": "scoring", "name": {"en": "Double", "zh": "加倍"},
            "credits": {"authors": [{"name": "Ada", "email": "ada@example.org"}, "Bob"]},
            "source": {"name": "Test Cup", "url": "https://example.org"}, "license": "cc by",
            "limits": {"time_limit": 2.5, "memory": 512}}),
        "data/test_group.yaml": "input_validator_args: [x=1..1000]\n",
        "data/sample/1.in": "2\n", "data/sample/1.ans": "4\n",
        "data/secret/easy/test_group.yaml": "max_score: 30\ninput_validator_args: [x=1..10]\n",
        "data/secret/easy/a.in": "3\n", "data/secret/easy/a.ans": "6\n",
        "data/secret/hard/test_group.yaml": "scoring:\n  score: 70\n",
        "data/secret/hard/b.in": "1000\n", "data/secret/hard/b.ans": "2000\n",
        "statement/problem.en.md": "Print twice $x$.\n", "statement/problem.en.tex": "\\problemname{Double}\nx\n",
        "output_validator/validate.py": "import sys\nsys.exit(42)\n",
        "input_validators/validate.py": "import sys\nsys.exit(42)\n",
        "answer_validators/answer.py": "import sys\nsys.exit(42)\n",
        "submissions/accepted/double.py": "print(2 * int(input()))\n",
        "submissions/mixed/slow.py": "print(2 * int(input()))\n",
        "submissions/submissions.yaml": "mixed/slow.py: {permitted: [AC, TLE]}\n'*/x*.py': {permitted: [SLOW]}\n",
    })


def test_icpc_package_maps_to_problem_yaml(tmp_path: Path) -> None:
    root = package(tmp_path / "double")
    assert detect(root) == "icpc2025"
    imp = read(root)
    assert imp.names == {"zh": "加倍", "en": "Double"} and imp.authors == ["Ada", "Bob"]
    assert imp.source == {"name": "Test Cup", "url": "https://example.org"} and imp.license == "cc by"
    assert imp.limits == {"time": 2.5, "memory": 512, "output": 8, "output_stops": False}
    assert imp.bounds == {"x": {"min": 1, "max": 1000}}
    assert [(s.group, s.score, s.bounds) for s in imp.subtasks] == [("easy", 30, {"x": {"min": 1, "max": 10}}),
                                                                     ("hard", 70, {})]
    assert {s.path: s.verdicts for s in imp.solutions} == {"double.py": ["AC"], "slow.py": ["AC", "TLE"]}
    assert imp.answer_validator == "validators/answer/answer.py" and imp.validator == "validators/validate.py"
    # the Markdown statement wins over the LaTeX one, which is named
    assert "Print twice $x$." in imp.files["statement/problem.en.md.j2"].decode()
    assert "statement/problem.en.tex: not carried over" in imp.notes
    assert any("'*/x*.py' not carried over" in n for n in imp.notes)   # a verdict no format has
    assert "validators/checker/validate.py" in imp.files
    assert imp.checker == {"type": "program", "source": "validators/checker/validate.py", "convention": "kattis"}
