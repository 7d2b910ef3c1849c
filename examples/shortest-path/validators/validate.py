"""Strict validator: `validate.py [--features] n=LO..HI m=LO..HI w=LO..HI < input`, exit 42 valid, 43 invalid.

The input is exactly: a line "n m", then m lines "u v w" with 1 <= u, v <= n, u != v and w within its bound
(parallel edges are allowed); single spaces, every line ends in "\\n", nothing follows. validate.cpp is the
same in C++ (for UOJ); tests.yaml lists inputs it must accept or reject.
"""

import ojval


def check(r: ojval.Reader) -> None:
    n = r.read_int("n")
    r.read_space()
    m = r.read_int("m")
    r.read_eol()
    for _ in range(m):
        u = r.read_int("u", 1, n)
        r.read_space()
        v = r.read_int("v", 1, n)
        if u == v:
            r.invalid(f"a loop {u}-{v} (u and v must differ)")
        r.read_space()
        r.read_int("w")
        r.read_eol()
    r.read_eof()


ojval.main(check)
