// Wrong answer: the game counter is an 8-bit unsigned char, so T = 500 is read as 244 (500 mod 256)
// and only that many games are answered. Right on every file with at most 255 games.
#include <cstdio>

int main() {
    unsigned char games;
    scanf("%hhu", &games);
    while (games--) {
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
