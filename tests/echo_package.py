"""A small legacy Kattis package for the import tests: print the input number."""

from __future__ import annotations

from pathlib import Path


def echo_package(root: Path, secret: str = "7\n", extra: dict[str, str] | None = None) -> Path:
    """The package at `root` (a .timelimit, a sample, one secret test, one accepted submission) with the
    `extra` files (path → text) added."""
    files = {"problem.yaml": "name: Echo\n", ".timelimit": "1\n", "data/sample/1.in": "1\n", "data/sample/1.ans": "1\n",
             "data/secret/2.in": secret, "data/secret/2.ans": secret,
             "submissions/accepted/echo.py": "print(int(input()))\n", **(extra or {})}
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root
