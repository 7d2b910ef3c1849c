// Model solution: the exact sum fits in 64 bits (at most 2e5 * 1e9), one division at the end, printed with
// more digits than the checker's 1e-6 tolerance needs. It writes the .ans files (model_solution).
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    long long sum = 0;
    for (int i = 0; i < n; i++) {
        long long a;
        std::scanf("%lld", &a);
        sum += a;
    }
    std::printf("%.9f\n", static_cast<double>(sum) / n);
}
