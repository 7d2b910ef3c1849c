"""The Kattis / ICPC language codes (the problem package format's languages table) of the languages ojpack
runs, both ways: an imported `include/<code>/` folder names its language by code, and the Kattis-family
exports write them back by code."""

from __future__ import annotations

# ICPC code -> ojpack language id (sandbox/languages.yaml)
TO_OJPACK = {
    "c": "c", "cpp": "cpp", "java": "java", "kotlin": "kotlin", "rust": "rust", "go": "go",
    "javascript": "javascript", "csharp": "csharp", "haskell": "haskell", "ocaml": "ocaml", "php": "php",
    "ruby": "ruby", "scala": "scala", "lisp": "lisp", "prolog": "prolog", "perl": "perl", "bash": "bash",
    "python3": "python",
}
TO_ICPC = {ours: code for code, ours in TO_OJPACK.items()}

# what Kattis and the ICPC tools (problemtools, BAPCtools: `python3` runs pypy3, `cpp` compiles with
# -std=gnu++23) run a source of this extension as, where that is not ojpack's default for it
KATTIS_RUNS_AS = {".py": "pypy", ".cpp": "cpp23", ".cc": "cpp23", ".cxx": "cpp23", ".c++": "cpp23"}
