"""`ojpack serve`: a local web workbench for a package or a contest.

Takes a package (or a contest) folder; serves pages of what ojpack knows about it (limits, tests, the verdict
matrix and each run, strength, stress, statement, exports, history), behind a random token, on loopback by
default; watches the package and re-runs what a change touches, and runs the CLI's own commands on request.
Sits just below `commands`: it reads the records `judging` and `testdata` keep, and starts commands as
`ojpack` processes, never by importing `commands`."""

from .app import Site, make_app
from .safety import PackageLock, inside, new_token
from .server import LOOPBACK, prepare, serve

__all__ = ["LOOPBACK", "PackageLock", "Site", "inside", "make_app", "new_token", "prepare", "serve"]
