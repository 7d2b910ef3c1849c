// Partial (50 points: subtasks 1 and 2): memoised game search over sorted pile vectors. Right on every
// game; few small piles keep the positions few, but their number explodes with the pile sizes (TLE on subtask 3).
#include <algorithm>
#include <cstdio>
#include <map>
#include <vector>
using namespace std;

map<vector<int>, bool> memo;

bool wins(const vector<int>& piles) {
    if (piles.empty()) return true;  // the opponent took the last stone and lost
    auto it = memo.find(piles);
    if (it != memo.end()) return it->second;
    bool result = false;
    for (size_t i = 0; i < piles.size() && !result; ++i) {
        if (i && piles[i - 1] == piles[i]) continue;
        for (int b = 0; b < piles[i] && !result; ++b) {
            vector<int> next(piles);
            if (b) next[i] = b; else next.erase(next.begin() + i);
            sort(next.begin(), next.end());
            if (!wins(next)) result = true;
        }
    }
    return memo[piles] = result;
}

int main() {
    int games;
    scanf("%d", &games);
    while (games--) {
        int n;
        scanf("%d", &n);
        vector<int> piles(n);
        for (auto& a : piles) scanf("%d", &a);
        sort(piles.begin(), piles.end());
        puts(wins(piles) ? "John" : "Brother");
        fflush(stdout);
    }
}
