// Wrong: counts from 0. Its index points one place before a maximum, which is seldom a maximum itself, and
// it prints 0 when n = 1 (outside [1, n]): the checker rejects both.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    long long best = -1;
    int at = 0;
    for (int i = 0; i < n; i++) {
        long long a;
        std::scanf("%lld", &a);
        if (a > best) best = a, at = i;
    }
    std::printf("%d\n", at);
}
