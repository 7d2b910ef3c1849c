// Wrong answer or run-time error: keeps a game's piles in an array of 10, while a game may have
// up to 50 piles; the writes past the end clobber the neighbouring globals (or crash).
#include <cstdio>

int pile[10];
int n, x, ones;

int main() {
    int games;
    scanf("%d", &games);
    while (games--) {
        scanf("%d", &n);
        int count = n;
        for (int i = 0; i < count; ++i) scanf("%d", &pile[i]);
        x = 0;
        ones = 0;
        for (int i = 0; i < n; ++i) {
            x ^= pile[i];
            if (pile[i] == 1) ++ones;
        }
        bool rich = ones < n;
        puts((rich ? x != 0 : n % 2 == 0) ? "John" : "Brother");
    }
}
