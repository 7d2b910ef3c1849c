#include "relay.h"
#include <cstdlib>
long long encode(int n, const std::vector<long long>& a) { std::abort(); }
long long decode(long long message) { return message; }
