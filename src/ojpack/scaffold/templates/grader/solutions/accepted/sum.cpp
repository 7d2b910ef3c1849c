// The model solution: only the function; the grader reads, calls and prints.
#include "sum.h"

long long sum_mod(int n, const std::vector<long long>& a) {
    const long long mod = 1000000007;
    long long s = 0;
    for (int i = 0; i < n; i++) s = (s + a[i]) % mod;
    return s;
}
