"""problem.yaml's reference, generated from the schema's dataclasses: every key with its type, default and
meaning (`ojpack schema`), and a JSON Schema for editors (`ojpack schema --json-schema FILE`).

Keys, types, defaults and constraints are read from the dataclasses and their `rule()` metadata, so they
cannot drift from what the loader accepts; the meanings live in MEANING below, and a test requires one for
every key the schema has."""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin

from .kinds import LINK_LANGUAGES
from .schema import ProblemSpec
from .strict import _fields

_LANGUAGE_NAMES = {"cpp": "C++", "c": "C", "java": "Java", "python": "Python", "pascal": "Pascal"}


def _linked(where: str, what: str) -> dict[str, str]:
    """A grader's and a stub's keys, alike for every language they may be given in."""
    meanings: dict[str, str] = {}
    for lang in LINK_LANGUAGES:
        meanings |= {
            f"{where}.{lang}": f"the {_LANGUAGE_NAMES[lang]} {what}",
            f"{where}.{lang}.files": "its files (sources and headers) from the package root, compiled or put "
                                     "beside the submission",
            f"{where}.{lang}.main": "Java: the class holding main (default: the first file's name)"}
    return meanings


MEANING: dict[str, str] = {
    "short_name": "the problem's id on judges: lowercase letters and digits",
    "name": "the title per statement language, e.g. {en: Sum, zh: 求和}; each needs statement/problem.<lang>.md.j2",
    "source": "where the problem comes from",
    "source.name": "a contest, a book, an author",
    "source.url": "a link to the original",
    "credits": "who made it",
    "credits.authors": "the authors' names",
    "license": "the licence of the package",
    "rights_owner": "who holds the rights (not for public domain)",
    "limits": "the resource limits per test",
    "limits.time": "CPU seconds per test (`ojpack timelimit` proposes one)",
    "limits.memory": "MiB of memory",
    "limits.output": "MiB of output",
    "limits.safety_margin": "as problemtools judges: a solution failing its expectation at the time limit "
                            "passes if it meets it at the limit x this (imported Kattis packages)",
    "limits.output_stops": "true (default): a run ends at the output limit, OLE; false (imported Kattis "
                           "packages): it goes on, what passes the limit dropped, so an endless flood is TLE",
    "io": "where a solution reads its test and writes its answer (OI problems use files)",
    "io.input": "stdin (default), or the file in the working directory the test is put in, e.g. game.in",
    "io.output": "stdout (default), or the file in the working directory the answer is read from, e.g. game.out",
    "bounds": "named integer bounds: the validator gets NAME=LO..HI, the plan {NAME.max}, the statement bounds.NAME",
    "bounds.<name>.min": "the smallest allowed value",
    "bounds.<name>.max": "the largest allowed value",
    "bounds.<name>.doc": "what the bound is, for people",
    "type": "scoring (subtasks with points) or pass-fail (every test must pass); default: pass-fail without subtasks",
    "subtasks": "the scored groups of secret tests (IOI style); leave out for a pass-fail problem",
    "subtasks[].group": "the group's name: its tests are tests.<group>, its data data/secret/<group>",
    "subtasks[].score": "the group's points (all or nothing under min, the sum of its tests' under sum); all add up to 100",
    "subtasks[].aggregation": "min (its score only when every test passes) or sum (each passing test earns its "
                              "points); default: scoring.subtask",
    "subtasks[].bounds": "bounds tightened for this group (the validator checks its tests against them)",
    "subtasks[].bounds.<name>.min": "the tighter minimum",
    "subtasks[].bounds.<name>.max": "the tighter maximum",
    "subtasks[].coverage": "what this group's own tests must cover (features against its own bounds)",
    "subtasks[].coverage.features": "features this group's tests must show, against the group's bounds",
    "subtasks[].coverage.classes": "classes this group's tests must contain",
    "subtasks[].coverage.answers": "answer tokens this group must contain",
    "checker": "how an output is judged against the answer",
    "checker.type": "tokens (whitespace-separated tokens must match), float (numbers within a tolerance) or "
                    "program (the package's own checker)",
    "checker.case_sensitive": "whether tokens compare case-sensitively",
    "checker.source": "the checker program's source, for type: program",
    "checker.args": "convention: kattis: arguments passed after feedback_dir (Kattis' output_validator_args)",
    "checker.score_file": "convention: kattis: what score.txt holds, points (out of the test's maximum, the "
                          "default) or share (0 to 1 of it, as the multiplicative grader of Kattis' IOI ports)",
    "checker.convention": "testlib (checker input output answer; exit 0/1/2) or kattis (exit 42/43)",
    "checker.space_change_sensitive": "whether whitespace must match exactly (Kattis' flag), for tokens and float",
    "checker.absolute": "type: float: a number matches within this absolute difference",
    "checker.relative": "type: float: a number matches within this relative difference",
    "checker.unique_answers": "false when other outputs than the answer may be right (strength --checker then "
                              "uses only the declared cases in checkers/tests.yaml)",
    "extra_validators": "more input validators, run as Kattis runs them (stdin, flags as arguments, exit 42/43)",
    "extra_validators[].source": "the validator's source (a .ctd file is a checktestdata script)",
    "extra_validators[].flags": "arguments for every group without flags of its own",
    "extra_validators[].group_flags": "group -> its own arguments",
    "validator": "the input validator: NAME=LO..HI arguments, exit 42 valid / 43 invalid, --features JSON",
    "answer_validator": "checks each .ans file against its input (argv: the input file)",
    "model_solution": "the solution whose outputs become the .ans files (none: every test line has an answer:)",
    "coverage": "what the secret tests must contain all together; the build fails naming any gap",
    "coverage.features": "features the validator's --features report must show, e.g. n=max",
    "coverage.classes": "classes the validator's --features report must count",
    "coverage.answers": "answer tokens every group must contain (no constant output passes)",
    "tests": "the test plan: group (sample or a subtask's, or secret) -> a list of {name, gen} or {name, copy}",
    "tests.<name>[].name": "the test's name: lowercase letters, digits, - and _",
    "tests.<name>[].gen": "a generator command under generators/, e.g. gen.py --n {n.max}; the line seeds it",
    "tests.<name>[].copy": "a file in the package copied as the input",
    "tests.<name>[].answer": "the answer file as the source wrote it (imports), instead of the model's output",
    "tests.<name>[].checker_args": "this test's own Kattis output_validator_args (imports), in place of "
                                   "checker.args; with the token or float rule, the default validator's flags "
                                   "(case_sensitive, space_change_sensitive, float_tolerance E, ...) that make its rule",
    "tests.<name>[].validator_args": "this test's own input_validator_args (imports): the arguments every extra "
                                     "validator gets on it, in place of flags / group_flags",
    "tests.<name>[].points": "in a sum subtask: what the test earns when it passes; every test of the group "
                             "carries points adding up to its score, or none does (the score split evenly)",
    "scoring": "how verdicts become points",
    "scoring.subtask": "every subtask's default aggregation: min (a subtask scores only when all its tests "
                       "pass) or sum (each passing test earns its points)",
    "scoring.sample": "0: the samples are worth nothing",
    "judging": "how a solution's verdicts are compared with its expected verdicts",
    "judging.verdict": "every_test (Polygon: every test's verdict is expected or AC, and the first failing one "
                       "is expected) or first_failure (Kattis, DOMjudge, BAPCtools: only the first failing "
                       "test's verdict counts; check stops a solution there; imports from those set it) "
                       "or worst_error (problemtools' on_reject: continue: every test runs, the worst "
                       "verdict counts: JE, RE, MLE, TLE, OLE, WA)",
    "judging.groups": "group -> first_failure, worst_error or always_accept: that group's own rule for its "
                      "tests (problemtools' per-folder on_reject / grader_flags; Kattis imports set it)",
    "solutions": "expected verdicts beyond the folders, and per-subtask expectations: PATH: {GROUP: VERDICT, score: N}",
    "solutions.verdicts": "path -> a list of allowed verdicts (a set, as Polygon's tags)",
    "solutions.expect": "path -> {GROUP: verdict or list, score: N} (also written directly under solutions)",
    "solutions.expect.<name>.score": "the total score the solution must get",
    "solutions.expect.<name>.score_range": "[lowest, highest]: the total score it may get, both included (an "
                                           "imported Kattis partially_accepted submission: [0.01, 99.99])",
    "solutions.languages": "path -> the language id it runs as, when its extension names another (Perl .pl, C++20)",
    "solutions.include": "language id or `default` -> a folder copied beside every solution in it (ICPC include/)",
    "proof": "an exhaustive check: a program that writes every small input with its answer",
    "proof.generator": "the program",
    "proof.args": "its arguments ({X.min}/{X.max} expand to the bounds)",
    "proof.boxes": "language id -> smaller arguments for a costly runtime",
    "interactor": "makes the problem interactive (Kattis convention)",
    "interactor.source": "the interactor's source: interactor input answer feedback_dir/, exit 42/43",
    "interactor.args": "arguments after feedback_dir (Kattis' output_validator_args); a test's checker_args replace them",
    "multi_pass": "runs the submission again on the nextpass.in the output validator or interactor writes",
    "multi_pass.passes": "the most runs per test (Kattis' limits.validation_passes); one more request is JE",
    "grammar": "the input's shape for stress and strength: a list of items, each one kind (line, list, repeat, "
               "tree, graph, permutation, grid; number for the older form), or {checktestdata: file.ctd}. A field is "
               "a bound's name (n: its range) or name: range, the range LO..HI over integers, fields read before "
               "and bounds as X.min / X.max (u: 1..n, w: 1..W.max)",
    "grammar[].number": "older form: a line holding one number within this bound (it counts `line` or `blocks`)",
    "grammar[].line": "a line of fields: [n, m], [u: 1..n, v: 1..n, w: W], [s: {alphabet: a-z, length: 1..n}]; "
                      "with `number`, the bound of the counted numbers",
    "grammar[].blocks": "older form: that number counts blocks laid out by these items (the same keys, nested)",
    "grammar[].repeat": "a count (a field read before, or an expression): `items` repeated that many times; a "
                        "field used as a count is always written as the length",
    "grammar[].items": "the repeated block's items (the same keys, nested)",
    "grammar[].list": "one line of `count` integers: the field, a bound's name or {name: LO..HI}",
    "grammar[].count": "the list's count: a field read before (tied to the list's length) or an expression",
    "grammar[].distinct": "a list: true for distinct values; a repeat: the fields whose values differ across "
                          "its blocks",
    "grammar[].assert": "comparisons that hold on a line, over its fields and fields read before: ['u != v', "
                        "'a <= b']",
    "grammar[].sum": "a repeat: field -> the most its values may add up to ({n: N.max}: the sum of n over cases)",
    "grammar[].tree": "a tree: a line with its vertex count (a field), then n-1 edges `u v` (`u v w` with weights)",
    "grammar[].graph": "a graph: [n, m], a line `n m` then m edges `u v` (`u v w` with weights)",
    "grammar[].permutation": "a line with n (a field), then a line of base..n-1+base in some order",
    "grammar[].grid": "[r, c]: a line `r c` then r rows of c characters from `alphabet`",
    "grammar[].weights": "a tree's or graph's edge weights: a range (a third number on each edge line)",
    "grammar[].connected": "a graph: connected (default true)",
    "grammar[].simple": "a graph: no self-loops and no edge twice (default true)",
    "grammar[].alphabet": "a grid's characters: a-z, 0-9, '.#' (the first is the one shrinking moves toward)",
    "grammar[].base": "vertex and permutation labels start at 0 or 1 (default 1)",
    "grammar[].checktestdata": "a checktestdata script read as the grammar (its common subset; alone)",
    "visualizer": "a program that draws a test for people (`ojpack serve`): run in the sandbox as "
                  "`visualizer input answer [args]`, the input also on stdin, it writes one SVG or PNG to stdout "
                  "(or testcase.svg / testcase.png in its working folder)",
    "visualizer.source": "the visualizer's source, e.g. visualizers/draw.py",
    "visualizer.args": "arguments after the input and answer files",
    "kind": "batch (a program, default), grader (functions a grader calls), communication (processes a "
            "manager talks to, CMS Communication) or output_only (the submission is output files)",
    "grader": "kind: grader: per language the files the submission is compiled with (it holds no main)",
    **_linked("grader", "grader"),
    **_linked("communication.stub", "stub"),
    "grader.public": "what contestants get in the attachments (default: every language's files)",
    "grader.submission_name": "the submission's file name in the build, without extension (task.cpp, task.py)",
    "communication": "kind: communication: a manager and 1..N submission processes, each linked with a stub",
    "communication.manager": "the manager's source: run caged as CMS runs it, its stdout the score (0..1), "
                             "its stderr the message",
    "communication.processes": "how many submission processes run at once (each told its index)",
    "communication.channel": "fifo (the manager and the stub get FIFO paths, CMS's default) or stdio",
    "communication.stub": "per language the files each submission process is linked with",
    "communication.public": "what contestants get in the attachments (default: every stub's files)",
    "communication.submission_name": "the submission's file name in the build, without extension",
    "output_only": "kind: output_only (`output_only: {}`): a submission is a zip or folder of "
                   "output_<test>.txt or <test>.out files, each judged by the checker",
}


@dataclass(frozen=True)
class Key:
    path: str        # e.g. subtasks[].score, bounds.<name>.max
    type: str        # as a reader would write it: integer, list of string, mapping, ...
    default: str     # "required" or the default as YAML would show it
    meaning: str


def _plain(kind: Any) -> Any:
    """X | None -> X."""
    if get_origin(kind) in (types.UnionType, typing.Union):
        options = [a for a in get_args(kind) if a is not type(None)]
        return options[0] if len(options) == 1 else kind
    return kind


_NAMES = {str: "string", int: "integer", float: "number", bool: "boolean", Any: "any"}


def type_name(kind: Any) -> str:
    kind, optional = _plain(kind), kind is not _plain(kind)
    origin = get_origin(kind)
    if origin is Literal:
        text = " | ".join(repr(a) for a in get_args(kind))
    elif origin is list:
        text = f"list of {type_name(get_args(kind)[0])}"
    elif origin is dict:
        text = f"mapping of {type_name(get_args(kind)[1])}"
    elif dataclasses.is_dataclass(kind):
        text = "mapping"
    else:
        text = _NAMES.get(kind, getattr(kind, "__name__", str(kind)))
    return text + (" or null" if optional else "")


def _default(f: dataclasses.Field) -> str:
    if f.default is not dataclasses.MISSING:
        if isinstance(f.default, bool) or f.default is None:
            return {None: "null", True: "true", False: "false"}[f.default]
        return repr(f.default)
    if f.default_factory is not dataclasses.MISSING:
        value = f.default_factory()
        return repr(value) if isinstance(value, (list, dict)) else "(all defaults)"
    return "required"


def keys(kind: type = ProblemSpec, prefix: str = "", seen: frozenset[type] = frozenset()) -> list[Key]:
    """Every key of `kind`, depth first; a class met again inside itself (grammar blocks) is not repeated."""
    out = []
    for key, (f, hint) in _fields(kind).items():
        path = f"{prefix}{key}"
        out.append(Key(path, type_name(hint), _default(f), MEANING.get(path, "")))
        inner, sub = _inner(hint, path)
        if inner is not None and inner not in seen and inner is not kind:
            out += keys(inner, sub + ".", seen | {kind})
    return out


def _inner(kind: Any, path: str) -> tuple[Any, str]:
    """The dataclass inside optional, list and mapping layers, and its path (`tests.<name>[]`)."""
    plain = _plain(kind)
    if dataclasses.is_dataclass(plain):
        return plain, path
    if get_origin(plain) is list:
        return _inner(get_args(plain)[0], path + "[]")
    if get_origin(plain) is dict:
        return _inner(get_args(plain)[1], path + ".<name>")
    return None, path


def json_schema() -> dict[str, Any]:
    """A JSON Schema (draft 2020-12) of problem.yaml, for editors (yaml-language-server and the like)."""
    defs: dict[str, Any] = {}
    root = _schema(ProblemSpec, defs, "")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "ojpack problem.yaml",
            **root, "$defs": defs}


def _schema(kind: Any, defs: dict[str, Any], path: str) -> dict[str, Any]:
    plain = _plain(kind)
    origin = get_origin(plain)
    if plain is not kind:
        return {"anyOf": [_schema(plain, defs, path), {"type": "null"}]}
    if origin is Literal:
        return {"enum": list(get_args(plain))}
    if origin is list:
        listed = {"type": "array", "items": _schema(get_args(plain)[0], defs, path + "[]")}
        # a class that may stand alone where a list of it goes (strict.convert reads it as a list of one)
        return {"anyOf": [listed, listed["items"]]} if getattr(get_args(plain)[0], "ALONE", False) else listed
    if origin is dict:
        return {"type": "object", "additionalProperties": _schema(get_args(plain)[1], defs, path + ".<name>")}
    if dataclasses.is_dataclass(plain):
        name = plain.__name__
        if name not in defs:
            defs[name] = {}   # placed first: a class inside itself refers to it
            props, required = {}, []
            for key, (f, hint) in _fields(plain).items():
                sub = f"{path}.{key}".lstrip(".")
                prop = {**_schema(hint, defs, sub), **_constraints(f.metadata, hint)}
                if MEANING.get(sub):
                    prop["description"] = MEANING[sub]
                props[key] = prop
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                    required.append(key)
            # a class that takes keys of its own choosing (solutions: paths) cannot forbid the others
            open_ = hasattr(plain, "reshape") or getattr(plain, "EXTRA_KEYS_INTO", None) is not None
            defs[name] = {"type": "object", "properties": props, "required": required,
                          "additionalProperties": open_}
        return {"$ref": f"#/$defs/{name}"}
    return {"type": {str: "string", int: "integer", float: "number", bool: "boolean"}.get(plain, "string")} \
        if plain is not Any else {}


def _constraints(meta: Any, hint: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for rule, key in (("gt", "exclusiveMinimum"), ("ge", "minimum"), ("le", "maximum"), ("pattern", "pattern")):
        if rule in meta:
            out[key] = meta[rule]
    if "min_length" in meta:
        kind = get_origin(_plain(hint))
        out["minItems" if kind is list else "minProperties" if kind is dict else "minLength"] = meta["min_length"]
    return out
