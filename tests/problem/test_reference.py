"""problem.yaml's mistakes of one kind come together, and `ojpack schema` / the JSON Schema describe exactly
the keys the loader accepts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml

from conftest import REPO, edit_yaml
from ojpack.errors import ProblemConfigError
from ojpack.problem import json_schema, keys, load_problem
from ojpack.problem.reference import MEANING
from ojpack.scaffold import new_problem

PACKAGES = [REPO, REPO / "examples" / "nim", REPO / "examples" / "anti-nim-play", REPO / "tests" / "toy"]


def test_every_key_has_a_meaning_and_every_meaning_a_key() -> None:
    paths = [k.path for k in keys()]
    assert [p for p in paths if not MEANING.get(p)] == []
    assert sorted(set(MEANING) - set(paths)) == []
    found = {k.path: k for k in keys()}
    assert (found["limits.time"].type, found["limits.time"].default) == ("number", "required")
    assert (found["limits.output"].default, found["checker.case_sensitive"].default) == ("64", "true")
    assert found["subtasks"].default == "[]" and found["tests.<name>[].gen"].type == "string or null"


def test_all_missing_keys_in_one_run(toy: Path) -> None:
    text = (toy / "problem.yaml").read_text()
    for key in ("source: {name: ojpack tests}\n", "credits: {authors: [ojpack]}\n", "license: cc0\n"):
        text = text.replace(key, "")
    (toy / "problem.yaml").write_text(text.replace("limits: {time: 1.0, memory: 256", "limits: {time: 1.0"))
    with pytest.raises(ProblemConfigError) as e:
        load_problem(toy)
    message = str(e.value)
    for key in ("'source'", "'credits'", "'license'", "'limits.memory'"):
        assert f"missing key {key}" in message
    assert "\n" not in message and "line 4: missing key 'limits.memory'" in message


def test_all_unknown_keys_in_one_run_before_missing_ones(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", "license: cc0\n", "licence: cc0\n")
    edit_yaml(toy / "problem.yaml", "limits: {time: 1.0", "limits: {tme: 1.0")
    with pytest.raises(ProblemConfigError) as e:
        load_problem(toy)
    message = str(e.value)
    assert "unknown key 'licence'; did you mean 'license'?" in message
    assert "unknown key 'limits.tme'; did you mean 'time'?" in message
    assert "missing" not in message


@pytest.fixture(scope="module")
def schema() -> dict:
    made = json_schema()
    jsonschema.Draft202012Validator.check_schema(made)
    return made


def test_the_json_schema_accepts_every_package(schema: dict, tmp_path: Path) -> None:
    made = [new_problem(tmp_path / kind, kind).root for kind in ("pass-fail", "subtasks", "interactive")]
    for root in [*PACKAGES, *made]:
        text = (root / "problem.yaml").read_text(encoding="utf-8")
        jsonschema.validate(yaml.safe_load(text), schema)


@pytest.mark.parametrize("old, new, what", [
    ("license: cc0", "licence: cc0", "'license' is a required property"),
    ("score: 30,", "score: 30, scroe: 1,", "Additional properties"),
    ("memory: 256", "memory: true", "is not of type 'integer'"),
    ("memory: 256", "memory: 0", "less than or equal to the minimum"),
    ("license: cc0", "license: gpl", "is not one of"),
])
def test_the_json_schema_rejects_what_the_loader_rejects(schema: dict, toy: Path, old: str, new: str,
                                                         what: str) -> None:
    edit_yaml(toy / "problem.yaml", old, new)
    with pytest.raises(jsonschema.ValidationError, match=what):
        jsonschema.validate(yaml.safe_load((toy / "problem.yaml").read_text()), schema)
    with pytest.raises(ProblemConfigError):
        load_problem(toy)


def test_schema_command(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "ojpack.cli", "schema", "--json"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert {"path": "limits.memory", "type": "integer", "default": "required", "meaning": MEANING["limits.memory"]} \
        in json.loads(r.stdout)
    out = tmp_path / "problem.schema.json"
    r = subprocess.run([sys.executable, "-m", "ojpack.cli", "schema", "--json-schema", str(out)], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text())["$defs"]["Limits"]["required"] == ["time", "memory"]
