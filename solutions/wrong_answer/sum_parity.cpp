// Wrong answer: decides by the parity of the total number of stones.
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
        puts(sum % 2 == 0 ? "John" : "Brother");
    }
}
