"""What every shrinker of a failing input looks like, whatever it knows about the input's shape.

A shrinker takes the input and `keep`, and returns the smallest input it reached. It proposes candidates in
batches (tried in parallel by `keep`); `keep(batch)` answers the index of the first candidate that the
package's validator accepts and on which the two programs still differ, or None. So a shrinker never decides
validity itself: the grammar's shrinker (over its tree) and the text reducer (reduce.py, for a package with
no grammar) are judged by the same validator."""

from __future__ import annotations

from collections.abc import Callable

from .firstfail import Keep
from .grammar import Grammar, GrammarError
from .shrink import shrink_with_grammar

Shrink = Callable[[bytes, Keep], bytes]


def grammar_shrinker(grammar: Grammar, workers: int) -> Shrink:
    """The grammar's tree shrinker in the shared shape (shrink.shrink_with_grammar), `workers` candidates
    to a batch. An input the grammar cannot read is returned as it is."""
    def shrink(data: bytes, keep: Keep) -> bytes:
        try:
            return shrink_with_grammar(grammar, data, keep, batch=workers)
        except GrammarError:
            return data

    return shrink
