"""Generator: `gen.py FAMILY --n N|LO..HI --a LO..HI [--salt S]` prints one input on stdout.

ojpack runs it from the plan in problem.yaml and seeds it from its whole command line (ojgen.Random.from_argv),
so the same line always gives the same bytes, on every machine; change `--salt` for another test of the same
family. Families:
  random    n (or a random n in LO..HI) integers, each uniform in the range of --a
  multiple  like random, but the last integer is chosen so that the sum is a multiple of 1e9+7 (answer 0),
            when it fits in the range
"""

import ojgen

MOD = 10**9 + 7

opts = ojgen.options()
rng = ojgen.Random.from_argv()
n_lo, n_hi = ojgen.span(opts["n"])
lo, hi = ojgen.span(opts["a"])
n = rng.randint(n_lo, n_hi)
a = rng.array(n, lo, hi)
a[-1] = lo if n > 1 else a[-1]   # the smallest value shows up in every family with n > 1
if n > 2:
    a[-2] = hi                   # and the largest
if opts["family"] == "multiple" and n > 1:
    want = (-sum(a[:-1])) % MOD  # the last value that makes the sum 0 modulo 1e9+7
    if lo <= want <= hi:
        a[-1] = want
elif opts["family"] != "random":
    raise SystemExit(f"unknown family {opts['family']!r} (random, multiple)")
ojgen.write([n], a)
