// Model solution: binary search, at most 30 questions for n <= 10^9. Flush after every question.
#include <cstdio>

int main() {
    long long lo = 1, hi;
    if (std::scanf("%lld", &hi) != 1) return 1;
    while (true) {
        long long mid = lo + (hi - lo) / 2;
        std::printf("? %lld\n", mid);
        std::fflush(stdout);
        char reply[4];
        if (std::scanf("%3s", reply) != 1) return 1;
        if (reply[0] == '=') return 0;
        if (reply[0] == '<') hi = mid - 1; else lo = mid + 1;
    }
}
