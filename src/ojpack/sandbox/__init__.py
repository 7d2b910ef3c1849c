"""Compile and run one untrusted program under limits.

Takes a source file and a language (`detect`), gives a cached `Program` (`prepare`); takes a Program, its
input and `RunLimits`, gives a `RunResult` (time, memory, exit status, which limit was hit). Knows nothing
of problems, tests or verdicts.
"""

from .cagefiles import CageFileError, CappedFolder, read_from, require_regular
from .fileio import FileRun, run_with_files
from .compile import CompileError, Program, compile_in_cage, language_of, prepare
from .languages import detect, is_source, load_languages, main_name
from .isolation import (SandboxUnavailable, isolation_enabled, isolation_problem, require_isolation, set_isolation,
                        take_back)
from .modes import SandboxMode, sandbox_mode
from .limits import Files
from .runner import RunLimits, RunResult, run
from .scripted import is_script
from .text import clean, head_of, trim_message

__all__ = ["CageFileError", "CappedFolder", "CompileError", "FileRun", "Files", "Program", "compile_in_cage", "RunLimits", "RunResult", "SandboxMode", "SandboxUnavailable", "clean", "detect", "head_of",
           "is_script", "is_source", "language_of", "isolation_enabled", "isolation_problem", "load_languages", "main_name", "prepare", "read_from", "require_isolation", "require_regular", "run", "run_with_files",
           "sandbox_mode", "set_isolation", "take_back", "trim_message"]
