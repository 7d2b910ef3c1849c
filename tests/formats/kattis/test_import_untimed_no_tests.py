"""A legacy package with no tests yet (testdata_tools' gen.sh makes them) and no .timelimit: the time limit
cannot be derived from accepted runs over no tests; the import says so in one line instead of failing."""

from __future__ import annotations

from pathlib import Path

from ojpack.publish import import_package
from package_files import write_tree


def test_no_tests_and_no_time_limit_imports_with_a_note(tmp_path: Path) -> None:
    source = write_tree(tmp_path / "src", {"problem.yaml": "name: Empty\n",
                                           "submissions/accepted/echo.py": "print(input())\n"})
    report = import_package(source, tmp_path / "p")
    assert any("no accepted solution passed to derive one from: 1 s" in n for n in report.notes), report.notes
