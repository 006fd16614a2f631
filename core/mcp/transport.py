"""How one MCP server is reached: the SDK transport for its ``stdio``, ``sse`` or ``http`` entry.

A stdio server gets the parent's environment without secret-looking variables (its own ``env``
entries, already expanded, still apply) and writes its stderr into the connection's ring. A remote
server gets the expanded headers and an ``httpx2.Auth``: the OAuth client, or a ``BearerProbe`` that
only notes whether the first answer asked for a sign-in.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from typing import Any, TextIO, cast

import anyio
import anyio._core._eventloop as anyio_loop
import httpx2
from mcp import StdioServerParameters
from mcp.client.sse import sse_client
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from core.config import McpServer, McpSettings

# Parent variables a stdio server does not inherit (its own ``env`` entries still apply).
_SECRETISH_ENV = re.compile(r"KEY|TOKEN|SECRET|PASSW|CREDENTIAL|AUTH", re.IGNORECASE)
# The SDK refuses SSE events over 1 MiB by default; one camera frame as base64 can be far larger
# (S03-2 allows 24,000,000 base64 characters per image, four per call).
MAX_SSE_EVENT_BYTES = 128 * 1024 * 1024


def _asyncio_only() -> str | None:
    """anyio's ``current_async_library`` without sniffio, minus its ``import asyncio`` statement:
    the SDK's task groups, streams and locks ask it about a hundred times per tool call, and
    under PySide6 (whose import hook sees every ``import`` statement) each ask cost ~7 µs
    instead of ~0.6 (issue 14, row 4). Same answers: "asyncio" on a running loop, else None."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return None
    return "asyncio"


if anyio_loop.sniffio is None:  # with sniffio installed, anyio asks it (trio, …): left as it is
    anyio_loop.current_async_library = _asyncio_only


# How long, and how far, a finished POST stream is read to its end so that its connection goes
# back to the pool (M-8): the server ends it right after the response, within a millisecond.
DRAIN_S = 0.25
DRAIN_BYTES = 64 * 1024


class _DrainedOnClose(httpx2.AsyncByteStream):
    """A response body that, closed before its end, first reads what is left (at most ``DRAIN_BYTES``
    within ``DRAIN_S``). The SDK closes a tool call's SSE stream as soon as the response event has
    arrived, a moment before the server's last chunk; unread, that closes the connection, and every
    call then opened a new one (with a socket in TIME_WAIT each: thousands over a long watch)."""

    def __init__(self, inner: httpx2.AsyncByteStream) -> None:
        self._inner = inner
        # One iterator over the inner body for the whole response: the consumer's own iterator is
        # closed when it stops reading, and the rest of the body must still be readable after that.
        self._parts: AsyncIterator[bytes] | None = None
        self._ended = False

    async def __aiter__(self) -> AsyncIterator[bytes]:
        if self._parts is None:
            self._parts = aiter(self._inner)
        while True:
            try:
                part = await anext(self._parts)
            except StopAsyncIteration:
                self._ended = True
                return
            yield part

    async def aclose(self) -> None:
        try:
            if self._parts is not None and not self._ended:
                read = 0
                with anyio.move_on_after(DRAIN_S):
                    while read <= DRAIN_BYTES:
                        try:
                            read += len(await anext(self._parts))
                        except StopAsyncIteration:
                            self._ended = True
                            break
        except (httpx2.HTTPError, OSError):
            pass  # a body that cannot be read to its end just closes its connection
        finally:
            parts, self._parts = self._parts, None
            closer = getattr(parts, "aclose", None)
            if closer is not None:
                await closer()
            await self._inner.aclose()


class KeepAliveTransport(httpx2.AsyncBaseTransport):
    """The default transport, with every POST's streamed answer read to its end on close (M-8)."""

    def __init__(self) -> None:
        self._inner = httpx2.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        response = await self._inner.handle_async_request(request)
        if request.method != "POST" or not isinstance(response.stream, httpx2.AsyncByteStream):
            return response
        return httpx2.Response(
            status_code=response.status_code,
            headers=response.headers,
            stream=_DrainedOnClose(response.stream),
            extensions=response.extensions,
        )

    async def aclose(self) -> None:
        await self._inner.aclose()


class BearerProbe(httpx2.Auth):
    """Notes a 401 carrying ``WWW-Authenticate: Bearer`` (the server wants an OAuth sign-in)."""

    def __init__(self) -> None:
        self.challenged = False

    async def async_auth_flow(self, request: httpx2.Request) -> Any:
        response = yield request
        challenge = response.headers.get("www-authenticate", "")
        if response.status_code == 401 and challenge.lower().startswith("bearer"):
            self.challenged = True


def stdio_transport(server: McpServer, env: dict[str, str], errlog: TextIO) -> Any:
    """``env``: the server's own entries, secrets expanded; laid over the filtered parent environment."""
    full = {k: v for k, v in os.environ.items() if not _SECRETISH_ENV.search(k)}
    full.update(env)
    params = StdioServerParameters(command=server.command, args=server.args, env=full, cwd=server.cwd)
    return stdio_client(params, errlog=errlog)


async def remote_transport(
    server: McpServer,
    settings: McpSettings,
    stack: AsyncExitStack,
    headers: dict[str, str],
    auth: httpx2.Auth | None,
) -> Any:
    """The SSE or streamable-HTTP transport; an HTTP client it opens is closed with ``stack``."""
    # No read timeout on either: a call's clock (call_timeout_s, stopped while a person fills in a
    # form or approves a sampling request) is kept by the connection; an idle stream while a form
    # is open is no fault. (The SDK's SSE default would drop the stream after 300 s without an
    # event; None is httpx's "no timeout", which the SDK's float annotation does not admit.)
    if server.transport == "sse":
        return sse_client(
            server.url,
            headers=headers,
            timeout=settings.connect_timeout_s,
            sse_read_timeout=cast(float, None),
            auth=auth,
        )
    timeout = httpx2.Timeout(settings.connect_timeout_s, read=None)
    http = await stack.enter_async_context(
        httpx2.AsyncClient(headers=headers, timeout=timeout, auth=auth, transport=KeepAliveTransport())
    )
    return streamable_http_client(server.url, http_client=http, max_sse_event_size=MAX_SSE_EVENT_BYTES)
