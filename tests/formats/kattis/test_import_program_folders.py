"""A program folder's own files: a validator whose header is a symlink that leads nowhere (a real NWERC 2023
package links validate.h to its jury repository's skel/) cannot be built, so the import stops and says which
file and why, rather than failing on the compiler's "No such file" or judging without the package's validator;
given that file, the same package imports and its validator judges. The layout before 2021,
input_format_validators/, is read as input_validators/, and a validator ojpack cannot run stops the import."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from ojpack.errors import OjpackError
from ojpack.publish import import_package

FIXTURES = Path(__file__).parents[1] / "fixtures" / "kattis"


def test_a_header_linked_out_of_the_package_stops_the_import_naming_it(tmp_path: Path) -> None:
    with pytest.raises(OjpackError) as e:
        import_package(FIXTURES / "nwerc-chairdance", tmp_path / "out")
    said = str(e.value)
    assert "input validator input_validators/validator/" in said
    assert "validate.h is a symlink to ../../../../skel/validate.h, which is not in the package" in said


def test_given_the_header_the_validator_folder_judges(tmp_path: Path) -> None:
    package = tmp_path / "jury" / "problems" / "chairdance"
    shutil.copytree(FIXTURES / "nwerc-chairdance", package, symlinks=True)
    (tmp_path / "jury" / "skel").mkdir()   # where the link leads: ../../../../skel from the validator's folder
    shutil.copy(FIXTURES / "nwerc-fixingfractions" / "generators" / "validate.h", tmp_path / "jury" / "skel")
    report = import_package(package, tmp_path / "out", allow_outside=[tmp_path / "jury" / "skel"])
    assert report.tests == 4   # built (the samples, also the secret group): the validator compiled and accepted them
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    assert [v["source"] for v in spec["extra_validators"]] == ["validators/extra/1-input_validator/input_validator.cpp"]
    assert (tmp_path / "out" / "validators" / "extra" / "1-input_validator" / "validate.h").is_file()


def test_the_layout_before_2021_is_read_and_an_unrunnable_validator_stops_the_import(tmp_path: Path) -> None:
    source = shutil.copytree(FIXTURES / "nwerc-chairdance", tmp_path / "src", symlinks=True)
    shutil.rmtree(source / "input_validators")
    (source / "input_format_validators" / "check").mkdir(parents=True)
    (source / "input_format_validators" / "check" / "validate.kt").write_text("fun main() {}\n")
    with pytest.raises(OjpackError, match="input validator input_format_validators/check/: no source ojpack can run"):
        import_package(source, tmp_path / "out")


def test_a_validator_reaching_a_header_one_level_up_is_built_with_it(tmp_path: Path) -> None:
    source = shutil.copytree(FIXTURES / "nwerc-chairdance", tmp_path / "src", symlinks=True)
    folder = source / "input_validators" / "validator"
    (folder / "validate.h").unlink()   # the shared header one level up, as a jury may keep it
    shutil.copy(FIXTURES / "nwerc-fixingfractions" / "generators" / "validate.h", source / "input_validators")
    main = folder / "input_validator.cpp"
    main.write_text(main.read_text().replace('#include "validate.h"', '#include "../validate.h"'))
    report = import_package(source, tmp_path / "out")
    assert report.tests == 4
    out = tmp_path / "out" / "validators" / "extra" / "1-input_validator"
    assert (out / "validate.h").is_file() and '#include "validate.h"' in (out / "ojpack_all.cpp").read_text()
    assert '#include "../validate.h"' in (out / "input_validator.cpp").read_text()   # the source, as it was
