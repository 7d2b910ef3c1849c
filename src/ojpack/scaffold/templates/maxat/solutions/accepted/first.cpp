// Model solution: the first index of a maximum (1-based). It writes the .ans files (model_solution in
// problem.yaml); the checker accepts any index of a maximum, so last.py, printing another one, passes too.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    long long best = -1;
    int at = 0;
    for (int i = 1; i <= n; i++) {
        long long a;
        std::scanf("%lld", &a);
        if (a > best) best = a, at = i;
    }
    std::printf("%d\n", at);
}
