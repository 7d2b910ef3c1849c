"""Blame the right file: when every other accepted solution gives the same output on a test and the model
solution's answer differs, the model is wrong, not the N solutions that `check` would otherwise blame."""

from __future__ import annotations

from collections.abc import Sequence

from .execute import Cell
from .verdicts import Verdict

MIN_WITNESSES = 2   # one solution against the model is a draw; two that agree with each other are evidence


def model_disagreements(model: str, accepted: Sequence[tuple[str, Sequence[Cell]]], tests: Sequence[str],
                        proof_failures: Sequence[str] = ()) -> list[str]:
    """Sentences that blame the model solution (`model`: its display name), most telling first.

    `accepted`: each must-pass solution's name and cells in test order (the model's own row included or not)."""
    others = [(name, cells) for name, cells in accepted if name != model]
    out: list[str] = []
    for i, test in enumerate(tests):
        outputs = {cells[i].output for _, cells in others if cells[i].verdict is Verdict.WA}
        wrong = [name for name, cells in others if cells[i].verdict is Verdict.WA]
        if len(wrong) == len(others) >= MIN_WITNESSES and len(outputs) == 1 and "" not in outputs:
            out.append(f"the model solution disagrees with {len(wrong)} accepted solutions on test {test} "
                       f"(they all print the same answer): check {model} and the answer it gave")
    model_failed = [f for f in proof_failures if f.startswith((f"{model} ", f"{model}:"))]
    others_failed = [f for f in proof_failures if f not in model_failed]
    if model_failed and not others_failed:
        out.insert(0, f"the exhaustive proof says the model solution {model} is wrong "
                      f"({model_failed[0]}) while the other accepted solutions pass it")
    return out
