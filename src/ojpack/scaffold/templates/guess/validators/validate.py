"""Strict validator: `validate.py [--features] n=LO..HI x=LO..HI < input`, exit 42 valid, 43 invalid.

The input is one line `n x` with x <= n. ojval (beside this file) reads strictly and reports --features;
validate.cpp is the same in C++; tests.yaml lists inputs it must accept or reject.
"""

import ojval


def check(r: ojval.Reader) -> None:
    n = r.read_int("n")
    r.read_space()
    x = r.read_int("x")
    if x > n:
        r.invalid(f"the hidden number x = {x} is greater than n = {n}")
    r.read_eol()
    r.read_eof()


ojval.main(check)
