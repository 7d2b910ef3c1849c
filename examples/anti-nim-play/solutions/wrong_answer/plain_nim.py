"""Plays plain Nim (move to XOR 0): right while two piles hold 2+ stones, wrong in the endgame, where
anti-Nim must leave an odd number of single stones. Brother then wins."""
import sys


def move(a):
    x = 0
    for v in a:
        x ^= v
    for i, v in enumerate(a):
        if x and v ^ x < v:
            return i, v - (v ^ x)
    return next(i for i, v in enumerate(a) if v), 1


def main():
    read = sys.stdin.readline
    for _ in range(int(read())):
        read()
        a = list(map(int, read().split()))
        while True:
            i, k = move(a)
            a[i] -= k
            print(i + 1, k, flush=True)
            line = read()
            if not line:
                return
            j, m = map(int, line.split())
            if j == 0:
                break
            a[j - 1] -= m


main()
