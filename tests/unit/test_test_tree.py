"""The test tree: no module under tests/ imports a test module (``test_*``) or a conftest; what
tests share lives in tests/fakes/ (modules) or in a conftest (fixtures)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def imported_names(path: Path, root: Path) -> list[str]:
    """Every module ``path`` imports (and every name it imports from one), relative imports
    resolved against its package; ``root`` is the ``tests`` folder."""
    package = path.relative_to(root.parent).with_suffix("").parts[:-1]
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found.append(module)
            found += [f"{module}.{a.name}" for a in node.names]  # from tests.gui import test_x
    return found


def is_test_module(name: str) -> bool:
    last = name.rsplit(".", 1)[-1]
    return name.split(".")[0] == "tests" and (last.startswith("test_") or last == "conftest")


def cross_imports(root: Path) -> list[tuple[str, str]]:
    return sorted(
        {
            (path.relative_to(root.parent).as_posix(), name)
            for path in root.rglob("*.py")
            for name in imported_names(path, root)
            if is_test_module(name)
        }
    )


def test_no_module_under_tests_imports_a_test_module_or_a_conftest() -> None:
    assert cross_imports(TESTS) == []


def test_the_scanner_sees_every_form(tmp_path: Path) -> None:
    root = tmp_path / "tests"
    (root / "gui").mkdir(parents=True)
    (root / "gui" / "test_a.py").write_text(
        "from .test_b import x\nfrom . import test_c\nfrom .conftest import until\n"
        "from ..conftest import log_lines\nimport tests.unit.test_d\nfrom tests.gui.test_e import y\n"
        "from tests.fakes.waits import until\nimport json\n",
        encoding="utf-8",
    )
    (root / "fakes").mkdir()
    (root / "fakes" / "helper.py").write_text("from tests.unit.test_f import z\n", encoding="utf-8")
    assert cross_imports(root) == [
        ("tests/fakes/helper.py", "tests.unit.test_f"),
        ("tests/gui/test_a.py", "tests.conftest"),
        ("tests/gui/test_a.py", "tests.gui.conftest"),
        ("tests/gui/test_a.py", "tests.gui.test_b"),
        ("tests/gui/test_a.py", "tests.gui.test_c"),
        ("tests/gui/test_a.py", "tests.gui.test_e"),
        ("tests/gui/test_a.py", "tests.unit.test_d"),
    ]
