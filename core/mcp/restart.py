"""Restarting a connection whose server stopped answering (issue 12).

A server whose event loop is blocked times out on every call, yet its process and its socket stay
up, so the connection would look connected for ever. ``Restarts`` counts each connection's calls
that got no answer in time; once ``restart_after_timeouts`` come in a row (an answer, even an MCP
error, breaks the row; 0 turns restarting off), the connection is given up and a new one opened in
the background (stdio: a new process; HTTP: a new session), through the provider's reconnect. The
call that triggered it says so (the ``mcp_restarted`` note) and ``mcp server restarted:`` is logged;
the provider's ``mcp server reconnected:`` line follows when the new connection is up.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Protocol

import mcp_types

from core.config import McpServer
from core.log import LOG
from core.mcp.status import CallFailure

Reconnect = Callable[[str, str], None]


class Connection(Protocol):
    """What a restart needs of a ``core.mcp.connection.Connection``."""

    agent_id: str
    server: McpServer

    @property
    def alive(self) -> bool: ...

    def abandon(self, error: str) -> None:
        """Give the connection up; the provider opens a new one."""
        ...


class Restarts:
    """The timeout streaks of one provider's connections and the restarts they start."""

    def __init__(self, reconnect: Reconnect) -> None:
        """``reconnect(agent_id, server)`` replaces a dead connection in the background
        (``core.mcp.retry.Retries.now``)."""
        self._reconnect = reconnect
        # calls in a row without an answer, per connection
        self._streaks: weakref.WeakKeyDictionary[Connection, int] = weakref.WeakKeyDictionary()

    def after_call(
        self, conn: Connection, outcome: mcp_types.CallToolResult | CallFailure, limit: int
    ) -> int:
        """Count ``outcome`` of a call on ``conn``. Returns the length of the streak when this
        outcome restarted the connection, else 0."""
        if not isinstance(outcome, CallFailure) or outcome.kind == "protocol":
            self._streaks.pop(conn, None)  # the server answered
            return 0
        if outcome.kind != "timeout":
            return 0
        streak = self._streaks[conn] = self._streaks.get(conn, 0) + 1
        if limit <= 0 or streak < limit or not conn.alive:
            return 0
        self._streaks.pop(conn, None)
        conn.abandon(f"restarted: {streak} timeouts in a row")
        LOG.event("mcp server restarted", agent=conn.agent_id, server=conn.server.name, timeouts=streak)
        self._reconnect(conn.agent_id, conn.server.name)  # failures: the retries' ``mcp server retry:``
        return streak
