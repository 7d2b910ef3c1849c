import random
import sys

rng = random.Random(" ".join(sys.argv[1:]))
n = rng.randint(2, 30)
m = rng.randint(0, 60)
print(n, m)
for _ in range(m):
    u, v = rng.sample(range(1, n + 1), 2)
    print(u, v, rng.randint(1, 1000))
