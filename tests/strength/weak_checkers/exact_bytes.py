"""Too strict: the output must be the answer byte for byte, so it rejects whitespace the rule allows
(Kattis convention: checker input answer feedback_dir < output; exit 42 accepts, 43 rejects)."""
import sys

ok = sys.stdin.buffer.read() == open(sys.argv[2], "rb").read()
if not ok:
    with open(sys.argv[3] + "judgemessage.txt", "w") as f:
        f.write("the output is not the answer byte for byte")
sys.exit(42 if ok else 43)
