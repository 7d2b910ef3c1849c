"""Weak: counts the words only (Kattis convention: checker input answer feedback_dir < output; exit 42 accepts, 43 rejects)."""
import sys

answer = open(sys.argv[2], "rb").read().split()
output = sys.stdin.buffer.read().split()
ok = len(output) == len(answer)
if not ok:
    with open(sys.argv[3] + "judgemessage.txt", "w") as f:
        f.write("wrong number of tokens")
sys.exit(42 if ok else 43)
