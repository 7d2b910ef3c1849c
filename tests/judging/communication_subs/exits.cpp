// exit() before encode returns: the stub never writes, so the manager reads no message and scores 0.
#include "relay.h"
#include <cstdlib>
long long encode(int n, const std::vector<long long>& a) { std::exit(0); }
long long decode(long long message) { return message; }
