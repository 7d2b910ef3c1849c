"""Where a batch of submissions comes from: files, folders (one per user, or a flat dump), zips, and an
index (CSV or JSON: id, user, language, file) as an online judge exports them.

Nothing is dropped silently: a file that is no known source is skipped only inside a folder or zip, and
then listed (`Collected.skipped`); an index row whose file or language is missing is an error naming it."""

from __future__ import annotations

import csv
import json
import stat
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..errors import OjpackError
from ..sandbox import is_source, load_languages

# A submission is source code: anything larger is no contestant's program, and a zip's members are read
# against these bounds (its directory may lie, so the bytes actually read are counted).
MAX_SOURCE_BYTES = 1 << 20
MAX_ZIP_BYTES = 512 << 20
MAX_ZIP_MEMBERS = 100_000


@dataclass(frozen=True)
class Submission:
    id: str                 # stable and unique in the batch: the path as given, relative to its folder or zip
    path: Path              # the file ojpack compiles (a zip member is extracted to a private folder)
    user: str = ""
    lang: str | None = None   # a language id of ours; None: from the extension


@dataclass(frozen=True)
class Collected:
    submissions: tuple[Submission, ...]
    skipped: tuple[str, ...]    # files of a folder or zip that are no source ojpack can run


def collect(paths: list[Path], index: Path | None, scratch: Path) -> Collected:
    """Every submission the arguments name, in a stable order (as given; a folder's or zip's sorted)."""
    subs: list[Submission] = []
    skipped: list[str] = []
    if index is not None:
        subs += _from_index(index)
    for path in paths:
        if path.is_dir():
            found, left = _from_folder(path)
        elif path.is_file() and zipfile.is_zipfile(path) and path.suffix.lower() == ".zip":
            found, left = _from_zip(path, Path(tempfile.mkdtemp(prefix="zip-", dir=scratch)))
        elif path.is_file():
            found, left = [Submission(str(path), path)], []
        else:
            raise OjpackError(f"{path}: no such file or folder")
        subs += found
        skipped += left
    seen: dict[str, Submission] = {}
    for s in subs:
        if s.id in seen:
            raise OjpackError(f"two submissions have the id {s.id!r} ({seen[s.id].path} and {s.path})")
        seen[s.id] = s
    if not subs:
        raise OjpackError("no submission to judge" + (f" (skipped, not a known source: {', '.join(skipped[:5])})"
                                                      if skipped else ""))
    return Collected(tuple(subs), tuple(skipped))


def _user_of(relative: PurePosixPath) -> str:
    """One folder per user (an OJ's export): the first folder of a nested path names the user."""
    parts = [p for p in relative.parts[:-1] if p not in ("", ".", "..", "/")]
    return parts[0] if parts else ""


def _from_folder(folder: Path) -> tuple[list[Submission], list[str]]:
    found, skipped = [], []
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()):
        rel = PurePosixPath(path.relative_to(folder).as_posix())
        if is_source(path):
            found.append(Submission(f"{folder.name}/{rel}", path, _user_of(rel)))
        else:
            skipped.append(f"{folder.name}/{rel}")
    return found, skipped


def _from_zip(archive: Path, into: Path) -> tuple[list[Submission], list[str]]:
    """Members are written under numbered names of ours (never the zip's own path), each read with a bound."""
    found, skipped = [], []
    total = 0
    with zipfile.ZipFile(archive) as z:
        infos = [i for i in z.infolist() if not i.is_dir()]
        if len(infos) > MAX_ZIP_MEMBERS:
            raise OjpackError(f"{archive}: {len(infos)} files, more than the {MAX_ZIP_MEMBERS} a batch takes")
        for n, info in enumerate(sorted(infos, key=lambda i: i.filename)):
            name = PurePosixPath(info.filename)
            is_link = stat.S_ISLNK(info.external_attr >> 16)
            if is_link or not is_source(Path(name.name)):
                skipped.append(f"{archive.name}:{info.filename}")
                continue
            with z.open(info) as member:
                data = member.read(MAX_SOURCE_BYTES + 1)
            if len(data) > MAX_SOURCE_BYTES:
                raise OjpackError(f"{archive}: {info.filename} is over {MAX_SOURCE_BYTES >> 20} MiB: not a source")
            total += len(data)
            if total > MAX_ZIP_BYTES:
                raise OjpackError(f"{archive}: more than {MAX_ZIP_BYTES >> 20} MiB of sources")
            target = into / str(n) / name.name
            target.parent.mkdir(parents=True)
            target.write_bytes(data)
            found.append(Submission(f"{archive.name}:{info.filename}", target, _user_of(name)))
    return found, skipped


def language_id(name: str) -> str | None:
    """Our language id for what an index calls it: an id (`cpp`), a table name (`C++17`, `Python 3`), or an
    extension (`py`); None when nothing matches."""
    wanted = name.strip().lower().replace(" ", "")
    for lang in load_languages().values():
        if wanted in (lang.id, lang.name.lower().replace(" ", ""), *lang.extensions):
            return lang.id
    return None


def _from_index(index: Path) -> list[Submission]:
    """CSV with a header (id, user, language, file) or JSON (a list of objects with those keys); `file` is
    relative to the index's folder and must stay inside it."""
    try:
        text = index.read_text(encoding="utf-8")
        rows = json.loads(text) if index.suffix.lower() == ".json" else list(csv.DictReader(text.splitlines()))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, csv.Error) as e:
        raise OjpackError(f"{index}: cannot read the index: {e}") from None
    if not isinstance(rows, list):
        raise OjpackError(f"{index}: the index must be a list of submissions")
    base = index.parent.resolve()
    out = []
    for n, row in enumerate(rows, start=1):
        if not isinstance(row, dict) or not row.get("file"):
            raise OjpackError(f"{index}: row {n}: needs at least a 'file'")
        path = (base / str(row["file"])).resolve()
        if not path.is_relative_to(base) or not path.is_file():
            raise OjpackError(f"{index}: row {n}: {row['file']!r} is no file inside {base}")
        lang = None
        if row.get("language"):
            lang = language_id(str(row["language"]))
            if lang is None:
                raise OjpackError(f"{index}: row {n}: unknown language {row['language']!r}; known: "
                                  f"{', '.join(load_languages())}")
        out.append(Submission(str(row.get("id") or row["file"]), path, str(row.get("user") or ""), lang))
    return out
