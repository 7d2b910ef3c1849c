"""problem.yaml → a read-only Problem.

Takes a package folder; gives the checked spec (`Problem`, frozen dataclasses in `schema`, read strictly
by `strict`) and the ordered test plan (`make_plan`), with `{X.min}`-style placeholders expanded to each
group's bounds.
"""

from .noalias import AliasRefused, dump_yaml, load_yaml
from .load import Problem, copy_sources, load_problem
from .plan import PlannedTest, expand, make_plan
from .schema import Coverage, Expectation

__all__ = ["AliasRefused", "Coverage", "Expectation", "PlannedTest", "Problem", "copy_sources", "dump_yaml",
           "expand", "load_problem", "load_yaml", "make_plan"]
