"""A compiler's version is remembered in the machine-wide store; an entry this user cannot read (one root wrote,
mode 0600, in a store a plain user shares) is asked again, never an error."""

from __future__ import annotations

import pathlib

import pytest

from ojpack.sandbox import languages


def test_an_unreadable_remembered_version_is_asked_again(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OJPACK_CACHE_HOME", str(tmp_path / "store"))
    languages.tool_version.cache_clear()
    first = languages.tool_version("g++")
    kept = list((tmp_path / "store" / "tool-versions").iterdir())
    assert len(kept) == 1 and kept[0].read_text() == first
    real = pathlib.Path.read_text

    def refused(self: pathlib.Path, *args: object, **kwargs: object) -> str:
        if self.parent.name == "tool-versions":   # as a plain user sees root's 0600 file
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "read_text", refused)
    languages.tool_version.cache_clear()
    assert languages.tool_version("g++") == first
    languages.tool_version.cache_clear()
