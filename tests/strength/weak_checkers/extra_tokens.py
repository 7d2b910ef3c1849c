"""Weak: accepts extra tokens after the answer's (Kattis convention: checker input answer feedback_dir < output; exit 42 accepts, 43 rejects)."""
import sys

answer = open(sys.argv[2], "rb").read().split()
output = sys.stdin.buffer.read().split()
ok = output[:len(answer)] == answer
if not ok:
    with open(sys.argv[3] + "judgemessage.txt", "w") as f:
        f.write("the tokens differ from the answer's")
sys.exit(42 if ok else 43)
