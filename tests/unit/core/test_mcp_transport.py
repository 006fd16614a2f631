"""core.mcp.transport: no remote transport cuts a call on an idle stream (issue 12, defect 1)."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from typing import Any

import pytest

from core.config import McpServer, McpSettings
from core.mcp import transport


def test_the_sse_stream_has_no_read_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """The SDK's SSE client drops a stream after 300 s without an event (sse_read_timeout): a form
    open for six minutes would lose its call. The connection's own clock is the only limit."""
    seen: dict[str, Any] = {}

    def recorder(url: str, **kw: Any) -> str:
        seen.update(url=url, **kw)
        return "sse"

    monkeypatch.setattr(transport, "sse_client", recorder)
    server = McpServer(name="cam", transport="sse", url="http://127.0.0.1:9/sse")

    async def build() -> Any:
        async with AsyncExitStack() as stack:
            return await transport.remote_transport(server, McpSettings(), stack, {"X": "1"}, None)

    assert asyncio.run(build()) == "sse"
    assert seen == {
        "url": "http://127.0.0.1:9/sse",
        "headers": {"X": "1"},
        "timeout": 30.0,
        "sse_read_timeout": None,
        "auth": None,
    }
