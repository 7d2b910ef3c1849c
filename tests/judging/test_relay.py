"""The relay on raw pipes, where the order of events can be forced rather than hoped for."""

from __future__ import annotations

import os
import threading
import time

import pytest

from ojpack.judging.relay import Relay
from ojpack.judging.relay_native import NativeRelay

CAP = 1 << 20


@pytest.fixture(params=[Relay, NativeRelay], ids=["python", "helper"])
def relay_kind(request: pytest.FixtureRequest) -> type:
    return request.param


def test_flood_after_the_judge_stopped_reading_is_not_counted_towards_the_output_limit(relay_kind: type) -> None:
    # The judge's stdin is gone but its stdout is still open (it is slow to exit, or the caller still holds
    # its copy). The relay used to drain the flood meanwhile and call it OLE, overriding the judge's WA.
    sub_out_r, sub_out_w = os.pipe()
    judge_in_r, judge_in_w = os.pipe()
    judge_out_r, judge_out_w = os.pipe()
    sub_in_r, sub_in_w = os.pipe()
    os.close(judge_in_r)          # the judge has read what it wanted and stopped reading
    relay = relay_kind(sub_out_r, judge_in_w, judge_out_r, sub_in_w, CAP)
    written = [0]

    def flood() -> None:
        try:
            while written[0] < 4 * CAP:
                written[0] += os.write(sub_out_w, b"1" * 65536)
        except BrokenPipeError:
            pass                  # what a direct pipe would tell the submission
        finally:
            os.close(sub_out_w)

    flooder = threading.Thread(target=flood)
    flooder.start()
    threading.Timer(0.5, os.close, (judge_out_w,)).start()   # the judge exits only later
    started = time.monotonic()
    transcript = relay.run()
    flooder.join()
    os.close(sub_in_r)
    assert not transcript.output_exceeded
    assert transcript.received < CAP and written[0] < CAP
    assert transcript.first_to_stop == "judge"
    assert time.monotonic() - started >= 0.4    # the relay waited for the judge, not for the flood


def test_judge_that_stops_reading_the_submission_keeps_its_own_output_drained(relay_kind: type) -> None:
    # The other direction is unchanged: the submission left, the judge still writes and must not get EPIPE.
    sub_out_r, sub_out_w = os.pipe()
    judge_in_r, judge_in_w = os.pipe()
    judge_out_r, judge_out_w = os.pipe()
    sub_in_r, sub_in_w = os.pipe()
    os.close(sub_in_r)
    os.close(sub_out_w)
    relay = relay_kind(sub_out_r, judge_in_w, judge_out_r, sub_in_w, CAP)

    def chatter() -> None:
        for _ in range(100):
            os.write(judge_out_w, b"x" * 1000 + b"\n")   # would raise BrokenPipeError if not drained
        os.close(judge_out_w)

    talker = threading.Thread(target=chatter)
    talker.start()
    transcript = relay.run()
    talker.join()
    os.close(judge_in_r)
    assert transcript.sent == 100 * 1001
    assert transcript.first_to_stop == "submission"
