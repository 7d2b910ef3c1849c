"""Polygon's testlib validator and interactor, run as they are, in ojpack's conventions.

ojpack (like Kattis) runs a validator as `validate [--features] NAME=LO..HI … < input` and wants exit 42
(valid) or 43 (invalid); Polygon runs it as `validator --testset T [--group G] < input` and testlib exits
0, or 3 with its message on stderr. The package's source is kept byte for byte (as `<name>.h` beside the
adapter: ojpack compiles a source with the headers beside it) and compiled with the package's testlib.h,
whatever its main looks like. The adapter, before main, runs its own binary again as Polygon would, with
the group read from the `polygon_group=I..I` bound of the test's subtask, and maps the exit code.

An interactor the same way: ojpack (like Kattis) runs it as `interactor input answer feedback/` and wants
42/43; Polygon runs `interactor input output answer` (output: a file the checker reads afterwards, here in
feedback/) and testlib exits 0 (accepted), 1 or 2 (wrong answer, presentation error) or 3 (judge failure).
"""

from __future__ import annotations

import re

GROUP_BOUND = "polygon_group"

# Both adapters: run this binary again (args: as Polygon runs the program), wait, and leave its exit code
# in `code`; a crash exits with `on_signal` (by default passed on as 128 + the signal). The parent closes
# stdin and stdout, so only the real program holds them (an interactor's
# pipes then close when it exits).
RERUN = """\
    pid_t pid = fork();
    if (pid == 0) {{
{child}        execv("/proc/self/exe", args);
        execv(argv[0], args);
        _exit(125);
    }}
    close(0);
    close(1);
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid) _exit(125);
    if (WIFSIGNALED(status)) _exit({on_signal});
    int code = WEXITSTATUS(status);
"""

ADAPTER = """\
// Written by `ojpack import`. The Polygon validator {origin} is {header} beside this file, byte for byte,
// compiled with the package's own testlib.h. Before its main runs, this program runs itself again the way
// Polygon runs a validator (`--testset {testset} [--group G]`, the input on stdin) and turns testlib's exit code
// into ojpack's convention: 0 -> 42 (valid); 1, 2 or 3 -> 43 (invalid, testlib's message on stderr);
// anything else (a crash) is passed on, and ojpack reports the validator as broken. What the validator
// prints on its standard output Polygon ignores, so it goes nowhere: only the exit code says valid. The subtask's bound
// {bound}=I..I names the group: GROUPS[I] (0: none, as for the global bounds).
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace ojpack_polygon {{
const char* const GROUPS[] = {{{groups}}};
const long COUNT = {count};

__attribute__((constructor)) void run_as_polygon(int argc, char** argv) {{
    if (std::getenv("OJPACK_POLYGON_VALIDATOR")) return;   // the second run: Polygon's validator itself
    const char* group = nullptr;
    for (int i = 1; i < argc; ++i) {{
        long lo = 0, hi = -1;
        if (std::sscanf(argv[i], "{bound}=%ld..%ld", &lo, &hi) == 2 && lo == hi && lo > 0 && lo < COUNT)
            group = GROUPS[lo];
    }}
    char testset[] = "--testset", tests[] = {testset_c}, flag[] = "--group";
    char* args[] = {{argv[0], testset, tests, group ? flag : nullptr, const_cast<char*>(group), nullptr}};
    setenv("OJPACK_POLYGON_VALIDATOR", "1", 1);
{rerun}    _exit(code == 0 ? 42 : code >= 1 && code <= 3 ? 43 : code);
}}
}}  // namespace ojpack_polygon

#include "{header}"
"""


INTERACTOR = """\
// Written by `ojpack import`. The Polygon interactor {origin} is {header} beside this file, byte for byte,
// compiled with the package's own testlib.h. ojpack runs it as `interactor input answer feedback/`; before
// its main runs, this program runs itself again the way Polygon does (`input output answer`, the output
// file in feedback/) and turns testlib's exit code into ojpack's: 0 -> 42 (accepted); 1 or 2 -> 43 (wrong
// answer); 3 and anything else -> a judge error (passed on).
#include <cstdlib>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace ojpack_polygon {{
__attribute__((constructor)) void run_as_polygon(int argc, char** argv) {{
    if (std::getenv("OJPACK_POLYGON_INTERACTOR") || argc < 4) return;   // the second run: the interactor itself
    static std::string output = std::string(argv[3]) + "/interactor_output.txt";
    char* args[] = {{argv[0], argv[1], const_cast<char*>(output.c_str()), argv[2], nullptr}};
    setenv("OJPACK_POLYGON_INTERACTOR", "1", 1);
{rerun}    _exit(code == 0 ? 42 : code == 1 || code == 2 ? 43 : code);
}}
}}  // namespace ojpack_polygon

#include "{header}"
"""


def plain(name: str) -> str:
    """A file name or path safe inside a C++ comment and an #include "…" (a hostile package's names are not)."""
    return re.sub(r"[^A-Za-z0-9._/-]", "_", name)


# The validator's run: its standard output (chatter such as "OK", which ojpack would read as its features)
# goes to /dev/null, as Polygon discards it.
QUIET = """\
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) dup2(null, 1);
"""


def rerun(child: str, on_signal: str = "128 + WTERMSIG(status)") -> str:
    """RERUN with `child` run in the child before its exec, and a crash's exit code."""
    return RERUN.format(child=child, on_signal=on_signal)


def interactor_adapter(origin: str, header: str) -> str:
    return INTERACTOR.format(origin=plain(origin), header=plain(header), rerun=rerun(""))


def adapter(origin: str, header: str, groups: list[str], testset: str = "tests") -> str:
    """The adapter's source: `header` is the validator's file name beside it, `groups` Polygon's group
    names in the order of the bound's values 1, 2, …, `testset` the name of the imported testset."""
    quoted = ", ".join(['""', *(_c_string(g) for g in groups)])
    return ADAPTER.format(origin=plain(origin), header=plain(header), groups=quoted, count=len(groups) + 1,
                          bound=GROUP_BOUND, testset=plain(testset), testset_c=_c_string(testset),
                         rerun=rerun(QUIET))


def _c_string(text: str) -> str:
    """A C string literal of `text`'s UTF-8 bytes (octal escapes: at most three digits, never run on)."""
    return '"' + "".join(chr(b) if b < 128 and (chr(b).isalnum() or chr(b) in " _-.:") else f"\\{b:03o}"
                         for b in text.encode()) + '"'
