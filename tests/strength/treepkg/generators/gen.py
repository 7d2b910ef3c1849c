import random
import sys

rng = random.Random(" ".join(sys.argv[1:]))
n = rng.randint(1, 40)
print(n)
for v in range(2, n + 1):
    print(rng.randint(1, v - 1), v)
