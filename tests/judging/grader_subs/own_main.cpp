#include "sum.h"
#include <cstdio>
long long sum_mod(int n, const std::vector<long long>& a) { long long s = 0; for (auto x : a) s = (s + x) % 1000000007; return s; }
int main() { std::printf("0\n"); }
