"""How strong is the data? Stress with shrinking, and mutation analysis.

Takes the package (its grammar in problem.yaml, checker, validator, model solution, built data and
proof); gives `stress` (a solution against a reference on random valid inputs, the first difference shrunk
to a 1-minimal counterexample) and `strength` (mutants of the accepted solutions: killed by the data,
equivalent, or surviving with a counterexample that can join the plan)."""

from .analysis import MutantResult, StrengthReport, strength
from .grammar import Grammar, GrammarError, load_grammar
from .plan_edit import Added, add_copy_test
from .mutate import Mutant, mutants
from .stress import StressResult, stress

__all__ = ["Added", "Grammar", "GrammarError", "Mutant", "MutantResult", "StrengthReport", "StressResult",
           "add_copy_test", "load_grammar", "mutants", "strength", "stress"]
