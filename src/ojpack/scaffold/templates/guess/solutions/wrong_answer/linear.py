"""Wrong: asks 1, 2, 3, ... in turn: right for a small hidden number, over the 30-question limit otherwise."""


def main() -> None:
    n = int(input())
    for y in range(1, n + 1):
        print("?", y, flush=True)
        if input().strip() == "=":
            return


main()
