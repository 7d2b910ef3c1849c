"""The workbench at the request level (no browser): the token, paths that stay in the package, escaping."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ojpack.errors import OjpackError
from ojpack.workbench import PackageLock, Site, inside, make_app, new_token
from ojpack.workbench.safety import excerpt
from ojpack.workbench.watch import job_for

from conftest import TESTS, host_secret


def _site(root: Path) -> Site:
    return Site(root, {"_": root}, False, new_token())


@pytest.fixture
def toy_pkg(tmp_path: Path) -> Path:
    root = tmp_path / "toy"
    shutil.copytree(TESTS / "toy", root, ignore=shutil.ignore_patterns("data", ".ojpack", "data.sha256", "build"))
    return root


def test_every_page_needs_the_token_and_a_wrong_one_is_refused(toy_pkg: Path) -> None:
    site = _site(toy_pkg)
    with TestClient(make_app(site, live=False), follow_redirects=False) as client:
        assert client.get("/p/_/").status_code == 403
        assert client.get("/p/_/tests").status_code == 403
        assert client.get("/events").status_code == 403
        assert client.get("/?token=" + "x" * len(site.token)).status_code == 403
        assert client.get("/p/_/file/problem.yaml").status_code == 403
        first = client.get(f"/?token={site.token}")
        assert first.status_code == 303 and "token" not in first.headers["location"]
        assert client.get("/p/_/").status_code == 200    # the cookie carries it from here on
        page = client.get("/p/_/")
        assert "default-src 'none'" in page.headers["content-security-policy"]


def test_an_action_without_the_token_runs_nothing(toy_pkg: Path) -> None:
    site = _site(toy_pkg)
    with TestClient(make_app(site, live=False), follow_redirects=False) as client:
        client.get(f"/?token={site.token}")   # the cookie alone must not be enough for an action
        assert client.post("/p/_/action/check").status_code == 403
        assert client.post("/p/_/action/check", data={"token": "wrong"}).status_code == 403
        assert client.post("/p/_/action/check", headers={"X-Ojpack-Token": "wrong"}).status_code == 403
        time.sleep(1.0)
        assert not (toy_pkg / "data").exists()
        # the same request with the token does run the check (which builds the data first)
        assert client.post("/p/_/action/check", headers={"X-Ojpack-Token": site.token}).status_code == 202
        assert client.post("/p/_/action/check", headers={"X-Ojpack-Token": site.token}).status_code == 409
        deadline = time.monotonic() + 120
        while not (toy_pkg / "data" / "manifest.json").exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert (toy_pkg / "data" / "manifest.json").exists()


def test_no_path_leaves_the_package(toy_pkg: Path, tmp_path: Path) -> None:
    secret = host_secret(tmp_path, "HOST-SECRET-42")
    (toy_pkg / "data").mkdir()
    (toy_pkg / "data" / "leak.in").symlink_to(secret)
    (toy_pkg / "generators" / "up").symlink_to(tmp_path)
    site = _site(toy_pkg)
    with TestClient(make_app(site, live=False), follow_redirects=False) as client:
        client.get(f"/?token={site.token}")
        assert client.get("/p/_/file/problem.yaml").status_code == 200
        for rel in ("data/leak.in", "%2e%2e/host-only/key", "..%2fhost-only%2fkey", "%2fetc%2fpasswd",
                    "generators/up/host-only/key", "/etc/passwd", "problem.yaml%00"):
            response = client.get(f"/p/_/file/{rel}")
            assert response.status_code == 404, rel
            assert "HOST-SECRET" not in response.text and "root:" not in response.text
    assert inside(toy_pkg, "../toy/problem.yaml") is not None   # climbing back in is still inside
    assert inside(toy_pkg, "data/leak.in") is None
    assert inside(toy_pkg, "/etc/passwd") is None


def test_a_package_s_text_is_shown_as_text(toy_pkg: Path) -> None:
    hostile = "<img src=x onerror=alert(1)>"
    wrong = toy_pkg / "solutions" / "wrong_answer"
    wrong.mkdir()
    (wrong / f"{hostile}.py").write_text("print(0)\n")
    # data/ as a build leaves it, by hand: no validator would let this input through
    (toy_pkg / "data" / "sample").mkdir(parents=True)
    (toy_pkg / "data" / "sample" / "01-one.in").write_text("<script>alert(2)</script>\n")
    (toy_pkg / "data" / "sample" / "01-one.ans").write_text("3\n")
    (toy_pkg / "data" / "manifest.json").write_text(json.dumps({"tests": [
        {"group": "sample", "id": "sample/01-one", "input": "sample/01-one.in", "answer": "sample/01-one.ans",
         "features": {"features": ["<b>bold</b>"]}, "answers": {"<i>3</i>": 1}}]}))
    site = _site(toy_pkg)
    with TestClient(make_app(site, live=False), follow_redirects=False) as client:
        client.get(f"/?token={site.token}")
        test = client.get("/p/_/test/sample/01-one").text
        assert "&lt;script&gt;alert(2)&lt;/script&gt;" in test and "<script>alert(2)" not in test
        tests = client.get("/p/_/tests").text
        assert "&lt;b&gt;bold&lt;/b&gt;" in tests and "&lt;i&gt;3&lt;/i&gt;" in tests and "<b>bold" not in tests
        stress = client.get("/p/_/stress").text
        assert "&lt;img src=x onerror=alert(1)&gt;" in stress and "<img src=x" not in stress


def test_a_big_file_is_read_in_two_bounded_pieces(tmp_path: Path) -> None:
    big = tmp_path / "big.in"
    with big.open("wb") as f:
        f.write(b"first line\n" + b"x\n" * 100)
        f.seek(1 << 30)   # a sparse GiB: reading it whole would be noticed
        f.write(b"\nlast line\n")
    e = excerpt(big)
    assert e.size > 1 << 30
    assert e.head.startswith("first line") and len(e.head) <= 4096
    assert e.tail is not None and e.tail.endswith("last line\n") and len(e.tail) <= 4096
    small = tmp_path / "small.in"
    small.write_text("1 2\n")
    assert excerpt(small).tail is None and excerpt(small).head == "1 2\n"


def test_a_second_server_on_one_package_is_refused_in_one_line(toy_pkg: Path) -> None:
    with PackageLock(toy_pkg):
        with pytest.raises(OjpackError) as refused:
            with PackageLock(toy_pkg):
                pass
    assert "already serves" in str(refused.value) and "\n" not in str(refused.value)
    with PackageLock(toy_pkg):   # released: the next one may start
        pass


def test_what_a_change_starts(toy_pkg: Path) -> None:
    root = toy_pkg
    assert job_for(root, {root / "solutions" / "accepted" / "sum.py"}) == "check"
    assert job_for(root, {root / "problem.yaml"}) == "check"
    assert job_for(root, {root / "statement" / "problem.en.md.j2"}) == "render"
    assert job_for(root, {root / "data" / "secret" / "x.in", root / "build" / "check" / "last.json"}) is None
    assert job_for(root, {root / "solutions" / "__pycache__" / "x.pyc", root / "solutions" / ".x.swp"}) is None


def test_a_form_posted_without_script_carries_its_token(toy_pkg: Path) -> None:
    site = _site(toy_pkg)
    with TestClient(make_app(site, live=False), follow_redirects=False) as client:
        client.get(f"/?token={site.token}")
        done = client.post("/p/_/action/render", data={"token": site.token}, headers={"referer": "/p/_/statement"})
        assert done.status_code == 303 and done.headers["location"] == "/p/_/statement"
        assert client.post("/p/_/tests", data={"token": site.token}).status_code == 403


def _git(root: Path, *args: str) -> str:
    import subprocess

    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
           "PATH": "/usr/bin:/bin"}
    return subprocess.run(["git", "-C", str(root), *args], env=env, check=True, capture_output=True,
                          text=True).stdout.strip()


def test_history_compares_two_checked_commits(toy_pkg: Path) -> None:
    from workbench_helpers import ojpack

    wrong = toy_pkg / "solutions" / "wrong_answer"
    wrong.mkdir()
    (wrong / "off.py").write_text("a, b = map(int, input().split())\nprint(a + b + (a > 5))\n")
    (toy_pkg / ".gitignore").write_text("data/\nbuild/\n.ojpack/\n")
    _git(toy_pkg, "init", "-q")
    _git(toy_pkg, "add", "-A")
    _git(toy_pkg, "commit", "-qm", "one")
    ojpack("check", "--no-proof", "-p", str(toy_pkg))
    first = _git(toy_pkg, "rev-parse", "HEAD")
    (wrong / "off.py").write_text("a, b = map(int, input().split())\nprint(a + b + (a > 50))\n")
    _git(toy_pkg, "commit", "-qam", "two")
    ojpack("check", "--no-proof", "-p", str(toy_pkg))
    second = _git(toy_pkg, "rev-parse", "HEAD")
    site = _site(toy_pkg)
    with TestClient(make_app(site, live=False)) as client:
        client.get(f"/?token={site.token}")
        page = client.get("/p/_/history").text
        assert first[:12] in page and second[:12] in page
        changes = client.get(f"/p/_/history?a={first}&b={second}").text
        assert f"{first[:12]} → {second[:12]}" in changes
        assert "wrong_answer/off.py" in changes and "v-AC" in changes and "v-WA" in changes
        assert "no check recorded" in client.get("/p/_/history?a=abcd&b=" + second).text
        strength = client.get("/p/_/strength").text   # the toy's coverage asks for x=max over its secret tests
        assert "Coverage per subtask" in strength and "feature x=max ✓" in strength


def test_a_test_s_picture_is_shown_in_a_sandbox(toy_pkg: Path) -> None:
    from workbench_helpers import ojpack

    (toy_pkg / "visualizers").mkdir()
    (toy_pkg / "visualizers" / "draw.py").write_text(
        "import sys\na, b = open(sys.argv[1]).read().split()\n"
        "print(f'<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"80\" height=\"20\">"
        "<text x=\"2\" y=\"15\">{a}+{b}</text></svg>')\n")
    text = (toy_pkg / "problem.yaml").read_text()
    (toy_pkg / "problem.yaml").write_text(text + "visualizer: {source: visualizers/draw.py}\n")
    ojpack("build", "-p", str(toy_pkg))
    site = _site(toy_pkg)
    with TestClient(make_app(site, live=False)) as client:
        client.get(f"/?token={site.token}")
        assert '<img class="picture"' in client.get("/p/_/test/sample/01-one").text
        picture = client.get("/p/_/picture/sample/01-one")
        assert picture.status_code == 200 and picture.headers["content-type"].startswith("image/svg+xml"), picture.text
        assert picture.headers["content-security-policy"].startswith("sandbox")   # its script never runs
        assert b"<text" in picture.content
        assert client.get("/p/_/picture/sample/99-none").status_code == 404


def test_strength_shows_each_surviving_mutant_with_its_counterexample(toy_pkg: Path) -> None:
    from ojpack.judging import save_last
    from ojpack.problem import load_problem

    problem = load_problem(toy_pkg)
    found = toy_pkg / "build" / "strength" / "m3.in"
    found.parent.mkdir(parents=True)
    found.write_text("7 <8>\n")
    save_last(problem, "strength", {"mutants": 4, "killed": 2, "equivalent": 1, "stillborn": 0, "score": 0.6667,
                                    "added": None, "survived": [
                                        {"mutant": "m3", "diff": "- a + b\n+ a - b", "counterexample": str(found)},
                                        {"mutant": "m4", "diff": "- x\n+ y", "counterexample": "/etc/passwd"}]})
    site = _site(toy_pkg)
    with TestClient(make_app(site, live=False)) as client:
        client.get(f"/?token={site.token}")
        page = client.get("/p/_/strength").text
        assert "67%" in page and "m3 survived" in page and "- a + b" in page
        assert "7 &lt;8&gt;" in page            # the shrunk input, read from the package
        assert "root:" not in page and "m4 survived" in page   # a path outside is named, never read


def _job_line(client: TestClient, title: str, seconds: float = 120) -> str:
    """The header's job line once the job `title` has ended (the page shows the package's last job)."""
    import re

    deadline = time.monotonic() + seconds
    while True:
        page = client.get("/p/_/tests").text
        line = re.sub(r"\s+", " ", page.split('id="job"', 1)[1].split("</div>", 1)[0])
        if (title in line and ": running" not in line) or time.monotonic() > deadline:
            return line
        time.sleep(0.3)


def test_the_buttons_add_a_counterexample_and_run_one_solution(toy_pkg: Path) -> None:
    kept = toy_pkg / "build" / "stress" / "sum.py"   # where `ojpack stress` keeps a solution's counterexamples
    kept.mkdir(parents=True)
    (kept / "sum-vs-model.in").write_text("9 10\n")
    (kept / "sum-vs-model.log").write_text("checker: <wrong>\n")
    site = _site(toy_pkg)
    with TestClient(make_app(site, live=False)) as client:
        client.get(f"/?token={site.token}")
        page = client.get("/p/_/stress").text
        assert "sum.py/sum-vs-model" in page and "&lt;wrong&gt;" in page and 'value="stress-sum-vs-model"' in page
        token = {"X-Ojpack-Token": site.token}
        for stem in ("../../problem", "sum.py/../../../problem", "sum.py/../sum.py/sum-vs-model"):
            assert client.post("/p/_/action/stress-add", data={"stem": stem, "name": "x"},
                               headers=token).status_code == 202
            assert "failed — error: no counterexample" in _job_line(client, "stress --add")
        assert client.post("/p/_/action/stress-add", data={"stem": "sum.py/sum-vs-model", "name": "found"},
                           headers=token).status_code == 202
        assert "done — added tests.small: found" in _job_line(client, "stress --add")
        assert "{name: found, copy: generators/manual/found.in}" in (toy_pkg / "problem.yaml").read_text()
        assert (toy_pkg / "generators" / "manual" / "found.in").read_text() == "9 10\n"
        refused = client.post("/p/_/action/run", data={"solution": "/etc/passwd"}, headers=token)
        assert refused.status_code == 400 and "not one of the package's solutions" in refused.text
        assert client.post("/p/_/action/run", data={"solution": "solutions/accepted/sum.py"},
                           headers=token).status_code == 202
        assert "judge solutions/accepted/sum.py: done" in _job_line(client, "judge")


def test_an_ended_job_says_how_it_went() -> None:
    from ojpack.workbench.jobs import outcome_line

    failed = ["sandbox: root", "check failed: 1 problem(s)", "  • wrong_answer/x.py: expected WA, got AC",
              "data: 1 of 1 wrong solutions killed", "checker: 24 changed answers, 24 rejected; sound"]
    assert outcome_line(failed) == "check failed: 1 problem(s) • wrong_answer/x.py: expected WA, got AC"
    assert outcome_line(["check passed: 2 solutions × 3 tests", "checker: sound"]) == "check passed: 2 solutions × 3 tests"
    assert outcome_line(["built 3 tests", "error: the lock; run `ojpack build --update-lock`"]).startswith("error: the lock")
    assert outcome_line(["difference after 13 inputs", "again: ojpack stress x.py"]) == "again: ojpack stress x.py"


def test_serve_prints_its_address_and_warns_off_loopback(toy_pkg: Path) -> None:
    from workbench_helpers import start_serve, stop_serve

    served = start_serve(toy_pkg, "--no-live")
    try:
        assert served.base.startswith("http://127.0.0.1:") and len(served.token) >= 24
        assert "warning" not in served.said
    finally:
        stop_serve(served)
    served = start_serve(toy_pkg, "--no-live", "--host", "0.0.0.0")
    try:
        assert "warning:" in served.said and "reachable from other machines" in served.said
    finally:
        stop_serve(served)


def test_a_record_of_another_shape_still_shows(toy_pkg: Path) -> None:
    from ojpack.judging import save_last
    from ojpack.problem import load_problem

    # a last check from an ojpack that kept less (no times, no problems, no strength): the pages still show
    save_last(load_problem(toy_pkg), "check", {"ok": False, "tests": ["small/01-r1"], "solutions": [
        {"name": "accepted/sum.py", "verdict": "WA", "cells": [{"test": "small/01-r1", "verdict": "WA"}]}]})
    site = _site(toy_pkg)
    with TestClient(make_app(site, live=False)) as client:
        client.get(f"/?token={site.token}")
        for page in ("", "invocations", "strength", "history", "exports", "stress", "statement", "tests"):
            response = client.get(f"/p/_/{page}")
            assert response.status_code == 200, page
        assert "v-WA" in client.get("/p/_/invocations").text
        run = client.get("/p/_/run?solution=accepted/sum.py&test=small/01-r1")
        assert run.status_code == 200 and "no record of this run" in run.text
