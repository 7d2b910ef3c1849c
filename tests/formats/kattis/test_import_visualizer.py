"""A BAPCtools input_visualizer/ comes along on import as problem.yaml's visualizer, and draws as it drew
there: `visualizer input answer`, its picture left as testcase.svg in its working folder."""

import shutil
from pathlib import Path

import yaml

from ojpack.problem import load_problem
from ojpack.publish import import_package
from ojpack.testdata import visualize

FIXTURE = Path(__file__).parents[1] / "fixtures" / "kattis" / "icpc2025-fltcmp"
DRAW = """import sys
numbers = open(sys.argv[1]).read().split()
answer = open(sys.argv[2]).read().split()
with open("testcase.svg", "w") as f:
    f.write('<svg xmlns="http://www.w3.org/2000/svg"><text>' + " ".join(numbers + ["->"] + answer) + "</text></svg>")
"""


def test_an_input_visualizer_is_carried_and_draws(tmp_path):
    source = shutil.copytree(FIXTURE, tmp_path / "fltcmp")
    (source / "input_visualizer").mkdir()
    (source / "input_visualizer" / "draw.py").write_text(DRAW)
    report = import_package(source, tmp_path / "imported")
    pkg = tmp_path / "imported"
    assert yaml.safe_load((pkg / "problem.yaml").read_text())["visualizer"] == {"source": "visualizers/draw.py"}
    assert (pkg / "visualizers/draw.py").read_text() == DRAW
    fate = dict(report.files)["input_visualizer/draw.py"]   # the import report says where it went
    assert "visualizers/draw.py" in fate, fate
    problem = load_problem(pkg)
    test = next(p for p in sorted((pkg / "data/sample").glob("*.in")))
    picture = visualize(problem, f"sample/{test.stem}")
    words = test.read_text().split() + ["->"] + test.with_suffix(".ans").read_text().split()
    assert picture.media_type == "image/svg+xml" and f"<text>{' '.join(words)}</text>".encode() in picture.data


def test_without_one_there_is_no_visualizer(tmp_path):
    import_package(FIXTURE, tmp_path / "imported")
    assert "visualizer" not in yaml.safe_load((tmp_path / "imported/problem.yaml").read_text())
