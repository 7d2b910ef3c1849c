"""problem.yaml's solutions.languages: a solution run in a language its extension does not name (a Perl .pl,
which the extension table reads as Prolog), from the root or from solutions/; an unknown id is an error."""

import pytest

from ojpack.errors import ProblemConfigError
from ojpack.judging import judge
from ojpack.judging.solutions import discover
from ojpack.problem.load import load_problem

PERL_SUM = "my ($a, $b) = split ' ', <STDIN>;\nprint $a + $b, \"\\n\";\n"


def _with_perl(toy, entry: str) -> None:
    (toy / "solutions" / "accepted" / "sum.pl").write_text(PERL_SUM)
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + f"solutions:\n  languages:\n    {entry}\n")


@pytest.mark.parametrize("rel", ["solutions/accepted/sum.pl", "accepted/sum.pl"])
def test_a_listed_language_reaches_the_solution_and_the_judge(toy, rel):
    _with_perl(toy, f"{rel}: perl")
    problem = load_problem(toy)
    assert {s.name: s.lang for s in discover(problem)}["accepted/sum.pl"] == "perl"
    judged = judge(problem, toy / "solutions" / "accepted" / "sum.pl")
    assert (judged.language, str(judged.verdict)) == ("Perl", "AC")


def test_unlisted_pl_stays_prolog(toy):
    (toy / "solutions" / "accepted" / "sum.pl").write_text(PERL_SUM)
    assert judge(load_problem(toy), toy / "solutions" / "accepted" / "sum.pl").language == "Prolog"


def test_an_unknown_language_is_an_error(toy):
    _with_perl(toy, "solutions/accepted/sum.pl: perl6")
    with pytest.raises(ProblemConfigError, match="unknown language 'perl6'"):
        discover(load_problem(toy))


def test_a_missing_file_is_an_error(toy):
    _with_perl(toy, "solutions/accepted/nope.pl: perl")
    with pytest.raises(ProblemConfigError, match="solutions/accepted/nope.pl does not exist"):
        discover(load_problem(toy))


PROLOG_SUM = ("main :- read_line_to_string(user_input, S), split_string(S, \" \", \" \", [A, B|_]),\n"
              "    number_string(X, A), number_string(Y, B), Z is X + Y, format(\"~d~n\", [Z]).\n")


def test_a_plg_file_is_prolog_as_domjudge_names_it(toy):
    """DOMjudge's example problems keep their Prolog submissions as .plg (its language table's extension)."""
    (toy / "solutions" / "accepted" / "sum.plg").write_text(PROLOG_SUM)
    judged = judge(load_problem(toy), toy / "solutions" / "accepted" / "sum.plg")
    assert (judged.language, str(judged.verdict)) == ("Prolog", "AC"), judged.cells[0].message
