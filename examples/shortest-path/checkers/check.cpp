// testlib checker: `check input output answer`. Any shortest path is right, so the output is not compared
// with the answer token by token: its length must equal the jury's, and its path must be a walk from 1 to n
// along edges of the input whose weights add up to that length.
#include "testlib.h"
#include <map>
#include <utility>
#include <vector>

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    int n = inf.readInt(), m = inf.readInt();
    std::map<std::pair<int, int>, long long> lightest;   // parallel edges: the lightest one counts
    for (int i = 0; i < m; i++) {
        int u = inf.readInt(), v = inf.readInt();
        long long w = inf.readLong();
        if (u > v) std::swap(u, v);
        auto it = lightest.find({u, v});
        if (it == lightest.end() || w < it->second) lightest[{u, v}] = w;
    }
    long long jury = ans.readLong();
    long long got = ouf.readLong(-1, (long long)4e18, "distance");
    if (got != jury)
        quitf(_wa, "distance %lld, expected %lld", got, jury);
    if (jury == -1) {
        if (!ouf.seekEof()) quitf(_wa, "-1 (no path) must be the whole output");
        quitf(_ok, "no path, as expected");
    }
    int k = ouf.readInt(2, n, "k");
    std::vector<int> path = ouf.readInts(k, 1, n, "v");
    if (path.front() != 1 || path.back() != n)
        quitf(_wa, "the path runs from %d to %d, not from 1 to %d", path.front(), path.back(), n);
    long long total = 0;
    for (int i = 0; i + 1 < k; i++) {
        int u = path[i], v = path[i + 1];
        auto it = lightest.find({std::min(u, v), std::max(u, v)});
        if (it == lightest.end()) quitf(_wa, "no edge between %d and %d (step %d of the path)", u, v, i + 1);
        total += it->second;
    }
    if (total != jury) quitf(_wa, "the path's weights add up to %lld, not %lld", total, jury);
    if (!ouf.seekEof()) quitf(_wa, "extra output after the path");
    quitf(_ok, "distance %lld, path of %d vertices", got, k);
}
