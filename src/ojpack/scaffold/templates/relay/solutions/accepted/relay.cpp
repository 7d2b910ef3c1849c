// Sends the sum modulo 10^9 + 7 itself; the receiver passes it on.
#include "relay.h"

long long encode(int n, const std::vector<long long>& a) {
    long long s = 0;
    for (int i = 0; i < n; i++) s = (s + a[i]) % 1000000007LL;
    return s;
}

long long decode(long long message) { return message; }
