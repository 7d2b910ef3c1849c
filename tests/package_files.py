"""Writing a source package for an import test from a mapping of relative paths to file texts."""

from __future__ import annotations

from pathlib import Path


def write_tree(root: Path, files: dict[str, str]) -> Path:
    """Each file of `files` (path relative to `root` → its text, UTF-8) written, folders made; `root` back."""
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root
