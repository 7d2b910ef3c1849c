// Wrong answer: an off-by-one game loop (from 1 while < T) answers only T-1 of the T games.
#include <cstdio>

int main() {
    int games;
    scanf("%d", &games);
    for (int g = 1; g < games; ++g) {
        int n, x = 0;
        bool rich = false;
        scanf("%d", &n);
        for (int i = 0; i < n; ++i) {
            int a;
            scanf("%d", &a);
            x ^= a;
            if (a > 1) rich = true;
        }
        puts((rich ? x != 0 : n % 2 == 0) ? "John" : "Brother");
    }
}
