"""docs/log-lines.md documents exactly the log-line kinds the code writes (S70-19).

The kinds are read from the source with ``ast``: the first argument of every call to a logging
helper (``event(...)``, ``log_event(...)``, ``LOG.event(...)``, ``self.event(...)``,
``core.log.event(...)``, and wires.http's ``LogHook``: ``self.log(...)``).
A kind that is not a string literal (or a conditional between two literals) is allowed only in the
two forwarders that pass a caller's kind on.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("core", "wires", "app", "web")
DOC = ROOT / "docs" / "log-lines.md"
HELPERS = {"event", "log_event", "log"}  # called by name or as an attribute (LOG.event, self.log)
# (file, function) that forward a kind they were given: core.log.event and core.llm's LogHook
FORWARDERS = {("core/log.py", "LOG.event"), ("core/llm/http.py", "core.log.event")}


def _literals(node: ast.expr) -> list[str] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _literals(node.body), _literals(node.orelse)
        if body is not None and orelse is not None:
            return body + orelse
    return None


def code_kinds() -> tuple[dict[str, set[str]], list[str]]:
    """Kind -> files writing it, and the call sites whose kind is not a literal."""
    kinds: dict[str, set[str]] = {}
    dynamic: list[str] = []
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), rel)):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
                if name not in HELPERS:
                    continue
                found = _literals(node.args[0])
                if found is None:
                    if (rel, ast.unparse(func)) not in FORWARDERS:
                        dynamic.append(f"{rel}:{node.lineno} {ast.unparse(node)[:80]}")
                    continue
                for kind in found:
                    kinds.setdefault(kind, set()).add(rel)
    return kinds, dynamic


def doc_kinds() -> set[str]:
    """The kinds in the first column of the doc's table (`kind:` cells, several per row with /)."""
    kinds: set[str] = set()
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("| `"):
            continue
        first = line[2:].split(" | ", 1)[0]
        for cell in re.findall(r"`([^`]+)`", first):
            assert cell.endswith(":"), f"not a `kind:` cell in {DOC.name}: {line}"
            kinds.add(cell[:-1])
    return kinds


def test_the_collector_sees_every_helper_form() -> None:
    kinds, _ = code_kinds()
    # one of each call form, so a collector that misses a form goes red here
    assert kinds["version"] == {"core/log.py"}  # self.event
    assert kinds["turn"] == {"core/turn.py"}  # log_event
    assert kinds["recovery"] == {"core/recovery.py"}  # event
    assert kinds["mcp call failed"] == {"core/mcp/provider.py"}  # LOG.event
    assert {"mcp server connected", "mcp server reconnected"} <= kinds.keys()  # a conditional
    assert kinds["llm retry"] == {"wires/http.py"}  # self.log
    assert kinds["attachment fallback"] == {"core/llm/http.py"}  # core.log.event
    assert kinds["settings saved"] == {"app/settings/dialog.py"}


def test_every_kind_is_a_literal() -> None:
    _, dynamic = code_kinds()
    assert dynamic == [], "log kinds that are not literals (the doc check cannot see them):\n" + "\n".join(
        dynamic
    )


def test_the_doc_lists_exactly_the_kinds_written() -> None:
    kinds, _ = code_kinds()
    documented = doc_kinds()
    undocumented = {k: sorted(kinds[k]) for k in sorted(kinds.keys() - documented)}
    stale = sorted(documented - kinds.keys())
    assert (undocumented, stale) == ({}, []), (
        f"written but not in {DOC.name}: {undocumented}; in {DOC.name} but never written: {stale}"
    )
