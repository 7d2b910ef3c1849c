// Wrong answer: the XOR and the "rich pile seen" flag live outside the game loop and are never
// reset, so every game after the first is judged with the previous games' piles mixed in.
#include <cstdio>

int x = 0;
bool rich = false;

int main() {
    int games;
    scanf("%d", &games);
    while (games--) {
        int n;
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
