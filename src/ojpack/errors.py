"""User-facing errors: each carries a message that is shown as is, never a traceback."""

import re


class OjpackError(Exception):
    """A problem the user can fix; the CLI prints the message and exits non-zero."""


class ProblemConfigError(OjpackError):
    """problem.yaml is missing, malformed or inconsistent."""


class BuildError(OjpackError):
    """Generating, validating or solving a test failed."""


def require_utf8_name(name: str) -> None:
    """A file name ojpack must print, hash and write into JSON has to be text: refuse one with a non-UTF-8 byte
    (Python hands those over as lone surrogates), naming it with the byte shown as \\xNN."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        shown = name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        raise OjpackError(f"{shown}: the file name is not valid UTF-8; rename it") from None


def not_utf8(path: object, error: UnicodeDecodeError) -> OjpackError:
    """The one-line error for a text file that is not UTF-8."""
    return OjpackError(f"{path}: not UTF-8 text (byte 0x{error.object[error.start]:02x} at offset {error.start})")


_OUTCOME = re.compile(r"error: |\S+ (passed|failed)\b")


def outcome_line(lines: list[str]) -> str:
    """The line of an ended ojpack command's output that says how it went (the workbench's job line, a
    contest's table): its last error, or its `check passed: …` / `check failed: N problem(s)` with the first
    problem after it. The last line alone is often a figure printed after the verdict (check ends on the
    checker's strength), which reads as if it were the cause."""
    for i in range(len(lines) - 1, -1, -1):
        if (m := _OUTCOME.match(lines[i])) is not None:
            failed = m.group(1) == "failed" and i + 1 < len(lines)
            return f"{lines[i]} {lines[i + 1].strip()}" if failed else lines[i]
    return lines[-1]
