"""What finding a wrong answer's first difference costs (the details `ojpack check` keeps for `ojpack serve`),
next to what the token checker itself costs on the same files.

    .venv/bin/python bench/firstdiff.py [--tokens N]

An answer of N numbers (default 3,000,000) on one line, and an output that differs in its last token only
(the worst case: every token before it is the same) or in its first one. Prints each time and its ratio to
the checker's `compare_tokens` on the same pair (which reads both files whole)."""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from ojpack.judging import first_difference
from ojpack.judging.checker import compare_tokens


def timed(f: object, *args: object) -> float:
    start = time.perf_counter()
    f(*args)   # type: ignore[operator]
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tokens", type=int, default=3_000_000)
    n = ap.parse_args().tokens
    with tempfile.TemporaryDirectory() as tmp:
        ans, out = Path(tmp, "ans"), Path(tmp, "out")
        big = b" ".join(str(i).encode() for i in range(n)) + b"\n"
        ans.write_bytes(big)
        print(f"answer: {n:,} tokens, {len(big) / 1e6:.1f} MB on one line")
        for where, data in (("last token", big[:-3] + b"X\n"), ("first token", b"X" + big[1:])):
            out.write_bytes(data)
            check = timed(lambda: compare_tokens(out.read_bytes(), ans.read_bytes()))
            diff = timed(first_difference, out, ans)
            print(f"differs at its {where}: checker {check:.3f} s, first difference {diff:.3f} s "
                  f"({diff / check:.2f}x the checker)")


if __name__ == "__main__":
    main()
