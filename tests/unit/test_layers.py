"""core/ and wires/ never import Qt; wires import no Pillow and only core.canonical from core (architecture)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
QT = {"PySide6", "qasync", "shiboken6"}


def imported_modules(folder: Path) -> list[tuple[str, str]]:
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found += [(path.name, a.name) for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.append((path.name, node.module))
    return found


def qt_imports(folder: Path) -> list[tuple[str, str]]:
    return [(f, m) for f, m in imported_modules(folder) if m.split(".")[0] in QT]


def pillow_imports(folder: Path) -> list[tuple[str, str]]:
    return [(f, m) for f, m in imported_modules(folder) if m.split(".")[0] == "PIL"]


def test_core_imports_no_qt() -> None:
    assert qt_imports(ROOT / "core") == []


def test_wires_import_no_qt() -> None:
    assert qt_imports(ROOT / "wires") == []


def test_wires_import_no_pillow() -> None:
    """Images are decoded and re-encoded in the core (core.tool_image); a wire only carries bytes."""
    assert pillow_imports(ROOT / "wires") == []


def test_wires_import_only_canonical_from_core() -> None:
    bad = [
        (f, m)
        for f, m in imported_modules(ROOT / "wires")
        if m.split(".")[0] == "core" and m != "core.canonical"
    ]
    assert bad == []


def test_core_reaches_the_wires_only_through_llm() -> None:
    """core/llm.py is the one seam: the Wire contract, the provider facts, the backend, the errors."""
    users = {f for f, m in imported_modules(ROOT / "core") if m.split(".")[0] == "wires"}
    assert users == {"llm.py"}


def test_the_scanner_sees_qt_imports(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("from PySide6.QtCore import QObject\nimport qasync\nimport json\n")
    assert qt_imports(tmp_path) == [("a.py", "PySide6.QtCore"), ("a.py", "qasync")]


def test_the_scanner_sees_pillow_imports_inside_functions(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("def f():\n    from PIL import Image\n    import PIL.ImageOps\n")
    assert pillow_imports(tmp_path) == [("a.py", "PIL"), ("a.py", "PIL.ImageOps")]
