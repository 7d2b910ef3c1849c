"""Too slow: a binary search that finds each middle by walking over every candidate left, O(n) per question.
Instant for n <= 100, far over the time limit for n = 10^9: it shows the big tests really are big."""


def main() -> None:
    lo, hi = 1, int(input())
    while True:
        count = 0
        for _ in range(lo, hi + 1):   # counts what hi - lo + 1 already says, one by one
            count += 1
        mid = lo + (count - 1) // 2
        print("?", mid, flush=True)
        reply = input().strip()
        if reply == "=":
            return
        if reply == "<":
            hi = mid - 1
        else:
            lo = mid + 1


main()
