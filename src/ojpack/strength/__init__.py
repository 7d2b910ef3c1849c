"""How strong is the data? Stress with shrinking, and mutation analysis.

Takes the package (its grammar in problem.yaml if it has one, else its generators; checker, validator,
model solution, built data and proof); gives `stress` (a solution against a reference on random inputs the
validator accepts, the first difference shrunk, every candidate validated, over the grammar's tree or as
text) and `strength` (mutants of the accepted solutions: killed by the data,
equivalent, or surviving with a counterexample that can join the plan); and the strength of the validator
(invalid inputs made from the data, all to be rejected) and of the checker (changed answers rejected,
allowed variants accepted, declared cases as declared)."""

from .analysis import MutantResult, StrengthReport, strength
from .grammar import Grammar, GrammarError, load_grammar
from .plan_edit import Added, add_copy_test
from .mutate import Mutant, mutants
from .soundness import CheckerFailure, CheckerStrength, checker_strength
from .validator import Escape, ValidatorStrength, validator_strength
from .vmutants import VMutantReport, VMutantResult, validator_mutants
from .stress import StressResult, stress

__all__ = ["Added", "CheckerFailure", "CheckerStrength", "Escape", "Grammar", "GrammarError", "Mutant",
           "MutantResult", "StrengthReport", "StressResult", "VMutantReport", "VMutantResult", "ValidatorStrength",
           "add_copy_test", "checker_strength", "load_grammar", "mutants", "strength", "stress", "validator_mutants",
           "validator_strength"]
