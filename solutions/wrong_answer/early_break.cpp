// Wrong answer: stops reading a game as soon as it meets a rich pile ("the all-ones case is ruled
// out, the XOR rule applies"), so the XOR misses the remaining piles and the rest of the game is
// read as the next games.
#include <cstdio>

int main() {
    int games;
    scanf("%d", &games);
    while (games--) {
        int n, x = 0;
        bool rich = false;
        scanf("%d", &n);
        for (int i = 0; i < n; ++i) {
            int a;
            scanf("%d", &a);
            x ^= a;
            if (a > 1) { rich = true; break; }
        }
        puts((rich ? x != 0 : n % 2 == 0) ? "John" : "Brother");
    }
}
