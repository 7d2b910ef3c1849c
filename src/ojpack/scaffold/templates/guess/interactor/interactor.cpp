// Interactor: the judge side of "guess the number", in the Kattis convention:
//   interactor input answer feedback_dir/      (the answer file is empty: everything is in the input)
// Its stdin is the contestant's output and its stdout the contestant's input. Exit 42 accepts, 43 rejects
// with the reason in feedback_dir/judgemessage.txt; anything else is a judge error (never the contestant's
// fault). The input is trusted: the validator has checked it.
#include <cstdio>
#include <cstdlib>
#include <string>

static const int MAX_QUESTIONS = 30;   // enough for binary search on 1..10^9; the statement says the same
static std::string feedback;

[[noreturn]] static void finish(bool accepted, const std::string& message) {
    if (FILE* f = std::fopen((feedback + "judgemessage.txt").c_str(), "w")) {
        std::fprintf(f, "%s\n", message.c_str());
        std::fclose(f);
    }
    std::exit(accepted ? 42 : 43);
}

int main(int argc, char** argv) {
    if (argc < 4) return 1;
    feedback = argv[3];
    FILE* in = std::fopen(argv[1], "r");
    long long n, x;
    if (!in || std::fscanf(in, "%lld %lld", &n, &x) != 2) return 1;
    std::printf("%lld\n", n);
    std::fflush(stdout);
    for (int asked = 1;; asked++) {
        char mark;
        long long y;
        if (std::scanf(" %c %lld", &mark, &y) != 2 || mark != '?')
            finish(false, "expected a question `? y`");
        if (y < 1 || y > n) finish(false, "question " + std::to_string(y) + " is outside 1.." + std::to_string(n));
        if (asked > MAX_QUESTIONS) finish(false, "more than " + std::to_string(MAX_QUESTIONS) + " questions");
        std::puts(y == x ? "=" : x < y ? "<" : ">");
        std::fflush(stdout);
        if (y == x) break;
    }
    char extra;
    if (std::scanf(" %c", &extra) == 1) finish(false, "output after the number was found");
    finish(true, "found the number");
}
