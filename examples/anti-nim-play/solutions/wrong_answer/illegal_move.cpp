// The right strategy, but whenever a move empties a pile it asks for one stone more than the pile
// holds (an off-by-one in "take everything"): an illegal move, rejected at once.
#include <cstdio>
#include <vector>

int main() {
    int games;
    if (std::scanf("%d", &games) != 1) return 1;
    while (games--) {
        int n;
        std::scanf("%d", &n);
        std::vector<int> a(n);
        for (int& v : a) std::scanf("%d", &v);
        for (;;) {
            int x = 0, ones = 0, big = 0, pile = 0, take = 0;
            for (int i = 0; i < n; i++) { x ^= a[i]; ones += a[i] == 1; if (a[i] >= 2) { big++; pile = i; } }
            if (big == 0) {
                for (int i = 0; i < n; i++) if (a[i]) { pile = i; take = 1; break; }
            } else if (big == 1) {
                take = ones % 2 == 0 ? a[pile] - 1 : a[pile];
            } else {
                for (int i = 0; i < n; i++) if ((a[i] ^ x) < a[i]) { pile = i; take = a[i] - (a[i] ^ x); break; }
            }
            std::printf("%d %d\n", pile + 1, take == a[pile] ? take + 1 : take);
            std::fflush(stdout);
            a[pile] -= take;
            int j, m;
            if (std::scanf("%d %d", &j, &m) != 2) return 0;   // the judge has stopped the game
            if (j == 0) break;
            a[j - 1] -= m;
        }
    }
}
