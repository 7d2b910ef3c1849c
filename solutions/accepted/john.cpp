// Accepted: anti-Nim (SJ theorem). John wins iff (all piles are 1 and their count is even)
// or (some pile has 2+ stones and the XOR is not zero).
#include <cstdio>
#include <string>

static std::string in;
static size_t pos = 0;

static long long next_int() {
    while (pos < in.size() && (in[pos] < '0' || in[pos] > '9')) ++pos;
    long long v = 0;
    while (pos < in.size() && in[pos] >= '0' && in[pos] <= '9') v = v * 10 + (in[pos++] - '0');
    return v;
}

int main() {
    char buf[1 << 16];
    size_t got;
    while ((got = std::fread(buf, 1, sizeof buf, stdin)) > 0) in.append(buf, got);
    long long t = next_int();
    std::string out;
    while (t-- > 0) {
        long long n = next_int(), x = 0;
        bool rich = false;
        for (long long i = 0; i < n; ++i) {
            long long a = next_int();
            x ^= a;
            rich = rich || a > 1;
        }
        // Without a rich pile the XOR is the parity of the count, and an even count wins.
        out += (x != 0) == rich ? "John\n" : "Brother\n";
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
