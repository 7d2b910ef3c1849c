"""Too slow: recomputes every prefix sum from scratch (quadratic)."""


def sum_mod(n: int, a: list[int]) -> int:
    best = 0
    for i in range(n):
        best = sum(a[:i + 1]) % (10**9 + 7)
    return best
