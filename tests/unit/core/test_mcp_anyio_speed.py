"""Issue 14, row 4: the MCP SDK's anyio asks which event loop runs about a hundred times a tool
call; without sniffio the answer costs no ``import`` statement (PySide6 hooks every one)."""

from __future__ import annotations

import asyncio
import builtins
from typing import Any

import pytest
from anyio._core import _eventloop

import core.mcp.transport  # noqa: F401 - installs the answer


@pytest.mark.skipif(_eventloop.sniffio is not None, reason="with sniffio anyio asks it")
def test_the_event_loop_is_named_without_an_import_statement(monkeypatch: pytest.MonkeyPatch) -> None:
    imports: list[str] = []
    real = builtins.__import__

    def counting(name: str, *args: Any, **kw: Any) -> Any:
        imports.append(name)
        return real(name, *args, **kw)

    async def ask() -> tuple[set[str], str | None]:
        backends = {_eventloop.get_async_backend().__module__ for _ in range(100)}  # as the SDK asks
        return backends, _eventloop.current_async_library()

    monkeypatch.setattr(builtins, "__import__", counting)
    backends, name = asyncio.run(ask())
    assert backends == {"anyio._backends._asyncio"} and name == "asyncio"
    assert imports == []
    assert _eventloop.current_async_library() is None  # no running loop
