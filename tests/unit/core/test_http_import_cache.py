"""Issue 14, row 4: httpcore 1.x (the wires' HTTP client) asks for sniffio on every lock and
request; when it is not installed, no request searches sys.path for it again."""

from __future__ import annotations

import asyncio
import importlib.machinery
from typing import Any

import httpcore._synchronization
import pytest

import core.llm.http  # noqa: F401 - remembers the absent module


def test_a_request_does_not_look_for_sniffio(monkeypatch: pytest.MonkeyPatch) -> None:
    looked: list[str] = []
    real = importlib.machinery.PathFinder.find_spec

    def find_spec(name: str, *args: Any, **kw: Any) -> Any:
        looked.append(name)
        return real(name, *args, **kw)

    monkeypatch.setattr(importlib.machinery.PathFinder, "find_spec", find_spec)

    async def ask() -> set[str]:
        return {httpcore._synchronization.current_async_library() for _ in range(20)}

    assert asyncio.run(ask()) == {"asyncio"}
    assert "sniffio" not in looked
