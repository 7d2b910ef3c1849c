"""problem.yaml's `io:` where a solution reads its test and writes its answer: standard input and output
(the default), or named files in its working directory (OI style: Polygon's input-file/output-file, CMS'
infile/outfile). A part of the schema (schema.ProblemSpec has the field and runs `check_io`), kept apart
to keep schema.py small."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .strict import Invalid

STDIN, STDOUT = "stdin", "stdout"
# a plain file name: no folder, no "." or "..", nothing a shell or a judge's config would need to quote
FILE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,63}$")


@dataclass(frozen=True, kw_only=True)
class FileIO:
    input: str = STDIN     # "stdin", or the file the test is put in (e.g. game.in)
    output: str = STDOUT   # "stdout", or the file the answer is read from (e.g. game.out)

    def __post_init__(self) -> None:
        for key, value, stream in (("input", self.input, STDIN), ("output", self.output, STDOUT)):
            if value != stream and not FILE_NAME.match(value):
                raise Invalid((key,), f"'{stream}' or a plain file name (letters, digits, _ . + -; no folder, "
                                      "not starting with a dot)", value)
            if value == (STDOUT if stream == STDIN else STDIN):
                raise Invalid((key,), f"the {key} is '{stream}' or a file name", value)
        if self.input == self.output:
            raise Invalid(("output",), "the output file must differ from the input file", self.output)

    @property
    def input_file(self) -> str | None:
        """The file the test is put in, None when it comes on standard input."""
        return None if self.input == STDIN else self.input

    @property
    def output_file(self) -> str | None:
        """The file the answer is read from, None when it is standard output."""
        return None if self.output == STDOUT else self.output

    @property
    def files(self) -> bool:
        return self.input_file is not None or self.output_file is not None

    def describe(self) -> str:
        """For people: 'reads game.in, writes game.out'; 'standard input and output' for the default."""
        if not self.files:
            return "standard input and output"
        read = f"the file {self.input}" if self.input_file else "standard input"
        write = f"the file {self.output}" if self.output_file else "standard output"
        return f"input from {read}, output to {write}"


def check_io(spec: Any) -> None:
    """Files are for a batch problem: an interactive or multi-pass one talks over standard input and output."""
    if not spec.io.files:
        return
    if spec.interactor is not None:
        raise Invalid(("io",), "an interactive problem talks with its interactor over standard input and "
                               "output: remove 'io'")
    if spec.multi_pass is not None:
        raise Invalid(("io",), "a multi-pass problem gives each pass its input on standard input: remove 'io'")
