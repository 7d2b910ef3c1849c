"""Compile and run one untrusted program under limits.

Takes a source file and a language (`detect`), gives a cached `Program` (`prepare`); takes a Program, its
input and `RunLimits`, gives a `RunResult` (time, memory, exit status, which limit was hit). Knows nothing
of problems, tests or verdicts.
"""

from .affinity import claim_cpu, pinned_thread, pinning_enabled
from .cagefiles import CageFileError, CappedFolder, read_from, require_regular
from .fileio import FileRun, run_with_files
from .compile import CompileError, Program, ToolMissing, compile_in_cage, language_of, prepare
from .languages import SETUP_LANGS, detect, is_source, load_languages, main_name, readiness
from .linked import Link, link_from, link_of
from .isolation import (SandboxUnavailable, isolation_enabled, isolation_problem, require_isolation, set_isolation,
                        take_back)
from .launch import helper_available, start_helper
from .modes import SandboxMode, sandbox_mode
from .limits import Files
from .runner import RunLimits, RunResult, run
from .scripted import is_script
from .text import (EXCERPT_BYTES, EXCERPT_LINES, clean, excerpt_of, excerpt_text, first_lines, head_of, last_lines,
                   trim_message)

__all__ = ["SETUP_LANGS", "claim_cpu", "pinned_thread", "pinning_enabled", "CageFileError", "CappedFolder", "CompileError", "FileRun", "Files", "helper_available", "Program", "compile_in_cage", "RunLimits", "RunResult", "SandboxMode", "SandboxUnavailable", "clean", "detect", "EXCERPT_BYTES", "EXCERPT_LINES", "excerpt_of", "excerpt_text", "first_lines", "head_of", "last_lines",
           "is_script", "is_source", "Link", "link_from", "link_of", "language_of", "isolation_enabled", "isolation_problem", "load_languages", "main_name", "prepare", "read_from", "readiness", "require_isolation", "require_regular", "run", "run_with_files",
           "sandbox_mode", "set_isolation", "start_helper", "take_back", "ToolMissing", "trim_message"]
