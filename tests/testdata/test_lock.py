"""The lock file: sha256sum-compatible, drift named by kind."""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

import pytest

from ojpack.testdata import lock
from ojpack.errors import OjpackError


def test_round_trip_and_sha256sum_reads_it(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "sample").mkdir(parents=True)
    (data / "sample" / "1.in").write_bytes(b"hello\n")
    hashes = {"sample/1.in": hashlib.sha256(b"hello\n").hexdigest()}
    lock.write(tmp_path, hashes)
    assert lock.read(tmp_path) == hashes
    ok = subprocess.run(["sha256sum", "-c", str(tmp_path / lock.LOCK_FILE)], cwd=data, capture_output=True)
    assert ok.returncode == 0


def test_missing_lock_reads_as_none(tmp_path: Path) -> None:
    assert lock.read(tmp_path) is None


def test_malformed_lock(tmp_path: Path) -> None:
    (tmp_path / lock.LOCK_FILE).write_text("abc  x.in\n")
    with pytest.raises(OjpackError, match="line 1 is not '<sha256>  <file>'"):
        lock.read(tmp_path)


def test_drift_kinds() -> None:
    d = lock.compare({"a": "1", "b": "2", "c": "3"}, {"a": "1", "b": "9", "d": "4"})
    assert (d.changed, d.added, d.removed) == (["b"], ["d"], ["c"])
    assert d.describe() == "changed: b; new: d; gone: c"
    assert not lock.compare({"a": "1"}, {"a": "1"})
