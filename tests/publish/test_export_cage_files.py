"""A checker compiled for an export is read back from the cage's folder as a file the cage wrote."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from ojpack.errors import OjpackError
from ojpack.publish.export.checkers import compile_checker

HOSTILE = Path(__file__).parent / "hostile"
SECRET = "TOPSECRET-export-7d2a"


def test_a_compiled_checker_left_as_a_link_to_a_host_file_is_refused(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    secret = tmp_path / "host-only" / "key"
    secret.parent.mkdir(mode=0o700)
    secret.write_text(SECRET + "\n")
    tools = tmp_path / "tools" / "bin"
    tools.mkdir(parents=True)
    shutil.copy(HOSTILE / "link_output_gxx.sh", tools / "g++")
    (tools / "g++").chmod(0o755)
    (tools / "target.txt").write_text(str(secret))
    monkeypatch.setenv("PATH", f"{tools}:{os.environ['PATH']}")
    binary = tmp_path / "export" / "checker"
    with pytest.raises(OjpackError, match="cms: the compiled checker checker.bin is not a regular file"):
        compile_checker("int main() { return 0; }\n", binary, "cms")
    assert not binary.exists()
