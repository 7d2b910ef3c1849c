// Memory limit exceeded: tabulates "first player wins" for every (XOR value, pile count, has-rich)
// triple up front in int vectors -- 8192 x 5001 x 2 ints, about 312 MiB, for a 128 MiB limit.
#include <cstdio>
#include <vector>
using namespace std;

int main() {
    const int X = 8192, N = 5001;
    vector<vector<int>> table(2 * X, vector<int>(N));
    for (int x = 0; x < X; ++x)
        for (int n = 0; n < N; ++n) {
            table[x][n] = n % 2 == 0;          // no rich pile: parity of the piles
            table[X + x][n] = x != 0;          // some rich pile: the XOR
        }
    int games;
    scanf("%d", &games);
    while (games--) {
        int n, x = 0, rich = 0;
        scanf("%d", &n);
        for (int i = 0; i < n; ++i) {
            int a;
            scanf("%d", &a);
            x ^= a;
            if (a > 1) rich = 1;
        }
        puts(table[rich * X + x][n] ? "John" : "Brother");
    }
}
