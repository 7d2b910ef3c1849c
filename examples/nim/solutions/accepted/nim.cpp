// Plain Nim: the first player wins iff the XOR of the piles is non-zero.
#include <cstdio>
int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        int n, x = 0, a;
        scanf("%d", &n);
        for (int i = 0; i < n; i++) { scanf("%d", &a); x ^= a; }
        puts(x ? "Yes" : "No");
    }
}
