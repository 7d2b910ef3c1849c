// Wrong answer: tests "some pile is 1" where the rule needs "every pile is 1".
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
        bool special = ones > 0;
        puts((special ? n % 2 == 0 : x != 0) ? "John" : "Brother");
    }
}
