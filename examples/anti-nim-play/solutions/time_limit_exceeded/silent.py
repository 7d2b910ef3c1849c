"""Reads the first position, then waits for the judge without ever moving: both sides wait, and the
wall clock ends the run (TLE by idleness, with almost no CPU used)."""
import sys

read = sys.stdin.readline
read()
read()
read()
sys.stdin.read()   # blocks: the judge is waiting for our move
