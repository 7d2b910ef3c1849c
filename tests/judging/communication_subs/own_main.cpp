#include "relay.h"
long long encode(int n, const std::vector<long long>& a) { return 0; }
long long decode(long long message) { return message; }
int main() { return 0; }
