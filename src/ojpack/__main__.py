"""`ojpack` and `python -m ojpack`: take over Ctrl-C before the slow imports, then run the CLI."""

from __future__ import annotations

from .interrupt import install, private_tempdir


def main() -> None:
    install()
    private_tempdir()   # Ctrl-C exits without unwinding: what the run made in /tmp goes with one folder
    from .cli import main as cli_main   # imported late on purpose: Ctrl-C during imports is handled too

    cli_main()


if __name__ == "__main__":
    main()
