"""The committed lock file: a SHA-256 per test file, in `sha256sum` format (`sha256sum -c` reads it)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..cache import write_atomic
from ..errors import OjpackError, not_utf8

LOCK_FILE = "data.sha256"


@dataclass(frozen=True)
class Drift:
    changed: list[str]
    added: list[str]
    removed: list[str]

    def __bool__(self) -> bool:
        return bool(self.changed or self.added or self.removed)

    def describe(self) -> str:
        parts = [f"{label}: {', '.join(names[:8])}{' …' if len(names) > 8 else ''}"
                 for label, names in (("changed", self.changed), ("new", self.added), ("gone", self.removed))
                 if names]
        return "; ".join(parts)


def render(hashes: dict[str, str]) -> str:
    return "".join(f"{h}  {name}\n" for name, h in sorted(hashes.items()))


def read(root: Path) -> dict[str, str] | None:
    path = root / LOCK_FILE
    if not path.exists():
        return None
    out: dict[str, str] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise not_utf8(path, e) from None
    for n, line in enumerate(text.splitlines(), start=1):
        h, sep, name = line.partition("  ")
        if not sep or len(h) != 64:
            raise OjpackError(f"{path}: line {n} is not '<sha256>  <file>'")
        out[name] = h
    return out


def compare(locked: dict[str, str], current: dict[str, str]) -> Drift:
    return Drift(
        changed=sorted(k for k in locked.keys() & current.keys() if locked[k] != current[k]),
        added=sorted(current.keys() - locked.keys()),
        removed=sorted(locked.keys() - current.keys()),
    )


def write(root: Path, hashes: dict[str, str]) -> None:
    write_atomic(root / LOCK_FILE, render(hashes).encode())
