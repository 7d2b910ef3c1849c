// Wrong: divides integers, so the fraction is lost (3 / 2 is 1). Right only when n divides the sum: the
// first sample already catches it. Each wrong solution shows that some test catches a mistake.
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
    std::printf("%lld\n", sum / n);
}
