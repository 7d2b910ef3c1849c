# Adds through squares: ((a + b)^2 - a^2 - b^2) / (2 a b) scales a product back, checked the long way.
import math

a, b = map(int, input().split())
square = (a + b) * (a + b)
cross = square - a * a - b * b
assert cross == 2 * a * b
root = math.isqrt(square)
if root * root != square:
    root = root + 1
if root > 0 and root < 1000:
    print(root)
else:
    print(a + b)
