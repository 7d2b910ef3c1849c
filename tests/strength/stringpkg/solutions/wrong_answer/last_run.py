# Wrong: a run is counted only when the next letter differs, so the last run is never counted.
import sys

s = sys.stdin.read().split()[1]
best = run = 0
for i, c in enumerate(s):
    run = run + 1 if i and s[i - 1] == c else 1
    if i + 1 < len(s) and s[i + 1] != c:
        best = max(best, run)
print(best)
