from ojpack.sandbox import EXCERPT_BYTES, excerpt_of, first_lines, head_of, last_lines, trim_message


def test_head_of_keeps_the_first_2_kib_as_clean_text(tmp_path):
    f = tmp_path / "err"
    f.write_bytes(b"Traceback\x00\x1b[31m\xff\xfe boom\n" + b"y" * 5000)
    head = head_of(f)
    assert head.startswith("Traceback?[31m? boom\ny") and head.endswith(" …")
    assert len(head) < 2048 + 10
    assert head_of(tmp_path / "missing") == ""


def test_a_compiler_message_is_cut_to_its_first_lines():
    text = "\n".join(f"a.cpp:{i}: error: nope" for i in range(200))
    cut = trim_message(text, lines=40)
    assert cut.count("\n") == 40 and cut.endswith("…") and "a.cpp:39:" in cut and "a.cpp:40:" not in cut
    assert trim_message("one line") == "one line"


def test_an_excerpt_is_the_first_40_lines_of_the_first_4_kib(tmp_path):
    lines = b"".join(b"%d\n" % i for i in range(100))
    assert first_lines(lines) == b"".join(b"%d\n" % i for i in range(40))
    assert last_lines(lines) == b"".join(b"%d\n" % i for i in range(60, 100))
    assert first_lines(b"a\nb\n") == last_lines(b"a\nb\n") == b"a\nb\n"   # short: as it is
    f = tmp_path / "out"
    f.write_bytes(b"x" * (3 * EXCERPT_BYTES) + b"\n\xff")
    assert excerpt_of(f) == "x" * EXCERPT_BYTES   # one bounded read, not a line past it
    f.write_bytes(lines)
    assert excerpt_of(f).splitlines() == [str(i) for i in range(40)]
    assert excerpt_of(tmp_path / "missing") == excerpt_of(None) == ""
