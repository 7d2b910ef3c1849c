"""Outputs made from an accepted answer: changed ones a sound checker rejects, variants it must accept.

Changed (when the problem's answers are unique): at the first, middle and last token, the token replaced
by another answer word seen in the data, by its other case (a change only for a case-sensitive rule), a
number by ±1, the token dropped or duplicated; a word added at the end; the first two different tokens
swapped; the output cut to its first half, its last token dropped; the output empty. Allowed: the answer
itself, its tokens on one line, one per line, with doubled spaces, trailing spaces, no final newline or
an extra one, and (for a case-insensitive rule) in the other case."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

WORDS = 3          # other answer words tried at each place


@dataclass(frozen=True)
class Layout:
    """An output as tokens and the whitespace around them."""
    tokens: tuple[bytes, ...]
    seps: tuple[bytes, ...]      # len(tokens) + 1: before the first token, between, after the last

    @staticmethod
    def of(data: bytes) -> Layout:
        parts = re.split(rb"(\s+)", data)
        if parts and parts[0] == b"":
            parts = parts[1:]
        else:
            parts = [b"", *parts]    # no leading whitespace: an empty first separator
        if parts and parts[-1] == b"":
            parts = parts[:-1]
        seps, tokens = parts[0::2], parts[1::2]
        if len(seps) == len(tokens):
            seps.append(b"")
        return Layout(tuple(tokens), tuple(seps))

    def join(self, tokens: list[bytes]) -> bytes:
        """`tokens` laid out as this output: its own separators when as many, else its usual one."""
        if len(tokens) == len(self.tokens):
            seps = list(self.seps)
        else:
            inner = Counter(self.seps[1:-1]).most_common(1)
            sep = inner[0][0] if inner else b"\n"
            seps = [self.seps[0], *[sep] * max(len(tokens) - 1, 0), self.seps[-1] if tokens else b""]
        return b"".join(s + t for s, t in zip(seps, [*tokens, b""]))


def _recase(token: bytes) -> bytes:
    for other in (token.swapcase(), token.lower(), token.upper()):
        if other != token:
            return other
    return token


def changed(answer: bytes, words: list[bytes], case_sensitive: bool) -> Iterator[tuple[str, bytes]]:
    """(what was changed, output) for outputs that no longer answer the test."""
    lay = Layout.of(answer)
    toks = list(lay.tokens)
    n = len(toks)
    same = (lambda a, b: a == b) if case_sensitive else (lambda a, b: a.lower() == b.lower())
    for i in dict.fromkeys((0, n // 2, n - 1)) if n else ():
        where = f"token {i + 1} of {n}"
        for w in [w for w in words if not same(w, toks[i])][:WORDS]:
            yield f"{where} {toks[i]!r} replaced by {w!r}", lay.join([*toks[:i], w, *toks[i + 1:]])
        if case_sensitive and _recase(toks[i]) != toks[i]:
            yield f"{where} {toks[i]!r} in another case", lay.join([*toks[:i], _recase(toks[i]), *toks[i + 1:]])
        if re.fullmatch(rb"[+-]?[0-9]+", toks[i]):
            for d in (1, -1):
                yield f"{where} {toks[i]!r} {d:+}", lay.join([*toks[:i], str(int(toks[i]) + d).encode(), *toks[i + 1:]])
        yield f"{where} dropped", lay.join(toks[:i] + toks[i + 1:])
        yield f"{where} duplicated", lay.join(toks[:i + 1] + toks[i:])
    yield "a token added at the end", lay.join([*toks, words[0] if words else b"0"])
    pair = next(((i, j) for i in range(n) for j in range(i + 1, min(n, i + 50)) if not same(toks[i], toks[j])), None)
    if pair:
        i, j = pair
        swapped = list(toks)
        swapped[i], swapped[j] = toks[j], toks[i]
        yield f"tokens {i + 1} and {j + 1} swapped", lay.join(swapped)
    if n > 1:
        yield "cut to its first half", lay.join(toks[:n // 2])
        yield "the last token dropped", lay.join(toks[:-1])
    if n:
        yield "empty", b""


def allowed(answer: bytes, case_sensitive: bool) -> Iterator[tuple[str, bytes]]:
    """(how it differs, output) for outputs the rule must accept as the answer itself."""
    toks = answer.split()
    yield "the answer itself", answer
    if toks:
        yield "all tokens on one line", b" ".join(toks) + b"\n"
        yield "one token per line", b"\n".join(toks) + b"\n"
        yield "doubled spaces", b"  ".join(toks) + b"\n"
        yield "a space at the end of each line", b"".join(t + b" \n" for t in toks)
        yield "no final newline", answer.rstrip()
    yield "an extra final newline", answer + b"\n"
    if not case_sensitive and answer.swapcase() != answer:
        yield "in the other case", answer.swapcase()


def answer_words(answers: list[bytes], limit: int = 10) -> list[bytes]:
    """The answer words seen in the data, most frequent first."""
    return [w for w, _ in Counter(t for a in answers for t in a.split()).most_common(limit)]
