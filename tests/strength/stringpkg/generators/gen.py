import random
import sys

rng = random.Random(" ".join(sys.argv[1:]))
n = rng.randint(1, 40)
print(n)
print("".join(rng.choice("ab") for _ in range(n)))
