"""A CMS checker (`checker input correct_output contestant_output`: its score from 0 to 1 on stdout, its
message on stderr), as task-maker's cor/correttore and CMS's check/checker are, run in Kattis's convention
(`checker input answer feedback_dir < output`, exit 42 / 43): the source as it is, included by an adapter
that hands it the contestant's output as /dev/stdin, catches what it prints (whether it returns or calls
exit) and writes the score as feedback_dir/score_multiplier.txt."""

from __future__ import annotations

import re
from pathlib import Path

ADAPTER = '''\
// Written by `ojpack import`: runs the CMS checker {name} (kept byte for byte as {header}) in Kattis's
// convention. Its score (0..1, on stdout) becomes score_multiplier.txt; a score over 0 is accepted (42),
// 0 rejected (43), anything else a judge error.
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <iostream>
#include <string>
#include <unistd.h>

static std::string ojpack_feedback;

static void ojpack_finish() {{
    std::cout.flush();
    std::fflush(stdout);
    double score = -1;
    if (FILE* f = std::fopen((ojpack_feedback + "/cms_score.txt").c_str(), "r")) {{
        if (std::fscanf(f, "%lf", &score) != 1) score = -1;
        std::fclose(f);
    }}
    if (!(score >= 0 && score <= 1)) {{   // task-maker's "Checker returned an invalid score"; the message file
        if (FILE* f = std::fopen((ojpack_feedback + "/judgemessage.txt").c_str(), "w")) {{   // comes first
            std::fputs("the CMS checker printed no score from 0 to 1 on stdout", f);
            std::fclose(f);
        }}
        _exit(1);
    }}
    if (FILE* f = std::fopen((ojpack_feedback + "/score_multiplier.txt").c_str(), "w")) {{
        std::fprintf(f, "%.9g\\n", score);
        std::fclose(f);
    }}
    _exit(score > 0 ? 42 : 43);
}}

// unoptimised: a main that ends without `return` is fine in C++, but not once renamed (optimised, falling
// off the end of another int function is undefined and crashes)
#pragma GCC push_options
#pragma GCC optimize("O0")
#define main ojpack_cms_checker_main
#include "{header}"
#undef main
#pragma GCC pop_options

int main(int argc, char** argv) {{
    if (argc < 4) return 1;
    ojpack_feedback = argv[3];
    int fd = open((ojpack_feedback + "/cms_score.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || dup2(fd, 1) < 0) return 1;
    close(fd);
    std::atexit(ojpack_finish);
    char output[] = "/dev/stdin";
    char* args[] = {{argv[0], argv[1], argv[2], output, nullptr}};
    ojpack_cms_checker_main(4, args);
    std::exit(0);
}}
'''


def adapter(name: str, header: str) -> bytes:
    return ADAPTER.format(name=name, header=header).encode()


FIRST_LINE = ADAPTER.split("{name}", 1)[0]
INCLUDED = re.compile(r'^#include "([^"/]+)"$', re.M)


def wrapped(program: Path) -> Path | None:
    """The CMS checker an import wrapped in ADAPTER (the file beside `program` it includes), so an export to
    CMS can ship it as it came; None when `program` is not such an adapter."""
    try:
        text = program.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if not text.startswith(FIRST_LINE):
        return None
    m = INCLUDED.search(text.split("#define main ojpack_cms_checker_main", 1)[-1])
    original = program.parent / m.group(1) if m else None
    return original if original is not None and original.is_file() else None
