from ojpack.sandbox import head_of, trim_message


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
