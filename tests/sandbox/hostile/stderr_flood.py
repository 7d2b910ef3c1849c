# The right answer on stdout, and 2 MiB of debug output on stderr (more than the whole output limit).
# stderr is no part of the output limit: the run is fine, and the first KiB of stderr are kept.
import sys

a, b = map(int, sys.stdin.read().split())
for _ in range(2048):
    print("d" * 1023, file=sys.stderr)
print(a + b)
