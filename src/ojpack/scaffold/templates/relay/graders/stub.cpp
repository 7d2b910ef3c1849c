// The C++ stub: run as `stub from_manager to_manager index`; it talks to the manager for the submission.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "relay.h"

int main(int argc, char** argv) {
    if (argc < 4) return 1;
    FILE* in = std::fopen(argv[1], "r");
    FILE* out = std::fopen(argv[2], "w");
    if (!in || !out) return 1;
    if (std::atoi(argv[3]) == 0) {
        int n;
        if (std::fscanf(in, "%d", &n) != 1) return 1;
        std::vector<long long> a(n);
        for (long long& x : a)
            if (std::fscanf(in, "%lld", &x) != 1) return 1;
        std::fprintf(out, "%lld\n", encode(n, a));
    } else {
        long long message;
        if (std::fscanf(in, "%lld", &message) != 1) return 1;
        std::fprintf(out, "%lld\n", decode(message));
    }
    std::fflush(out);
}
