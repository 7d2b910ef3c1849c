// Wrong answer or run-time error: keeps a game's piles in an array of 10 inside a struct, while a
// game may have up to 50 piles; the 11th pile lands on the pile count that follows the array (and
// further piles on whatever follows), so a game with more than 10 piles is judged on garbage.
#include <cstdio>

struct Game {
    int pile[10];
    int n;
    int ones;
} game;

int main() {
    int games;
    scanf("%d", &games);
    while (games--) {
        int count;
        scanf("%d", &count);
        game.n = count;
        for (int i = 0; i < count; ++i) scanf("%d", &game.pile[i]);
        int x = 0;
        game.ones = 0;
        for (int i = 0; i < game.n; ++i) {
            x ^= game.pile[i];
            if (game.pile[i] == 1) ++game.ones;
        }
        bool rich = game.ones < game.n;
        puts((rich ? x != 0 : game.n % 2 == 0) ? "John" : "Brother");
    }
}
