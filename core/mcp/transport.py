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
from contextlib import AsyncExitStack
from typing import Any, TextIO, cast

import anyio._core._eventloop as anyio_loop
import httpx2
from mcp import StdioServerParameters
from mcp.client.sse import sse_client
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

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
        create_mcp_http_client(headers=headers, timeout=timeout, auth=auth)
    )
    return streamable_http_client(server.url, http_client=http, max_sse_event_size=MAX_SSE_EVENT_BYTES)
