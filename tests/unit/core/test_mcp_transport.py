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


class Body(transport.httpx2.AsyncByteStream):
    """A response body of ``parts``, then (``hang``) a server that never ends the stream."""

    def __init__(self, parts: list[bytes], hang: bool) -> None:
        self.parts, self.hang, self.closed, self.given = parts, hang, False, 0

    async def __aiter__(self) -> Any:
        for part in self.parts:
            self.given += 1
            yield part
        if self.hang:
            await asyncio.Event().wait()

    async def aclose(self) -> None:
        self.closed = True


def read_first_then_close(body: Body) -> tuple[list[bytes], bool]:
    """What the SDK does: stop at the response event, then close the answer."""
    stream = transport._DrainedOnClose(body)

    async def run() -> tuple[list[bytes], bool]:
        seen = []
        async for part in stream:
            seen.append(part)
            break
        await stream.aclose()
        return seen, stream._ended

    return asyncio.run(run())


def test_a_closed_answer_is_read_to_its_end_before_its_connection_is_released() -> None:
    body = Body([b"event: message\n", b"data: {}\n\n", b""], hang=False)
    assert read_first_then_close(body) == ([b"event: message\n"], True)
    assert (body.given, body.closed) == (3, True)


def test_a_stream_the_server_keeps_open_is_closed_after_the_drain_limit() -> None:
    body = Body([b"event: message\n", b": ping\n\n"], hang=True)
    assert read_first_then_close(body) == ([b"event: message\n"], False)
    assert (body.given, body.closed) == (2, True)


def test_the_drain_reads_no_more_than_its_byte_limit() -> None:
    body = Body([b"first"] + [b"x" * 16384] * 100, hang=False)
    assert read_first_then_close(body) == ([b"first"], False)
    # 64 KiB is four parts of 16 KiB; the fifth passes the limit and ends the drain
    assert (body.given, body.closed) == (6, True)
