#include "sum.h"
#include <unistd.h>
long long sum_mod(int n, const std::vector<long long>& a) {
    if (fork() == 0) { sleep(30); _exit(0); }
    long long s = 0; for (auto x : a) s = (s + x) % 1000000007; return s;
}
