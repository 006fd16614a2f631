"""The modules of core/ import each other in one direction only: no cycle, counting the imports
made inside functions and under ``TYPE_CHECKING`` (a lazy import must not hide a cycle)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def absolute(package: str, level: int, module: str | None) -> str:
    """The absolute name of ``from <level dots><module> import …`` written in ``package``."""
    if level == 0:
        return module or ""
    base = package.split(".")[: len(package.split(".")) - (level - 1)]
    return ".".join([*base, *([module] if module else [])])


def module_graph(top: Path) -> dict[str, set[str]]:
    """Module name -> the modules of the same tree it imports anywhere in its source."""
    names: dict[str, Path] = {}
    for path in sorted(top.rglob("*.py")):
        parts = path.relative_to(top.parent).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {name: set() for name in names}
    for name, path in names.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                module = absolute(package, node.level, node.module)
                # ``from pkg import sub`` imports the submodule; any other name comes from ``pkg``
                targets = [
                    f"{module}.{a.name}" if f"{module}.{a.name}" in names else module for a in node.names
                ]
            else:
                continue
            graph[name].update(t for t in targets if t in names and t != name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_core_has_no_import_cycle() -> None:
    assert cycles(module_graph(ROOT / "core")) == []


def test_the_scanner_sees_lazy_and_type_checking_cycles(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg.b import B\n")
    (pkg / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import A\n"
    )
    (pkg / "c.py").write_text("def f():\n    import pkg.d\n")
    (pkg / "d.py").write_text("from pkg import c\n")
    sub = pkg / "sub"
    sub.mkdir()
    (sub / "__init__.py").write_text("")
    (sub / "e.py").write_text("from .f import F\n")
    (sub / "f.py").write_text("def g():\n    from ..sub.e import E\n")
    assert cycles(module_graph(pkg)) == [["pkg.a", "pkg.b"], ["pkg.c", "pkg.d"], ["pkg.sub.e", "pkg.sub.f"]]
