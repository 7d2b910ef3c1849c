// Wrong: forgets the modulus. Right on the first sample, wrong as soon as the sum reaches 1e9+7 (the second
// sample, and the big tests). Each wrong solution shows that some test catches a mistake.
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
    std::printf("%lld\n", sum);
}
