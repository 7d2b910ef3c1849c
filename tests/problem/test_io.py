"""problem.yaml's `io:`: standard streams by default, or plain file names, read strictly."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import edit_yaml
from ojpack.errors import ProblemConfigError
from ojpack.problem.load import load_problem

LIMITS = "limits: {time: 1.0, memory: 256, output: 1}"


def with_io(toy: Path, io: str) -> None:
    edit_yaml(toy / "problem.yaml", LIMITS, f"{LIMITS}\nio: {io}")


def test_default_is_standard_input_and_output(toy: Path) -> None:
    io = load_problem(toy).spec.io
    assert (io.input_file, io.output_file, io.files) == (None, None, False)


def test_named_files_are_read(toy: Path) -> None:
    with_io(toy, "{input: sum.in, output: sum.out}")
    io = load_problem(toy).spec.io
    assert (io.input_file, io.output_file, io.files) == ("sum.in", "sum.out", True)
    assert io.describe() == "input from the file sum.in, output to the file sum.out"


def test_one_file_and_one_stream(toy: Path) -> None:
    with_io(toy, "{output: answer.txt}")
    io = load_problem(toy).spec.io
    assert (io.input_file, io.output_file) == (None, "answer.txt")


@pytest.mark.parametrize(("io", "key"), [
    ("{input: ../secret.in}", "io.input"),
    ("{input: data/x.in}", "io.input"),
    ("{input: ..}", "io.input"),
    ("{input: .hidden}", "io.input"),
    ("{output: /etc/passwd}", "io.output"),
    ("{output: ''}", "io.output"),
    ("{input: stdout}", "io.input"),
    ("{output: stdin}", "io.output"),
    ("{input: a.txt, output: a.txt}", "io.output"),
    ("{input: a.txt, file: b.txt}", "io.file"),
    ("{input: 5}", "io.input"),
])
def test_a_name_that_is_not_a_plain_file_is_one_line(toy: Path, io: str, key: str) -> None:
    with_io(toy, io)
    with pytest.raises(ProblemConfigError) as e:
        load_problem(toy)
    msg = str(e.value)
    assert key in msg and "\n" not in msg and "Traceback" not in msg, msg


def test_files_are_refused_for_an_interactive_problem(toy: Path) -> None:
    with_io(toy, "{input: sum.in}")
    edit_yaml(toy / "problem.yaml", "validator: validators/validate.py",
              "validator: validators/validate.py\ninteractor: {source: validators/validate.py}")
    with pytest.raises(ProblemConfigError, match="interactive problem talks with its interactor"):
        load_problem(toy)
