import pathlib
import sys

numbers = pathlib.Path(sys.argv[1]).read_text().split()
want = sum(int(x) for x in numbers[1:])
feedback = pathlib.Path(sys.argv[3])
second = (feedback / "first-pass-done").exists()   # left by the first pass: the feedback folder is kept
try:
    got = int(sys.stdin.read().split()[0])
except (IndexError, ValueError):
    got = None
if got != want:
    (feedback / "judgemessage.txt").write_text(f"{got} is not the sum {want}")
    sys.exit(43)
if not second:
    (feedback / "first-pass-done").write_text("")
    (feedback / "nextpass.in").write_text(f"1\n{want}\n")
sys.exit(42)
