"""core/ and wires/ never import Qt; wires import no Pillow and only core.canonical from core (architecture)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
QT = {"PySide6", "qasync", "shiboken6"}


def imported_modules(folder: Path) -> list[tuple[str, str]]:
    found = []
    for path in sorted(folder.rglob("*.py")):
        name = path.relative_to(folder).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found += [(name, a.name) for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.append((name, node.module))
    return found


def nested_imports(folder: Path) -> list[tuple[str, int]]:
    """Imports inside a function or a class, or under ``if`` (``TYPE_CHECKING``): the lazy ones. A
    module-level ``if sys.platform …`` choosing a platform's module (``fcntl``/``msvcrt``) is not lazy."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        body = list(tree.body)
        for node in tree.body:
            if isinstance(node, ast.If) and "sys.platform" in ast.unparse(node.test):
                body += node.body + node.orelse
        top = {id(node) for node in body if isinstance(node, ast.Import | ast.ImportFrom)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top:
                found.append((path.relative_to(folder).as_posix(), node.lineno))
    return found


def qt_imports(folder: Path) -> list[tuple[str, str]]:
    return [(f, m) for f, m in imported_modules(folder) if m.split(".")[0] in QT]


def pillow_imports(folder: Path) -> list[tuple[str, str]]:
    return [(f, m) for f, m in imported_modules(folder) if m.split(".")[0] == "PIL"]


def test_core_imports_no_qt() -> None:
    assert qt_imports(ROOT / "core") == []


def test_wires_import_no_qt() -> None:
    assert qt_imports(ROOT / "wires") == []


def test_web_imports_no_qt_and_nothing_of_the_app() -> None:
    """The web companion (issue 16) runs on the core alone: the desktop starts it, never the reverse."""
    assert qt_imports(ROOT / "web") == []
    assert [(f, m) for f, m in imported_modules(ROOT / "web") if m.split(".")[0] == "app"] == []


def test_core_and_wires_never_import_the_web_companion() -> None:
    found = imported_modules(ROOT / "core") + imported_modules(ROOT / "wires")
    assert [(f, m) for f, m in found if m.split(".")[0] == "web"] == []


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
    """The core.llm package is the one seam: the Wire contract, the provider facts and the errors
    (core/llm/__init__.py), the backend over HTTP (core/llm/http.py)."""
    users = {f for f, m in imported_modules(ROOT / "core") if m.split(".")[0] == "wires"}
    assert users == {"llm/__init__.py", "llm/http.py"}


def test_the_engine_imports_without_http_or_keyring() -> None:
    """Recovery, a kill-test driver and the demo village start without httpx, the wires' HTTP client
    or keyring: only core.llm.http and core.keyring_secrets bring them in (each costs tens of ms
    in every subprocess the kill suites start)."""
    code = (
        "import sys, core.config, core.village, core.recovery, core.store, core.builtin_tools, core.results\n"
        "print(sorted(m for m in ('httpx', 'httpx2', 'keyring', 'wires.http') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout == "[]\n"


def test_canonical_imports_only_the_standard_library() -> None:
    """The wires import core.canonical: it must not pull any more of core (or anything else) in."""
    modules = [m for f, m in imported_modules(ROOT / "core") if f == "canonical.py"]
    assert [m for m in modules if m.split(".")[0] not in sys.stdlib_module_names] == []


def dynamic_imports(folder: Path) -> list[tuple[str, str]]:
    """``importlib.import_module("x")`` and ``__import__("x")`` calls: imports the scanner above
    cannot see as statements."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and ast.unparse(node.func) in (
                "importlib.import_module",
                "__import__",
            ):
                found.append((path.relative_to(folder).as_posix(), ast.unparse(node.args[0])))
    return found


# The one import in core made on first use, and why: libvips costs 0.1-0.25 s and 8 MB to load,
# which the app's start, recovery and every run without a large PNG or WebP need not pay.
ON_FIRST_USE = [("image_shrink.py", "'pyvips'")]


def test_core_and_wires_import_nothing_lazily() -> None:
    """No cycle to break and no Qt to keep out in core/ or wires/: every import is at the top,
    except the one listed in ON_FIRST_USE with its reason."""
    assert nested_imports(ROOT / "core") + nested_imports(ROOT / "wires") == []
    assert dynamic_imports(ROOT / "core") + dynamic_imports(ROOT / "wires") == ON_FIRST_USE


def test_the_scanner_sees_nested_imports(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(
        "import json\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import os\n"
        "def f():\n    from PIL import Image\n"
        "if sys.platform == 'win32':\n    import msvcrt\nelse:\n    import fcntl\n"
    )
    assert nested_imports(tmp_path) == [("a.py", 4), ("a.py", 6)]


def test_the_scanner_sees_qt_imports(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("from PySide6.QtCore import QObject\nimport qasync\nimport json\n")
    assert qt_imports(tmp_path) == [("a.py", "PySide6.QtCore"), ("a.py", "qasync")]


def test_the_scanner_sees_pillow_imports_inside_functions(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("def f():\n    from PIL import Image\n    import PIL.ImageOps\n")
    assert pillow_imports(tmp_path) == [("a.py", "PIL"), ("a.py", "PIL.ImageOps")]
