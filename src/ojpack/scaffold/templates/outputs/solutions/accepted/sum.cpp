// Model solution: add the integers modulo 1e9+7 as they come (64-bit, so no overflow: each partial sum is
// below 1e9+7 and each a_i at most 1e9). It writes the .ans files (model_solution in problem.yaml).
#include <cstdio>

int main() {
    const long long MOD = 1000000007;
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    long long sum = 0;
    for (int i = 0; i < n; i++) {
        long long a;
        std::scanf("%lld", &a);
        sum = (sum + a) % MOD;
    }
    std::printf("%lld\n", sum);
}
