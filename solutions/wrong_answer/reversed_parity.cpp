// Wrong answer: all piles of one stone: says the first player wins on an ODD count (reversed).
#include <cstdio>

int main() {
    int games;
    scanf("%d", &games);
    while (games--) {
        int n, x = 0, sum = 0, ones = 0;
        bool rich = false;
        scanf("%d", &n);
        for (int i = 0; i < n; ++i) {
            int a;
            scanf("%d", &a);
            x ^= a;
            sum += a;
            if (a == 1) ++ones;
            if (a > 1) rich = true;
        }
        puts((rich ? x != 0 : n % 2 == 1) ? "John" : "Brother");
    }
}
