"""The same in Python: the stub imports this file as `task`."""


def encode(n: int, a: list[int]) -> int:
    return sum(a) % (10**9 + 7)


def decode(message: int) -> int:
    return message
