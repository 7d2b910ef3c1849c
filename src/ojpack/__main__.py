"""`ojpack` and `python -m ojpack`: take over Ctrl-C before the slow imports, then run the CLI."""

from __future__ import annotations

import atexit
import os
import sys

from .interrupt import end_children, install, private_tempdir


def main() -> None:
    install()
    private_tempdir()   # Ctrl-C exits without unwinding: what the run made in /tmp goes with one folder
    from .cli import main as cli_main   # imported late on purpose: Ctrl-C during imports is handled too

    try:
        cli_main()
        code = 0
    except SystemExit as e:
        code = _exit_code(e.code)
    # The command is done: run the exit handlers (they remove cgroups and temporary folders), then leave
    # without tearing down every module, which costs a warm `ojpack judge` some 20-30 ms.
    atexit._run_exitfuncs()
    end_children()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):   # a closed pipe: nothing more to say
            pass
    os._exit(code)


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)   # sys.exit("message") prints it and exits 1
    return 1


if __name__ == "__main__":
    main()
