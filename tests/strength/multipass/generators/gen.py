import random
import sys

rng = random.Random(" ".join(sys.argv[1:]))
n = rng.randint(2, 10)
print(n)
print(*(rng.randint(1, 10) for _ in range(n)))
