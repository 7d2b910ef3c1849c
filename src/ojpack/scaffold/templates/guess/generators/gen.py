"""Generator: one input `n x` on stdout, seeded by its whole command line (ojgen.Random.from_argv()).

  gen.py at --n N --x X           exactly n = N and x = X
  gen.py random --n N|LO..HI      n (or a random n in LO..HI), x uniform in 1..n; --salt S for another one
"""

import ojgen

opts = ojgen.options()
rng = ojgen.Random.from_argv()
n = rng.randint(*ojgen.span(opts["n"]))
if opts["family"] == "at":
    x = int(opts["x"])
elif opts["family"] == "random":
    x = rng.randint(1, n)
else:
    raise SystemExit(f"unknown family {opts['family']!r} (at, random)")
ojgen.write([n, x])
