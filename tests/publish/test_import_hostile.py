"""`ojpack import` of hostile packages: paths out of the package, zip bombs and zip-slip, XML and YAML bombs.
Each is refused with one line, and nothing outside the package is read or written."""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from ojpack.errors import OjpackError
from ojpack.publish import import_package
from ojpack.formats.importing import read
from ojpack.formats.common.safe import extract_zip

FIXTURE = Path(__file__).parents[1] / "formats" / "fixtures" / "polygon-sum"
sys.path.insert(0, str(Path(__file__).parents[1] / "problem"))
from test_yaml_aliases import laughs  # noqa: E402


def polygon_copy(tmp_path: Path) -> Path:
    return shutil.copytree(FIXTURE, tmp_path / "src")


@pytest.mark.parametrize(("old", "new", "what"), [
    ("<input-path-pattern>tests/%02d</input-path-pattern>",
     "<input-path-pattern>../../../../../../../../etc/passwd%.0d</input-path-pattern>", "input-path-pattern"),
    ("<answer-path-pattern>tests/%02d.a</answer-path-pattern>",
     "<answer-path-pattern>/etc/passwd%.0d</answer-path-pattern>", "answer-path-pattern"),
    ('<source path="files/gen.cpp"', '<source path="../../../../../../etc/hostname"', "<source path=…>"),
    ('<source path="solutions/main.cpp"', '<source path="/etc/passwd"', "<source path=…>"),
    ('<source path="files/val.cpp"', '<source path="files/../../../../../../etc/hosts"', "<source path=…>"),
])
def test_paths_out_of_the_package_are_refused(tmp_path: Path, old: str, new: str, what: str) -> None:
    src = polygon_copy(tmp_path)
    xml = src / "problem.xml"
    assert old in xml.read_text()
    xml.write_text(xml.read_text().replace(old, new))
    with pytest.raises(OjpackError, match="outside the package") as e:
        read(src)
    assert what in str(e.value) and "\n" not in str(e.value)


def test_a_symlink_out_of_the_package_is_refused(tmp_path: Path) -> None:
    src = polygon_copy(tmp_path)
    (src / "tests" / "02").unlink()
    (src / "tests" / "02").symlink_to("/etc/passwd")
    with pytest.raises(OjpackError, match="symlink out of the package"):
        import_package(src, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_an_xml_bomb_is_refused_before_parsing(tmp_path: Path) -> None:
    src = polygon_copy(tmp_path)
    ents = '<!ENTITY a "aaaaaaaaaa">' + "".join(f'<!ENTITY {c} "{("&" + p + ";") * 10}">'
                                                 for p, c in zip("abcdefgh", "bcdefghi"))
    text = (src / "problem.xml").read_text()
    text = text.replace('short-name="', f'short-name="&i;', 1)
    (src / "problem.xml").write_text(f'<?xml version="1.0"?>\n<!DOCTYPE problem [{ents}]>\n' + text.split("?>", 1)[-1])
    with pytest.raises(OjpackError, match="DOCTYPE or ENTITY; refused"):
        read(src)


def zeros_zip(path: Path, size: int) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("pkg/problem.xml", "<problem/>")
        z.writestr("pkg/tests/01", b"\0" * size)


def test_a_zip_bomb_is_refused_from_its_directory_before_anything_is_written(tmp_path: Path) -> None:
    zeros_zip(tmp_path / "bomb.zip", 8 << 20)
    assert (tmp_path / "bomb.zip").stat().st_size < 20_000
    dest = tmp_path / "x"
    dest.mkdir()
    with pytest.raises(OjpackError, match=r"more than the 1048576 ojpack imports; refused"):
        extract_zip(tmp_path / "bomb.zip", dest, max_bytes=1 << 20)
    assert list(dest.iterdir()) == []


def test_a_zip_whose_directory_lies_about_sizes_stops_at_the_bound(tmp_path: Path) -> None:
    bomb = tmp_path / "liar.zip"
    zeros_zip(bomb, 8 << 20)
    data = bytearray(bomb.read_bytes())
    # declare 10 bytes for tests/01 in its local header and in the central directory (uncompressed size)
    local = data.index(b"PK\x03\x04", data.index(b"pkg/problem.xml"))
    struct.pack_into("<I", data, local + 22, 10)
    central = data.index(b"PK\x01\x02", data.index(b"PK\x01\x02") + 4)
    struct.pack_into("<I", data, central + 24, 10)
    bomb.write_bytes(bytes(data))
    assert sum(i.file_size for i in zipfile.ZipFile(bomb).infolist()) < 100
    dest = tmp_path / "x"
    dest.mkdir()
    with pytest.raises(OjpackError, match=r"liar.zip: (decompresses to more than|a broken zip)"):
        extract_zip(bomb, dest, max_bytes=1 << 20)
    assert sum(p.stat().st_size for p in dest.rglob("*") if p.is_file()) <= 1 << 20


@pytest.mark.parametrize("name", ["../evil", "/tmp/evil", "pkg/../../evil"])
def test_zip_slip_names_are_refused(tmp_path: Path, name: str) -> None:
    archive = tmp_path / "slip.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("pkg/problem.xml", "<problem/>")
        z.writestr(name, "owned")
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "import", str(archive), "--to", str(tmp_path / "o")],
                          capture_output=True, text=True)
    assert proc.returncode == 1 and "outside the package; refused" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "evil").exists()


def test_a_symlink_entry_in_a_zip_is_refused(tmp_path: Path) -> None:
    archive = tmp_path / "link.zip"
    with zipfile.ZipFile(archive, "w") as z:
        info = zipfile.ZipInfo("pkg/tests/01")
        info.external_attr = (0o120777 << 16)
        z.writestr(info, "/etc/passwd")
    with pytest.raises(OjpackError, match="is a symlink; refused"):
        import_package(archive, tmp_path / "o")


def test_a_billion_laughs_kattis_package_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "kattis"
    (src / "data" / "secret").mkdir(parents=True)
    (src / "problem.yaml").write_text("name: &n x\n" + laughs() + "problem_format_version: *l8\nsource: *l8\n")
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "import", str(src), "--to", str(tmp_path / "o")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1 and "YAML aliases (*name) are refused" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def test_names_from_the_package_cannot_write_cpp_into_the_adapters() -> None:
    from ojpack.formats.polygon.testlib_run import adapter, interactor_adapter
    evil = 'files/v\n#include "/etc/passwd"\n.cpp'
    for text in (adapter(evil, 'v".h', ['s1"; system("x");'], "tests\n"), interactor_adapter(evil, 'v".h')):
        assert "/etc/passwd\"" not in text and 'system("x")' not in text
        assert all(not line.startswith('#include "/') for line in text.splitlines())
    assert '"s1\\042' in adapter("v.cpp", "v.h", ['s1"; system("x");'])   # the quote is escaped


@pytest.mark.parametrize("target", ["passwd", "folder", "chain"])
def test_allow_outside_lets_in_only_regular_files_under_the_folder(tmp_path: Path, target: str) -> None:
    """--allow-outside DIR: a link to /etc/passwd, to a folder under DIR, or to a link under DIR that leads
    out of it is still refused, naming the link."""
    src = polygon_copy(tmp_path)
    allowed = tmp_path / "allowed"
    (allowed / "folder").mkdir(parents=True)
    (allowed / "chain").symlink_to("/etc/passwd")
    (src / "tests" / "02").unlink()
    (src / "tests" / "02").symlink_to("/etc/passwd" if target == "passwd" else allowed / target)
    with pytest.raises(OjpackError, match="^tests/02: a symlink") as e:
        import_package(src, tmp_path / "out", allow_outside=[allowed])
    assert "refused" in str(e.value) and "\n" not in str(e.value)
    assert not (tmp_path / "out").exists()
