// Wrong answer: treats XOR == 1 as a loss even with rich piles ("XOR 1 is the misere zero").
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
        puts((rich ? x > 1 : n % 2 == 0) ? "John" : "Brother");
    }
}
