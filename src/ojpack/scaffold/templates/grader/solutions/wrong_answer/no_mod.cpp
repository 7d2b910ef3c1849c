// Forgets the modulo: wrong once the sum passes 10^9 + 7.
#include "sum.h"

long long sum_mod(int n, const std::vector<long long>& a) {
    long long s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    return s;
}
