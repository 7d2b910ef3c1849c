"""The mutations `import_fuzz.py` applies to a throwaway copy of a package (see its docstring).

A mutation's `apply(ctx)` changes ctx.src (or makes files beside it) and returns a spec: "source" (what to
import instead of the folder, e.g. a zip), "to" (the destination; None: the default ./<short_name>), "user"
(run as ojuser), "chmod" (files made unreadable after the chown), "skip" (paths the outside check ignores),
"dst_kept" (False when the destination is expected to change).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import yaml

STRUCTURED = ("problem.yaml", "problem.xml", "testdata.yaml", "generators.yaml", "test_group.yaml", "gen.sh")
TRUNCATE = (0.05, 0.2, 0.4, 0.6, 0.8, 0.95)
OTHER = {"list": [1, "a"], "dict": {"x": 1}, "str": "zz", "num": -7, "null": None}


@dataclass(frozen=True)
class Context:
    src: Path
    work: Path
    outside: Path
    dst: Path


@dataclass(frozen=True)
class Mutation:
    name: str
    apply: Callable[[Context], dict[str, Any]]


def _files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink())


def _pick(root: Path) -> dict[str, str]:
    """Representative files of the package, by role (paths relative to its root)."""
    files = [p.relative_to(root).as_posix() for p in _files(root)]
    first = lambda pat: next((f for f in files if re.search(pat, f)), None)  # noqa: E731
    roles = {"meta": first(r"^problem\.(xml|yaml)$"), "input": first(r"(^tests/\d+$|\.in$)"),
             "answer": first(r"(^tests/\d+\.a$|\.ans$)"), "solution": first(r"^(solutions|submissions)/.*\.(py|cpp|cc|c)$"),
             "validator": first(r"(^files/val.*|input_validators?/.*\.(py|cpp|cc|h))$"),
             "statement": first(r"(\.tex|\.md)$"), "header": first(r"testlib\.h$"),
             "genyaml": first(r"generators\.yaml$"), "gensh": first(r"data/.*\.sh$")}
    return {k: v for k, v in roles.items() if v}


def _rel_to_outside(ctx: Context, rel: str) -> str:
    depth = len(Path(rel).parts)   # from the file's folder up to src, then up to work
    return "../" * depth + "outside/secret"


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _replace_with_link(rel: str, target: Callable[[Context], str]) -> Callable[[Context], dict[str, Any]]:
    def apply(ctx: Context) -> dict[str, Any]:
        p = ctx.src / rel
        if p.exists() or p.is_symlink():
            p.unlink() if not p.is_dir() or p.is_symlink() else shutil.rmtree(p)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.symlink_to(target(ctx))
        return {}
    return apply


def _special(rel: str, kind: str) -> Callable[[Context], dict[str, Any]]:
    def apply(ctx: Context) -> dict[str, Any]:
        p = ctx.src / rel
        if p.exists():
            p.unlink()
        p.parent.mkdir(parents=True, exist_ok=True)
        if kind == "fifo":
            os.mkfifo(p)
        elif kind == "socket":
            s = socket.socket(socket.AF_UNIX)
            s.bind(str(p))
            s.close()
        elif kind == "device":
            os.mknod(p, 0o644 | stat.S_IFCHR, os.makedev(1, 5))   # /dev/zero's numbers
        elif kind == "sparse":
            with open(p, "wb") as f:
                f.truncate(10 << 30)
        return {}
    return apply


def _text(rel: str, fn: Callable[[bytes], bytes]) -> Callable[[Context], dict[str, Any]]:
    def apply(ctx: Context) -> dict[str, Any]:
        p = ctx.src / rel
        p.write_bytes(fn(p.read_bytes()))
        return {}
    return apply


def _yaml_paths(data: Any, prefix: tuple = (), depth: int = 3) -> list[tuple]:
    out = []
    if isinstance(data, dict) and depth:
        for k, v in data.items():
            out.append(prefix + (k,))
            out += _yaml_paths(v, prefix + (k,), depth - 1)
    elif isinstance(data, list) and depth and data:
        out.append(prefix + (0,))
        out += _yaml_paths(data[0], prefix + (0,), depth - 1)
    return out


def _set(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    data[path[0]] = _set(data[path[0]], path[1:], value)
    return data


def _retype(rel: str, path: tuple, value: Any) -> Callable[[Context], dict[str, Any]]:
    def apply(ctx: Context) -> dict[str, Any]:
        p = ctx.src / rel
        data = yaml.safe_load(p.read_text())
        p.write_text(yaml.safe_dump(_set(data, path, value)))
        return {}
    return apply


def _yaml_mutations(root: Path, rel: str) -> list[Mutation]:
    try:
        data = yaml.safe_load((root / rel).read_text())
    except (yaml.YAMLError, UnicodeDecodeError):
        return []
    out = []
    for path in _yaml_paths(data)[:40]:
        here = data
        for k in path:
            here = here[k]
        for tname, value in OTHER.items():
            if type(here).__name__ != tname and not (tname == "num" and isinstance(here, int)):
                out.append(Mutation(f"{rel}:{'.'.join(map(str, path))}={tname}", _retype(rel, path, value)))
    return out


def _xml_mutations(root: Path, rel: str) -> list[Mutation]:
    text = (root / rel).read_text(errors="replace")
    out = []
    attrs = list(dict.fromkeys(re.findall(r'\s([a-z-]+)="[^"]*"', text)))
    for a in attrs:
        for tname, value in (("empty", ""), ("word", "zz"), ("neg", "-5"), ("huge", "9" * 30),
                             ("dots", "../../outside/secret"), ("abs", "/etc/shadow")):
            if tname in ("dots", "abs") and a not in ("path", "short-name", "name", "type"):
                continue
            out.append(Mutation(f"{rel}:@{a}={tname}", _text(rel, lambda b, a=a, v=value: re.sub(
                rf'(\s{a}=)"[^"]*"'.encode(), rb'\1"' + v.encode() + b'"', b))))
    tags = list(dict.fromkeys(re.findall(r"<([a-z-]+)[\s>/]", text)))
    for t in tags:
        out.append(Mutation(f"{rel}:<{t}> removed", _text(rel, lambda b, t=t: re.sub(
            rf"<{t}[\s>/](.*?)</{t}>|<{t}[^>]*/>".encode(), b"", b, flags=re.S))))
        out.append(Mutation(f"{rel}:<{t}> text=zz", _text(rel, lambda b, t=t: re.sub(
            rf"(<{t}>)[^<]*(</{t}>)".encode(), rb"\1zz\2", b))))
    return out


BOMB_XML = (b'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
            + b"".join(f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10 if i > 1 else "&lol;" * 10}">'.encode()
                       for i in range(1, 10))
            + b']>\n<problem short-name="&lol9;"><judging><testset name="tests"/></judging></problem>\n')
XXE_XML = (b'<?xml version="1.0"?>\n<!DOCTYPE p [<!ENTITY x SYSTEM "file:///etc/shadow">]>\n'
           b'<problem short-name="&x;"><judging><testset name="tests"/></judging></problem>\n')
BOMB_YAML = b"a: &a [x, x, x, x, x, x, x, x, x]\n" + b"".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n".encode() for i in range(8)) + \
    b"name: *i\n"


def mutations(base: Path) -> list[Mutation]:
    roles = _pick(base)
    out: list[Mutation] = [Mutation("control", lambda ctx: {})]
    structured = [p.relative_to(base).as_posix() for p in _files(base) if p.name in STRUCTURED]
    for rel in structured:
        size = (base / rel).stat().st_size
        for frac in TRUNCATE:
            out.append(Mutation(f"{rel}: truncated at {frac:.0%}", _text(rel, lambda b, f=frac: b[:int(len(b) * f)])))
        out.append(Mutation(f"{rel}: empty", _text(rel, lambda b: b"")))
        out.append(Mutation(f"{rel}: invalid UTF-8", _text(rel, lambda b: b[:len(b) // 2] + b"\xff\xfe\xc3" + b[len(b) // 2:])))
        out.append(Mutation(f"{rel}: NUL byte", _text(rel, lambda b: b[:len(b) // 2] + b"\x00" + b[len(b) // 2:])))
        out.append(Mutation(f"{rel}: symlink loop", _replace_with_link(rel, lambda ctx, r=rel: Path(r).name)))
        out.append(Mutation(f"{rel}: fifo", _special(rel, "fifo")))
        out.append(Mutation(f"{rel}: a folder", lambda ctx, r=rel: ((ctx.src / r).unlink(), (ctx.src / r).mkdir(), {})[2]))
        if rel.endswith(".yaml"):
            out += _yaml_mutations(base, rel)
            out.append(Mutation(f"{rel}: alias bomb", _text(rel, lambda b: BOMB_YAML)))
            out.append(Mutation(f"{rel}: deep nesting", _text(rel, lambda b: b"a: " + b"[" * 20000 + b"]" * 20000 + b"\n")))
            out.append(Mutation(f"{rel}: python tag", _text(rel, lambda b: b"x: !!python/object/apply:os.system ['touch /tmp/ojfuzz-pwned']\n" + b)))
            out.append(Mutation(f"{rel}: unhashable key", _text(rel, lambda b: b"? [a, b]\n: c\n" + b)))
            out.append(Mutation(f"{rel}: a list", _text(rel, lambda b: b"- a\n- b\n")))
            out.append(Mutation(f"{rel}: a scalar", _text(rel, lambda b: b"42\n")))
        if rel.endswith(".xml"):
            out += _xml_mutations(base, rel)
            out.append(Mutation(f"{rel}: billion laughs", _text(rel, lambda b: BOMB_XML)))
            out.append(Mutation(f"{rel}: external entity", _text(rel, lambda b: XXE_XML)))
        del size
    for role, rel in roles.items():
        out.append(Mutation(f"{role} {rel}: removed", lambda ctx, r=rel: ((ctx.src / r).unlink(), {})[1]))
        out.append(Mutation(f"{role}: empty", _text(rel, lambda b: b"")))
        out.append(Mutation(f"{role}: -> /etc/shadow", _replace_with_link(rel, lambda ctx: "/etc/shadow")))
        out.append(Mutation(f"{role}: -> abs outside/secret", _replace_with_link(rel, lambda ctx: str(ctx.outside / "secret"))))
        out.append(Mutation(f"{role}: -> ../outside/secret", _replace_with_link(rel, lambda ctx, r=rel: _rel_to_outside(ctx, r))))
        out.append(Mutation(f"{role}: -> itself (loop)", _replace_with_link(rel, lambda ctx, r=rel: Path(r).name)))
        out.append(Mutation(f"{role}: -> /dev/zero", _replace_with_link(rel, lambda ctx: "/dev/zero")))
        out.append(Mutation(f"{role}: -> outside fifo", lambda ctx, r=rel: (os.mkfifo(ctx.outside / "fifo"),
                   _replace_with_link(r, lambda c: str(c.outside / "fifo"))(ctx))[1]))
        out.append(Mutation(f"{role}: fifo", _special(rel, "fifo")))
        out.append(Mutation(f"{role}: socket", _special(rel, "socket")))
        out.append(Mutation(f"{role}: char device 1,5", _special(rel, "device")))
        out.append(Mutation(f"{role}: 10 GiB sparse", _special(rel, "sparse")))
        out.append(Mutation(f"{role}: invalid UTF-8", _text(rel, lambda b: b"\xff\xfe" + b + b"\xc3")))
        out.append(Mutation(f"{role}: NUL byte", _text(rel, lambda b: b"\x00" + b)))
        out.append(Mutation(f"{role}: chmod 000 as ojuser", lambda ctx, r=rel: {"user": True, "chmod": [ctx.src / r]}))
        folder = str(Path(rel).parent)
        if folder != ".":
            out.append(Mutation(f"{role}: folder chmod 000 as ojuser", lambda ctx, d=folder: {"user": True, "chmod": [ctx.src / d]}))
            out.append(Mutation(f"{role}: folder -> /etc", lambda ctx, d=folder: (shutil.rmtree(ctx.src / d), (ctx.src / d).symlink_to("/etc"), {})[2]))
            out.append(Mutation(f"{role}: folder loop link", lambda ctx, d=folder: ((ctx.src / d / "loop").symlink_to(".."), {})[1]))
            out.append(Mutation(f"{role}: bad UTF-8 name beside", lambda ctx, r=rel: (_copy_as(ctx, r, b"\xff\xfe"), {})[1]))
            out.append(Mutation(f"{role}: newline name beside", lambda ctx, r=rel: (_copy_as(ctx, r, b"a\nb"), {})[1]))
            out.append(Mutation(f"{role}: case-colliding name", lambda ctx, r=rel: (_case_twin(ctx, r), {})[1]))
            out.append(Mutation(f"{role}: 300-deep folder beside", lambda ctx, d=folder, r=rel: (_deep(ctx, d, r), {})[1]))
    out += [Mutation("extra: -> /etc/shadow", lambda ctx: ((ctx.src / "notes.txt").symlink_to("/etc/shadow"), {})[1]),
            Mutation("extra: -> /", lambda ctx: ((ctx.src / "root").symlink_to("/"), {})[1]),
            Mutation("extra: fifo", _special("notes.fifo", "fifo")),
            Mutation("extra: device", _special("notes.dev", "device")),
            Mutation("extra: 10 GiB sparse", _special("notes.big", "sparse")),
            Mutation("extra: self-loop link", lambda ctx: ((ctx.src / "l").symlink_to("l"), {})[1]),
            Mutation("extra: two-link loop", lambda ctx: ((ctx.src / "l1").symlink_to("l2"), (ctx.src / "l2").symlink_to("l1"), {})[2])]
    out += _to_mutations()
    if (base / "problem.xml").is_file() or base.name == "legacy-different":
        out += _zip_mutations()
    return out


def _copy_as(ctx: Context, rel: str, stem: bytes) -> None:
    p = ctx.src / rel
    name = stem + p.suffix.encode()
    with open(os.path.join(os.fsencode(p.parent), name), "wb") as f:
        f.write(p.read_bytes())
    ans = p.with_suffix(".ans")
    if p.suffix == ".in" and ans.exists():
        with open(os.path.join(os.fsencode(p.parent), stem + b".ans"), "wb") as f:
            f.write(ans.read_bytes())


def _case_twin(ctx: Context, rel: str) -> None:
    p = ctx.src / rel
    twin = p.with_name(p.name.upper() if p.name.upper() != p.name else p.name.lower() + "x")
    twin.write_bytes(p.read_bytes())


def _deep(ctx: Context, folder: str, rel: str) -> None:
    d = ctx.src / folder
    for _ in range(300):
        d = d / "d"
    d.mkdir(parents=True)
    (d / Path(rel).name).write_bytes((ctx.src / rel).read_bytes())


def _to_mutations() -> list[Mutation]:
    def existing(ctx: Context) -> dict[str, Any]:
        ctx.dst.mkdir()
        (ctx.dst / "keep.txt").write_text("mine\n")
        return {}

    def a_file(ctx: Context) -> dict[str, Any]:
        ctx.dst.write_text("mine\n")
        return {"skip": [ctx.dst]}

    def link_out(ctx: Context) -> dict[str, Any]:
        (ctx.outside / "empty").mkdir()
        ctx.dst.symlink_to(ctx.outside / "empty")
        return {"skip": [ctx.outside / "empty"]}

    return [Mutation("--to: existing folder with a file", existing),
            Mutation("--to: an existing file", a_file),
            Mutation("--to: a symlink to an empty folder", link_out),
            Mutation("--to: inside the source", lambda ctx: {"to": ctx.src / "out"}),
            Mutation("--to: the source itself", lambda ctx: {"to": ctx.src}),
            Mutation("--to: default, short name", lambda ctx: {"to": None})]


def _zipped(ctx: Context, extra: Callable[[zipfile.ZipFile], None] | None = None, name: str = "pkg.zip") -> Path:
    z = ctx.work / name
    with zipfile.ZipFile(z, "w", zipfile.ZIP_DEFLATED) as f:
        for p in _files(ctx.src):
            f.write(p, p.relative_to(ctx.src).as_posix())
        if extra:
            extra(f)
    return z


def _link_entry(f: zipfile.ZipFile, name: str, target: str) -> None:
    info = zipfile.ZipInfo(name)
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    f.writestr(info, target)


def _bomb(f: zipfile.ZipFile) -> None:
    with f.open(zipfile.ZipInfo("tests/99"), "w", force_zip64=True) as w:
        chunk = b"\0" * (1 << 24)
        for _ in range(3 << 6):   # 3 GiB of zeros, some 3 MB compressed
            w.write(chunk)


def _zip_mutations() -> list[Mutation]:
    def z(name: str, extra: Callable[[zipfile.ZipFile], None] | None = None) -> Mutation:
        return Mutation(f"zip: {name}", lambda ctx: {"source": _zipped(ctx, extra), "skip": [ctx.work / "pkg.zip"]})

    def truncated(ctx: Context) -> dict[str, Any]:
        p = _zipped(ctx)
        p.write_bytes(p.read_bytes()[: p.stat().st_size // 2])
        return {"source": p, "skip": [p]}

    def method(ctx: Context) -> dict[str, Any]:
        p = _zipped(ctx)
        data = bytearray(p.read_bytes())
        data[8:10] = (99).to_bytes(2, "little")   # the first local header's compression method
        cd = data.rfind(b"PK\x01\x02")
        first = data.find(b"PK\x01\x02")
        data[first + 10:first + 12] = (99).to_bytes(2, "little")
        del cd
        p.write_bytes(bytes(data))
        return {"source": p, "skip": [p]}

    return [z("plain"), z("slip ../", lambda f: f.writestr("../../outside/pwned", "x")),
            z("absolute entry", lambda f: f.writestr(zipfile.ZipInfo("/tmp/ojfuzz-abs-pwned"), "x")),
            z("backslash slip", lambda f: f.writestr("..\\..\\outside\\pwned", "x")),
            z("symlink entry", lambda f: _link_entry(f, "tests/77", "/etc/shadow")),
            z("duplicate entry", lambda f: f.writestr("problem.xml" if False else "dup.txt", "a") or f.writestr("dup.txt", "b")),
            z("file and folder clash", lambda f: (f.writestr("clash", "a"), f.writestr("clash/x", "b"))),
            z("NUL in name", lambda f: f.writestr("a\0b.txt", "x")),
            z("bad UTF-8 name", lambda f: f.writestr(zipfile.ZipInfo("caf\udcff.txt".encode("utf-8", "surrogateescape").decode("cp437")), "x")),
            z("3 GiB bomb", _bomb), Mutation("zip: truncated", truncated), Mutation("zip: unknown method", method),
            Mutation("zip: empty zip", lambda ctx: {"source": _empty_zip(ctx)})]


def _empty_zip(ctx: Context) -> Path:
    p = ctx.work / "empty.zip"
    zipfile.ZipFile(p, "w").close()
    return p
