"""Floods the judge with one endless line of digits instead of a move. Expected WA, not OLE: the
interactor reads only what the protocol allows (one short line), rejects the malformed move and stops;
the flood never reaches the output limit, because nobody reads it any more."""
import sys

sys.stdin.readline()
chunk = "1" * 65536
while True:
    sys.stdout.write(chunk)
    sys.stdout.flush()
