"""Multi-pass problems in every mode of the sandbox: as root and as a plain user (the rootless cage), the
feedback folder of a test is one capped tmpfs that each pass's validator sees as the last one left it, under
one cap for all the passes together. The packages are BAPCtools' multi-pass test problems
(tests/formats/fixtures/kattis), imported; one copy's validator also counts its runs in the feedback folder,
another's also leaves 10 MiB there on each run."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ojpack.judging.verdicts import Verdict
from ojpack.publish import import_package

from cage_identities import Identity
from test_isolation import TESTS, identity, judged, pytestmark  # noqa: F401  (the fixture, the skip mark)

KATTIS = TESTS / "formats" / "fixtures" / "kattis"
VALIDATOR = Path("validators", "checker", "multipass_validator.py")

# Put before the validator's own code: it runs first on every pass.
COUNTS_RUNS = '''import pathlib as _p, sys as _s
_fb = _p.Path(_s.argv[3])
_runs = _fb / "runs"
_runs.write_text((_runs.read_text() if _runs.exists() else "") + "x")
if int(_p.Path(_s.argv[1]).read_text()) >= 0 and _runs.read_text() != "xx":   # the second pass
    (_fb / "judgemessage.txt").write_text("the feedback folder was not kept between passes")
    _s.exit(43)
'''
FILLS = COUNTS_RUNS + '(_fb / f"big{len(_runs.read_text())}").write_bytes(b"x" * (10 << 20))\n'


@pytest.fixture(scope="module")
def packages(identity: Identity, tmp_path_factory) -> dict[str, Path]:
    """The two BAPCtools packages and two variants of the first, imported and built as the identity."""
    imported = tmp_path_factory.mktemp("imported")   # as root: the import builds the data in the cage
    base = identity.folder(tmp_path_factory.mktemp("multipass"))
    made: dict[str, Path] = {}
    for name in ("bapc-multipass", "bapc-interactivemultipass"):
        import_package(KATTIS / name, imported / name)
        made[name] = shutil.copytree(imported / name, base / name)
    for variant, prelude in (("counts", COUNTS_RUNS), ("fills", FILLS)):
        made[variant] = shutil.copytree(made["bapc-multipass"], base / variant)
        (made[variant] / VALIDATOR).write_text(prelude + (made[variant] / VALIDATOR).read_text())
    identity.own(base)
    for root in made.values():
        identity.build(base, root)
    yield made
    if identity.driver is not None:
        shutil.rmtree(base, ignore_errors=True)


@pytest.mark.parametrize("name", ["bapc-multipass", "bapc-interactivemultipass", "counts"])
def test_every_pass_runs_with_the_feedback_folder_kept(packages: dict[str, Path], identity: Identity,
                                                       name: str) -> None:
    root = packages[name]
    verdict, cells = judged(identity, root, root / "solutions" / "accepted" / "absolute.py")
    assert verdict is Verdict.AC and cells, cells
    # right in the first pass, wrong only in the second: only a second pass tells it from absolute.py
    verdict, cells = judged(identity, root, root / "solutions" / "wrong_answer" / "negative_second_pass.py")
    assert verdict is Verdict.WA and all(v is Verdict.WA and m.startswith("pass 2:") for v, m in cells), cells


def test_the_passes_share_one_cap(packages: dict[str, Path], identity: Identity) -> None:
    """10 MiB a pass fits the 16 MiB cap once, not twice: the second pass fills the folder (JE)."""
    root = packages["fills"]
    verdict, cells = judged(identity, root, root / "solutions" / "accepted" / "absolute.py")
    assert verdict is Verdict.JE and cells, cells
    assert all(v is Verdict.JE and m.startswith("pass 2:") and "filled its feedback folder" in m
               for v, m in cells), cells
