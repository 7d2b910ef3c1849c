"""problem.yaml's `visualizer:`: a picture of a test, drawn in the sandbox, taken only as a PNG or a safe SVG."""

import pytest

from conftest import edit_yaml
from ojpack.errors import OjpackError, ProblemConfigError
from ojpack.problem.load import load_problem
from ojpack.testdata import build, picture_of, visualize

DRAW = """import sys
a, b = open(sys.argv[1]).read().split()
answer = open(sys.argv[2]).read().strip()
print(f'<svg xmlns="http://www.w3.org/2000/svg" width="99" height="20"><text>{a}+{b}={answer}</text></svg>')
"""


def with_visualizer(toy, source=DRAW, name="draw.py"):
    (toy / "visualizers").mkdir(exist_ok=True)
    (toy / "visualizers" / name).write_text(source)
    text = (toy / "problem.yaml").read_text()
    if "visualizer:" not in text:
        (toy / "problem.yaml").write_text(text + f"visualizer: {{source: visualizers/{name}}}\n")
    return load_problem(toy)


def test_visualize_draws_a_test_and_caches_it(toy):
    problem = load_problem(toy)
    build(problem)
    assert visualize(problem, "sample/01-one") is None   # no visualizer: no picture
    problem = with_visualizer(toy)
    picture = visualize(problem, "big/02-top")
    a, b = (toy / "data/secret/big/02-top.in").read_text().split()
    answer = (toy / "data/secret/big/02-top.ans").read_text().strip()
    assert picture.media_type == "image/svg+xml" and f"<text>{a}+{b}={answer}</text>".encode() in picture.data
    assert picture.to_json()["size"] == len(picture.data)
    assert len(list((toy / ".ojpack/cache/picture").rglob("*"))) == 2   # one picture: its folder and file
    assert visualize(problem, "big/02-top") == picture
    with pytest.raises(OjpackError, match="no test big/09-x"):
        visualize(problem, "big/09-x")


def test_a_png_is_taken_by_its_signature(toy):
    png = "import sys\nsys.stdout.buffer.write(b'\\x89PNG\\r\\n\\x1a\\n' + bytes(range(40)))\n"
    problem = with_visualizer(toy, png)
    build(problem)
    picture = visualize(problem, "sample/01-one")
    assert picture.media_type == "image/png" and picture.data.startswith(b"\x89PNG") and len(picture.data) == 48


@pytest.mark.parametrize("written, why", [
    ("<html><body>hi</body></html>", "root element is <html>, not <svg>"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "<script> element"),
    ('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', "event handler (onload)"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><a href=" JavaScript:alert(1)"/></svg>', "javascript: link"),
    ('<!DOCTYPE svg [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;">]><svg>&b;</svg>', "declares an entity"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/shadow"/></svg>', "links outside itself"),
    ('<?xml-stylesheet href="http://x/s.css"?><svg xmlns="http://www.w3.org/2000/svg"/>', "processing instruction"),
    ("just text", "neither a PNG nor an SVG"),
    ("", "neither a PNG nor an SVG"),
])
def test_only_a_safe_picture_is_taken(written, why):
    ok = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><use href="#a"/></svg>'
    assert picture_of(ok.encode()).media_type == "image/svg+xml"
    with pytest.raises(OjpackError) as e:
        picture_of(written.encode())
    assert why in str(e.value)


def test_a_failing_visualizer_is_one_line_naming_it(toy, monkeypatch):
    problem = with_visualizer(toy, "import sys\nprint('no picture here', file=sys.stderr)\nsys.exit(4)\n")
    build(problem)
    with pytest.raises(OjpackError) as e:
        visualize(problem, "sample/01-one")
    assert str(e.value) == "visualizer visualizers/draw.py failed on sample/01-one: exit code 4: no picture here"
    import ojpack.testdata.picture as picture
    monkeypatch.setattr(picture, "LIMITS", picture.RunLimits(cpu=0.5, wall=2.0, memory_mib=256, output_mib=1))
    (toy / "visualizers/draw.py").write_text("while True: pass\n")
    with pytest.raises(OjpackError, match="failed on sample/01-one: ran out of time"):
        visualize(problem, "sample/01-one")
    (toy / "visualizers/draw.py").write_text("import sys\nsys.stdout.write('<svg>' + 'x' * (2 << 20))\n")
    with pytest.raises(OjpackError, match="wrote more than 1 MiB"):
        visualize(problem, "sample/01-one")


def test_the_visualizer_key_is_read_strictly(toy):
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + "visualizer: {source: visualizers/none.py}\n")
    line = len(text.splitlines()) + 1
    with pytest.raises(ProblemConfigError, match=f"line {line}: .*visualizers/none.py does not exist"):
        load_problem(toy)
    edit_yaml(toy / "problem.yaml", "{source: visualizers/none.py}", "{sorce: visualizers/none.py}")
    with pytest.raises(ProblemConfigError, match=f"line {line}: .*'visualizer.sorce'.*source"):
        load_problem(toy)


def test_a_picture_left_in_the_working_folder_is_taken_as_bapctools_leaves_it(toy, tmp_path):
    """BAPCtools' input visualizers write testcase.<ext> where they run; a link there is never followed."""
    problem = with_visualizer(toy, "open('testcase.svg', 'w').write('<svg xmlns=\"http://www.w3.org/2000/svg\"/>')\n")
    build(problem)
    assert visualize(problem, "small/01-r1").data == b'<svg xmlns="http://www.w3.org/2000/svg"/>'
    secret = tmp_path / "secret.svg"
    secret.write_text('<svg xmlns="http://www.w3.org/2000/svg"><text>host secret</text></svg>')
    (toy / "visualizers/draw.py").write_text(f"import os\nos.symlink({str(secret)!r}, 'testcase.svg')\n")
    with pytest.raises(OjpackError, match="testcase.svg is not a regular file"):
        visualize(problem, "small/01-r1")
