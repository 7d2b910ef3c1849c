// ojpack: runs the package's own testlib-convention checker (`checker input output answer`, exit 0 ok,
// 1 wrong answer, 2 presentation error, 3 fail) under another judge's protocol. The checker's source sits
// beside this file as testlib_checker.inc (with the testlib.h the package brings), so a judge that
// compiles every C++ file of the folder builds it once, inside this program, with its main renamed.
//
// The exporter puts one #define above this text:
//   PROTOCOL_KATTIS  validator input answer feedback_dir < output; exit 42 accepted, 43 wrong answer,
//                    the checker's message in feedback_dir/judgemessage.txt
//   PROTOCOL_CMS     checker input answer output; 1.0 or 0.0 on stdout, message on stderr
//   PROTOCOL_QDUOJ   spj input output; exit 0 accepted, 1 wrong answer. QDUOJ's special judge gets no answer
//                    file, so the exporter pastes the answers in above this text (embedded_answer(), by
//                    the input's hash) and the checker and its headers in place of the #include below;
//                    the checker gets its answer as a file of its own (a memfd, else a temporary file)
// Anything else the checker does (exit 3, a crash) becomes this judge's own judge error.
//
// Part of a test's points, read as ojpack reads them: quitp(x) (exit 7, "points x ..." on stderr) is the
// fraction x of the test, quitf(_pc(k)) (exit k or 50 + k, "partially correct (k) ...") k percent. CMS gets
// the fraction on stdout. A Kattis-protocol judge gets score.txt = fraction x the test's maximum when the
// exporter passed it as the flags `ojpack_max_score <points>` (a scoring group's output_validator_flags);
// without them (a pass-fail problem) a partial answer is a wrong one, as ojpack counts it for the verdict.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define main ojpack_testlib_checker_main
#include "testlib_checker.inc"
#undef main

namespace {

// The checker's exit status (the checker calls exit() itself, so it runs in a child), -1 if it crashed.
int run_checker(const char* input, const char* output, const char* answer, const char* stderr_path) {
    std::fflush(stdout);
    std::fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        if (stderr_path && !std::freopen(stderr_path, "w", stderr)) std::_Exit(3);
        char* args[] = {const_cast<char*>("checker"), const_cast<char*>(input), const_cast<char*>(output),
                        const_cast<char*>(answer), nullptr};
        std::exit(ojpack_testlib_checker_main(4, args));
    }
    int status = 0;
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status)) return -1;
    return WEXITSTATUS(status);
}

bool accepted(int code) { return code == 0; }
bool rejected(int code) { return code == 1 || code == 2 || code == 4 || code == 8; }

// The start of what the checker wrote on stderr (its message, testlib's verdict word first).
std::string head_of(const std::string& path) {
    std::string out;
    FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return out;
    char buf[4096];
    out.assign(buf, std::fread(buf, 1, sizeof buf, f));
    std::fclose(f);
    return out;
}

// The fraction of the test's points the checker gave: 1 partial answer, 0 none (an ordinary verdict),
// -1 points out of range (the checker's fault).
int partial(int code, const std::string& said, double& fraction) {
    size_t at = said.find_first_not_of(" \t\r\n");
    if (at == std::string::npos) return 0;
    const char* text = said.c_str() + at;
    char* end = nullptr;
    if (code == 7 && std::strncmp(text, "points ", 7) == 0) {
        fraction = std::strtod(text + 7, &end);
        if (end == text + 7) return 0;
        return std::isfinite(fraction) && fraction >= 0 && fraction <= 1 ? 1 : -1;
    }
    const char* pc = "partially correct (";
    if (std::strncmp(text, pc, std::strlen(pc)) == 0) {
        long k = std::strtol(text + std::strlen(pc), &end, 10);
        if (end == text + std::strlen(pc) || *end != ')' || (code != k && code != 50 + k)) return 0;
        fraction = k / 100.0;
        return k >= 0 && k <= 100 ? 1 : -1;
    }
    return 0;
}

#if defined(PROTOCOL_QDUOJ)
// The input's answer as an open file descriptor the checker can open again by /proc/self/fd/N, or -1.
int answer_fd(const char* input) {
    FILE* from = embedded_answer(input);
    if (!from) return -1;
    int fd = -1;
#ifdef SYS_memfd_create
    fd = static_cast<int>(syscall(SYS_memfd_create, "answer", 0));
#endif
    if (fd < 0) {
        FILE* tmp = std::tmpfile();
        fd = tmp ? dup(fileno(tmp)) : -1;
        if (tmp) std::fclose(tmp);
    }
    char buf[1 << 16];
    size_t n;
    while (fd >= 0 && (n = std::fread(buf, 1, sizeof buf, from)) > 0)
        if (write(fd, buf, n) != static_cast<ssize_t>(n)) fd = -1;
    std::fclose(from);
    return fd;
}
#endif

}  // namespace

int main(int argc, char** argv) {
#if defined(PROTOCOL_QDUOJ)
    if (argc < 3) return 2;
    const int fd = answer_fd(argv[1]);
    if (fd < 0) {
        std::fputs("ojpack: no answer compiled in for this input\n", stderr);
        return 2;
    }
    char answer[64];
    std::snprintf(answer, sizeof answer, "/proc/self/fd/%d", fd);
    const int code = run_checker(argv[1], argv[2], answer, nullptr);
    return accepted(code) ? 0 : rejected(code) ? 1 : 2;
#endif
    if (argc < 4) return 2;
#if defined(PROTOCOL_KATTIS)
    std::string dir = argv[3];
    if (dir.empty() || dir.back() != '/') dir += '/';
    const std::string output = dir + "team_output";
    FILE* f = std::fopen(output.c_str(), "wb");
    if (!f) return 2;
    char buf[1 << 16];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, stdin)) > 0) std::fwrite(buf, 1, n, f);
    std::fclose(f);
    const int code = run_checker(argv[1], output.c_str(), argv[2], (dir + "judgemessage.txt").c_str());
    double fraction = 0;
    const int part = code < 0 ? 0 : partial(code, head_of(dir + "judgemessage.txt"), fraction);
    if (part < 0) return 2;
    if (part > 0) {
        const bool scored = argc >= 6 && std::strcmp(argv[4], "ojpack_max_score") == 0;
        if (fraction >= 1) return 42;
        if (!scored || fraction <= 0) return 43;
        FILE* score = std::fopen((dir + "score.txt").c_str(), "w");
        if (!score) return 2;
        std::fprintf(score, "%.9g\n", fraction * std::strtod(argv[5], nullptr));
        return std::fclose(score) == 0 ? 42 : 2;
    }
    return accepted(code) ? 42 : rejected(code) ? 43 : 2;
#elif defined(PROTOCOL_CMS)
    char said[] = "/tmp/ojpack-checker-XXXXXX";
    const int fd = mkstemp(said);
    if (fd < 0) return 2;
    close(fd);
    const int code = run_checker(argv[1], argv[3], argv[2], said);
    const std::string message = head_of(said);
    unlink(said);
    std::fputs(message.c_str(), stderr);   // the checker's words, as CMS shows them
    double fraction = 0;
    const int part = code < 0 ? 0 : partial(code, message, fraction);
    if (part < 0) return 2;
    if (part > 0) {
        std::printf("%.9g\n", fraction);
        return 0;
    }
    if (!accepted(code) && !rejected(code)) return 2;
    std::printf("%s\n", accepted(code) ? "1.0" : "0.0");
    return 0;
#elif !defined(PROTOCOL_QDUOJ)
#error "define PROTOCOL_KATTIS, PROTOCOL_CMS or PROTOCOL_QDUOJ"
#endif
}
