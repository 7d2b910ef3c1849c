"""Output-only tasks (`kind: output_only`): a submission is the output files themselves, a zip or a folder,
each named by its test as CMS names them (`output_<test>.txt`) or plainly (`<test>.out`). Every file is
judged by the package's checker; a test without a file is WA; there is no program and no time limit.

The zip is read without being extracted, from the central directory first: an entry that climbs out
(`..`, an absolute name), a symlink, too many entries or too many declared bytes refuse the whole zip in
one line, and the bytes really read are counted against the bound (the directory may lie). The importer's
extract_zip does the same for packages, but it lives in publish/, above judging in the layers."""

from __future__ import annotations

import stat
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..errors import OjpackError
from ..testdata import BuiltTest
from .checker import Checker, CheckerError
from .execute import Cell, of_check
from .verdicts import Verdict

MAX_OUTPUT_BYTES = 256 << 20    # a whole submission's outputs, decompressed
MAX_ENTRIES = 10_000
_CHUNK = 1 << 20


def names_of(test: BuiltTest, index: int) -> tuple[str, ...]:
    """The file names the output of the `index`-th test (from 0, samples first) may take: CMS's
    output_<codename>.txt and <codename>.out, the codename being CMS's (%03d of the index, as the CMS
    export numbers the tests), the group and data file's (small-02-few) or the plan's name (few)."""
    stem = test.id.rsplit("/", 1)[-1]
    codes = (f"{index:03d}", f"{test.group}-{stem}", test.name)
    return tuple(dict.fromkeys(n for code in codes for n in (f"output_{code}.txt", f"{code}.out")))


def _read_zip(archive: Path) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    try:
        with zipfile.ZipFile(archive) as z:
            infos = z.infolist()
            if len(infos) > MAX_ENTRIES:
                raise OjpackError(f"{archive}: {len(infos)} entries, more than {MAX_ENTRIES}; refused")
            if sum(i.file_size for i in infos) > MAX_OUTPUT_BYTES:
                raise OjpackError(f"{archive}: over {MAX_OUTPUT_BYTES >> 20} MiB once decompressed; refused")
            for i in infos:
                name = PurePosixPath(i.filename.replace("\\", "/"))
                if name.is_absolute() or ".." in name.parts or i.filename[1:2] == ":":
                    raise OjpackError(f"{archive}: entry {i.filename!r} points outside the zip; refused")
                if stat.S_ISLNK(i.external_attr >> 16):
                    raise OjpackError(f"{archive}: entry {i.filename!r} is a symlink; refused")
            total = 0
            for i in infos:
                if i.is_dir():
                    continue
                chunks = []
                with z.open(i) as src:
                    while chunk := src.read(_CHUNK):
                        total += len(chunk)
                        if total > MAX_OUTPUT_BYTES:
                            raise OjpackError(f"{archive}: decompresses to more than its directory declares "
                                              f"(over {MAX_OUTPUT_BYTES >> 20} MiB); refused")
                        chunks.append(chunk)
                out[PurePosixPath(i.filename).name] = b"".join(chunks)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError) as e:
        raise OjpackError(f"{archive}: a broken zip: {e}") from None
    return out


def _read_folder(folder: Path) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    total = 0
    for f in sorted(folder.iterdir()):
        if f.is_symlink():
            raise OjpackError(f"{f}: a symlink among the outputs; refused")
        if f.is_file():
            total += f.stat().st_size
            if total > MAX_OUTPUT_BYTES:
                raise OjpackError(f"{folder}: over {MAX_OUTPUT_BYTES >> 20} MiB of outputs; refused")
            out[f.name] = f.read_bytes()
    return out


def read_outputs(source: Path) -> dict[str, bytes]:
    """File name -> bytes of a submission's outputs (a zip or a folder; one level, names only)."""
    if source.is_dir():
        return _read_folder(source)
    if source.is_file() and zipfile.is_zipfile(source):
        return _read_zip(source)
    raise OjpackError(f"{source}: an output-only submission is a zip or a folder of output_<test>.txt files")


@dataclass(frozen=True)
class Matched:
    files: dict[str, bytes | None]   # test id -> its output (None: missing)
    unused: tuple[str, ...]          # files no test takes


def match(tests: list[BuiltTest], outputs: dict[str, bytes]) -> Matched:
    taken: set[str] = set()
    files: dict[str, bytes | None] = {}
    every = [n for i, t in enumerate(tests) for n in names_of(t, i)]
    shared = {n for n in every if every.count(n) > 1}   # a plan name two groups use names neither test
    for i, t in enumerate(tests):
        name = next((n for n in names_of(t, i) if n in outputs and n not in shared), None)
        files[t.id] = outputs[name] if name else None
        if name:
            taken.add(name)
    return Matched(files, tuple(sorted(set(outputs) - taken)))


def judge_outputs(tests: list[BuiltTest], outputs: dict[str, bytes], checker: Checker) -> list[Cell]:
    """Each test's output judged by `checker` (time and memory are 0: no program ran)."""
    got = match(tests, outputs)
    cells = []
    with tempfile.TemporaryDirectory(prefix="ojpack-outputs-") as tmp:
        for i, t in enumerate(tests):
            data = got.files[t.id]
            if data is None:
                cells.append(Cell(t.id, Verdict.WA, 0.0, 0.0, 0.0, f"no {names_of(t, i)[0]} in the submission"))
                continue
            out = Path(tmp) / "output"
            out.write_bytes(data)
            try:
                checked = checker.check(t.input, t.answer, out)
                cells.append(Cell(t.id, of_check(checked), 0.0, 0.0, 0.0, checked.message,
                                  fraction=checked.fraction))
            except CheckerError as e:
                cells.append(Cell(t.id, Verdict.JE, 0.0, 0.0, 0.0, str(e)))
    return cells
