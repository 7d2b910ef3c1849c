// John plays anti-Nim (last stone loses) perfectly: as plain Nim while two or more piles hold 2+
// stones; with one such pile, leave an odd number of single stones; with none, take a single stone.
#include <cstdio>
#include <vector>

static void move(const std::vector<int>& a, int& pile, int& take) {
    int x = 0, ones = 0, big = 0, last_big = -1;
    for (int i = 0; i < (int)a.size(); i++) {
        x ^= a[i];
        ones += a[i] == 1;
        if (a[i] >= 2) { big++; last_big = i; }
    }
    if (big == 0) {
        for (int i = 0; i < (int)a.size(); i++) if (a[i]) { pile = i; take = 1; return; }
    }
    if (big == 1) {
        pile = last_big;
        take = ones % 2 == 0 ? a[pile] - 1 : a[pile];
        return;
    }
    for (int i = 0; i < (int)a.size(); i++)
        if ((a[i] ^ x) < a[i]) { pile = i; take = a[i] - (a[i] ^ x); return; }
}

int main() {
    int games;
    if (std::scanf("%d", &games) != 1) return 1;
    while (games--) {
        int n;
        std::scanf("%d", &n);
        std::vector<int> a(n);
        for (int& v : a) std::scanf("%d", &v);
        for (;;) {
            int pile = 0, take = 0;
            move(a, pile, take);
            a[pile] -= take;
            std::printf("%d %d\n", pile + 1, take);
            std::fflush(stdout);
            int j, m;
            std::scanf("%d %d", &j, &m);
            if (j == 0) break;   // Brother is left with the last stone: this game is won
            a[j - 1] -= m;
        }
    }
}
