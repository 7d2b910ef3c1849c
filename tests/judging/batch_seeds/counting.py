# Adds by counting: the sum of two small numbers, one step at a time, checked against the bounds.
a, b = map(int, input().split())
if a < 1 or b < 1:
    print(0)
else:
    total = 0
    for _ in range(a):
        total += 1
    step = 1
    while b > 0:
        total = total + step
        b -= 1
    if total > 200:
        total = 200
    print(total)
