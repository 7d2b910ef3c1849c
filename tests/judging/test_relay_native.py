"""The helper's relay (launch.c) keeps the same transcript as the Python one, byte for byte."""

from __future__ import annotations

import os
import threading

import pytest

from ojpack.judging.relay import OPENING_LINES, TAIL_LINES, Relay, Transcript
from ojpack.judging.relay_native import NativeRelay, make_relay

ROUNDS = 250


def _line(fd: int, pending: bytearray) -> bytes:
    while b"\n" not in pending:
        got = os.read(fd, 4096)
        if not got:
            raise EOFError
        pending += got
    cut = pending.index(b"\n")
    line = bytes(pending[:cut])
    del pending[:cut + 1]
    return line


def _reply(i: int) -> bytes:
    if i == 3:
        return b"L" * 300            # longer than a shown line: cut, without the ellipsis
    if i == 5:
        return b"bad \xff\xfe bytes"  # not UTF-8: replaced when shown
    return f"a {i}".encode()


def _dialogue(kind: type, with_exits: bool) -> Transcript:
    """A judge and a submission in lock-step over raw pipes, ROUNDS questions and answers, then goodbye."""
    sub_out_r, sub_out_w = os.pipe()
    judge_in_r, judge_in_w = os.pipe()
    judge_out_r, judge_out_w = os.pipe()
    sub_in_r, sub_in_w = os.pipe()
    gone_r, gone_w = os.pipe() if with_exits else (None, None)
    left_r, left_w = os.pipe() if with_exits else (None, None)
    relay = kind(sub_out_r, judge_in_w, judge_out_r, sub_in_w, 1 << 20, gone_r, left_r)

    def judge() -> None:
        pending = bytearray()
        for i in range(ROUNDS):
            os.write(judge_out_w, f"q {i}\n".encode())
            assert _line(judge_in_r, pending) == _reply(i)
        os.write(judge_out_w, b"bye\n")
        os.close(judge_out_w)
        os.close(judge_in_r)
        if gone_w is not None:
            os.close(gone_w)

    def submission() -> None:
        pending = bytearray()
        for i in range(ROUNDS):
            assert _line(sub_in_r, pending) == f"q {i}".encode()
            os.write(sub_out_w, _reply(i) + b"\n")
        assert _line(sub_in_r, pending) == b"bye"
        assert os.read(sub_in_r, 1) == b""   # the relay has seen the judge stop: it stopped first
        os.close(sub_out_w)
        os.close(sub_in_r)
        if left_w is not None:
            os.close(left_w)

    sides = [threading.Thread(target=judge), threading.Thread(target=submission)]
    for side in sides:
        side.start()
    transcript = relay.run()
    for side in sides:
        side.join()
    return transcript


@pytest.mark.parametrize("with_exits", [False, True], ids=["pipes", "exit-watches"])
def test_helper_transcript_is_the_python_relays_byte_for_byte(with_exits: bool) -> None:
    native = _dialogue(NativeRelay, with_exits)
    assert native == _dialogue(Relay, with_exits)
    lines = [("judge", f"q {i}") if k == 0 else ("submission", _reply(i)[:120].decode("utf-8", errors="replace"))
             for i in range(ROUNDS) for k in (0, 1)] + [("judge", "bye")]
    assert native.opening == tuple(lines[:OPENING_LINES])
    assert native.last == tuple(lines[-TAIL_LINES:])
    assert native.opening[7] == ("submission", "L" * 120)
    assert native.opening[11] == ("submission", "bad \ufffd\ufffd bytes")
    asked = b"".join(f"q {i}\n".encode() for i in range(ROUNDS)) + b"bye\n"
    answered = b"".join(_reply(i) + b"\n" for i in range(ROUNDS))
    assert (native.sent, native.received) == (len(asked), len(answered))
    assert (native.to_submission, native.from_submission) == (asked[:4096], answered[:4096])
    assert native.first_to_stop == "judge" and not native.output_exceeded


def test_a_flood_without_newlines_is_cut_as_the_python_relay_cuts_it() -> None:
    sub_out_r, sub_out_w = os.pipe()
    judge_in_r, judge_in_w = os.pipe()
    judge_out_r, judge_out_w = os.pipe()
    sub_in_r, sub_in_w = os.pipe()
    os.close(judge_out_w)   # the judge said nothing
    os.write(sub_out_w, "é".encode() * 100 + b"!")   # 201 bytes, one read: one cut line with an ellipsis
    os.close(sub_out_w)
    drained = threading.Thread(target=lambda: [None for _ in iter(lambda: os.read(judge_in_r, 65536), b"")])
    drained.start()
    transcript = NativeRelay(sub_out_r, judge_in_w, judge_out_r, sub_in_w, 100).run()
    drained.join()
    os.close(judge_in_r)
    os.close(sub_in_r)
    assert transcript.output_exceeded   # 201 bytes past a cap of 100
    assert transcript.last == (("submission", "é" * 60 + "…"),)


def test_the_helpers_relay_is_used_unless_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    fds = [fd for _ in range(2) for fd in os.pipe()]
    try:
        assert isinstance(make_relay(*fds, None), NativeRelay)
        monkeypatch.setenv("OJPACK_NATIVE_RELAY", "0")
        assert isinstance(make_relay(*fds, None), Relay)
    finally:
        for fd in fds:
            os.close(fd)
