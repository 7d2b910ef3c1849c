"""John plays anti-Nim perfectly (see player.cpp for the rule), one move per line, flushed."""
import sys


def move(a):
    x, ones, big = 0, 0, []
    for i, v in enumerate(a):
        x ^= v
        ones += v == 1
        if v >= 2:
            big.append(i)
    if not big:
        return next(i for i, v in enumerate(a) if v), 1
    if len(big) == 1:
        i = big[0]
        return i, a[i] - 1 if ones % 2 == 0 else a[i]
    i = next(i for i, v in enumerate(a) if v ^ x < v)
    return i, a[i] - (a[i] ^ x)


def main():
    read = sys.stdin.readline
    for _ in range(int(read())):
        read()
        a = list(map(int, read().split()))
        while True:
            i, k = move(a)
            a[i] -= k
            print(i + 1, k, flush=True)
            j, m = map(int, read().split())
            if j == 0:
                break
            a[j - 1] -= m


main()
