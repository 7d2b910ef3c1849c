"""DOMjudge's verdict markers in a submission's source, read as DOMjudge reads them.

Reduced from DOMjudge's example problem boolfind (submissions/mixed-verdicts/): one source explains the tag
in its prose before using it ("a demonstration of how to use the @EXPECTED_RESULTS@ tag." then
"@EXPECTED_RESULTS@: CORRECT, WRONG-ANSWER"), another uses the other spelling DOMjudge accepts,
"@EXPECTED_SCORE@: CORRECT". Both were left out of the import ("nothing says which verdicts it may get")."""

from __future__ import annotations

from ojpack.formats.common.submissions import expected_results, verdicts_of

RANDOM = b"""'''
This will sometimes give an off by one answer. This is a demonstration
of how to use the @EXPECTED_RESULTS@ tag.

@EXPECTED_RESULTS@: CORRECT, WRONG-ANSWER
'''
"""


def test_prose_naming_the_tag_is_not_the_marker() -> None:
    assert expected_results(RANDOM) == ["AC", "WA"]
    assert verdicts_of("mixed-verdicts/random.py", RANDOM, None) == ["AC", "WA"]


def test_expected_score_with_verdict_names_is_a_marker_and_a_number_is_not() -> None:
    assert expected_results(b"'''\n@EXPECTED_SCORE@: CORRECT\n'''\n") == ["AC"]
    assert expected_results(b"# @EXPECTED_SCORE@: 0\n") is None
    # with both (DOMjudge's scoring examples), the results give the verdicts
    assert expected_results(b"# @EXPECTED_RESULTS@: WRONG-ANSWER\n# @EXPECTED_SCORE@: 0\n") == ["WA"]
    assert expected_results(b"// @expected_results@: timelimit\n") == ["TLE"]   # DOMjudge ignores case
