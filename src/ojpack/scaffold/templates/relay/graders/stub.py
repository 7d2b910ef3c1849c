"""The Python stub: run as `stub.py from_manager to_manager index`; it imports the submission (task.py)."""
import sys

import task


def main() -> None:
    with open(sys.argv[1]) as inp, open(sys.argv[2], "w") as out:
        if sys.argv[3] == "0":
            n = int(inp.readline())
            a = [int(x) for x in inp.readline().split()][:n]
            out.write(f"{task.encode(n, a)}\n")
        else:
            out.write(f"{task.decode(int(inp.readline()))}\n")


main()
