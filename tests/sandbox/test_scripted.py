"""Programs with their own build/run scripts (Kattis): built in the cage once, run by their `run` script."""

from __future__ import annotations

from pathlib import Path

import pytest

from ojpack.sandbox import CompileError, RunLimits, prepare, run

LIMITS = RunLimits(cpu=2.0, wall=5.0, memory_mib=256, output_mib=1)


def folder(tmp_path: Path, **files: str) -> Path:
    prog = tmp_path / "prog"
    prog.mkdir(parents=True)
    for name, text in files.items():
        (prog / name).write_text(text)   # written without the executable bit, as a copy or a zip may leave them
    return prog


def output(argv: tuple[str, ...], tmp_path: Path) -> str:
    out = tmp_path / "out"
    # as checkers, interactors and validators run: seeing their own folder (here the built copy)
    res = run(argv, Path("/dev/null"), out, LIMITS, readable=[Path(argv[0]).parent])
    assert res.status == "ok", res
    return out.read_text()


def test_build_makes_the_program_that_run_starts(tmp_path: Path) -> None:
    prog = folder(tmp_path, **{
        "build": "#!/bin/sh\ncc -O2 -o hello hello.c\n",
        "run": '#!/bin/sh\nexec "$(dirname "$0")/hello" "$@"\n',
        "hello.c": '#include <stdio.h>\nint main(int c, char **v) { printf("hi %s\\n", c > 1 ? v[1] : "-"); }\n'})
    program = prepare(prog / "run", tmp_path / "cache")
    assert output((*program.argv, "there"), tmp_path) == "hi there\n"
    assert prepare(prog / "build", tmp_path / "cache").key == program.key   # either script names the folder
    (prog / "hello.c").write_text('#include <stdio.h>\nint main(void) { puts("changed"); }\n')
    assert output(prepare(prog / "run", tmp_path / "cache").argv, tmp_path) == "changed\n"   # keyed by its files


def test_a_build_script_may_write_run_itself(tmp_path: Path) -> None:
    prog = folder(tmp_path, build="#!/bin/sh\nprintf '#!/bin/sh\\necho made\\n' > run\n")
    assert output(prepare(prog / "build", tmp_path / "cache").argv, tmp_path) == "made\n"


def test_a_failing_build_is_a_compile_error_with_what_it_said(tmp_path: Path) -> None:
    prog = folder(tmp_path, build="#!/bin/sh\necho 'no compiler today' >&2\nexit 3\n", run="#!/bin/sh\n")
    with pytest.raises(CompileError, match="build failed \\(exit code 3\\)"):
        prepare(prog / "run", tmp_path / "cache")
    nothing = folder(tmp_path / "x", build="#!/bin/sh\ntrue\n")
    with pytest.raises(CompileError, match="no `run` script after `build`"):
        prepare(nothing / "build", tmp_path / "cache")


def test_the_build_runs_in_the_cage(tmp_path: Path) -> None:
    # it sees neither the source folder nor the host's home: only its own copy
    secret = tmp_path / "secret.txt"
    secret.write_text("host data")
    prog = folder(tmp_path, build=f"#!/bin/sh\ncat {secret} > seen 2>/dev/null; echo done >> seen\n",
                  run='#!/bin/sh\ncat "$(dirname "$0")/seen"\n')
    assert output(prepare(prog / "run", tmp_path / "cache").argv, tmp_path) == "done\n"
