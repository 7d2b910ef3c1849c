"""UOJ's data folder: problem.conf, data<i>.in/.ans, ex_data<i> samples, std.cpp, val.cpp and chk.cpp.

UOJ runs val.cpp without arguments and reads exit code 0 as valid, so the validator's C++ port is
compiled in with the global bounds of problem.yaml and UOJ's exit codes.

The token rule is UOJ's builtin `wcmp`. A testlib-convention C++ checker program goes in as chk.cpp: UOJ
compiles `chk` itself when problem.conf names no builtin checker, with its own testlib.h on the include
path (the checkers it ships are testlib programs), so `#include "testlib.h"` is left to that one and only
the package's other headers are pasted in (UOJ compiles one file).
"""

from __future__ import annotations

from pathlib import Path

from ...errors import OjpackError
from ..common.package import CannotHold, Package, inline_includes, split_note, validator_args
from ..common.checkers import cpp_checker
from ..common.write import Notes, copy, text


def whole_seconds(seconds: float) -> int:
    if not float(seconds).is_integer():
        raise OjpackError(f"uoj: time_limit takes whole seconds; {seconds:g} s cannot be written without "
                          "changing the verdicts")
    return int(seconds)


def std_source(pkg: Package) -> Path:
    """UOJ's std must be C++: the model solution, or else the first accepted C++ solution."""
    if pkg.model_solution is not None and pkg.model_solution.suffix == ".cpp":
        return pkg.model_solution
    for s in pkg.solutions:
        if s.single == "AC" and s.path.suffix == ".cpp":
            return s.path
    raise OjpackError("uoj: needs an accepted C++ solution for std.cpp (the model solution is not C++)")


def checker_conf(pkg: Package) -> list[tuple[str, str]]:
    """problem.conf's checker line: wcmp (testlib's token comparison, case-sensitive: exactly our token rule)
    or none, for chk.cpp; else the problem cannot be judged there."""
    if pkg.checker_type == "tokens" and pkg.case_sensitive and not pkg.space_change_sensitive:
        return [("use_builtin_checker", "wcmp")]
    if pkg.checker_type == "program" and pkg.checker_convention == "testlib":
        return []
    if pkg.checker_type == "program":
        raise CannotHold(f"uoj: runs testlib checkers (chk.cpp) only; {pkg.checker_program.name if pkg.checker_program else 'the checker'} "
                         "is in the Kattis convention")
    raise CannotHold("uoj: only the case-sensitive token checker maps onto a UOJ builtin (wcmp); UOJ's float checkers "
                     "(rcmp) have fixed tolerances and ojpack ships no other token checker there")


def write(pkg: Package, out: Path) -> Notes:
    conf = [("use_builtin_judger", "on"), *checker_conf(pkg)]
    tests = pkg.secret_tests
    conf += [("n_tests", len(tests)), ("n_ex_tests", len(pkg.sample.tests)),
             ("n_sample_tests", len(pkg.sample.tests)),
             ("input_pre", "data"), ("input_suf", "in"), ("output_pre", "data"), ("output_suf", "ans"),
             ("time_limit", whole_seconds(pkg.time_limit)), ("memory_limit", pkg.memory_mib),
             ("output_limit", pkg.output_mib)]
    blocks = [b for g in pkg.subtasks for b in g.blocks()]   # a sum subtask: one packed subtask per test
    conf.append(("n_subtasks", len(blocks)))
    end = 0
    for i, (score, group) in enumerate(blocks, start=1):
        end += len(group)
        conf += [(f"subtask_end_{i}", end), (f"subtask_score_{i}", score), (f"subtask_type_{i}", "packed")]
    text(out / "problem.conf", "".join(f"{k} {v}\n" for k, v in conf))
    for i, t in enumerate(tests, start=1):
        copy(t.input, out / f"data{i}.in")
        copy(t.answer, out / f"data{i}.ans")
    for i, t in enumerate(pkg.sample.tests, start=1):
        copy(t.input, out / f"ex_data{i}.in")
        copy(t.answer, out / f"ex_data{i}.ans")
    copy(std_source(pkg), out / "std.cpp")
    if pkg.checker_type == "program":
        text(out / "chk.cpp", inline_includes(cpp_checker(pkg, "uoj"), keep=("testlib.h",)))
    bounds = " ".join(validator_args(pkg.global_bounds))
    head = f'#define BUILTIN_BOUNDS "{bounds}"\n#define VALID_EXIT 0\n#define INVALID_EXIT 1\n'
    text(out / "val.cpp", head + inline_includes(pkg.cpp_validator("uoj")))   # one file: headers pasted in
    notes = Notes()
    notes.todo += split_note(pkg, "UOJ")
    notes.lost.append("solutions other than std.cpp and their expected verdicts: UOJ has no place for them")
    notes.lost.append("validator bounds per subtask: val.cpp checks the global bounds only")
    return notes
