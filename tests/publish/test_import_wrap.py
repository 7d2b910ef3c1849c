"""The testlib validator wrapper: main's end is found past braces in comments and literals, and gets a
`return 0;` (a renamed main that falls off its end would be undefined behaviour)."""

from __future__ import annotations

from ojpack.publish.importer.wrap import main_end, wrap

SOURCE = """#include "testlib.h"
// int main() { in a comment }
static const char* brace = "}{";
int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    if (argc > 5) { /* } */ char c = '}'; (void)c; }
    inf.readEof();
}
int after() { return 1; }
"""


def test_main_end_skips_comments_and_literals() -> None:
    end = main_end(SOURCE)
    assert end is not None and SOURCE[end] == "}" and SOURCE[end + 1:].startswith("\nint after()")


def test_wrap_renames_main_and_returns_from_it() -> None:
    out = wrap(SOURCE, "files/val.cpp")
    assert out is not None
    assert "#define main ojpack_polygon_validator" in out and "ojpack_polygon_validator(1, args);" in out
    assert "    inf.readEof();\nreturn 0;\n}\nint after()" in out
    assert wrap("int mian() {}", "x.cpp") is None
    assert "ojpack_polygon_validator();" in wrap("int main() { return 0; }", "x.cpp")
