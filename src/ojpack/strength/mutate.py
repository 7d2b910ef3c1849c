"""Mutants of a solution: small source edits on a real parse tree (tree-sitter, C/C++ and Python).

Why tree-sitter: it gives every token's exact byte span in a concrete syntax tree, so an edit replaces
exactly one operator, literal, condition, statement or type and leaves the rest of the file byte for
byte (the one-line diff is honest); it needs no compile flags or headers (libclang does, and maps its
AST back to tokens awkwardly), and one engine covers C, C++ and Python (Python's `ast` would reformat
the whole file). Mull/dextool-style mutation tools would need a full LLVM toolchain per mutant.

Operators: arithmetic, bitwise and logical operators swapped; comparisons swapped and their boundary
moved; integer, character and boolean constants ±1 / flipped; conditions negated; statements deleted;
integer types narrowed (long long → int → short)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..errors import OjpackError

BINARY = {"+": ["-"], "-": ["+"], "*": ["/"], "/": ["*"], "%": ["/"], "^": ["|", "&"], "|": ["^"], "&": ["|"],
          "<<": [">>"], ">>": ["<<"], "&&": ["||"], "||": ["&&"], "<": ["<=", ">"], "<=": ["<", ">="],
          ">": [">=", "<"], ">=": [">", "<="], "==": ["!="], "!=": ["=="], "//": ["/"],
          "and": ["or"], "or": ["and"]}
ASSIGN = {"+=": ["-="], "-=": ["+="], "*=": ["/="], "/=": ["*="], "^=": ["|=", "&="], "|=": ["^="],
          "&=": ["|="], "<<=": [">>="], ">>=": ["<<="], "%=": ["/="], "//=": ["/="]}
NARROW = {"long long": "int", "unsigned long long": "unsigned", "long": "int", "int": "short", "size_t": "unsigned",
          "int64_t": "int", "uint64_t": "unsigned", "short": "char", "double": "float", "unsigned": "unsigned short"}
LANGS = {".c": "cpp", ".cpp": "cpp", ".cc": "cpp", ".cxx": "cpp", ".py": "python"}


@dataclass(frozen=True)
class Mutant:
    original: Path
    line: int          # 1-based
    operator: str      # which kind of edit
    before: str        # the edited line, as it was
    after: str         # and as it is in the mutant
    text: bytes        # the whole mutated source

    @property
    def id(self) -> str:
        return f"{self.original.name}:{self.line} {self.operator}"

    @property
    def diff(self) -> str:
        return f"{self.line}: {self.before} → {self.after}"

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.text).hexdigest()[:16]


@cache
def _parser(lang: str):   # noqa: ANN202  (tree_sitter.Parser)
    from tree_sitter import Language, Parser
    if lang == "cpp":
        import tree_sitter_cpp as grammar
    else:
        import tree_sitter_python as grammar   # type: ignore[no-redef]
    return Parser(Language(grammar.language()))


def supported(path: Path) -> bool:
    return path.suffix in LANGS


def mutants(path: Path) -> list[Mutant]:
    """Every distinct mutant of one source file, in source order."""
    lang = LANGS.get(path.suffix)
    if lang is None:
        raise OjpackError(f"{path.name}: no mutation operators for {path.suffix or 'this'} files (C, C++, Python)")
    src = path.read_bytes()
    tree = _parser(lang).parse(src)
    seen: set[bytes] = {src}
    out: list[Mutant] = []
    for start, end, new, op in sorted(_edits(tree.root_node, lang), key=lambda e: (e[0], e[1])):
        text = src[:start] + new.encode() + src[end:]
        if text in seen:
            continue
        seen.add(text)
        line = src.count(b"\n", 0, start)
        ls = src.rfind(b"\n", 0, start) + 1
        le_old = src.find(b"\n", start)
        le_old = len(src) if le_old < 0 else le_old
        le_new = text.find(b"\n", start + len(new.encode()))
        le_new = len(text) if le_new < 0 else le_new
        before = src[ls:le_old].decode(errors="replace").strip()
        after = text[ls:le_new].decode(errors="replace").strip()
        if "\n" in after:
            after = after.split("\n", 1)[0]
        out.append(Mutant(path, line + 1, op, before, after, text))
    return out


Edit = tuple[int, int, str, str]


def _edits(root, lang: str) -> Iterator[Edit]:   # noqa: ANN001
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(reversed(node.children))
        yield from (_cpp(node) if lang == "cpp" else _python(node))


def _text(node) -> str:   # noqa: ANN001
    return node.text.decode(errors="replace")


def _swap(tok, table: dict[str, list[str]], kind: str) -> Iterator[Edit]:   # noqa: ANN001
    if tok is None:
        return
    old = _text(tok)
    for new in table.get(old, []):
        yield tok.start_byte, tok.end_byte, new, f"{kind} {old} → {new}"


def _negate(cond, prefix: str) -> Iterator[Edit]:   # noqa: ANN001
    if cond is not None:
        yield cond.start_byte, cond.end_byte, f"{prefix}({_text(cond)})", "condition negated"


def _constant(node) -> Iterator[Edit]:   # noqa: ANN001
    raw = _text(node)
    digits = raw.rstrip("uUlL")
    if digits.isdigit():
        v = int(digits)
        for w in (v + 1, v - 1):
            if w >= 0:
                yield node.start_byte, node.end_byte, f"{w}{raw[len(digits):]}", f"constant {raw} → {w}"


def _cpp(node) -> Iterator[Edit]:   # noqa: ANN001
    t = node.type
    if t == "binary_expression":
        yield from _swap(node.child_by_field_name("operator"), BINARY, "operator")
    elif t == "assignment_expression":
        yield from _swap(node.child_by_field_name("operator"), ASSIGN, "operator")
    elif t == "update_expression":
        op = next((c for c in node.children if c.type in ("++", "--")), None)
        if op is not None:
            yield op.start_byte, op.end_byte, "--" if op.type == "++" else "++", f"operator {op.type} swapped"
    elif t == "unary_expression" and node.child_by_field_name("operator") is not None:
        op, arg = node.child_by_field_name("operator"), node.child_by_field_name("argument")
        if _text(op) in ("!", "-", "~") and arg is not None:
            yield node.start_byte, node.end_byte, _text(arg), f"operator {_text(op)} removed"
    elif t == "number_literal":
        yield from _constant(node)
    elif t == "char_literal":
        ch = [c for c in node.named_children if c.type == "character"]
        if len(ch) == 1 and len(_text(ch[0])) == 1:
            code = ord(_text(ch[0]))
            for w in (code + 1, code - 1):
                yield node.start_byte, node.end_byte, str(w), f"constant {_text(node)} → {w}"
    elif t in ("true", "false"):
        yield node.start_byte, node.end_byte, "false" if t == "true" else "true", f"constant {t} flipped"
    elif t in ("if_statement", "while_statement", "do_statement"):
        cond = node.child_by_field_name("condition")
        if cond is not None and cond.type == "condition_clause":
            cond = cond.child_by_field_name("value") or (cond.named_children[0] if cond.named_children else None)
        elif cond is not None and cond.type == "parenthesized_expression":
            cond = cond.named_children[0] if cond.named_children else None
        yield from _negate(cond, "!")
    elif t in ("for_statement", "conditional_expression"):
        yield from _negate(node.child_by_field_name("condition"), "!")
    elif t in ("expression_statement", "break_statement", "continue_statement", "return_statement"):
        if _text(node).strip() != ";" and node.parent is not None and node.parent.type != "for_statement":
            yield node.start_byte, node.end_byte, ";", "statement deleted"
    elif t in ("primitive_type", "sized_type_specifier") and (node.parent is None or node.parent.type != "function_definition"):
        old = " ".join(_text(node).split())
        if old in NARROW:
            yield node.start_byte, node.end_byte, NARROW[old], f"type {old} → {NARROW[old]}"


def _python(node) -> Iterator[Edit]:   # noqa: ANN001
    t = node.type
    if t in ("binary_operator", "boolean_operator"):
        yield from _swap(node.child_by_field_name("operator"), BINARY, "operator")
    elif t == "comparison_operator":
        for op in node.children:
            if not op.is_named:
                yield from _swap(op, BINARY, "operator")
    elif t == "augmented_assignment":
        yield from _swap(node.child_by_field_name("operator"), ASSIGN, "operator")
    elif t in ("not_operator", "unary_operator"):
        arg = node.child_by_field_name("argument")
        op = node.children[0]
        if arg is not None and _text(op) in ("not", "-", "~"):
            yield node.start_byte, node.end_byte, _text(arg), f"operator {_text(op)} removed"
    elif t == "integer":
        yield from _constant(node)
    elif t in ("true", "false"):
        new = "False" if t == "true" else "True"
        yield node.start_byte, node.end_byte, new, f"constant {_text(node)} flipped"
    elif t in ("if_statement", "elif_clause", "while_statement"):
        yield from _negate(node.child_by_field_name("condition"), "not ")
    elif t == "conditional_expression" and len(node.named_children) == 3:
        yield from _negate(node.named_children[1], "not ")
    elif t in ("expression_statement", "break_statement", "continue_statement", "return_statement"):
        if not (t == "expression_statement" and [c.type for c in node.named_children] == ["string"]):
            yield node.start_byte, node.end_byte, "pass", "statement deleted"   # (a docstring does nothing)
