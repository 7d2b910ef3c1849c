"""Weak: compares the first token only (Kattis convention: checker input answer feedback_dir < output; exit 42 accepts, 43 rejects)."""
import sys

answer = open(sys.argv[2], "rb").read().split()
output = sys.stdin.buffer.read().split()
ok = output[:1] == answer[:1]
if not ok:
    with open(sys.argv[3] + "judgemessage.txt", "w") as f:
        f.write("the first token differs")
sys.exit(42 if ok else 43)
