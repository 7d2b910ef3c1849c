"""Strict validator: `validate.py [--features] n=LO..HI a=LO..HI < input`, exit 42 valid, 43 invalid.

The input is exactly: a line with n, then a line with n integers a_i separated by single spaces; every line
ends in "\\n" and nothing follows. ojval (beside this file) does the strict reading, names the place of any
mistake (`line 2, column 7: expected a in [0, 1000000000], found -3`) and prints the --features report that
`coverage:` in problem.yaml is checked against. validate.cpp is the same in C++; tests.yaml lists inputs it
must accept or reject (`ojpack validate` runs them).
"""

import ojval


def check(r: ojval.Reader) -> None:
    n = r.read_int("n")
    r.read_eol()
    r.read_ints("a", n)
    r.read_eol()
    r.read_eof()


ojval.main(check)
