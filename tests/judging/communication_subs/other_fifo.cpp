// Process 0 tries to reach process 1's FIFO (its folder, fifo1, is beside its own on the host): it answers
// wrong if it can, right if it cannot.
#include "relay.h"
#include <cstdio>
#include <string>
long long encode(int n, const std::vector<long long>& a) {
    FILE* f = std::fopen("/proc/self/cmdline", "r");
    char buf[4096];
    size_t k = std::fread(buf, 1, sizeof buf - 1, f);
    buf[k] = 0;
    std::string first(buf + std::string(buf).size() + 1);   // argv[1]: .../fifo0/m_to_u0
    std::string other = first.substr(0, first.rfind("fifo0")) + "fifo1/u1_to_m";
    FILE* g = std::fopen(other.c_str(), "w");
    if (g) return -1;
    long long s = 0;
    for (auto x : a) s = (s + x) % 1000000007LL;
    return s;
}
long long decode(long long message) { return message; }
