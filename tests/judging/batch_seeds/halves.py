# Adds by halves: (a + b) = 2 * ((a + b) // 2) + the parity, computed the long way.
a, b = (int(x) for x in input().split())
half = (a // 2) + (b // 2)
odd = (a % 2) + (b % 2)
if odd == 2:
    half += 1
    odd = 0
result = 2 * half + odd
assert result >= 2 and result <= 200
print(result)
