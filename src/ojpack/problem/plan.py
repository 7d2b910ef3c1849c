"""problem.yaml's test plan -> an ordered list of concrete tests (names, paths, expanded commands)."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from ..errors import ProblemConfigError
from .load import Problem

PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)\.(min|max)\}")


@dataclass(frozen=True)
class PlannedTest:
    group: str          # "sample" or a subtask group
    index: int          # 1-based position inside the group
    name: str           # the plan's name, e.g. "xor-zero"
    gen: tuple[str, ...] | None  # expanded generator argv (program first), or None for a copy
    copy: str | None    # path of a file to copy, relative to the problem root
    answer: str | None = None   # the answer file to copy (imports), instead of the model solution's output

    @property
    def stem(self) -> str:
        return f"{self.index:02d}-{self.name}"

    @property
    def rel(self) -> str:
        """Path below data/ without extension: sample/01-x or secret/<group>/01-x."""
        return f"sample/{self.stem}" if self.group == "sample" else f"secret/{self.group}/{self.stem}"

    @property
    def id(self) -> str:
        return f"{self.group}/{self.stem}"

    @property
    def line(self) -> str:
        """The plan line in its expanded form; this is what seeds the generator."""
        return shlex.join(self.gen) if self.gen else f"copy {self.copy}"


def expand(command: str, bounds: dict[str, tuple[int, int]], where: str) -> tuple[str, ...]:
    def sub(m: re.Match[str]) -> str:
        key, end = m.group(1), m.group(2)
        if key not in bounds:
            raise ProblemConfigError(f"{where}: unknown bound {{{key}.{end}}}; bounds are {', '.join(sorted(bounds))}")
        return str(bounds[key][0 if end == "min" else 1])

    try:
        argv = tuple(shlex.split(PLACEHOLDER.sub(sub, command)))
    except ValueError as e:
        raise ProblemConfigError(f"{where}: cannot split command {command!r}: {e}") from None
    if not argv:
        raise ProblemConfigError(f"{where}: empty generator command")
    return argv


def make_plan(problem: Problem) -> list[PlannedTest]:
    """Sample first, then the subtask groups in the order the subtasks are declared."""
    out: list[PlannedTest] = []
    for group in ["sample", *problem.groups]:
        bounds = problem.bounds_for(group)
        for i, line in enumerate(problem.spec.tests.get(group, []), start=1):
            where = f"problem.yaml: tests.{group}[{i - 1}] ({line.name})"
            gen = expand(line.gen, bounds, where) if line.gen else None
            if gen and not problem.path(f"generators/{gen[0]}").is_file():
                raise ProblemConfigError(f"{where}: generator generators/{gen[0]} does not exist")
            out.append(PlannedTest(group, i, line.name, gen, line.copy_, line.answer))
    return out
