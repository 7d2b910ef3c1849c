// Accepted, by position class: count the "rich" piles (>= 2 stones) and decide
// S0/T0 (no rich pile: parity of the lonely piles), S1 (one rich pile: always a win),
// S2/T2 (several rich piles: the XOR decides).
#include <cstdio>

int main() {
    int games;
    if (scanf("%d", &games) != 1) return 1;
    while (games--) {
        int n, rich = 0, lonely = 0, x = 0;
        scanf("%d", &n);
        for (int i = 0; i < n; ++i) {
            int a;
            scanf("%d", &a);
            x ^= a;
            if (a >= 2) ++rich; else ++lonely;
        }
        bool first_wins;
        if (rich == 0) first_wins = lonely % 2 == 0;      // S0 loses, T0 wins
        else if (rich == 1) first_wins = true;            // S1: leave an odd number of lonely piles
        else first_wins = x != 0;                         // S2 wins, T2 loses
        puts(first_wins ? "John" : "Brother");
    }
}
