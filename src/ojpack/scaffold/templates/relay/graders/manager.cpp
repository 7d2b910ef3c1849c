// The manager (CMS Communication): run as `manager u0_to_m m_to_u0 u1_to_m m_to_u1`, the test's input on
// stdin. It sends the integers to process 0 (encode), relays the one number process 0 sends back to
// process 1 (decode), and checks process 1's answer. Its stdout is the score (0..1), its stderr the message.
#include <cstdio>
#include <vector>

static void verdict(double score, const char* message) {
    std::printf("%g\n", score);
    std::fprintf(stderr, "%s\n", message);
}

int main(int argc, char** argv) {
    if (argc < 5) { std::fprintf(stderr, "usage: manager u0_to_m m_to_u0 u1_to_m m_to_u1\n"); return 1; }
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    std::vector<long long> a(n);
    long long expected = 0;
    for (long long& x : a) {
        if (std::scanf("%lld", &x) != 1) return 1;
        expected = (expected + x) % 1000000007LL;
    }
    // open in the order the stub does (its reading end first), so neither side waits for the other
    FILE* to0 = std::fopen(argv[2], "w");
    FILE* from0 = std::fopen(argv[1], "r");
    if (!to0 || !from0) return 1;
    std::fprintf(to0, "%d\n", n);
    for (long long x : a) std::fprintf(to0, "%lld ", x);
    std::fprintf(to0, "\n");
    std::fflush(to0);
    long long message;
    if (std::fscanf(from0, "%lld", &message) != 1) { verdict(0, "process 0 sent no message"); return 0; }
    FILE* to1 = std::fopen(argv[4], "w");
    FILE* from1 = std::fopen(argv[3], "r");
    if (!to1 || !from1) return 1;
    std::fprintf(to1, "%lld\n", message);
    std::fflush(to1);
    long long answer;
    if (std::fscanf(from1, "%lld", &answer) != 1) { verdict(0, "process 1 gave no answer"); return 0; }
    if (answer == expected) verdict(1, "correct");
    else verdict(0, "wrong answer");
}
