"""A CMS Communication manager (`manager u0_to_m m_to_u0 u1_to_m m_to_u1 …`: the test on stdin and as
input.txt in its working folder, its score 0..1 on stdout, its message on stderr) run by ojpack's
communication judge, which hands it the test on stdin only: an adapter that includes the source as it is
and first writes stdin out as input.txt (CMS's own managers, con_test's and task-maker's, open that file)."""

from __future__ import annotations

ADAPTER = '''\
// Written by `ojpack import`: runs the CMS manager {name} (kept byte for byte as {header}) as CMS does,
// with the test in input.txt of its working folder as well as on stdin.
#include <cstdio>

// unoptimised: a main that ends without `return` is fine in C++, but not once renamed (optimised, falling
// off the end of another int function is undefined and crashes)
#pragma GCC push_options
#pragma GCC optimize("O0")
#define main ojpack_cms_manager_main
#include "{header}"
#undef main
#pragma GCC pop_options

// Under CMS itself input.txt is there already (and is stdin): it is left as it is.
static bool ojpack_input_txt() {{
    if (std::FILE* there = std::fopen("input.txt", "rb")) return std::fclose(there) == 0;
    std::FILE* copy = std::fopen("input.txt", "wb");
    if (copy == nullptr) return false;
    char buffer[1 << 16];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, stdin)) > 0;)
        if (std::fwrite(buffer, 1, n, copy) != n) return false;
    return std::fclose(copy) == 0 && std::freopen("input.txt", "rb", stdin) != nullptr;
}}

int main(int argc, char** argv) {{
    if (!ojpack_input_txt()) return 1;
    ojpack_cms_manager_main(argc, argv);
    return 0;   // what a renamed main returns by falling off its end is undefined; exit() still counts
}}
'''


def adapter(name: str, header: str) -> bytes:
    return ADAPTER.format(name=name, header=header).encode()


# task-maker's own interactive type: a controller that prints START_SOLUTION on stdout for each process it
# wants, reads back "fd_to_solution fd_from_solution" on stdin, opens input.txt itself, and grades with
# "SCORE: x" / "USER_MESSAGE: m" on stderr before exit(). The adapter speaks ojpack's (CMS's) manager
# protocol outside and task-maker's inside: it opens the FIFOs it is given, answers the START_SOLUTION
# lines in advance through a pipe on stdin, and turns what the controller said on stderr into the score
# on stdout and the message on stderr when the controller exits.
CONTROLLER = '''\
// Written by `ojpack import`: runs task-maker's controller {name} (kept byte for byte as {header}) as
// task-maker does, for ojpack's communication judge (FIFOs as arguments, the score on stdout).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>

#pragma GCC push_options
#pragma GCC optimize("O0")
#define main ojpack_tm_controller_main
#include "{header}"
#undef main
#pragma GCC pop_options

static int ojpack_out = -1, ojpack_err = -1, ojpack_said = -1;

static void ojpack_grade() {{
    std::fflush(stderr);
    static char said[1 << 16];
    ssize_t n = pread(ojpack_said, said, sizeof said - 1, 0);
    said[n > 0 ? n : 0] = 0;
    double score = 0;
    const char* message = "the controller gave no score";
    bool scored = false;
    for (char* line = std::strtok(said, "\\n"); line != nullptr; line = std::strtok(nullptr, "\\n")) {{
        if (std::strncmp(line, "SCORE: ", 7) == 0) scored = std::sscanf(line + 7, "%lf", &score) == 1;
        else if (std::strncmp(line, "USER_MESSAGE: ", 14) == 0) message = line + 14;
    }}
    dprintf(ojpack_out, "%f\\n", scored ? score : 0.0);
    dprintf(ojpack_err, "%s\\n", message);
}}

static bool ojpack_input_txt() {{   // the controller opens input.txt; ojpack gives the test on stdin
    int copy = open("input.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (copy < 0) return false;
    char buffer[1 << 16];
    for (ssize_t n; (n = read(0, buffer, sizeof buffer)) > 0;)
        if (write(copy, buffer, n) != n) return false;
    return close(copy) == 0;
}}

int main(int argc, char** argv) {{
    // a solution that crashed closes its pipe: the controller's next write must fail, not kill it
    std::signal(SIGPIPE, SIG_IGN);
    if (!ojpack_input_txt()) return 1;
    int n = (argc - 1) / 2, answers[2];
    if (n < 1 || pipe(answers) != 0) return 1;
    for (int i = 0; i < n; i++) {{   // u<i>_to_m, then m_to_u<i>, as a CMS manager opens them
        int from = open(argv[1 + 2 * i], O_RDONLY), to = open(argv[2 + 2 * i], O_WRONLY);
        if (from < 0 || to < 0) return 1;
        dprintf(answers[1], "%d %d\\n", to, from);
    }}
    close(answers[1]);
    dup2(answers[0], 0);
    std::clearerr(stdin);
    ojpack_out = dup(1);
    ojpack_err = dup(2);
    int null = open("/dev/null", O_WRONLY);
    ojpack_said = open("controller_said.txt", O_RDWR | O_CREAT | O_TRUNC, 0644);
    if (null < 0 || ojpack_said < 0) return 1;
    dup2(null, 1);   // START_SOLUTION lines: answered in advance
    dup2(ojpack_said, 2);
    std::atexit(ojpack_grade);
    std::exit(ojpack_tm_controller_main());
}}
'''


def controller(name: str, header: str) -> bytes:
    return CONTROLLER.format(name=name, header=header).encode()
