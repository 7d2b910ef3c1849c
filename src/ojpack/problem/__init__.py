"""problem.yaml → a read-only Problem.

Takes a package folder; gives the checked spec (`Problem`, frozen dataclasses in `schema`, read strictly
by `strict`) and the ordered test plan (`make_plan`), with `{X.min}`-style placeholders expanded to each
group's bounds.
"""

from .load import Problem, copy_sources, load_problem
from .plan import PlannedTest, expand, make_plan
from .reference import json_schema, keys
from .schema import Coverage, Expectation

__all__ = ["Coverage", "Expectation", "PlannedTest", "Problem", "copy_sources", "expand", "json_schema", "keys",
           "load_problem", "make_plan"]
