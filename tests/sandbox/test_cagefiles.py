"""Reading what a caged program left: no link followed, no FIFO waited on, no more than asked for."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ojpack.sandbox.cagefiles import CageFileError, CappedFolder, read_from, require_regular
from ojpack.sandbox.runner import RunLimits, run
from ojpack.sandbox.languages import real_python


def test_only_regular_files_are_read_and_only_their_head(tmp_path: Path) -> None:
    (tmp_path / "host-secret").write_text("secret")
    folder = tmp_path / "left"
    folder.mkdir()
    (folder / "big").write_bytes(b"x" * 100_000)
    os.symlink(tmp_path / "host-secret", folder / "link")
    os.mkfifo(folder / "fifo")   # opening it to read would wait for a writer forever without O_NONBLOCK
    (folder / "sub").mkdir()
    assert read_from(folder, "big", 10) == b"x" * 10
    assert read_from(folder, "missing", 10) is None
    for name in ("link", "fifo", "sub"):
        with pytest.raises(CageFileError, match=f"{name} is not a regular file"):
            read_from(folder, name, 10)
    with pytest.raises(CageFileError, match="is not a regular file"):
        require_regular(folder)
    (folder / "sub").rmdir()
    (folder / "link").unlink()
    (folder / "fifo").unlink()
    require_regular(folder)


def test_a_capped_folder_holds_what_the_cage_wrote_and_nothing_lands_on_the_host_disk(tmp_path: Path) -> None:
    writer = tmp_path / "writer.py"
    writer.write_text("import sys\nfor i in range(3):\n    open(f'{sys.argv[1]}/f{i}', 'w').write('hi' * 1000)\n")
    with CappedFolder(tmp_path / "capped") as folder:
        res = run([real_python(), str(writer), str(folder.path)], Path(os.devnull), tmp_path / "out",
                  RunLimits(5.0, 10.0, 256, 1), readable=[writer], writable=folder.writable, mounts=folder.mounts)
        assert res.status == "ok"
        assert folder.read("f2", 10_000) == b"hi" * 1000 and not folder.full()
    assert os.listdir(tmp_path / "capped") == []
