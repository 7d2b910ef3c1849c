"""problem.yaml → a read-only Problem.

Takes a package folder; gives the checked spec (`Problem`, frozen dataclasses in `schema`, read strictly
by `strict`) and the ordered test plan (`make_plan`), with `{X.min}`-style placeholders expanded to each
group's bounds.
"""

from .kattisflags import default_rule
from .contest import CONTEST_FILE, Contest, ContestProblem, add_problem_line, is_contest, load_contest, next_entry
from .noalias import AliasRefused, dump_yaml, load_yaml
from .io import FILE_NAME
from .grammar_expr import Bounds, Compare, Expr, ExprError, Range, compare, expr, literal, parse_range
from .grammar_model import Field, Item, Line, Model, Repeat, Seq, Shape, expand_alphabet
from .grammar_spec import GrammarItem, compile_grammar
from .strict import Invalid
from .load import SOURCE_PARTS, Problem, copy_sources, load_problem
from .points import aggregation, even_split, points_per_test
from .plan import PlannedTest, expand, make_plan
from .reference import json_schema, keys
from .schema import LANGUAGE, Coverage, Expectation
from .verdict_rule import GROUP_RULES, Judging

__all__ = ["AliasRefused", "CONTEST_FILE", "FILE_NAME", "Contest", "ContestProblem", "Coverage", "Expectation", "GROUP_RULES",
           "Judging", "LANGUAGE", "PlannedTest", "Problem", "SOURCE_PARTS", "add_problem_line", "aggregation", "even_split", "copy_sources", "default_rule",
           "dump_yaml", "expand", "is_contest", "json_schema", "keys", "load_contest", "load_problem", "load_yaml", "make_plan",
           "next_entry", "points_per_test",
           # the input grammar (grammar_*.py)
           "Bounds", "Compare", "Expr", "ExprError", "Field", "GrammarItem", "Invalid", "Item", "Line", "Model", "Range", "Repeat",
           "Seq", "Shape", "compare", "compile_grammar", "expand_alphabet", "expr", "literal", "parse_range"]
