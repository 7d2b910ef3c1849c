# Adds two numbers digit by digit, with a carry: many operators and constants for the mutants to change.
import sys


def digits(x):
    out = []
    while x > 0:
        out.append(x % 10)
        x = x // 10
    return out


def add(a, b):
    da, db = digits(a), digits(b)
    n = max(len(da), len(db))
    carry = 0
    total = 0
    power = 1
    for i in range(n):
        s = carry
        if i < len(da):
            s = s + da[i]
        if i < len(db):
            s = s + db[i]
        carry = 1 if s >= 10 else 0
        total = total + (s % 10) * power
        power = power * 10
    if carry > 0:
        total = total + carry * power
    return total


a, b = map(int, sys.stdin.readline().split())
print(add(a, b))
