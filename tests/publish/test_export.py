"""Every export read back the way its judge reads it: same tests byte for byte, scores adding to 100,
names within each target's rules; zips equal their folders; failures leave the last export alone."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

from ojpack.errors import OjpackError
from ojpack.formats.exporters import TARGETS
from ojpack.publish.run import ensure_checked, export, prepare, resolve_targets
from ojpack.formats.common.write import publish
from ojpack.formats.common.package import Package, validator_args
from ojpack.problem.load import load_problem

from conftest import REPO
KATTIS_FILE = re.compile(r"^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}$")
Rows = list[tuple[str, str, str]]   # (group, sha256 of input, sha256 of answer) in judging order


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Package, Path, dict]:
    problem = load_problem(REPO)
    # The check is `ojpack check`'s own test; here the layouts are under test.
    pkg, no_pdf = prepare(problem, list(TARGETS), checked=False)
    out = tmp_path_factory.mktemp("export")
    results = {r.target: r for r in export(pkg, list(TARGETS), out_root=out)}
    return pkg, out, results


def expected(pkg: Package, with_sample: bool, group_names: bool = True) -> Rows:
    groups = pkg.groups if with_sample else pkg.subtasks
    return [(g.name if group_names else str(i), sha(t.input), sha(t.answer))
            for i, g in enumerate(groups, start=0 if with_sample else 1) for t in g.tests]


def pairs(folder: Path, pattern: str, ans: str) -> list[tuple[str, str]]:
    ins = sorted(folder.glob(pattern))
    return [(sha(p), sha(p.with_suffix(ans))) for p in ins]


def by_number(folder: Path, fmt_in: str, fmt_out: str, start: int) -> list[tuple[str, str]]:
    """Files numbered start, start+1, … with no gap; stops at the first missing number."""
    out, i = [], start
    while (folder / fmt_in.format(i)).is_file():
        out.append((sha(folder / fmt_in.format(i)), sha(folder / fmt_out.format(i))))
        i += 1
    n_files = len(list(folder.glob(fmt_in.format("*"))))
    assert n_files == len(out), f"numbering in {folder} has a gap"
    return out


def ok(results: dict, target: str) -> Path:
    r = results[target]
    assert not r.error, r.error
    return r.folder


def test_kattis(exported) -> None:
    pkg, _, results = exported
    root = ok(results, "kattis") / pkg.short_name
    assert re.fullmatch(r"[a-z0-9]+", root.name)
    assert all(KATTIS_FILE.match(p.name) or p.name == ".timelimit" for p in root.rglob("*"))
    meta = yaml.safe_load((root / "problem.yaml").read_text())
    assert "case_sensitive" in meta["validator_flags"].split() and meta["uuid"] == pkg.uuid
    assert meta["limits"]["memory"] == pkg.memory_mib
    data = root / "data"
    rows = [("sample", *p) for p in pairs(data / "sample", "*.in", ".ans")]
    scores = {}
    for group in sorted(p.name for p in (data / "secret").iterdir() if p.is_dir()):
        conf = yaml.safe_load((data / "secret" / group / "testdata.yaml").read_text())
        scores[group] = conf["accept_score"]
        assert "min" in conf["grader_flags"].split() and conf["input_validator_flags"].split() == \
            validator_args(dict(next(g.bounds for g in pkg.subtasks if g.name == group)))
        rows += [(group, *p) for p in pairs(data / "secret" / group, "*.in", ".ans")]
    assert rows == expected(pkg, with_sample=True)
    assert sum(scores.values()) == 100
    for lang in pkg.languages:
        assert (root / "problem_statement" / f"problem.{lang}.tex").read_text().startswith("\\problemname{")


def test_icpc2025(exported) -> None:
    pkg, _, results = exported
    root = ok(results, "icpc2025") / pkg.short_name
    meta = yaml.safe_load((root / "problem.yaml").read_text())
    assert str(meta["problem_format_version"]) == "2025-09" and meta["limits"]["time_limit"] == pkg.time_limit
    assert meta["name"] == pkg.names
    top = yaml.safe_load((root / "data" / "test_group.yaml").read_text())
    assert top["output_validator_args"] == ["case_sensitive"]
    rows = [("sample", *p) for p in pairs(root / "data" / "sample", "*.in", ".ans")]
    for group in sorted(p.name for p in (root / "data" / "secret").iterdir()):
        rows += [(group, *p) for p in pairs(root / "data" / "secret" / group, "*.in", ".ans")]
    assert rows == expected(pkg, with_sample=True)
    folders = {p.name for p in (root / "submissions").iterdir() if p.is_dir()}
    assert folders <= {"accepted", "wrong_answer", "time_limit_exceeded", "run_time_error", "mixed"}
    # BAPCtools rejects a test repeated in another group unless it is a symlink to the first copy
    real = [sha(p) for p in (root / "data" / "secret").rglob("*.in") if not p.is_symlink()]
    assert len(real) == len(set(real))


def test_domjudge(exported) -> None:
    pkg, _, results = exported
    root = ok(results, "domjudge")
    assert (root / "problem.yaml").is_file() and float((root / ".timelimit").read_text()) == pkg.time_limit
    assert (root / "problem.pdf").is_file() or (root / "problem.html").is_file()
    rows = [("sample", *p) for p in pairs(root / "data" / "sample", "*.in", ".ans")]
    rows += [(p[0].name.split("-")[0], *p[1:]) for p in
             [(f, sha(f), sha(f.with_suffix(".ans"))) for f in sorted((root / "data" / "secret").glob("*.in"))]]
    assert rows == expected(pkg, with_sample=True)
    ini = dict(line.split(" = ", 1) for line in (root / "domjudge-problem.ini").read_text().splitlines())
    assert ini["externalid"] == f'"{pkg.short_name}"' and float(ini["timelimit"]) == pkg.time_limit
    subs = sorted(p.relative_to(root / "submissions") for p in (root / "submissions").rglob("*") if p.is_file())
    assert len(subs) == len(pkg.solutions)
    mixed = {Path(p.parts[1]).stem: (root / "submissions" / p).read_text() for p in subs if p.parts[0] == "mixed"}
    sets = [s for s in pkg.solutions if len(s.verdicts) > 1]
    assert len(mixed) == len(sets) and all("@EXPECTED_RESULTS@: " in t for t in mixed.values())
    for s in sets:   # the whole set survives, in DOMjudge's words
        line = next(x for x in mixed[s.path.stem].splitlines() if "@EXPECTED_RESULTS@" in x)
        assert {r.strip() for r in line.split(": ", 1)[1].split(",")} == {
            {"WA": "WRONG-ANSWER", "RTE": "RUN-ERROR", "TLE": "TIMELIMIT", "AC": "CORRECT"}[v] for v in s.verdicts}
    assert any("scoring" in x for x in results["domjudge"].lost)
    # DOMjudge's importer walks the zip's entries: submissions/<verdict>/<file> is a single-file
    # submission, submissions/<verdict>/<name>/ (a folder entry) a multi-file one; anything else is skipped
    with zipfile.ZipFile(results["domjudge"].zip) as z:
        parts = [n.split("/") for n in z.namelist() if n.startswith("submissions/")]
    taken = [p for p in parts if (len(p) == 3 and p[2]) or (len(p) == 4 and not p[3])]
    assert len(taken) == len(pkg.solutions)
    others = [lang for lang in pkg.languages if lang != "en"]
    assert all(list((root / "attachments").glob(f"problem.{lang}.*")) for lang in others)


def test_hydro(exported) -> None:
    pkg, _, results = exported
    root = ok(results, "hydro") / pkg.short_name
    conf = yaml.safe_load((root / "testdata" / "config.yaml").read_text())
    assert conf["time"] == f"{round(pkg.time_limit * 1000)}ms" and conf["memory"] == f"{pkg.memory_mib}m"
    rows = [(str(st["id"]), sha(root / "testdata" / c["input"]), sha(root / "testdata" / c["output"]))
            for st in conf["subtasks"] for c in st["cases"]]
    assert rows == expected(pkg, with_sample=False, group_names=False)
    assert sum(st["score"] for st in conf["subtasks"]) == 100
    assert all(st["type"] == "min" for st in conf["subtasks"])
    assert conf["checker_type"] == "testlib" and (root / "testdata" / conf["checker"]).is_file()
    meta = yaml.safe_load((root / "problem.yaml").read_text())
    assert all(name in meta["title"] for name in pkg.names.values())
    for lang in pkg.languages:
        md = (root / f"problem_{lang}.md").read_text()
        assert not md.startswith("# ") and pkg.names[lang] not in md.splitlines()[0]
        for i, t in enumerate(pkg.sample.tests, start=1):
            assert f"```input{i}\n{t.input.read_text().strip()}\n```" in md
            assert f"```output{i}\n{t.answer.read_text().strip()}\n```" in md
    assert [p.name for p in (root / "std").iterdir()] == [pkg.model_solution.stem + ".cc"]


def test_uoj(exported) -> None:
    pkg, _, results = exported
    root = ok(results, "uoj")
    conf = dict(line.split(" ", 1) for line in (root / "problem.conf").read_text().splitlines())
    assert conf["use_builtin_checker"] == "wcmp" and int(conf["time_limit"]) == pkg.time_limit
    n = int(conf["n_tests"])
    files = by_number(root, "data{}.in", "data{}.ans", 1)
    assert len(files) == n
    ends = [0] + [int(conf[f"subtask_end_{i}"]) for i in range(1, int(conf["n_subtasks"]) + 1)]
    rows = [(str(k), *files[j]) for k in range(1, len(ends)) for j in range(ends[k - 1], ends[k])]
    assert rows == expected(pkg, with_sample=False, group_names=False) and ends[-1] == n
    assert sum(int(conf[f"subtask_score_{i}"]) for i in range(1, len(ends))) == 100
    assert by_number(root, "ex_data{}.in", "ex_data{}.ans", 1) == [r[1:] for r in expected(pkg, True)[:len(pkg.sample.tests)]]
    assert (root / "std.cpp").is_file() and (root / "val.cpp").read_text().startswith("#define BUILTIN_BOUNDS")


def test_luogu(exported) -> None:
    pkg, _, results = exported
    root = ok(results, "luogu")
    conf = yaml.safe_load((root / "config.yml").read_text())
    files = by_number(root, "{}.in", "{}.out", 1)
    rows = [(str(conf[f"{i}.in"]["subtaskId"]), *f) for i, f in enumerate(files, start=1)]
    assert rows == expected(pkg, with_sample=False, group_names=False)
    subtask_scores: dict[int, list[int]] = {}
    for c in conf.values():
        subtask_scores.setdefault(c["subtaskId"], []).append(c["score"])
        assert c["timeLimit"] == round(pkg.time_limit * 1000) and c["memoryLimit"] == pkg.memory_mib * 1024
    assert sum(min(s) for s in subtask_scores.values()) == 100  # Luogu scores a subtask by its worst test


def test_qduoj(exported) -> None:
    pkg, _, results = exported
    root = ok(results, "qduoj")
    assert by_number(root, "{}.in", "{}.out", 1) == [r[1:] for r in expected(pkg, with_sample=False)]
    assert {p.suffix for p in root.iterdir()} == {".in", ".out", ".cpp", ".json"} and (root / "spj.cpp").is_file()
    assert json.loads((root / "spj.json").read_text()) == {"language": "C++", "code": (root / "spj.cpp").read_text()}


# What CMS's italy_yaml loader (cmscontrib/loaders/base_loader.py LANGUAGE_MAP, italy_yaml.get_task) reads: every
# statement/<english language name>.pdf when there is one, else statement/statement.pdf as the primary language.
CMS_LOADER_NAMES = {"english": "en", "chinese": "zh", "italian": "it", "russian": "ru", "german": "de",
                    "french": "fr", "spanish": "es", "japanese": "ja", "korean": "ko"}


def cms_statements(folder: Path, primary: str) -> dict[str, Path]:
    named = {code: folder / f"{name}.pdf" for name, code in CMS_LOADER_NAMES.items() if (folder / f"{name}.pdf").exists()}
    if named:
        return named
    return {primary: folder / "statement.pdf"} if (folder / "statement.pdf").exists() else {}


def test_cms(exported) -> None:
    pkg, _, results = exported
    if results["cms"].error:  # no Chromium here: the failure must say what is missing
        assert "Chromium" in results["cms"].error and "pdf" in results["cms"].error
        pytest.skip("no PDF engine on this machine")
    root = results["cms"].folder
    task = yaml.safe_load((root / "task.yaml").read_text())
    files = by_number(root / "input", "input{}.txt", "../output/output{}.txt", 0)
    assert len(files) == task["n_input"] and task["score_type"] == "GroupMin"
    params = task["score_type_parameters"]
    assert sum(s for s, _ in params) == 100 and sum(n for _, n in params) == task["n_input"]
    ends = [0]
    for _, n in params:
        ends.append(ends[-1] + n)
    rows = [(str(k), *files[j]) for k in range(len(ends) - 1) for j in range(ends[k], ends[k + 1])]
    assert rows == expected(pkg, with_sample=True, group_names=False)
    assert params[0] == [0, len(pkg.sample.tests)]
    assert task["primary_language"] == "en" and task["score_mode"] == "max_subtask"
    assert task["public_testcases"] == "all" and task["feedback_level"] == "full"
    statements = cms_statements(root / "statement", task["primary_language"])
    assert set(statements) == set(pkg.languages) and len(pkg.languages) == 2
    for path in statements.values():
        assert path.read_bytes().startswith(b"%PDF")
    assert len(list((root / "att").iterdir())) == 2 * len(pkg.sample.tests)
    assert os.access(root / "check" / "checker", os.X_OK)
    gen = (root / "gen" / "GEN").read_text().splitlines()
    assert [int(line.split(":")[1]) for line in gen if line.startswith("# ST:")] == [s for s, _ in params]


def test_every_zip_holds_exactly_its_folder(exported) -> None:
    _, out, results = exported
    for r in results.values():
        if r.error:
            continue
        with zipfile.ZipFile(r.zip) as z:
            inside = {n: z.read(n) for n in z.namelist() if not n.endswith("/")}
            folders = {n.rstrip("/") for n in z.namelist() if n.endswith("/")}
        on_disk = {p.relative_to(r.folder).as_posix(): p.read_bytes() for p in r.folder.rglob("*") if p.is_file()}
        assert inside == on_disk, r.target
        # every folder is an entry of its own (DOMjudge takes a multi-file submission only then)
        assert folders == {p.relative_to(r.folder).as_posix() for p in r.folder.rglob("*") if p.is_dir()}, r.target


def test_exports_are_reproducible_byte_for_byte(exported) -> None:
    pkg, out, results = exported
    again = export(pkg, ["luogu", "kattis"], out_root=out / "again")
    for r in again:
        assert r.zip.read_bytes() == results[r.target].zip.read_bytes()


def test_a_failed_export_keeps_the_previous_one(tmp_path: Path) -> None:
    publish(tmp_path, "t", lambda d: (d / "a.txt").write_text("first"))
    before = (tmp_path / "t.zip").read_bytes()

    def broken(d: Path) -> None:
        (d / "a.txt").write_text("second")
        raise OjpackError("t: cannot write")
    with pytest.raises(OjpackError, match="cannot write"):
        publish(tmp_path, "t", broken)
    assert (tmp_path / "t" / "a.txt").read_text() == "first" and (tmp_path / "t.zip").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t", "t.zip"]


def test_target_names_are_checked() -> None:
    assert resolve_targets("all") == list(TARGETS)
    assert resolve_targets("uoj, cms") == ["uoj", "cms"]
    with pytest.raises(OjpackError, match="unknown target polygon"):
        resolve_targets("kattis,polygon")


def test_cms_without_a_pdf_fails_naming_the_engine(exported, tmp_path: Path) -> None:
    pkg, _, _ = exported
    bare = dataclasses.replace(pkg, root=tmp_path)  # nothing rendered under this root
    with pytest.raises(OjpackError, match=r"cms: needs a PDF statement, and the package has no "
                                          r"statement/problem\.en\.md\.j2 to render one from"):
        TARGETS["cms"].write(bare, tmp_path / "out")   # and no template: Chromium would not help
    (tmp_path / "statement").mkdir()
    (tmp_path / "statement" / "problem.en.md.j2").write_text("# Title\n")
    with pytest.raises(OjpackError, match=r"cms: needs the PDF statement .*Chromium"):
        TARGETS["cms"].write(bare, tmp_path / "out")


def test_domjudge_without_a_pdf_ships_the_html_and_says_so(exported, tmp_path: Path) -> None:
    pkg, _, _ = exported
    html = pkg.statement("en", "html")
    (tmp_path / "build" / "statement").mkdir(parents=True)
    (tmp_path / "build" / "statement" / "problem.en.html").write_bytes(html.read_bytes())
    notes = TARGETS["domjudge"].write(dataclasses.replace(pkg, root=tmp_path), tmp_path / "out")
    assert (tmp_path / "out" / "problem.html").read_bytes() == html.read_bytes()
    assert not (tmp_path / "out" / "problem.pdf").exists() and any("problem.html" in n for n in notes.todo)


def test_limits_a_target_cannot_express_are_refused(exported, tmp_path: Path) -> None:
    pkg, _, _ = exported
    with pytest.raises(OjpackError, match="uoj: time_limit takes whole seconds; 1.5 s"):
        TARGETS["uoj"].write(dataclasses.replace(pkg, time_limit=1.5), tmp_path / "uoj")
    with pytest.raises(OjpackError, match="uoj: only the case-sensitive token checker"):
        TARGETS["uoj"].write(dataclasses.replace(pkg, case_sensitive=False), tmp_path / "uoj2")
    kattis_style = dataclasses.replace(pkg, checker_type="program", checker_program=pkg.validator,
                                       checker_convention="kattis")
    with pytest.raises(OjpackError, match="hydro: runs testlib-protocol checkers only"):
        TARGETS["hydro"].write(kattis_style, tmp_path / "hydro")
    with pytest.raises(OjpackError, match="cms: adapts testlib-convention checkers only"):
        TARGETS["cms"].write(kattis_style, tmp_path / "cms")
    icpc = TARGETS["icpc2025"]
    icpc.write(dataclasses.replace(pkg, time_limit=1.5), tmp_path / "icpc")
    meta = yaml.safe_load((tmp_path / "icpc" / pkg.short_name / "problem.yaml").read_text())
    assert meta["limits"]["time_limit"] == 1.5 and meta["limits"]["time_resolution"] == 0.1


def test_export_refuses_a_package_whose_check_fails(toy: Path) -> None:
    problem = load_problem(toy)
    assert ensure_checked(problem) is True      # ran the check, and it passed
    assert ensure_checked(problem) is False     # the passing result is reused
    wrong = toy / "solutions" / "accepted" / "off_by_one.py"
    wrong.write_text("a, b = map(int, input().split())\nprint(a + b + 1)\n")
    with pytest.raises(OjpackError, match=r"not exporting: `ojpack check` fails: .*off_by_one"):
        ensure_checked(load_problem(toy))


def test_command_exports_what_it_can_and_fails_naming_the_rest(toy: Path) -> None:
    cli = [sys.executable, "-m", "ojpack.cli", "export", "-p", str(toy)]
    done = subprocess.run([*cli, "--to", "luogu,qduoj", "--json"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert [t["target"] for t in report["targets"]] == ["luogu", "qduoj"]
    qduoj = report["targets"][1]
    assert any("subtasks" in x for x in qduoj["cannot_express"]) and any("spj.cpp" in x for x in qduoj["todo"])
    assert "statements not rendered" in report["warning"]  # the toy has no statement templates
    assert (toy / "build" / "export" / "luogu.zip").is_file() and (toy / "build" / "export" / "qduoj" / "1.in").is_file()
    failed = subprocess.run([*cli, "--to", "kattis"], capture_output=True, text=True)
    assert failed.returncode == 1 and "Traceback" not in failed.stderr
    assert "kattis: needs the statement build/statement/problem." in " ".join(failed.stderr.split())
    assert not (toy / "build" / "export" / "kattis").exists()


def test_every_scoring_export_carries_the_three_subtasks_scored_by_their_minimum(exported) -> None:
    """problem.yaml's 20/30/50 subtasks and its rule (a subtask scores only when all its tests pass, the
    sample scores nothing) in each judge's own words; the pass-fail ones say what they drop."""
    pkg, _, results = exported
    want = [20, 30, 50]
    assert [g.score for g in pkg.subtasks] == want
    kattis = ok(results, "kattis") / pkg.short_name / "data"
    for g, score in zip(pkg.subtasks, want):
        conf = yaml.safe_load((kattis / "secret" / g.name / "testdata.yaml").read_text())
        assert (conf["accept_score"], conf["range"], conf["grader_flags"]) == (score, f"0 {score}", "first_error min")
    assert yaml.safe_load((kattis / "sample" / "testdata.yaml").read_text()) == {"accept_score": 0, "range": "0 0"}
    hydro = yaml.safe_load((ok(results, "hydro") / pkg.short_name / "testdata" / "config.yaml").read_text())
    assert [(st["score"], st["type"]) for st in hydro["subtasks"]] == [(s, "min") for s in want]
    uoj = dict(line.split(" ", 1) for line in (ok(results, "uoj") / "problem.conf").read_text().splitlines())
    assert [(int(uoj[f"subtask_score_{i}"]), uoj[f"subtask_type_{i}"]) for i in (1, 2, 3)] == \
        [(s, "packed") for s in want] and uoj["n_subtasks"] == "3"
    luogu = yaml.safe_load((ok(results, "luogu") / "config.yml").read_text())
    per: dict[int, set[int]] = {}
    for c in luogu.values():
        per.setdefault(c["subtaskId"], set()).add(c["score"])
    assert per == {1: {20}, 2: {30}, 3: {50}}
    if not results["cms"].error:
        task = yaml.safe_load((results["cms"].folder / "task.yaml").read_text())
        # the public sample is a group of its own worth 0 points
        assert task["score_type"] == "GroupMin" and [s for s, _ in task["score_type_parameters"]] == [0, *want]
    for target in ("icpc2025", "domjudge"):
        assert any("pass-fail" in n and "20/30/50" in n for n in results[target].lost), target
    assert any("subtasks" in n for n in results["qduoj"].lost)


def test_a_checker_program_travels_where_the_judge_runs_its_convention(toy: Path) -> None:
    (toy / "chk.cpp").write_text("int main() { return 0; }\n")
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + "checker: {type: program, source: chk.cpp, convention: testlib}\n")
    pkg, _ = prepare(load_problem(toy), ["luogu", "kattis", "qduoj"], checked=False)
    results = {r.target: r for r in export(pkg, ["luogu", "qduoj"])}
    assert (results["luogu"].folder / "checker.cpp").read_bytes() == (toy / "chk.cpp").read_bytes()
    # QDUOJ's special judge runs it too, inside the testlib adapter (test_export_testlib_checker.py runs one)
    assert "int main() { return 0; }" in (results["qduoj"].folder / "spj.cpp").read_text()
    assert not any("checker" in x for x in results["qduoj"].lost)
    (toy / "problem.yaml").write_text(text + "checker: {type: program, source: chk.cpp, convention: kattis}\n")
    pkg, _ = prepare(load_problem(toy), ["domjudge"], checked=False)
    html = toy / "build" / "statement" / "problem.en.html"   # the toy has no statement templates
    html.parent.mkdir(parents=True, exist_ok=True)
    html.write_text("<p>toy</p>")
    [dom] = export(pkg, ["domjudge"])
    assert not dom.error, dom.error
    meta = yaml.safe_load((dom.folder / "problem.yaml").read_text())
    assert meta["validation"] == "custom" and (dom.folder / "output_validators" / "checker" / "chk.cpp").is_file()


def test_a_verdict_rule_the_target_does_not_judge_by_is_named(exported) -> None:
    from ojpack.formats.common.package import verdict_rule_losses

    pkg, _, results = exported   # the real package: Polygon's rule (every_test), rejected solutions
    for target in ("kattis", "domjudge"):   # they hold only the first failing verdict to the folder
        assert any(x.startswith("judging.verdict every_test") for x in results[target].lost), target
    assert not any("judging.verdict" in x for x in results["icpc2025"].lost)   # its folders hold every test
    first = dataclasses.replace(pkg, verdict_rule="first_failure")
    assert verdict_rule_losses(first, "Kattis") == []
    assert verdict_rule_losses(first, "the 2025-09 format", first_failure_judge=False)[0].startswith(
        "judging.verdict first_failure: the 2025-09 format's folders hold every test")


def test_worst_error_and_group_rules_go_to_kattis_testdata_yaml_and_are_named_elsewhere(exported, tmp_path) -> None:
    from ojpack.formats.kattis import exporter as kattis
    from ojpack.formats.importing import read
    from ojpack.formats.common.package import verdict_rule_losses

    pkg, _, _ = exported
    rules = dataclasses.replace(pkg, pass_fail=True, verdict_rule="worst_error", group_rules={"sample": "always_accept"})
    notes = kattis.write(rules, tmp_path)
    assert not any("judging.verdict" in x for x in notes.lost)
    data = tmp_path / pkg.short_name / "data"
    assert yaml.safe_load((data / "testdata.yaml").read_text())["on_reject"] == "continue"
    assert yaml.safe_load((data / "sample" / "testdata.yaml").read_text())["grader_flags"] == "always_accept"
    back = read(tmp_path / pkg.short_name)   # problemtools' reading of those lines is the import's
    assert (back.verdict_rule, back.judging_groups) == ("worst_error", {"sample": "always_accept"})
    # DOMjudge gives the first failing verdict; Kattis' scoring layout judges by the first failure too
    assert verdict_rule_losses(rules, "DOMjudge")[0].startswith(
        "judging.verdict worst_error (groups sample: always_accept): DOMjudge gives a submission its first failing")
    scoring = dataclasses.replace(rules, pass_fail=False)
    assert verdict_rule_losses(scoring, "Kattis", carries_rules=scoring.pass_fail) != []
    assert verdict_rule_losses(dataclasses.replace(rules, group_rules={}, verdict_rule="first_failure"), "DOMjudge") == []
