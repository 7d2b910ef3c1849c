import random
import sys
import time

args = sys.argv[1:]
rng = random.Random(" ".join(args))
hi = int(args[args.index("--max") + 1])
if "--sleep" in args:
    time.sleep(float(args[args.index("--sleep") + 1]))
if "--fail" in args:
    sys.exit("generator failed on purpose")
a = hi if "--top" in args else rng.randint(1, hi)
print(a, rng.randint(1, hi))
