"""The package's visualizer (visualizers/piles.py, and its copy in examples/anti-nim-play): one SVG per
test, each game's piles as bars coloured by the winner the answer names, taken by ojpack as a picture."""

import subprocess
import sys

import pytest

from conftest import REPO
from ojpack.problem.load import load_problem
from ojpack.testdata import picture_of


@pytest.mark.parametrize("package", [".", "examples/anti-nim-play"])
def test_the_visualizer_draws_every_pile(package, tmp_path):
    root = REPO / package
    assert load_problem(root).spec.visualizer.source == "visualizers/piles.py"
    (tmp_path / "in").write_text("3\n3\n3 5 1\n1\n1\n2\n7 7\n")
    (tmp_path / "ans").write_text("John\nBrother\nBrother\n")
    drawn = subprocess.run([sys.executable, root / "visualizers/piles.py", tmp_path / "in", tmp_path / "ans"],
                           capture_output=True, check=True).stdout
    picture = picture_of(drawn)
    text = picture.data.decode()
    assert picture.media_type == "image/svg+xml" and "3 games; bars to scale, tallest 7 stones" in text
    assert text.count("<rect x=") == 6 and [f"<title>{n}</title>" in text for n in (3, 5, 1, 7)] == [True] * 4
    assert text.count("John wins") == 1 and text.count("Brother wins") == 2
    games = "".join(f"1\n{i % 9 + 1}\n" for i in range(45))
    (tmp_path / "in").write_text(f"45\n{games}")
    (tmp_path / "ans").write_text("")   # an interactive problem's answer: no winner named
    many = subprocess.run([sys.executable, root / "visualizers/piles.py", tmp_path / "in", tmp_path / "ans"],
                          capture_output=True, check=True).stdout.decode()
    assert "… and 5 more games" in many and many.count("<rect x=") == 40 and "wins" not in many
