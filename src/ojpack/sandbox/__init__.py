"""Compile and run one untrusted program under limits.

Takes a source file and a language (`detect`), gives a cached `Program` (`prepare`); takes a Program, its
input and `RunLimits`, gives a `RunResult` (time, memory, exit status, which limit was hit). Knows nothing
of problems, tests or verdicts.
"""

from .compile import CompileError, Program, prepare
from .languages import detect, is_source, load_languages, main_name
from .runner import RunLimits, RunResult, run

__all__ = ["CompileError", "Program", "RunLimits", "RunResult", "detect", "is_source", "load_languages", "main_name", "prepare", "run"]
