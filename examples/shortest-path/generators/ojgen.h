// ojgen.h: seeded test generation for C++ generators in ojpack packages, the twin of ojgen.py: the same
// arguments give the same draws in both, on every machine and compiler (xoshiro256** seeded through
// splitmix64 from a 64-bit FNV-1a hash of the arguments joined by single spaces; no std::random
// distributions, whose results differ between standard libraries).
//
//   #include "ojgen.h"
//   int main(int argc, char** argv) {
//       ojgen::Random rng = ojgen::Random::from_argv(argc, argv);
//       std::vector<long long> a = rng.array(n, 0, 1000000000);
//   }
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ojgen {

inline uint64_t fnv1a64(const std::string& s) {
    uint64_t h = 0xCBF29CE484222325ULL;
    for (unsigned char c : s) h = (h ^ c) * 0x100000001B3ULL;
    return h;
}

class Random {
    uint64_t s[4];
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

public:
    explicit Random(uint64_t seed) {
        for (uint64_t& v : s) {   // splitmix64
            uint64_t z = (seed += 0x9E3779B97F4A7C15ULL);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
            v = z ^ (z >> 31);
        }
    }
    // Seeded by argv[1..] joined by single spaces, as ojgen.Random.from_argv() is.
    static Random from_argv(int argc, char** argv) {
        std::string joined;
        for (int i = 1; i < argc; i++) joined += (i > 1 ? " " : "") + std::string(argv[i]);
        return Random(fnv1a64(joined));
    }
    uint64_t next64() {
        uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
        s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
        s[2] ^= t; s[3] = rotl(s[3], 45);
        return result;
    }
    // Uniform in [lo, hi], both included, without modulo bias.
    long long randint(long long lo, long long hi) {
        if (lo > hi) throw std::invalid_argument("randint: empty range");
        uint64_t span = (uint64_t)hi - (uint64_t)lo + 1;
        if (span == 0) return (long long)next64();   // the whole 64-bit range
        uint64_t top = ~0ULL - (-span % span);   // accept x < 2^64 - (2^64 mod span), as ojgen.py does
        for (;;) {
            uint64_t x = next64();
            if (x <= top) return (long long)((uint64_t)lo + x % span);
        }
    }
    template <class T> void shuffle(std::vector<T>& v) {
        for (size_t i = v.size(); i > 1; i--) std::swap(v[i - 1], v[(size_t)randint(0, (long long)i - 1)]);
    }
    std::vector<long long> array(int n, long long lo, long long hi) {
        std::vector<long long> a(n);
        for (auto& x : a) x = randint(lo, hi);
        return a;
    }
    std::vector<int> permutation(int n, int start = 1) {
        std::vector<int> p(n);
        for (int i = 0; i < n; i++) p[i] = start + i;
        shuffle(p);
        return p;
    }
    std::string string(int n, const std::string& alphabet = "abcdefghijklmnopqrstuvwxyz") {
        std::string out;
        for (int i = 0; i < n; i++) out += alphabet[(size_t)randint(0, (long long)alphabet.size() - 1)];
        return out;
    }
    // The n - 1 edges of a random tree on 1..n (each vertex hangs off a random earlier one), relabelled and
    // shuffled: the same edges as ojgen.Random.tree(n) for shape "random".
    std::vector<std::pair<int, int>> tree(int n) {
        std::vector<int> parent(n, 0);
        for (int v = 1; v < n; v++) parent[v] = (int)randint(0, v - 1);
        std::vector<int> label = permutation(n);
        std::vector<std::pair<int, int>> edges;
        for (int v = 1; v < n; v++) edges.push_back({label[parent[v]], label[v]});
        for (auto& e : edges)
            if (randint(0, 1)) std::swap(e.first, e.second);
        shuffle(edges);
        return edges;
    }
};

}  // namespace ojgen
