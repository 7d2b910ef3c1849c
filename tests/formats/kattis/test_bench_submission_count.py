"""bench/import_kattis.py counts what the package formats call submissions (issue 22): files in a verdict
folder, in a folder submissions.yaml names, or carrying DOMjudge's @EXPECTED_RESULTS@; helper scripts kept in
another folder under submissions/ (apollgorithmos' generate_tests/) are not submissions."""

from __future__ import annotations

import sys
from pathlib import Path

from package_files import write_tree

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
from kattis_verdicts import submission_paths  # noqa: E402


def test_helpers_in_a_non_verdict_folder_are_not_counted(tmp_path: Path) -> None:
    pkg = write_tree(tmp_path, {
        "submissions/accepted/a.py": "print(1)\n",
        "submissions/generate_tests/generate.py": "print('a test')\n",
        "submissions/mixed/tagged.py": "# @EXPECTED_RESULTS@: CORRECT\nprint(1)\n",
        "submissions/other/listed.py": "print(1)\n",
        "submissions/submissions.yaml": "other/*:\n  permitted: [AC]\n",
        "submissions/accepted/old.py.disabled": "print(2)\n",
    })
    assert submission_paths(pkg) == ["accepted/a.py", "mixed/tagged.py", "other/listed.py"]
