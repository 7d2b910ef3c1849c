"""Data + programs → verdicts.

Takes the built data and the package's solutions (or one submitted file); runs each on every test,
judges the output with the checker, and gives verdicts against the expected ones (`check`), a scored
judgement of one submission (`judge`), the smallest killing set, the exhaustive proof and the reports.
Each name loads its module on first use (see ojpack.lazy): `ojpack judge` never loads the cross-check.
"""

from typing import TYPE_CHECKING

from ..lazy import exports

if TYPE_CHECKING:
    from .crosscheck import AC_HEADROOM, CheckReport, check, passed_before
    from .checker import Checker, CheckResult, load_checker, output_scratch
    from .execute import Engine, Job, LocalEngine, limits_for, problem_limits
    from .interact import sample_dialogues
    from .communication import Communicated, Communicator, communicate
    from .multipass import MultiPass, Passed, load_judge, pass_folder, run_passes
    from .batch import Batch, batch_diff, judge_batch
    from .batch_report import write_batch_csv, write_batch_html
    from .cluster import connect_cluster
    from .judgement import judge
    from .submissions import Collected, Submission, collect
    from .report import write_html
    from .solutions import Solution, discover
    from .proof import proof_batches
    from .scoring import SubtaskScore, score_subtasks
    from .timelimit import Proposal, measure, propose
    from .verdicts import Verdict, fmt, of_run
    from .firstdiff import Diff, first_difference
    from .checkhistory import HistoryDiff, HistoryEntry, compare, history
    from .lastrun import load_last, save_check, save_last
    from .rundetail import RunDetail, run_detail

_WHERE = {
    "AC_HEADROOM": "crosscheck", "CheckReport": "crosscheck", "check": "crosscheck", "passed_before": "crosscheck",
    "Checker": "checker", "CheckResult": "checker", "load_checker": "checker", "output_scratch": "checker",
    "Batch": "batch", "LocalEngine": "execute", "batch_diff": "batch", "judge_batch": "batch",
    "write_batch_csv": "batch_report", "write_batch_html": "batch_report", "connect_cluster": "cluster",
    "Collected": "submissions", "Submission": "submissions", "collect": "submissions",
    "limits_for": "execute", "problem_limits": "execute", "Engine": "execute", "Job": "execute", "sample_dialogues": "interact", "judge": "judgement", "write_html": "report",
    "Solution": "solutions", "discover": "solutions", "proof_batches": "proof",
    "SubtaskScore": "scoring", "score_subtasks": "scoring",
    "Communicated": "communication", "Communicator": "communication", "communicate": "communication",
    "MultiPass": "multipass", "Passed": "multipass", "load_judge": "multipass", "pass_folder": "multipass",
    "run_passes": "multipass",
    "Proposal": "timelimit", "measure": "timelimit", "propose": "timelimit",
    "Verdict": "verdicts", "fmt": "verdicts", "of_run": "verdicts",
    "Diff": "firstdiff", "first_difference": "firstdiff",
    "HistoryDiff": "checkhistory", "HistoryEntry": "checkhistory", "compare": "checkhistory", "history": "checkhistory",
    "load_last": "lastrun", "save_check": "lastrun", "save_last": "lastrun", "RunDetail": "rundetail", "run_detail": "rundetail",
}
__getattr__ = exports(__name__, _WHERE)
__all__ = sorted(_WHERE)
