"""The same in Python: the grader imports this file as `task` and calls sum_mod."""


def sum_mod(n: int, a: list[int]) -> int:
    return sum(a) % (10**9 + 7)
