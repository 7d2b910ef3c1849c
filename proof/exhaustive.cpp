// The exhaustive proof's generator for John's game: decides every position with at most --piles piles
// of --min..--stones stones by plain game-tree search (memoised win/lose over sorted pile tuples; no
// formula), and writes them as batch tests of at most --batch games with their answers:
//   exhaustive --piles 8 --stones 15 --min 1 --batch 500 OUTDIR
// OUTDIR/NNNNN.in + NNNNN.ans; stdout: {"cases": N, "files": F}.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>
using namespace std;

static unordered_map<unsigned, bool> memo;

// A position is its piles sorted in decreasing order, 4 bits each, zeros dropped (so <= 8 piles of <= 15).
static unsigned pack(const int* p, int n) {
    unsigned key = 0;
    for (int i = 0; i < n; ++i) key = key << 4 | (unsigned)p[i];
    return key;
}

static bool wins(const int* p, int n) {
    if (n == 0) return true;  // the opponent took the last stone, and so lost
    unsigned key = pack(p, n);
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    bool result = false;
    int q[8];
    for (int i = 0; i < n && !result; ++i) {
        if (i && p[i] == p[i - 1]) continue;  // equal piles give equal moves
        for (int b = 0; b < p[i] && !result; ++b) {
            int m = 0;
            for (int j = 0; j < n; ++j) if (j != i) q[m++] = p[j];
            if (b) q[m++] = b;
            sort(q, q + m, greater<int>());
            if (!wins(q, m)) result = true;
        }
    }
    memo.emplace(key, result);
    return result;
}

struct Batch {
    string dir;
    int size, count = 0, file = 0;
    FILE *in = nullptr, *ans = nullptr;
    string body;
    void add(const vector<int>& piles, bool first_wins) {
        if (count == 0) body.clear();
        body += to_string(piles.size()) + "\n";
        for (size_t i = 0; i < piles.size(); ++i) body += (i ? " " : "") + to_string(piles[i]);
        body += "\n";
        answers += first_wins ? "John\n" : "Brother\n";
        if (++count == size) flush();
    }
    string answers;
    void flush() {
        if (!count) return;
        char name[64];
        snprintf(name, sizeof name, "/%05d", ++file);
        FILE* f = fopen((dir + name + ".in").c_str(), "w");
        FILE* g = fopen((dir + name + ".ans").c_str(), "w");
        if (!f || !g) { perror("exhaustive: cannot write"); exit(1); }
        fprintf(f, "%d\n%s", count, body.c_str());
        fputs(answers.c_str(), g);
        fclose(f);
        fclose(g);
        count = 0;
        answers.clear();
    }
};

int main(int argc, char** argv) {
    int max_piles = 8, max_stones = 15, min_stones = 1, batch = 500;
    string out;
    for (int i = 1; i < argc; ++i) {
        string a = argv[i];
        if (i + 1 < argc && a == "--piles") max_piles = atoi(argv[++i]);
        else if (i + 1 < argc && a == "--stones") max_stones = atoi(argv[++i]);
        else if (i + 1 < argc && a == "--min") min_stones = atoi(argv[++i]);
        else if (i + 1 < argc && a == "--batch") batch = atoi(argv[++i]);
        else out = a;
    }
    if (out.empty() || max_piles < 1 || max_piles > 8 || max_stones > 15 || min_stones < 1 || batch < 1) {
        fprintf(stderr, "usage: exhaustive [--piles <=8] [--stones <=15] [--min >=1] [--batch N] OUTDIR\n");
        return 2;
    }
    memo.reserve(1 << 20);
    Batch files{out, batch};
    long cases = 0;
    // Every multiset of piles, as a non-increasing sequence; shown to the solutions rotated so that the
    // pile order varies from game to game.
    vector<int> p;
    auto rec = [&](auto&& self, int top) -> void {
        if (!p.empty()) {
            bool w = wins(p.data(), (int)p.size());
            vector<int> shown(p);
            rotate(shown.begin(), shown.begin() + cases % shown.size(), shown.end());
            files.add(shown, w);
            ++cases;
        }
        if ((int)p.size() == max_piles) return;
        for (int v = min_stones; v <= top; ++v) {
            p.push_back(v);
            self(self, v);
            p.pop_back();
        }
    };
    rec(rec, max_stones);
    files.flush();
    printf("{\"cases\": %ld, \"files\": %d}\n", cases, files.file);
}
