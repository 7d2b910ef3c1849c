"""A checker compiled for an export is read back from the cage's folder as a file the cage wrote."""

from __future__ import annotations

from pathlib import Path

import pytest

from ojpack.errors import OjpackError
from ojpack.formats.common.checkers import compile_checker

from conftest import fake_tool, host_secret

HOSTILE = Path(__file__).parent / "hostile"
SECRET = "TOPSECRET-export-7d2a"


def test_a_compiled_checker_left_as_a_link_to_a_host_file_is_refused(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    fake_tool(tmp_path, monkeypatch, HOSTILE / "link_output_gxx.sh", "g++", host_secret(tmp_path, SECRET))
    binary = tmp_path / "export" / "checker"
    with pytest.raises(OjpackError, match="cms: the compiled checker checker.bin is not a regular file"):
        compile_checker("int main() { return 0; }\n", binary, "cms")
    assert not binary.exists()
