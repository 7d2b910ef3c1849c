"""The relay between a submission and its interactor: the two never share a pipe, this process copies
the bytes across, which lets it keep a transcript, cap the submission's output and see who stopped
talking first.

Why a relay rather than two plain pipes: a program writing to a partner that has already exited would
die of SIGPIPE, and an interactor killed that way would look like a judge error caused by a contestant.
Here the interactor writes into a pipe the relay keeps draining until it is done, and the relay closes a
side's input once its partner has stopped talking (EOF, as a direct pipe would). The submission gets no
such care: once the interactor stops reading, its next write fails, as with a direct pipe.

The judge's output and its life are told apart (`judge_gone`: a descriptor that reaches EOF when the judge
has exited): an interactor that closes its output and reads on (a "pseudo-interactive" problem: it sends
the whole input, then waits for the answer) gives the submission EOF at once, as a direct pipe would, and
still hears what the submission says until it exits itself. The submission's output is heard to stop when
it exits (`sandbox.run` keeps the caller's copy of its pipe end until then), as BAPCtools delays it.

Who stopped first (whose verdict counts, see interact.decide) is who exited first, as problemtools and
BAPCtools see it: each side when its output ended (the judge's ends at its exit unless it closed it before;
the submission's is held open until its exit, or cut at the output limit) or it exited (`judge_gone`,
`submission_gone`), whichever came first: a flooding submission has exited even when the relay has not
read all it wrote. (A judge that closes its output before judging thus counts as stopped then.)"""

from __future__ import annotations

import os
import select
import time
from collections import deque
from dataclasses import dataclass, field

HEAD_BYTES = 4096     # kept from the start of each direction, for reports
TAIL_LINES = 16       # the last lines of the dialogue, both directions interleaved
OPENING_LINES = 200   # and the first ones (a sample's whole dialogue, for the exports)
CHUNK = 1 << 16
LINE_SHOWN = 120      # characters of one line kept in the tail


@dataclass
class _Direction:
    who: str                   # the writer: "judge" or "submission"
    src: int | None            # the relay reads the writer's output here
    dst: int | None            # and writes it to the reader's input here
    buf: bytearray = field(default_factory=bytearray)
    head: bytearray = field(default_factory=bytearray)
    total: int = 0
    partial: bytearray = field(default_factory=bytearray)
    stopped_at: float | None = None   # when the writer stopped talking (EOF or cut off)


@dataclass(frozen=True)
class Transcript:
    to_submission: bytes                  # the first bytes the judge sent
    from_submission: bytes                # the first bytes the submission sent
    sent: int                             # bytes judge -> submission
    received: int                         # bytes submission -> judge
    last: tuple[tuple[str, str], ...]     # (who, line) of the last lines, in the order they arrived
    opening: tuple[tuple[str, str], ...]  # the first lines, likewise (all of them if fewer than OPENING_LINES)
    first_to_stop: str                    # "judge", "submission" or "" (neither: both cut at once)
    output_exceeded: bool                 # the submission wrote more than its output limit

    def tail(self) -> str:
        return "\n".join(f"{who:>10} > {line}" for who, line in self.last)

    def interaction(self) -> str | None:
        """The whole dialogue in the Kattis `.interaction` notation (`<` judge to submission, `>` back),
        or None when it was too long to keep."""
        if len(self.opening) >= OPENING_LINES:
            return None
        return "".join(f"{'<' if who == 'judge' else '>'}{line}\n" for who, line in self.opening)


class Relay:
    """Copy submission stdout -> interactor stdin and interactor stdout -> submission stdin until both
    writers are done. Owns (and closes) the four descriptors it is given."""

    def __init__(self, from_submission: int, to_judge: int, from_judge: int, to_submission: int,
                 output_cap: int | None, judge_gone: int | None = None,
                 submission_gone: int | None = None) -> None:
        self.gone = judge_gone          # None: the judge's output ending is the judge ending
        self.gone_at: float | None = None
        self.left = submission_gone     # None: the submission's output ending is its ending
        self.left_at: float | None = None
        self.up = _Direction("submission", from_submission, to_judge)
        self.down = _Direction("judge", from_judge, to_submission)
        self.cap = output_cap
        self.exceeded = False
        self.lines: deque[tuple[str, str]] = deque(maxlen=TAIL_LINES)
        self.opening: list[tuple[str, str]] = []
        for fd in (from_submission, to_judge, from_judge, to_submission):
            os.set_blocking(fd, False)
        for fd in (judge_gone, submission_gone):
            if fd is not None:
                os.set_blocking(fd, False)

    def run(self) -> Transcript:
        try:
            while self._open():
                self._step()
        finally:
            for d in (self.up, self.down):
                self._close_src(d)
                self._close_dst(d)
            for fd in (self.gone, self.left):
                if fd is not None:
                    os.close(fd)
        up, down = self.up, self.down
        judge_stop = min((t for t in (down.stopped_at, self.gone_at) if t is not None), default=None)
        sub_stop = min((t for t in (up.stopped_at, self.left_at) if t is not None), default=None)
        if sub_stop is None or judge_stop is None:
            first = "submission" if sub_stop is not None else ("judge" if judge_stop is not None else "")
        else:
            first = "submission" if sub_stop <= judge_stop else "judge"
        return Transcript(bytes(down.head), bytes(up.head), down.total, up.total, tuple(self.lines),
                          tuple(self.opening), first, self.exceeded)

    def _open(self) -> bool:
        return any(fd is not None for d in (self.up, self.down) for fd in (d.src, d.dst)) or \
            (self.gone is not None and self.gone_at is None) or (self.left is not None and self.left_at is None)

    def _step(self) -> None:
        poller = select.poll()
        wanted: dict[int, _Direction] = {}
        for d in (self.up, self.down):
            if d.src is not None and len(d.buf) < CHUNK:
                poller.register(d.src, select.POLLIN)
                wanted[d.src] = d
            if d.dst is not None and d.buf:
                poller.register(d.dst, select.POLLOUT)
                wanted[d.dst] = d
        if self.gone is not None and self.gone_at is None:
            poller.register(self.gone, select.POLLIN)
        if self.left is not None and self.left_at is None:
            poller.register(self.left, select.POLLIN)
        events = poller.poll(1000)
        for fd, _event in events:
            if fd in (self.gone, self.left):
                continue
            d = wanted[fd]
            if fd == d.src:
                self._read(d)
                if d.dst is not None and d.buf:   # on at once: its reader most likely waits (no poll first)
                    self._write(d)
            elif fd == d.dst and d.buf:
                self._write(d)
        if self.left is not None and any(fd == self.left for fd, _ in events):
            self.left_at = time.monotonic()   # the submission has exited
        if self.gone is not None and any(fd == self.gone for fd, _ in events):
            self.gone_at = time.monotonic()   # the judge has exited (after what it said has been read)
            self._judge_left()
        for d in (self.up, self.down):
            if d.src is None and d.dst is not None and not d.buf:
                self._close_dst(d)   # everything the writer said has arrived: now the reader sees EOF

    def _read(self, d: _Direction) -> None:
        assert d.src is not None
        try:
            data = os.read(d.src, CHUNK)
        except BlockingIOError:
            return
        if not data:
            self._stop(d)
            return
        if len(d.head) < HEAD_BYTES:
            d.head += data[:HEAD_BYTES - len(d.head)]
        d.total += len(data)
        self._lines(d, data)
        if d.dst is not None:
            d.buf += data
        if d is self.up and self.cap is not None and d.total > self.cap:
            self.exceeded = True
            self._stop(d)

    def _write(self, d: _Direction) -> None:
        assert d.dst is not None
        try:
            n = os.write(d.dst, d.buf)
        except BlockingIOError:
            return
        except (BrokenPipeError, ConnectionResetError):
            d.buf.clear()
            self._close_dst(d)
            if d is self.up:
                # The judge no longer reads: the submission learns so at its next write, as with a direct
                # pipe. Draining it instead would count a flood nobody reads towards its output limit,
                # and turn the judge's verdict into OLE whenever the judge is slow to exit.
                self._close_src(d)
            # The submission no longer reads: keep draining the judge, which must not die of SIGPIPE.
            return
        del d.buf[:n]

    def _stop(self, d: _Direction) -> None:
        """The writer of `d` has stopped talking."""
        if d.stopped_at is None:
            d.stopped_at = time.monotonic()
        self._close_src(d)
        if d is self.down and self.gone is None:
            self._judge_left()

    def _judge_left(self) -> None:
        """The judge has said its last word: what the submission still writes goes nowhere, and it learns
        so at its next write (EPIPE), as with a direct pipe."""
        self._close_src(self.up)
        self.up.buf.clear()
        self._close_dst(self.up)

    def _lines(self, d: _Direction, data: bytes) -> None:
        d.partial += data
        while (cut := d.partial.find(b"\n")) >= 0:
            line = bytes(d.partial[:cut])
            del d.partial[:cut + 1]
            self._line(d.who, line[:LINE_SHOWN].decode("utf-8", errors="replace"))
        if len(d.partial) > LINE_SHOWN:   # a flood without newlines: keep one truncated line
            self._line(d.who, bytes(d.partial[:LINE_SHOWN]).decode("utf-8", errors="replace") + "…")
            d.partial.clear()

    def _line(self, who: str, line: str) -> None:
        self.lines.append((who, line))
        if len(self.opening) < OPENING_LINES:
            self.opening.append((who, line))

    @staticmethod
    def _close_src(d: _Direction) -> None:
        if d.src is not None:
            os.close(d.src)
            d.src = None

    @staticmethod
    def _close_dst(d: _Direction) -> None:
        if d.dst is not None:
            os.close(d.dst)
            d.dst = None
