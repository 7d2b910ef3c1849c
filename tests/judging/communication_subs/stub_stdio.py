import sys

import task


def main() -> None:
    if sys.argv[1] == "0":
        n = int(sys.stdin.readline())
        a = [int(x) for x in sys.stdin.readline().split()][:n]
        print(task.encode(n, a), flush=True)
    else:
        print(task.decode(int(sys.stdin.readline())), flush=True)


main()
