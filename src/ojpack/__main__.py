"""`ojpack` and `python -m ojpack`: take over Ctrl-C before the slow imports, then run the CLI."""

from __future__ import annotations

from .interrupt import install


def main() -> None:
    install()
    from .cli import main as cli_main   # imported late on purpose: Ctrl-C during imports is handled too

    cli_main()


if __name__ == "__main__":
    main()
