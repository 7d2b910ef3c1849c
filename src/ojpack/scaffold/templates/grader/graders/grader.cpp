// The C++ grader: compiled together with the submission (task.cpp), which has no main of its own.
#include <cstdio>
#include <vector>

#include "sum.h"

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    std::vector<long long> a(n);
    for (long long& x : a)
        if (std::scanf("%lld", &x) != 1) return 1;
    std::printf("%lld\n", sum_mod(n, a));
}
