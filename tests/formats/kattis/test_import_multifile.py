"""Submissions made of several files, with their own build/run scripts, or in Bash are imported and judged
as their home tools judge them; those named *.disabled or *.template are skipped, as BAPCtools skips them
(issue 22). The Java pair is BAPCtools' `test/problems/hello/submissions/accepted/test-multifile.java`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import yaml

from ojpack.publish import import_package
from package_files import write_tree

JAVA_MAIN = """/* two public classes, each in its own file */
import java.io.*;
import java.util.Scanner;

public class hello {
\tpublic static void main(String[] args) {
\t\tmessage foo = new message(new Scanner(System.in).nextLine());
\t\tfoo.print();
\t}
};
"""
JAVA_OTHER = """import java.io.*;

public class message {
\tprivate String msg;
\tpublic message(String m) { msg = m; }
\tpublic void print() { System.out.println(msg); }
};
"""
FILES = {
    "problem.yaml": "problem_format_version: 2025-09\nname: Echo\nlimits:\n  time_limit: 2\n",
    "data/sample/1.in": "hello\n", "data/sample/1.ans": "hello\n",
    "data/secret/2.in": "world\n", "data/secret/2.ans": "world\n",
    "input_validators/ok.py": "import sys\nsys.stdin.read()\nsys.exit(42)\n",
    "statement/problem.en.tex": "\\problemname{Echo}\nPrint the line you read.\n",
    "submissions/accepted/echo.cpp": "#include <iostream>\n#include <string>\nint main(){std::string s;"
                                     "std::getline(std::cin,s);std::cout<<s<<'\\n';}\n",
    "submissions/accepted/multi.java/hello.java": JAVA_MAIN,
    "submissions/accepted/multi.java/message.java": JAVA_OTHER,
    "submissions/accepted/multi-c/main.c": '#include <stdio.h>\n#include "lib.h"\nint main(void){char s[64];'
                                           'if(scanf("%63s",s)==1)say(s);return 0;}\n',
    "submissions/accepted/multi-c/lib.h": "#ifndef LIB_H\n#define LIB_H\nvoid say(const char *s);\n#endif\n",
    "submissions/accepted/multi-c/lib.c": '#include <stdio.h>\n#include "lib.h"\nvoid say(const char *s){puts(s);}\n',
    "submissions/accepted/multi-py/main.py": "from helper import shout\nprint(shout(input()))\n",
    "submissions/accepted/multi-py/helper.py": "def shout(s):\n    return s\n",
    "submissions/accepted/echo.sh": "read line\necho \"$line\"\n",
    "submissions/accepted/scripted/prog.c": '#include <stdio.h>\nint main(void){char s[64];'
                                            'if(scanf("%63s",s)==1)puts(s);return 0;}\n',
    "submissions/accepted/scripted/build": "#!/bin/sh\ncc -O2 -o prog prog.c\n",
    "submissions/accepted/scripted/run": "#!/bin/sh\nexec \"${0%/*}/prog\"\n",
    "submissions/wrong_answer/multi-wa/main.py": "from helper import shout\nprint(shout(input()))\n",
    "submissions/wrong_answer/multi-wa/helper.py": "def shout(s):\n    return s + \"!\"\n",
    # skipped as BAPCtools skips them: a folder that would otherwise import, and files
    "submissions/accepted/old.disabled/old.py": "print('wrong')\n",
    "submissions/accepted/echo.py.disabled": "print('wrong')\n",
    "submissions/accepted/name.cpp.template": "int main() { return 1; }\n",
}


def package(root: Path) -> Path:
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    for script in ("build", "run"):
        os.chmod(root / "submissions" / "accepted" / "scripted" / script, 0o755)
    return root


def test_multi_file_scripted_and_bash_submissions_are_judged(tmp_path: Path) -> None:
    report = import_package(package(tmp_path / "src"), tmp_path / "p")
    said = " | ".join(report.notes)
    assert "not imported" not in said, said
    assert "3 submissions named *.disabled or *.template are skipped" in said
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "check", "--no-proof", "--json", "-p",
                           str(tmp_path / "p")], capture_output=True, text=True)
    got = {s["name"]: s["verdict"] for s in json.loads(proc.stdout)["solutions"]}
    assert got == {"accepted/echo.cpp": "AC", "accepted/multi.java": "AC", "accepted/multi-c/multi-c.c": "AC",
                   "accepted/multi-py/run": "AC", "accepted/echo.sh": "AC", "accepted/scripted/run": "AC",
                   "wrong_answer/multi-wa/run": "WA"}, (got, proc.stderr[-800:])
    files = dict(report.files)
    assert files["submissions/accepted/multi-c/lib.c"] == "compiled as part of solutions/accepted/multi-c/multi-c.c"
    assert files["submissions/accepted/scripted/build"] == "copied to solutions/accepted/scripted/build"
    assert files["submissions/accepted/old.disabled/old.py"].endswith("named *.disabled, which BAPCtools skips")
    # the model stays the plain C++ one
    assert yaml.safe_load((tmp_path / "p" / "problem.yaml").read_text())["model_solution"] == \
        "solutions/accepted/echo.cpp"


def test_a_scripted_submission_exports_as_its_folder(tmp_path: Path) -> None:
    import_package(package(tmp_path / "src"), tmp_path / "p")
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "export", "--to", "kattis", "--no-check", "-p",
                           str(tmp_path / "p")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = next((tmp_path / "p" / "build" / "export" / "kattis").glob("*/submissions"))
    folder = out / "accepted" / "scripted"
    assert sorted(p.name for p in folder.iterdir()) == ["build", "prog.c", "run"]
    assert os.access(folder / "run", os.X_OK)
    assert sorted(p.name for p in (out / "accepted" / "multi-py").iterdir()) == ["helper.py", "main.py", "run"]


def test_an_accepted_multi_file_submission_times_the_derived_limit(tmp_path: Path) -> None:
    """A legacy package without a time limit has it derived from its accepted runs: a multi-file accepted
    submission (a folder whose `run` script ojpack made) is judged for it like any other, not refused for
    its `run` file having no extension."""
    write_tree(tmp_path / "src", {
        "problem.yaml": "problem_format_version: 2023-07\nname: Echo\n",
        "data/sample/1.in": "a\n", "data/sample/1.ans": "a\n",
        "submissions/accepted/pair/main.py": "import lib\n", "submissions/accepted/pair/lib.py": "print(input())\n",
    })
    report = import_package(tmp_path / "src", tmp_path / "p")
    assert any("derived as problemtools does" in n for n in report.notes), report.notes
    assert (tmp_path / "p" / "solutions" / "accepted" / "pair" / "run").is_file()


def test_a_multi_file_prolog_submission_is_compiled_as_problemtools_compiles_it(tmp_path: Path) -> None:
    # as problemtools' example `different` (accepted/prolog/: different.pl consults the module kattio.pl)
    files = {**{k: v for k, v in FILES.items() if not k.startswith("submissions/")},
             "submissions/accepted/echo.cpp": FILES["submissions/accepted/echo.cpp"],
             "submissions/accepted/prolog/echo.pl": "[words].\nmain :- read_word(W), write(W), nl.\n",
             "submissions/accepted/prolog/words.pl": ":- module(words, [read_word/1]).\n"
                                                     "read_word(W) :- read_line_to_string(user_input, S), "
                                                     "atom_string(W, S).\n"}
    src = write_tree(tmp_path / "src", files)
    report = import_package(src, tmp_path / "p")
    assert dict(report.files)["submissions/accepted/prolog/words.pl"] == "copied to solutions/accepted/prolog/words.pl"
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "check", "--no-proof", "--json", "-p",
                           str(tmp_path / "p")], capture_output=True, text=True)
    got = {s["name"]: s["verdict"] for s in json.loads(proc.stdout)["solutions"]}
    assert got == {"accepted/echo.cpp": "AC", "accepted/prolog/build": "AC"}, (got, proc.stderr[-800:])
