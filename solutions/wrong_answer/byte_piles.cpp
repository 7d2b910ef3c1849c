// Wrong answer: stores the piles in unsigned char ("a pile is small"), so a pile of 256 stones
// becomes 0 and every pile above 255 loses its high bits before the XOR.
#include <cstdio>

unsigned char pile[64];

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
            pile[i] = a;
        }
        for (int i = 0; i < n; ++i) {
            x ^= pile[i];
            if (pile[i] > 1) rich = true;
        }
        puts((rich ? x != 0 : n % 2 == 0) ? "John" : "Brother");
    }
}
