"""A checktestdata (.ctd) script as the input grammar (`grammar: {checktestdata: input.ctd}`).

The common subset is read into the same items problem.yaml's grammar is written with (and compiled by the
same compile_grammar, so every rule of the grammar holds): INT(lo, hi, x) fields, SPACE between fields of a
line, NEWLINE ending it, EOF; REP / REPI (with a separator or not) around lines (a repeat) or around one
INT on a line (a list); ASSERT of comparisons joined by &&, STRLEN(s) and UNIQUE(x); REGEX of one character
class with a length ([a-z]+, [01]{1,20}) or of one character out of a few ((C|D)); UNSET is ignored. Anything else (WHILE, IF, SET, FLOAT, STRING,
other tests) is refused with its line, saying which construct is not supported."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..problem import GrammarItem, Invalid, Model, compile_grammar
from .gtext import GrammarError

TOKEN = re.compile(r'\s+|#[^\n]*|"(?:[^"\\]|\\.)*"|[A-Z]+|[a-z][a-z0-9]*|-?\d+(?:\.\d+)?|&&|\|\||[<>!=]=|[-+*/%^(),<>!\[\]]')
COMMANDS = {"SPACE", "NEWLINE", "EOF", "INT", "REP", "REPI", "END", "ASSERT", "REGEX", "UNSET"}
UNSUPPORTED = {"WHILE", "WHILEI", "IF", "ELSE", "SET", "FLOAT", "FLOATP", "STRING", "MATCH", "ISEOF", "INARRAY"}
CLASS = re.compile(r"^\[((?:[^\]\\]|\\.)+)\](\+|\*|\{(\d+)(?:,(\d+))?\})?$")


@dataclass
class Cmd:
    name: str
    args: list[str]
    line: int
    body: list[Cmd] | None = None
    sep: str | None = None


class CtdError(GrammarError):
    pass


def read_ctd(path: Path) -> Model:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise GrammarError(f"grammar: cannot read {path.name}: {e.strerror}") from None
    return ctd_model(text, path.name)


def ctd_model(text: str, name: str = "input.ctd") -> Model:
    cmds, pos = _commands(_tokens(text, name), 0, name, top=True)
    items = _Builder(name).block(cmds)
    try:
        model = compile_grammar(items, {}, (name,))
    except Invalid as e:
        raise CtdError(f"{name}: {e.message}") from None
    assert model is not None
    return model


def _tokens(text: str, name: str) -> list[tuple[str, int]]:
    out, pos, line = [], 0, 1
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if m is None:
            raise CtdError(f"{name}:{line}: cannot read {text[pos:pos + 10]!r}")
        tok = m.group()
        if not tok.isspace() and not tok.startswith("#"):
            out.append((tok, line))
        line += tok.count("\n")
        pos = m.end()
    return out


def _args(toks: list[tuple[str, int]], i: int, name: str) -> tuple[list[str], int]:
    """The comma-separated arguments of a command (as source text), and the index after ')'."""
    if i >= len(toks) or toks[i][0] != "(":
        return [], i
    depth, args, cur = 0, [], []
    for j in range(i, len(toks)):
        t = toks[j][0]
        if t in "([" and t:
            depth += 1
            if depth == 1:
                continue
        if t in ")]":
            depth -= 1
            if depth == 0:
                args.append(" ".join(cur))
                return [a for a in args if a], j + 1
        if t == "," and depth == 1:
            args.append(" ".join(cur))
            cur = []
            continue
        cur.append(t)
    raise CtdError(f"{name}:{toks[i][1]}: a '(' is never closed")


def _commands(toks: list[tuple[str, int]], i: int, name: str, top: bool = False) -> tuple[list[Cmd], int]:
    cmds: list[Cmd] = []
    while i < len(toks):
        word, line = toks[i]
        if word in UNSUPPORTED:
            raise CtdError(f"{name}:{line}: {word} is not supported in a grammar (supported: INT, SPACE, NEWLINE, "
                           "EOF, REP, REPI, ASSERT, REGEX, UNSET)")
        if word not in COMMANDS:
            raise CtdError(f"{name}:{line}: expected a command, found {word!r}")
        args, i = _args(toks, i + 1, name)
        if word == "END":
            if top:
                raise CtdError(f"{name}:{line}: END without REP")
            return cmds, i
        cmd = Cmd(word, args, line)
        if word in ("REP", "REPI"):
            rest = args[1:] if word == "REPI" else args
            if not rest or len(rest) > 2:
                raise CtdError(f"{name}:{line}: {word} takes {'a variable, ' if word == 'REPI' else ''}a count and "
                               "optionally a separator")
            cmd.args, cmd.sep = [rest[0]], (rest[1] if len(rest) == 2 else None)
            cmd.body, i = _commands(toks, i, name)
        cmds.append(cmd)
    if not top:
        raise CtdError(f"{name}: a REP has no END")
    return cmds, i


def _expr(text: str) -> str:
    """A ctd expression in the grammar's syntax: `a[i]` is the field a of the current repetition."""
    text = re.sub(r"\b([a-z][a-z0-9]*)\s*\[[^\]]*\]", r"\1", text)
    return re.sub(r"\bSTRLEN\s*\(\s*([a-z][a-z0-9]*)\s*\)", r"\1", text)


class _Builder:
    def __init__(self, name: str) -> None:
        self.name = name
        self.anon = 0

    def fail(self, cmd: Cmd, what: str) -> CtdError:
        return CtdError(f"{self.name}:{cmd.line}: {what}")

    def field(self, cmd: Cmd) -> dict[str, Any]:
        if cmd.name == "REGEX":
            return self.regex(cmd)
        if len(cmd.args) not in (2, 3):
            raise self.fail(cmd, "INT takes a minimum, a maximum and optionally a variable")
        if len(cmd.args) == 3:
            var = _expr(cmd.args[2]).strip()
        else:
            self.anon += 1
            var = f"anonymous{self.anon}"
        return {var: f"{_expr(cmd.args[0])}..{_expr(cmd.args[1])}"}

    def regex(self, cmd: Cmd) -> dict[str, Any]:
        if len(cmd.args) != 2 or not cmd.args[0].startswith('"'):
            raise self.fail(cmd, "REGEX is supported as REGEX(\"[class]{lo,hi}\", variable)")
        pattern = cmd.args[0][1:-1].replace("\\\\", "\\")
        one_of = re.fullmatch(r"\((.(?:\|.)*)\)", pattern)   # (C|D): one of a few characters
        if one_of:
            return {_expr(cmd.args[1]).strip(): {"alphabet": one_of.group(1).replace("|", ""), "length": "1..1"}}
        m = CLASS.match(pattern)
        if m is None:
            raise self.fail(cmd, f"REGEX {cmd.args[0]} is not one character class with a length "
                                 "([a-z]+, [01]{1,20}): not supported")
        chars = m.group(1)
        lo, hi = (1, 10**6) if m.group(2) in (None, "+") else (0, 10**6) if m.group(2) == "*" else \
            (int(m.group(3)), int(m.group(4) or m.group(3)))
        return {_expr(cmd.args[1]).strip(): {"alphabet": chars, "length": f"{max(lo, 1) if m.group(2) else 1}..{hi}"}}

    def block(self, cmds: list[Cmd]) -> list[GrammarItem]:
        items: list[GrammarItem] = []
        line: list[dict[str, Any]] = []
        asserts: list[tuple[int, str]] = []   # (item index it goes on, comparison)
        expect_field = True
        ended = False   # the last item was a REP whose NEWLINE separator leaves its last line to the NEWLINE after END
        for cmd in cmds:
            if cmd.name == "NEWLINE" and ended and not line:
                ended = False
                continue
            # a list, or lines separated by NEWLINE: the NEWLINE after END ends its last line
            ended = cmd.name in ("REP", "REPI") and not line and (
                cmd.sep == "NEWLINE" or not any(c.name == "NEWLINE" for c in cmd.body or []))
            if cmd.name in ("INT", "REGEX"):
                if not expect_field:
                    raise self.fail(cmd, "two fields with no SPACE between them")
                line.append(self.field(cmd))
                expect_field = False
            elif cmd.name == "SPACE":
                if expect_field:
                    raise self.fail(cmd, "a SPACE not between two fields of a line")
                expect_field = True
            elif cmd.name == "NEWLINE":
                if not line or expect_field:
                    raise self.fail(cmd, "a NEWLINE that does not end a line of fields (blank lines and "
                                         "trailing spaces are not supported)")
                items.append(GrammarItem(line=line))
                line, expect_field = [], True
            elif cmd.name in ("REP", "REPI"):
                if line:
                    raise self.fail(cmd, "a REP in the middle of a line is not supported: put the list on a line "
                                         "of its own")
                items.append(self.repeat(cmd))
            elif cmd.name == "ASSERT":
                self.assertion(cmd, items, line, asserts)
            elif cmd.name == "EOF" and (line or cmd is not cmds[-1]):
                raise self.fail(cmd, "EOF before the end of the script")
        if line:
            raise CtdError(f"{self.name}: the last line has no NEWLINE")
        for j, text in asserts:
            old = items[j]
            if old.line is None:
                raise CtdError(f"{self.name}: ASSERT({text}) follows a REP: put it on a line of fields")
            items[j] = GrammarItem(line=old.line, assert_=[*(old.assert_ or []), text])
        return items

    def repeat(self, cmd: Cmd) -> GrammarItem:
        body = cmd.body or []
        count = _expr(cmd.args[0])
        fields = [c for c in body if c.name in ("INT", "REGEX")]
        newline = any(c.name == "NEWLINE" for c in body)
        if not newline and cmd.sep != "NEWLINE":   # a list on one line: REP(n, SPACE) INT(..) END NEWLINE
            if len(fields) != 1 or cmd.sep != "SPACE" or any(c.name not in ("INT", "ASSERT", "UNSET") for c in body) \
                    or fields[0].name != "INT":
                raise self.fail(cmd, "a REP without NEWLINE is supported as REP(count, SPACE) INT(...) END: "
                                     "one integer per repetition, spaces between")
            return GrammarItem(list_=self.field(fields[0]), count=count)
        if cmd.sep not in (None, "NEWLINE"):
            raise self.fail(cmd, f"a separator {cmd.sep} between repeated lines is not supported")
        inner = list(body)
        if cmd.sep == "NEWLINE":   # the separator ends every line but the last: the last one ends after END
            inner.append(Cmd("NEWLINE", [], cmd.line))
        return GrammarItem(repeat=count, items=self.block(inner))

    def assertion(self, cmd: Cmd, items: list[GrammarItem], line: list[dict[str, Any]],
                  asserts: list[tuple[int, str]]) -> None:
        test = " ".join(cmd.args)
        for part in test.split("&&"):
            part = part.strip()
            unique = re.fullmatch(r"UNIQUE\s*\(\s*([a-z][a-z0-9]*)\s*\)", part)
            if unique:
                self.unique(cmd, items, unique.group(1))
                continue
            if re.search(r"\|\||!(?!=)|[A-Z]{2,}", _expr(part)):
                raise self.fail(cmd, f"ASSERT({part}) is not supported: only comparisons joined by &&, STRLEN "
                                     "and UNIQUE(x)")
            target = len(items) if line else len(items) - 1
            if target < 0:
                raise self.fail(cmd, "an ASSERT before any line")
            asserts.append((target, _expr(part)))

    def unique(self, cmd: Cmd, items: list[GrammarItem], var: str) -> None:
        for j in range(len(items) - 1, -1, -1):
            it = items[j]
            if it.list_ is not None and var in it.list_:
                items[j] = GrammarItem(list_=it.list_, count=it.count, distinct=True)
                return
            if it.items is not None and any(var in f for sub in it.items if sub.line for f in sub.line):
                items[j] = GrammarItem(repeat=it.repeat, items=it.items, distinct=[*(it.distinct or []), var])
                return
        raise self.fail(cmd, f"UNIQUE({var}): no list or repeated line of {var} before it")
