"""A picture of one test, drawn by the package's visualizer (problem.yaml's `visualizer:`).

The visualizer is the package's program, so it runs in the sandbox under a time, memory and output cap:
`visualizer input answer [args]`, the input also on its standard input, one picture on standard output
(or, as BAPCtools' input visualizers do, in testcase.svg or testcase.png in its working folder).
What it writes is taken only as a PNG (by its signature) or an SVG document (an XML root `svg`, no
scripts, event handlers, links outside itself, processing instructions or entity declarations: the picture
is shown in a browser).
Pictures are cached by the visualizer's build and the test's input and answer."""

from __future__ import annotations

import base64
import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.parsers import expat

from ..cache import cache_for, key, sha256_file
from ..errors import OjpackError
from ..problem import Problem
from ..sandbox import CageFileError, CappedFolder, CompileError, RunLimits, head_of, prepare, run
from .data import read_manifest

PNG = b"\x89PNG\r\n\x1a\n"
SVG, PNG_TYPE = "image/svg+xml", "image/png"
FILES = ("testcase.svg", "testcase.png")   # where a visualizer that writes no stdout may leave its picture
LIMITS = RunLimits(cpu=10.0, wall=20.0, memory_mib=1024, output_mib=8)


@dataclass(frozen=True)
class Picture:
    media_type: str   # "image/svg+xml" or "image/png"
    data: bytes

    def to_json(self) -> dict[str, Any]:
        return {"media_type": self.media_type, "size": len(self.data),
                "base64": base64.b64encode(self.data).decode()}


class _Refused(Exception):
    pass


def _pi(target: str) -> None:
    raise _Refused(f"it holds a processing instruction (<?{target}): a stylesheet would be fetched")


def picture_of(data: bytes) -> Picture:
    """`data` as a picture, or an OjpackError saying why it is none."""
    if data.startswith(PNG):
        return Picture(PNG_TYPE, data)
    root: list[str] = []

    def start(name: str, attrs: dict[str, str]) -> None:
        local = name.rsplit(" ", 1)[-1]
        if not root:
            root.append(local)
            if local != "svg":
                raise _Refused(f"its root element is <{local}>, not <svg>")
        if local.lower() in ("script", "foreignobject"):
            raise _Refused(f"it holds a <{local}> element")
        for attr, value in attrs.items():
            if attr.rsplit(" ", 1)[-1].lower().startswith("on"):
                raise _Refused(f"it holds an event handler ({attr.rsplit(' ', 1)[-1]})")
            if value.strip().lower().startswith("javascript:"):
                raise _Refused("it holds a javascript: link")
            if attr.rsplit(" ", 1)[-1] == "href" and not value.startswith(("#", "data:image/")):
                raise _Refused(f"it links outside itself ({value[:60]})")   # a page would fetch it

    def entity(*_args: object) -> None:
        raise _Refused("it declares an entity")
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.StartElementHandler = start
    parser.EntityDeclHandler = entity
    parser.ProcessingInstructionHandler = lambda target, _data: _pi(target)
    try:
        parser.Parse(data, True)
    except _Refused as e:
        raise OjpackError(f"not a picture ojpack shows: {e}") from None
    except expat.ExpatError as e:
        raise OjpackError(f"neither a PNG nor an SVG document ({expat.errors.messages.get(e.code, e)} "
                          f"at line {e.lineno})") from None
    if not root:
        raise OjpackError("neither a PNG nor an SVG document (empty)")
    return Picture(SVG, data)


def _drawn(stdout: Path, work: CappedFolder) -> bytes:
    """What the visualizer drew: its standard output, else the testcase.svg or testcase.png it left in its
    working folder (BAPCtools' input visualizers write there), read as a hostile file."""
    data = stdout.read_bytes()
    if data.strip():
        return data
    for name in FILES:
        if (kept := work.read(name, (LIMITS.output_mib << 20) + 1)) is not None:
            if len(kept) > LIMITS.output_mib << 20:
                raise OjpackError(f"{name} is over {LIMITS.output_mib} MiB")
            return kept
    return data


def visualize(problem: Problem, test: str) -> Picture | None:
    """The picture the package's visualizer draws of `test` (an id as `check --json` names it, e.g.
    sample/01-statement); None when the package has no visualizer."""
    spec = problem.spec.visualizer
    if spec is None:
        return None
    built = {t.id: t for t in read_manifest(problem.root)}
    if test not in built:
        raise OjpackError(f"no test {test} in data/ (run `ojpack build`)" if built else
                          "no built data: run `ojpack build`")
    t = built[test]
    if not t.input.is_file():
        raise OjpackError(f"{test}: {t.input.name} is missing: run `ojpack build`")
    cache = cache_for(problem.root)
    try:
        program = prepare(problem.path(spec.source), cache.dir)
    except CompileError as e:
        raise OjpackError(f"visualizer {spec.source} does not compile:\n{e.message}") from None
    answer = t.answer if t.answer.is_file() else Path("/dev/null")
    k = key("picture", program.key, *program.argv, json.dumps(spec.args), sha256_file(t.input),
            sha256_file(answer) if t.answer.is_file() else "")
    if (kept := cache.get("picture", k)) is not None:
        media, _, data = kept.partition(b"\n")
        return Picture(media.decode(), data)
    with tempfile.TemporaryDirectory(prefix="ojpack-visualize-") as tmp, \
            CappedFolder(Path(tmp, "work"), size=(LIMITS.output_mib + 8) << 20, files=16) as work:
        out, said = Path(tmp, "picture"), Path(tmp, "stderr")
        res = run([*program.argv, str(t.input.resolve()), str(answer.resolve()), *spec.args], t.input, out, LIMITS,
                  stderr=said, address_space=program.language.address_space, readable=[program.source.parent],
                  cwd=work.path, writable=work.writable, mounts=work.mounts)
        why = {"tle": "ran out of time", "mle": "ran out of memory",
               "ole": f"wrote more than {LIMITS.output_mib} MiB"}.get(res.status)
        if why is None and (res.signal or res.exit_code):
            why = f"killed by signal {res.signal}" if res.signal else f"exit code {res.exit_code}"
        if why:
            said_text = head_of(said, 300)
            raise OjpackError(f"visualizer {spec.source} failed on {test}: {why}"
                              + (f": {said_text}" if said_text else ""))
        try:
            picture = picture_of(_drawn(out, work))
        except (OjpackError, CageFileError) as e:
            raise OjpackError(f"visualizer {spec.source} on {test}: {e}") from None
    cache.put("picture", k, picture.media_type.encode() + b"\n" + picture.data)
    return picture
