"""A testlib validator → a validator with Kattis exit codes, the source kept as it is.

ojpack (like Kattis) wants exit 42 for a valid input and 43 for an invalid one; testlib returns 0 from main,
or calls exit(3) with its message on stderr. The wrapper renames the validator's main and calls it: if it
returns, the input is valid; an atexit handler turns testlib's exit into 43. main may end without a
`return` (that is allowed for main only), so `return 0;` is added before its closing brace: the renamed
function would otherwise fall off its end, which the optimiser treats as unreachable.
"""

from __future__ import annotations

import re

HEAD = """\
// Written by `ojpack import`: the Polygon validator {origin}, unchanged below except that its main() is
// renamed and ends with `return 0;`. ojpack (like Kattis) wants exit 42 for a valid input and 43 for an
// invalid one; testlib returns 0, or calls exit(3) with its message on stderr. The bounds ojpack passes as
// arguments are not given to it.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
static void ojpack_invalid() {{ _exit(43); }}
#define main ojpack_polygon_validator
"""
TAIL = """
#undef main
int main(int argc, char* argv[]) {{
    (void)argc;
    std::atexit(ojpack_invalid);   // testlib rejects an input with exit(3)
    char* args[] = {{argv[0], nullptr}};
    (void)args;
    ojpack_polygon_validator({call});
    std::fflush(stdout);
    _exit(42);                     // it returned: testlib found nothing wrong
}}
"""
MAIN = re.compile(r"\bint\s+main\s*\(")
HIDDEN = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)


def main_end(text: str) -> int | None:
    """The offset of main's closing brace; comments and literals are blanked out first (same length, so
    offsets stay), so braces and `main` inside them do not count. None if main is not found."""
    code = HIDDEN.sub(lambda m: " " * len(m.group()), text)
    m = MAIN.search(code)
    if not m:
        return None
    parens, depth = 1, 0
    for i in range(m.end(), len(code)):
        c = code[i]
        if parens:   # still inside main's parameter list
            parens += {"(": 1, ")": -1}.get(c, 0)
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i
    return None


def wrap(text: str, origin: str) -> str | None:
    end = main_end(text)
    if end is None:
        return None
    code = HIDDEN.sub(lambda m: " " * len(m.group()), text)
    with_args = not re.search(r"\bint\s+main\s*\(\s*(void)?\s*\)", code)
    body = text[:end] + "return 0;\n" + text[end:]
    return HEAD.format(origin=origin) + body + TAIL.format(call="1, args" if with_args else "")
