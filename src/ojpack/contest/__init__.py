"""A contest at once: `ojpack build|check|render|export` at a contest's root run on every problem of
contest.yaml (each as its own `ojpack` process, so one problem's failure never stops another), and render
also makes the problem set PDF per language and the samples zip under the contest's build/."""

from .run import Outcome, run_each
from .set import ProblemSet, make_problem_sets, samples_zip

__all__ = ["Outcome", "ProblemSet", "make_problem_sets", "run_each", "samples_zip"]
