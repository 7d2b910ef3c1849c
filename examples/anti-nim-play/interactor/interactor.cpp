// Interactor for "John plays anti-Nim": the judge plays Brother, perfectly.
// Kattis convention: interactor input answer feedback_dir/ ; stdin = the contestant's output,
// stdout = the contestant's input; exit 42 = accepted, 43 = wrong answer (message in
// feedback_dir/judgemessage.txt). The input is trusted: the validator checked it.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

static std::string feedback;

[[noreturn]] static void finish(bool ok, const std::string& message) {
    FILE* f = std::fopen((feedback + "judgemessage.txt").c_str(), "w");
    if (f) {
        std::fprintf(f, "%s\n", message.c_str());
        std::fclose(f);
    }
    std::exit(ok ? 42 : 43);
}

// Misère Nim: the player to move wins iff (some pile >= 2 and XOR != 0) or (all piles <= 1 and XOR == 0).
static bool mover_wins(const std::vector<int>& a) {
    int x = 0, big = 0;
    for (int v : a) { x ^= v; big += v >= 2; }
    return big ? x != 0 : x == 0;
}

// A move (pile index, stones) that leaves the opponent lost, for a winning position.
static std::pair<int, int> winning_move(const std::vector<int>& a) {
    int x = 0, ones = 0;
    std::vector<int> big;
    for (size_t i = 0; i < a.size(); i++) {
        x ^= a[i];
        if (a[i] >= 2) big.push_back((int)i);
        if (a[i] == 1) ones++;
    }
    if (big.empty()) {
        for (size_t i = 0; i < a.size(); i++) if (a[i]) return {(int)i, 1};
    }
    if (big.size() == 1) {   // leave an odd number of single stones
        int i = big[0];
        return {i, ones % 2 == 0 ? a[i] - 1 : a[i]};
    }
    for (size_t i = 0; i < a.size(); i++)
        if ((a[i] ^ x) < a[i]) return {(int)i, a[i] - (a[i] ^ x)};
    return {-1, 0};
}

// Brother's move: win if the contestant slipped, else stall (one stone from the largest pile).
static std::pair<int, int> brother_move(const std::vector<int>& a) {
    if (mover_wins(a)) return winning_move(a);
    int best = 0;
    for (size_t i = 1; i < a.size(); i++) if (a[i] > a[best]) best = (int)i;
    return {best, 1};
}

// One line "i k" from the contestant; anything else ends the judging with WA.
static std::pair<long long, long long> read_move(int game, int turn) {
    char line[128];
    std::string where = "game " + std::to_string(game) + ", move " + std::to_string(turn);
    if (!std::fgets(line, sizeof line, stdin))
        finish(false, where + ": expected a move \"i k\", but the output ended");
    if (!std::strchr(line, '\n') && std::strlen(line) == sizeof line - 1)
        finish(false, where + ": the move line is too long");
    long long i, k;
    char extra;
    if (std::sscanf(line, "%lld %lld %c", &i, &k, &extra) != 2)
        finish(false, where + ": expected two integers \"i k\", got \"" +
               std::string(line, std::strcspn(line, "\r\n")) + "\"");
    return {i, k};
}

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: interactor input answer feedback_dir/\n");
        return 2;
    }
    feedback = argv[3];
    if (!feedback.empty() && feedback.back() != '/') feedback += '/';
    FILE* in = std::fopen(argv[1], "r");
    if (!in) { std::fprintf(stderr, "cannot open %s\n", argv[1]); return 2; }
    int games;
    if (std::fscanf(in, "%d", &games) != 1) return 2;
    std::printf("%d\n", games);
    std::fflush(stdout);
    for (int g = 1; g <= games; g++) {
        int n;
        if (std::fscanf(in, "%d", &n) != 1) return 2;
        std::vector<int> a(n);
        long long total = 0;
        for (int& v : a) { if (std::fscanf(in, "%d", &v) != 1) return 2; total += v; }
        std::printf("%d\n", n);
        for (int i = 0; i < n; i++) std::printf("%d%c", a[i], i + 1 < n ? ' ' : '\n');
        std::fflush(stdout);
        for (int turn = 1;; turn++) {
            auto [i, k] = read_move(g, turn);
            std::string where = "game " + std::to_string(g) + ", move " + std::to_string(turn);
            if (i < 1 || i > n)
                finish(false, where + ": pile " + std::to_string(i) + " does not exist (n = " + std::to_string(n) + ")");
            if (k < 1 || k > a[i - 1])
                finish(false, where + ": cannot take " + std::to_string(k) + " from pile " + std::to_string(i) +
                       " holding " + std::to_string(a[i - 1]));
            a[i - 1] -= (int)k;
            total -= k;
            if (total == 0) finish(false, where + ": you took the last stone and lost the game");
            if (total == 1) {   // Brother must take the last stone: John wins this game
                std::printf("0 0\n");
                std::fflush(stdout);
                break;
            }
            auto [j, m] = brother_move(a);
            a[j] -= m;
            total -= m;
            std::printf("%d %d\n", j + 1, m);
            std::fflush(stdout);
        }
    }
    // Nothing may follow the last move: close our side first (a contestant still reading sees EOF rather
    // than waiting for us), then read to the end of its output.
    std::fclose(stdout);
    for (int c; (c = std::getchar()) != EOF;)
        if (c != ' ' && c != '\n' && c != '\r' && c != '\t')
            finish(false, "won all " + std::to_string(games) + " games, but wrote more after the last one");
    finish(true, "won all " + std::to_string(games) + " games");
}
