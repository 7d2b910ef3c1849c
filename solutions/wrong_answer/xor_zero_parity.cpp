// Wrong answer: applies the pile-count parity whenever XOR == 0, not only when every pile is 1.
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
        puts((x == 0 ? n % 2 == 0 : (rich || n % 2 == 0)) ? "John" : "Brother");
    }
}
