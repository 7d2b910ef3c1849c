"""`ojpack import` of broken and hostile packages found by bench/import_fuzz.py: each is one line (an
OjpackError, no traceback, no hang), the source is left as it was and no destination is left half-written."""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

from ojpack.errors import OjpackError
from ojpack.publish import import_package
from ojpack.formats.importing import read
from ojpack.formats.common.safe import no_outside_links

FIXTURES = Path(__file__).parents[1] / "formats" / "fixtures"


def copy(tmp_path: Path, name: str) -> Path:
    return shutil.copytree(FIXTURES / name, tmp_path / "src")


def fingerprint(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): (os.readlink(p) if p.is_symlink() else
                                             hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "dir")
            for p in sorted(root.rglob("*"))}


def one_line(e: pytest.ExceptionInfo[OjpackError]) -> str:
    assert "\n" not in str(e.value), str(e.value)
    return str(e.value)


def test_a_symlink_loop_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    src = copy(tmp_path, "polygon-sum")
    (src / "tests" / "01").unlink()
    (src / "tests" / "01").symlink_to("01")   # itself: resolve() raised RuntimeError
    with pytest.raises(OjpackError) as e:
        import_package(src, tmp_path / "out")
    assert "tests/01" in one_line(e)


def test_a_link_loop_named_by_the_xml_is_one_line(tmp_path: Path) -> None:
    src = copy(tmp_path, "polygon-sum")
    (src / "loop").symlink_to("loop")
    xml = src / "problem.xml"
    xml.write_text(xml.read_text().replace('<source path="files/gen.cpp"', '<source path="loop/gen.cpp"'))
    with pytest.raises(OjpackError) as e:
        read(src)
    assert "loop/gen.cpp" in one_line(e)


def test_a_fifo_in_the_package_is_refused_without_reading_it(tmp_path: Path) -> None:
    src = copy(tmp_path, "kattis/legacy-different")
    fifo = src / "data" / "secret" / "01.in"
    fifo.unlink()
    os.mkfifo(fifo)

    def feed() -> None:   # the old code read it: give it an input instead of hanging the test
        with open(fifo, "wb") as f:
            f.write(b"1 2\n")
    threading.Thread(target=feed, daemon=True).start()
    with pytest.raises(OjpackError, match="a FIFO") as e:
        import_package(src, tmp_path / "out")
    assert "data/secret/01.in" in one_line(e)
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_a_device_node_in_the_package_is_refused(tmp_path: Path) -> None:
    src = copy(tmp_path, "polygon-sum")
    os.mknod(src / "tests" / "07", 0o644 | stat.S_IFCHR, os.makedev(1, 3))   # /dev/null's numbers
    with pytest.raises(OjpackError, match="a device") as e:
        no_outside_links(src)
    assert "tests/07" in one_line(e)


def test_a_file_past_the_byte_bound_is_refused_before_it_is_read(tmp_path: Path) -> None:
    src = copy(tmp_path, "polygon-sum")
    with open(src / "tests" / "02", "r+b") as f:   # sparse: the bound is checked on its size
        f.truncate(3 << 20)
    with pytest.raises(OjpackError, match="more than the 2097152 bytes") as e:
        no_outside_links(src, max_bytes=2 << 20)
    assert "tests/02" in one_line(e)


def as_ojuser(cmd: list[str], folder: Path) -> subprocess.CompletedProcess[str]:
    subprocess.run(["chown", "-R", "ojuser:ojuser", str(folder)], check=True)
    return subprocess.run(["setpriv", "--reuid=ojuser", "--regid=ojuser", "--init-groups", *cmd],
                          capture_output=True, text=True, cwd=folder, env={**os.environ, "COLUMNS": "1000"})


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("setpriv") is None or
                    subprocess.run(["id", "ojuser"], capture_output=True).returncode != 0,
                    reason="needs root, setpriv and the plain user ojuser")
@pytest.mark.parametrize("what", ["data/secret", "data/secret/01.in"])
def test_what_the_user_cannot_read_is_refused_not_skipped(what: str) -> None:
    work = Path(tempfile.mkdtemp(prefix="ojpack-unreadable-"))
    try:
        os.chmod(work, 0o755)
        src = shutil.copytree(FIXTURES / "kattis" / "legacy-different", work / "src")
        subprocess.run(["chown", "-R", "ojuser:ojuser", str(work)], check=True)
        os.chmod(src / what, 0)
        done = as_ojuser([sys.executable, "-m", "ojpack.cli", "import", str(src), "--to", str(work / "out")], work)
        assert done.returncode == 1, done.stdout + done.stderr
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and "cannot be read" in lines[0] and what.split("/")[-1] in lines[0], done.stderr
        assert "Traceback" not in done.stderr and not (work / "out").exists()
    finally:
        subprocess.run(["chmod", "-R", "u+rwx", str(work)])
        shutil.rmtree(work, ignore_errors=True)


def test_an_import_into_the_source_is_refused_and_the_source_unchanged(tmp_path: Path) -> None:
    src = copy(tmp_path, "polygon-sum")
    before = fingerprint(src)
    with pytest.raises(OjpackError, match="inside the source package") as e:
        import_package(src, src / "imported")
    one_line(e)
    assert fingerprint(src) == before


@pytest.mark.parametrize("existing", [False, True])
def test_an_import_that_fails_while_writing_leaves_the_destination_as_it_was(tmp_path: Path, existing: bool) -> None:
    src = copy(tmp_path, "polygon-sum")
    xml = src / "problem.xml"
    xml.write_text(xml.read_text().replace("<time-limit>500</time-limit>", "<time-limit>-500</time-limit>"))
    out = tmp_path / "out"
    if existing:
        out.mkdir()
    with pytest.raises(OjpackError, match="limits.time") as e:
        import_package(src, out)
    assert f"nothing was left in {out}" in str(e.value)
    assert (sorted(out.iterdir()) == []) if existing else not out.exists()


@pytest.mark.parametrize("limits", ["[1, 2]", "zz", "7"])
def test_limits_that_are_not_a_mapping_name_the_file_and_line(tmp_path: Path, limits: str) -> None:
    src = copy(tmp_path, "kattis/icpc2025-fltcmp")
    meta = src / "problem.yaml"
    lines = [line for line in meta.read_text().splitlines() if not line.startswith((" ", "limits"))]
    meta.write_text("\n".join(lines) + f"\nlimits: {limits}\n")
    with pytest.raises(OjpackError, match="limits: expected a mapping") as e:
        read(src)
    assert f"problem.yaml, line {len(lines) + 1}" in one_line(e)


def test_broken_yaml_is_one_line_with_its_line(tmp_path: Path) -> None:
    src = copy(tmp_path, "kattis/legacy-different")
    (src / "problem.yaml").write_text("name: x\nlimits:\n  time_multiplier: [\n")
    with pytest.raises(OjpackError, match="invalid YAML") as e:
        read(src)
    assert "problem.yaml, line 4, column 1" in one_line(e)


def test_a_generators_yaml_directory_that_is_no_mapping_is_noted(tmp_path: Path) -> None:
    src = copy(tmp_path, "kattis/bapc-generatorcount")
    plan = src / "generators" / "generators.yaml"
    plan.write_text(plan.read_text().replace("  sample:\n    data:\n      - '': { in: s 1 2}",
                                             "  sample:\n    data: {x: 1}"))
    imp = read(src)
    assert any("data.sample.x: a int, not a directory or a case" in n for n in imp.notes)


def test_a_count_past_the_bound_is_refused(tmp_path: Path) -> None:
    src = copy(tmp_path, "kattis/bapc-generatorcount")
    plan = src / "generators" / "generators.yaml"
    plan.write_text(plan.read_text().replace("count: [1,2,3,4, 5,6,7,8,9, 10]", "count: 20000"))
    with pytest.raises(OjpackError, match="count 20000: more than 10000 tests") as e:
        read(src)
    one_line(e)


def test_an_unknown_xml_encoding_is_one_line(tmp_path: Path) -> None:
    src = copy(tmp_path, "polygon-sum")
    xml = src / "problem.xml"
    xml.write_bytes(b'<?xml version="1.0" encoding="zz"?>\n' + xml.read_bytes().split(b"?>", 1)[1])
    with pytest.raises(OjpackError, match="not valid XML") as e:
        read(src)
    one_line(e)


@pytest.mark.parametrize("pattern", ["tests/%12345d", "tests/%s%s"])   # %999999999d: 1 GB a test
def test_a_test_path_pattern_with_a_huge_width_or_several_values_is_refused(tmp_path: Path, pattern: str) -> None:
    src = copy(tmp_path, "polygon-sum")
    xml = src / "problem.xml"
    xml.write_text(xml.read_text().replace("<input-path-pattern>tests/%02d<", f"<input-path-pattern>{pattern}<"))
    with pytest.raises(OjpackError, match="not a path with one %d in it") as e:
        read(src)
    assert "input-path-pattern" in one_line(e)


@pytest.mark.parametrize(("limits", "key"), [("{time_multiplier: .nan}", "time_multiplier"),
                                             ("{time_resolution: 0}", "time_resolution")])
def test_a_time_rule_that_cannot_derive_a_limit_is_refused_before_anything_runs(tmp_path: Path, limits: str,
                                                                                key: str) -> None:
    src = copy(tmp_path, "kattis/legacy-different")
    (src / "problem.yaml").write_text(f"name: x\nlimits: {limits}\n")
    with pytest.raises(OjpackError, match=f"limits.{key}: should be a positive number") as e:
        import_package(src, tmp_path / "out")   # was ValueError / ZeroDivisionError after judging the solutions
    one_line(e)
    assert not (tmp_path / "out").exists()


def test_a_file_name_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    src = copy(tmp_path, "polygon-sum")
    with open(os.path.join(os.fsencode(src / "files"), b"\xff\xfe.h"), "wb") as f:
        f.write((src / "files" / "testlib.h").read_bytes())   # a header: the build compiled it in, and crashed
    with pytest.raises(OjpackError, match="not UTF-8") as e:
        import_package(src, tmp_path / "out")
    assert "files/" in one_line(e) and not (tmp_path / "out").exists()


def test_a_symlink_to_a_folder_above_it_is_refused_as_a_cycle(tmp_path: Path) -> None:
    src = copy(tmp_path, "kattis/icpc2025-fltcmp")
    (src / "input_validators" / "loop").symlink_to("..")   # the package's files were found twice, through it
    with pytest.raises(OjpackError, match="a cycle") as e:
        import_package(src, tmp_path / "out")
    assert "input_validators/loop" in one_line(e) and not (tmp_path / "out").exists()
