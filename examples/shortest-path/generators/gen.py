"""Generator: `gen.py FAMILY --n LO..HI --m LO..HI --maxw W [--salt S]` prints one weighted graph.

ojpack seeds it from its whole command line (ojgen.Random.from_argv): the same line always gives the same
bytes; change `--salt` for another graph of the family. n and m are drawn from their ranges, each weight
from 1..W. Families:
  random  a random spanning tree first when m >= n - 1 (so n is reachable), then random extra edges
  line    the path 1-2-...-n with weight W on every edge (the longest distance: (n-1)·W); --m is ignored
  sparse  m random edges, no tree first: often no path from 1 to n
"""

import ojgen

opts = ojgen.options()
rng = ojgen.Random.from_argv()
n = rng.randint(*ojgen.span(opts["n"]))
m = rng.randint(*ojgen.span(opts["m"]))
maxw = int(opts.get("maxw", "1000000000"))
family = opts["family"]


def pair() -> tuple[int, int]:
    u = rng.randint(1, n)
    v = rng.randint(1, n - 1)
    return u, v + (v >= u)   # v != u


edges: list[tuple[int, int, int]] = []
if family == "random":
    if m >= n - 1:
        order = rng.permutation(n)
        order.remove(1)
        order = [1, *order]
        edges = [(order[rng.randint(0, i - 1)], order[i], rng.randint(1, maxw)) for i in range(1, n)]
elif family == "line":
    m = n - 1
    edges = [(i, i + 1, maxw) for i in range(1, n)]
elif family != "sparse":
    raise SystemExit(f"unknown family {family!r} (random, line, sparse)")
while len(edges) < m:
    u, v = pair()
    edges.append((u, v, rng.randint(1, maxw)))
rng.shuffle(edges)
ojgen.write([n, len(edges)], *([u, v, w] if rng.randint(0, 1) else [v, u, w] for u, v, w in edges))
