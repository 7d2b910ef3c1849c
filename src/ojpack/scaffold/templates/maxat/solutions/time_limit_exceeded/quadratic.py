"""Too slow: for each position, counts the larger values over the whole array, O(n^2) when the maximum comes
late. Fine for n <= 1000, far over the time limit for n = 200000 with the maximum near the end (the
generator puts the largest value second to last): it shows the big tests really are big."""
import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    a = list(map(int, data[1:1 + n]))
    for i in range(n):
        if sum(1 for x in a if x > a[i]) == 0:
            print(i + 1)
            return


main()
