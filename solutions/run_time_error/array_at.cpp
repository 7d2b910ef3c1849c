// Run-time error: a vector of 10 piles with bounds-checked access; the first game with more than
// 10 piles throws std::out_of_range and aborts.
#include <cstdio>
#include <vector>

int main() {
    std::vector<int> pile(10);
    int games;
    scanf("%d", &games);
    while (games--) {
        int n, x = 0;
        bool rich = false;
        scanf("%d", &n);
        for (int i = 0; i < n; ++i) scanf("%d", &pile.at(i));
        for (int i = 0; i < n; ++i) {
            x ^= pile.at(i);
            if (pile.at(i) > 1) rich = true;
        }
        puts((rich ? x != 0 : n % 2 == 0) ? "John" : "Brother");
    }
}
