"""What an MCP connection reports: its ``ServerStatus``, a ``CallFailure`` instead of a result, and
``describe``, the one-line log-safe reason of any exception on the way (ours, the SDK's, OAuth's)."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Literal

from mcp import MCPError

from core import notes
from core.config import McpServer
from core.mcp.oauth_errors import describe_oauth_error

State = Literal["connecting", "connected", "failed", "disabled", "closed"]
CallFailureKind = Literal["timeout", "disconnected", "protocol"]


@dataclass(frozen=True)
class ServerStatus:
    server: str
    transport: str
    state: State
    tools: int = 0
    error: str = ""
    stderr_tail: str = ""
    ms: int | None = None
    target: str = ""  # the URL (remote) or the command line (stdio): ``target``
    retry_in_s: float | None = None  # a retry is pending: seconds until it (0.0: under way)
    attempt: int = 0  # retries since the server last connected
    tool_list: tuple[ToolInfo, ...] = ()  # the server's tools while connected


@dataclass(frozen=True)
class ToolInfo:
    """One tool of a server as the person sees it (its MCP name, not the agent's ``server__tool``)."""

    name: str
    description: str


@dataclass(frozen=True)
class CallFailure:
    """Why a tool call brought no result: ``timeout`` (no answer in time), ``disconnected`` (the
    connection is gone or died during the call), ``protocol`` (the server answered with an MCP
    error). ``detail`` is a log-safe reason (``describe``)."""

    kind: CallFailureKind
    detail: str


class ConnectFailed(Exception):
    """A connection attempt ended for a reason this client states itself (``str()``)."""


def innermost(exc: BaseException) -> BaseException:
    """The first leaf of an exception group (the SDK's task groups wrap what really happened)."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


def describe(exc: BaseException) -> str:
    """A one-line, log-safe reason for ``exc`` (the first leaf of an exception group), at most 300
    characters."""
    leaf = innermost(exc)
    oauth = describe_oauth_error(leaf)
    if oauth is not None:
        text = oauth
    elif isinstance(leaf, ConnectFailed):
        text = str(leaf)
    elif isinstance(leaf, MCPError):
        text = f"MCPError {leaf.code}: {leaf.message}"
    else:
        text = f"{type(leaf).__name__}: {leaf}" if str(leaf) else type(leaf).__name__
    return " ".join(text.split())[:300]


TARGET_CHARS = 160


def target(server: McpServer) -> str:
    """Where ``server`` is: its URL, or its command line (at most ``TARGET_CHARS``, as configured:
    ``${secret:…}`` references are not expanded)."""
    text = server.url if server.transport != "stdio" else shlex.join([server.command, *server.args])
    return text if len(text) <= TARGET_CHARS else text[: TARGET_CHARS - 1] + "…"


def where(server: McpServer, language: str) -> str:
    """``target`` as the failure sentences name it, in the village language."""
    return notes.server_where(server.transport, target(server), language)


def seconds(value: float) -> str:
    return f"{value:g}"
