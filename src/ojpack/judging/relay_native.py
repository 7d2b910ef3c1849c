"""The relay of relay.py run by the exec helper (launch.c's relay mode) instead of a Python thread.

Same rules, same transcript: a message through the Python relay cost tens of microseconds of this
process's time (and the GIL, shared with the judging workers), so on long dialogues ojpack spent a core
copying bytes. The helper is a separate process that dies with ojpack (PR_SET_PDEATHSIG) and ends, like
the thread, once both sides are done. OJPACK_NATIVE_RELAY=0 keeps the Python relay (to compare)."""

from __future__ import annotations

import os

from ..sandbox import helper_available, start_helper
from .relay import Relay, Transcript

_WHO = {b"j": "judge", b"s": "submission"}
_FIRST = {b"j": "judge", b"s": "submission", b"-": ""}


class NativeRelay:
    """relay.Relay's interface, run by the helper. Owns (and closes) the descriptors it is given."""

    def __init__(self, from_submission: int, to_judge: int, from_judge: int, to_submission: int,
                 output_cap: int | None, judge_gone: int | None = None,
                 submission_gone: int | None = None) -> None:
        self.pipes = (from_submission, to_judge, from_judge, to_submission)
        self.cap = output_cap
        self.gone = judge_gone
        self.left = submission_gone

    def run(self) -> Transcript:
        read_end, write_end = os.pipe()
        fds = [*self.pipes, write_end]   # helper's 0-3, report on 4, then the exit watches
        gone = left = "-"
        if self.gone is not None:
            gone = str(len(fds))
            fds.append(self.gone)
        if self.left is not None:
            left = str(len(fds))
            fds.append(self.left)
        try:
            pid = start_helper(["relay", "-" if self.cap is None else str(self.cap), gone, left], tuple(fds))
        finally:
            for fd in fds:   # the helper holds them now: EOF must reach each side through it alone
                os.close(fd)
        with os.fdopen(read_end, "rb") as report:
            data = report.read()
        if pid is not None:
            os.waitpid(pid, 0)
        return _parse(data)


def _parse(data: bytes) -> Transcript:
    top, _, rest = data.partition(b"\n")
    fields = top.split()
    if len(fields) != 8:
        raise OSError("the relay helper failed")
    sent, received, first, exceeded, head_down, head_up, opening, last = fields
    down = rest[:int(head_down)]
    rest = rest[int(head_down):]
    up = rest[:int(head_up)]
    rest = rest[int(head_up):]
    lines: list[tuple[str, str]] = []
    for _ in range(int(opening) + int(last)):
        tag, _, rest = rest.partition(b":")
        who, cut, size = tag.split()
        text = rest[:int(size)].decode("utf-8", errors="replace") + ("…" if cut == b"1" else "")
        rest = rest[int(size):]
        lines.append((_WHO[who], text))
    return Transcript(down, up, int(sent), int(received), tuple(lines[int(opening):]), tuple(lines[:int(opening)]),
                      _FIRST[first], exceeded == b"1")


def make_relay(from_submission: int, to_judge: int, from_judge: int, to_submission: int, output_cap: int | None,
               judge_gone: int | None = None, submission_gone: int | None = None) -> Relay | NativeRelay:
    """The helper's relay when there is a helper, else the Python one."""
    native = os.environ.get("OJPACK_NATIVE_RELAY", "1") != "0" and helper_available()
    return (NativeRelay if native else Relay)(from_submission, to_judge, from_judge, to_submission, output_cap,
                                              judge_gone, submission_gone)
