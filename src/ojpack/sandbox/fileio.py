"""Runs of a program that reads its test from a named file and writes its answer to one (OI style).

The run's working directory is a capped folder of its own (cagefiles.CappedFolder: a detached tmpfs moved
into the cage; in the thread's prepared cage when it lies under /tmp, see pool.py): the test is copied there under its name before the run, as Polygon and CMS
copy it, and the answer is read from there afterwards as hostile, like a checker's feedback: never through a
symbolic link, never from a FIFO (`read_cage_file`), and at most the output limit. As on CMS, a program
given its test in a file gets an empty standard input, and one that must write a file has its standard
output read and dropped (still under the output limit), so a solution that forgets the files fails here as
it would there. The folder holds the test, the output limit and `SLACK` for the program's own scratch files."""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from dataclasses import dataclass, replace
from pathlib import Path

from .cagefiles import CageFileError, CappedFolder
from .limits import MIB, Files, RunLimits
from .runner import RunResult, run

SLACK = 16 * MIB      # room in the folder for what the program writes besides its answer
UNCAPPED_OUTPUT = 64  # MiB of answer room when the run has no output limit
FILES = 64            # files (and folders) the folder may hold


@dataclass(frozen=True)
class FileRun:
    result: RunResult
    lost: str = ""   # why the answer could not be taken from its file (the program's fault: a wrong answer)


def run_with_files(argv: list[str] | tuple[str, ...], test: Path, out: Path, limits: RunLimits,
                   stderr: Path | None = None, *, address_space: bool = True, cgroup: bool | None = None,
                   isolate: bool | None = None) -> FileRun:
    """Run `argv` on the test `test` and leave its answer in `out`, whichever stream or file `limits.files`
    names. Without files it is a plain `run`; an answer file that is missing, a link, a FIFO or a folder leaves
    `out` empty and says so in `lost`; one over the output limit makes the run OLE."""
    files = limits.files
    limits = replace(limits, files=None)
    if files is None or (files.input is None and files.output is None):
        return FileRun(run(argv, test, out, limits, stderr, address_space=address_space, cgroup=cgroup,
                           isolate=isolate))
    room = (limits.output_mib or UNCAPPED_OUTPUT) * MIB + SLACK + (test.stat().st_size if files.input else 0)
    tmp = tempfile.mkdtemp(prefix="ojpack-files-")
    folder = CappedFolder(Path(tmp, "work"), size=room, files=FILES)
    try:
        folder.__enter__()
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    try:
        if files.input:
            folder.put(files.input, test)
        res = run(argv, Path(os.devnull) if files.input else test, out, limits, stderr, address_space=address_space,
                  cgroup=cgroup, isolate=isolate, cwd=folder.path, writable=folder.writable, mounts=folder.mounts)
        return _taken(folder, files, res, out, limits, room)
    finally:
        # Closing the folder's mount waits for the kernel to unmount it (a grace period: ~5 ms on a busy
        # machine, as long as a small run): it is done beside the caller's next step, not before it.
        threading.Thread(target=_dispose, args=(folder, tmp), name="ojpack-files-close").start()


def _taken(folder: CappedFolder, files: Files, res: RunResult, out: Path, limits: RunLimits, room: int) -> FileRun:
    """The run's answer from its output file into `out` (or its standard output's place, for a stream)."""
    if files.output is None or res.status not in ("ok", "re"):
        return FileRun(res)
    # Python ignores SIGXFSZ: a write past the output limit fails (EFBIG), and the program may die of it;
    # the file, one byte over the limit, says OLE
    limit = limits.output_mib * MIB if limits.output_mib else None
    try:
        answer = folder.read(files.output, (limit if limit is not None else room) + 1)
        lost = "" if answer is not None else f"it wrote no output file {files.output}"
    except CageFileError as e:
        answer, lost = None, f"its output file {e}"
    over = folder.full() or (answer is not None and limit is not None and len(answer) > limit)
    out.write_bytes(b"" if answer is None or over else answer)
    if over:
        return FileRun(replace(res, status="ole", output_bytes=len(answer or b"")))
    if res.status != "ok":
        return FileRun(res)
    return FileRun(replace(res, output_bytes=len(answer or b"")), lost)


def _dispose(folder: CappedFolder, tmp: str) -> None:
    folder.__exit__(None, None, None)
    shutil.rmtree(tmp, ignore_errors=True)
