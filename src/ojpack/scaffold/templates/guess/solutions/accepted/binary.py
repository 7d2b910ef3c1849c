"""Binary search in Python; print(..., flush=True) sends each question at once."""


def main() -> None:
    lo, hi = 1, int(input())
    while True:
        mid = (lo + hi) // 2
        print("?", mid, flush=True)
        reply = input().strip()
        if reply == "=":
            return
        if reply == "<":
            hi = mid - 1
        else:
            lo = mid + 1


main()
