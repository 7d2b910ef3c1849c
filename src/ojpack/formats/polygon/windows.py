"""What Polygon's Windows machines did to a package, undone or done again here.

Compilers: Polygon's older C/C++ types (`cpp.g++17`, `cpp.g++14`, `cpp.g++11`, `cpp.g++`, `c.gcc`) are 32-bit
MinGW compilers, whose floating point is the x87 unit's: a `float` or `double` held in a register keeps 64 bits
of mantissa until it is stored. A solution tuned there (a sum of floats that stays exact, a single-precision
distance printed to two places) can print other digits when compiled for x86-64, whose SSE arithmetic rounds
every step. ojpack compiles for x86-64; so such a solution is imported with a line before its first,
`#pragma GCC target("fpmath=387")`, that makes GCC do its floating point on the x87 unit as Polygon's compiler
did, and a `#line 1` after it so that compiler messages keep the source's line numbers. The 64-bit types
(`cpp.msys2-mingw64-9-g++17`, `cpp.gcc13-64-winlibs-g++20`, …) are left as they are.

C's rand: a generator that calls `rand()`/`srand()` instead of testlib's `rnd` got the C library of Polygon's
Windows compilers (msvcrt, and UCRT alike): a linear congruential generator (seed × 214013 + 2531011, bits
16–30) with RAND_MAX 0x7fff, where glibc's gives other numbers. Such a generator (one without testlib.h,
whose own `rand` refuses to run) is imported with lines before its first that give it that `rand` (and
`srand`, RAND_MAX, and `std::rand`, which libstdc++'s `random_shuffle` calls, as MinGW's does) and a
`#line 1`, so that it writes Polygon's bytes.

Line ends: Polygon stores tests with LF. A package downloaded without its generated tests makes them with
`doall.bat` on the author's Windows machine, whose text-mode output writes every "\n" as "\r\n": those
`tests/NN` (and the answers beside them) are Polygon's bytes with CRLF, so they are compared, and kept,
with LF.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..common.writer import Imported, SolutionIn, solution_rel

BOM = b"\xef\xbb\xbf"
X87 = {"c.gcc", "cpp.g++", "cpp.g++11", "cpp.g++14", "cpp.g++17"}
PRAGMA = (b'#pragma GCC target("fpmath=387")  // ojpack import: Polygon compiled this as 32-bit MinGW, '
          b"with x87 floating point\n#line 1\n")


def as_polygon_compiled(sol: SolutionIn, kind: str, imp: Imported) -> SolutionIn:
    """The solution with the source ojpack must compile to behave as Polygon's compiler `kind` made it."""
    if kind not in X87:
        return sol
    bom = BOM if sol.data.startswith(BOM) else b""   # a UTF-8 mark stays first, where GCC skips it
    out = replace(sol, data=bom + PRAGMA + sol.data[len(bom):])
    imp.took(sol.origin, f"copied to {solution_rel(out)} with two lines before it: {kind} is 32-bit MinGW on "
                         "Polygon, so it is compiled with x87 floating point, as there")
    return out


C_RAND = re.compile(rb"\b(s?rand\s*\(|random_shuffle\b)")
COMMENTS = re.compile(rb"//[^\n]*|/\*.*?\*/", re.S)
MSVCRT_RAND = b"""// ojpack import: the C library's rand of Polygon's Windows compilers (msvcrt, UCRT), not glibc's
#ifdef __cplusplus
#include <cstdlib>
#else
#include <stdlib.h>
#endif
static unsigned int ojpack_msvcrt_seed = 1;
static void ojpack_msvcrt_srand(unsigned int seed) { ojpack_msvcrt_seed = seed; }
static int ojpack_msvcrt_rand(void) {
    ojpack_msvcrt_seed = ojpack_msvcrt_seed * 214013u + 2531011u;
    return (int) ((ojpack_msvcrt_seed >> 16) & 0x7fff);
}
#ifdef __cplusplus
namespace std { using ::ojpack_msvcrt_rand; using ::ojpack_msvcrt_srand; }
#endif
#undef RAND_MAX
#define RAND_MAX 0x7fff
#define rand ojpack_msvcrt_rand
#define srand ojpack_msvcrt_srand
#line 1
"""


def with_windows_rand(data: bytes) -> bytes:
    """A C/C++ generator's source as ojpack must compile it to draw the numbers it drew on Polygon."""
    code = COMMENTS.sub(b" ", data)
    if not C_RAND.search(code) or b"testlib.h" in code:   # testlib defines its own rand, which refuses to run
        return data
    bom = BOM if data.startswith(BOM) else b""
    return bom + MSVCRT_RAND + data[len(bom):]


def with_lf(data: bytes | None) -> tuple[bytes | None, bool]:
    """`data` (a test's input or answer file) with CRLF line ends turned into Polygon's LF; whether it had any."""
    if data is None or b"\r\n" not in data:
        return data, False
    return data.replace(b"\r\n", b"\n"), True


def crlf_notes(inputs: list[int], answers: list[int], imp: Imported) -> None:
    """One line each for the generated inputs and the answers that came with CRLF line ends."""
    if inputs:
        imp.note(f"{len(inputs)} generated test(s) ({_numbers(inputs)}) have CRLF line ends, as doall.bat writes "
                 "them on Windows: compared and kept with LF, as Polygon makes them")
    if answers:
        imp.note(f"{len(answers)} answer file(s) ({_numbers(answers)}) have CRLF line ends: compared with LF")


def _numbers(tests: list[int]) -> str:
    return "test " + ", ".join(map(str, tests[:8])) + (", …" if len(tests) > 8 else "")
