"""User-facing errors: each carries a message that is shown as is, never a traceback."""


class OjpackError(Exception):
    """A problem the user can fix; the CLI prints the message and exits non-zero."""


class ProblemConfigError(OjpackError):
    """problem.yaml is missing, malformed or inconsistent."""


class BuildError(OjpackError):
    """Generating, validating or solving a test failed."""
