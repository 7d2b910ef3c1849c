import sys

s = sys.stdin.read().split()[1]
best = run = 0
for i, c in enumerate(s):
    run = run + 1 if i and s[i - 1] == c else 1
    best = max(best, run)
print(best)
