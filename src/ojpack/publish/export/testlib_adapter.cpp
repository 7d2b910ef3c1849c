// ojpack: runs the package's own testlib-convention checker (`checker input output answer`, exit 0 ok,
// 1 wrong answer, 2 presentation error, 3 fail) under another judge's protocol. The checker's source sits
// beside this file as testlib_checker.inc (with the testlib.h the package brings), so a judge that
// compiles every C++ file of the folder builds it once, inside this program, with its main renamed.
//
// The exporter puts one #define above this text:
//   PROTOCOL_KATTIS  validator input answer feedback_dir < output; exit 42 accepted, 43 wrong answer,
//                    the checker's message in feedback_dir/judgemessage.txt
//   PROTOCOL_CMS     checker input answer output; 1.0 or 0.0 on stdout, message on stderr
// Anything else the checker does (exit 3, a crash) becomes this judge's own judge error.
#include <cstdio>
#include <cstdlib>
#include <string>
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

}  // namespace

int main(int argc, char** argv) {
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
    return accepted(code) ? 42 : rejected(code) ? 43 : 2;
#elif defined(PROTOCOL_CMS)
    const int code = run_checker(argv[1], argv[3], argv[2], nullptr);
    if (!accepted(code) && !rejected(code)) return 2;
    std::printf("%s\n", accepted(code) ? "1.0" : "0.0");
    return 0;
#else
#error "define PROTOCOL_KATTIS or PROTOCOL_CMS"
#endif
}
