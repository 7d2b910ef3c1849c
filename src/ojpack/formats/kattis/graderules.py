"""A Kattis package's verdict rules, as problemtools judges them, → problem.yaml's `judging:`.

problemtools judges data/ as a tree of folders. Each folder's settings are its testdata.yaml over its
parent's (defaults `on_reject: break`, `grader_flags: ''`; a legacy problem.yaml's `grading: {on_reject:
first_error}` sets break everywhere, `grade` continue). A folder runs its items (tests and subfolders, by
name) in order, stopping at the first one not AC under `break`, and gives the verdict its default grader
makes of what ran: by the last of its verdict flags `first_error`, `worst_error` (also `no_errors`, and the
default) or `always_accept`; `accept_if_any_accepted` makes it AC when any item is; `ignore_sample`, at
data/, keeps only the last item's verdict (data/secret's, when data/sample passed or on_reject is continue).

ojpack's groups are data/sample, data/secret's own tests and each folder under data/secret (nested folders
joined in), so each group gets its folder's rule (`judging.groups`), and data/secret's rule (data/'s for
a package with no folders there) becomes the rule over the groups (`judging.verdict`). What that cannot
say -- data/ and data/secret combining by different rules, a nested folder's own rule, accept_if_any_accepted
on a pass-fail problem, a custom grader -- is named in the report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..common.writer import Imported, safe_name

VERDICT_FLAGS = {"first_error": "first_failure", "worst_error": "worst_error", "no_errors": "worst_error",
                 "always_accept": "always_accept"}
DEFAULTS = {"on_reject": "break", "grader_flags": "", "grading": "default"}


def settings(folder: Path, parent: dict[str, Any], legacy: object, load: Any) -> dict[str, Any]:
    """A folder's testdata.yaml over its parent's settings, problemtools' way."""
    own = load(folder / "testdata.yaml")
    merged = {**parent, **{k: own[k] for k in DEFAULTS if k in own and own[k] is not None}}
    if legacy == "first_error":
        merged["on_reject"] = "break"
    elif legacy == "grade":
        merged["on_reject"] = "continue"
    return merged


def rule(cfg: dict[str, Any]) -> str:
    """The rule problemtools' default grader applies to a folder with these settings."""
    made = "worst_error"
    for flag in str(cfg.get("grader_flags") or "").split():
        made = VERDICT_FLAGS.get(flag, made)
    if made == "always_accept":
        return made
    # under break only the items up to the first failing one ran: the worst of them is that one
    return "first_failure" if str(cfg.get("on_reject")) == "break" else made


def flags(cfg: dict[str, Any]) -> set[str]:
    return set(str(cfg.get("grader_flags") or "").split())


def verdict_rules(root: Path, meta: dict[str, Any], imp: Imported, load: Any, scoring: bool) -> None:
    """Set imp.verdict_rule and imp.judging_groups from data/'s folders, with a note for each loss."""
    grading = meta.get("grading")
    legacy = grading.get("on_reject") if isinstance(grading, dict) else None
    data = root / "data"
    top = settings(data, dict(DEFAULTS), legacy, load)
    secret_cfg = settings(data / "secret", top, legacy, load)
    groups = list(dict.fromkeys(t.group for t in imp.tests))
    folders = {("group-sample" if (n := safe_name(f.name, "group")) == "sample" else n): f
               for f in (sorted((data / "secret").iterdir()) if (data / "secret").is_dir() else []) if f.is_dir()}
    own: dict[str, str] = {}
    for g in groups:
        if g == "sample" or g in folders:
            folder = data / "sample" if g == "sample" else folders[g]
            cfg = settings(folder, top if g == "sample" else secret_cfg, legacy, load)
        else:   # data/secret's own tests
            folder, cfg = data / "secret", secret_cfg
        own[g] = rule(cfg)
        if cfg.get("grading") == "custom":
            imp.note(f"{folder.relative_to(root)}: a custom grader (grading: custom) is not run; ojpack grades "
                     f"the group by problemtools' default grader ({own[g]})")
        if "accept_if_any_accepted" in flags(cfg) and g != "sample" and not scoring:
            imp.note(f"{folder.relative_to(root)}: grader_flags accept_if_any_accepted not carried over "
                     f"(ojpack: {own[g]})")
        nested = [settings(n, cfg, legacy, load) for n in sorted(folder.rglob("*"))
                  if n.is_dir() and folder != data / "secret" and folder != data / "sample"]
        if any(rule(n) != own[g] for n in nested):
            imp.note(f"{folder.relative_to(root)}: its nested folders' own verdict rules are not carried over "
                     f"(their tests join group {g}, judged by {own[g]})")
    split = any(g in folders for g in groups)   # data/secret combines its folders
    over = rule(secret_cfg) if split else rule(top)
    if "ignore_sample" in flags(top) and top.get("on_reject") != "break" and "sample" in own:
        own["sample"] = "always_accept"   # data/'s verdict is data/secret's alone
    elif split and rule(top) != over and "sample" in own:
        imp.note(f"data/ combines the samples with data/secret by {rule(top)}, data/secret its folders by {over}: "
                 f"ojpack combines them all by {over}")
    if over == "always_accept":
        imp.note("grader_flags always_accept over the whole data is not carried over (ojpack: first_failure)")
        over = "first_failure"
    if "accept_if_any_accepted" in flags(top) and not scoring:
        imp.note("data/testdata.yaml: grader_flags accept_if_any_accepted not carried over")
    imp.verdict_rule = over
    imp.judging_groups = {g: r for g, r in own.items() if r != over}
