// Partial (20 points: subtask 1): the all-ones rule alone. With every pile a single stone the moves
// are forced, so the first player wins exactly when the number of piles is even; the pile sizes are
// read and ignored, which is wrong as soon as a pile holds two or more stones.
#include <cstdio>

int main() {
    int games;
    if (scanf("%d", &games) != 1) return 0;
    while (games--) {
        int n;
        scanf("%d", &n);
        for (int i = 0, a; i < n; ++i) scanf("%d", &a);
        puts(n % 2 == 0 ? "John" : "Brother");
    }
}
