"""The one-way flow, kept true as the code grows: a package imports only the packages below it, and only
through their `__init__` (never another package's module)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "ojpack"

# Lower number = lower layer. Packages on one layer are siblings and may not import each other.
LAYERS = {
    "errors": 0, "cache": 0, "interrupt": 0, "lazy": 0,
    "problem": 1,
    "sandbox": 2,
    "testdata": 3,
    "judging": 4, "statement": 4,
    "strength": 5,
    "formats": 6, "scaffold": 6, "contest": 6,
    "publish": 7, "workbench": 7,
    "commands": 8,
    "cli": 9, "__main__": 10, "__init__": 9,
}


def imports(path: Path, root: Path) -> list[tuple[int, str]]:
    """(line, absolute dotted name) for every import of `path` that stays inside the toolkit."""
    rel = path.relative_to(root.parent).with_suffix("")
    here = list(rel.parts if path.name != "__init__.py" else rel.parts[:-1])
    package = here if path.name == "__init__.py" else here[:-1]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target == root.name:   # `from ojpack import x`: x is a module of the toolkit
                found += [(node.lineno, f"{target}.{a.name}") for a in node.names]
            elif target.startswith(root.name + "."):
                found.append((node.lineno, target))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith(root.name + ".")]
    return found


def violations(root: Path) -> list[str]:
    bad = []
    for path in sorted(root.rglob("*.py")):
        unit = path.relative_to(root).parts[0].removesuffix(".py")
        if unit not in LAYERS:
            bad.append(f"{path.relative_to(root)}: '{unit}' has no layer in tests/test_layers.py")
            continue
        for line, target in imports(path, root):
            parts = target.split(".")[1:]
            other = parts[0] if parts else ""
            if other == unit or other not in LAYERS:
                continue
            where = f"{path.relative_to(root)}:{line} imports {target}"
            if LAYERS[other] >= LAYERS[unit]:
                bad.append(f"{where}: '{unit}' may not import '{other}' (same layer or above)")
            elif len(parts) > 1 and (root / other).is_dir():
                bad.append(f"{where}: import from '{root.name}.{other}' itself, not one of its modules")
    return bad


def test_the_toolkit_imports_only_downward_and_through_package_roots() -> None:
    assert violations(SRC) == []


def test_every_unit_of_the_toolkit_has_a_layer() -> None:
    units = {p.name.removesuffix(".py") for p in SRC.iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()}
    assert units - {"__init__"} <= set(LAYERS)


def _tree(tmp: Path, files: dict[str, str]) -> Path:
    root = tmp / "ojpack"
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_an_upward_import_is_caught(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"__init__.py": "", "sandbox/__init__.py": "", "judging/__init__.py": "",
                            "sandbox/runner.py": "from ..judging import Verdict\n"})
    assert violations(root) == ["sandbox/runner.py:1 imports ojpack.judging: "
                                "'sandbox' may not import 'judging' (same layer or above)"]


def test_a_sideways_import_and_a_private_module_import_are_caught(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"__init__.py": "", "sandbox/__init__.py": "", "statement/__init__.py": "",
                            "judging/__init__.py": "", "judging/check.py":
                            "from ..statement import render\nfrom ..sandbox.runner import run\n"
                            "import ojpack.sandbox\n"})
    assert violations(root) == [
        "judging/check.py:1 imports ojpack.statement: 'judging' may not import 'statement' (same layer or above)",
        "judging/check.py:2 imports ojpack.sandbox.runner: import from 'ojpack.sandbox' itself, not one of its modules",
    ]
