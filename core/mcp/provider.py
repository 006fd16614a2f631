"""Per-agent MCP connections: start, list tools, call, time out, reconnect, close.

``McpToolProvider`` keeps one ``Connection`` (``core.mcp.connection``) per enabled server of each
agent and offers the servers' tools as ``McpTool`` objects; a call on a dead connection reconnects
once. Remote servers whose config asks for OAuth (or, unless ``"oauth": false``, that answer the
first request with 401 + ``WWW-Authenticate: Bearer``) connect through the SDK's OAuth client:
browser sign-in via the ``open_url`` hook, loopback redirect, tokens in the keyring
(``core.mcp.oauth``). A stdio server's stderr is kept in a bounded ring (``core.mcp.stderr``).

Lines written (S70-19 style): ``mcp server connected: agent= server= tools= ms=``,
``mcp server failed: agent= server= error=`` (stdio stderr tail after ``: ``),
``mcp server reconnected: …``, ``mcp call failed: agent= server= tool= error=timeout|disconnected|protocol``.
The connection writes ``mcp tools changed:``, ``mcp elicitation:`` and ``mcp oauth: action=required``;
the other ``mcp oauth:`` actions come from the OAuth modules. A server whose calls time out
``restart_after_timeouts`` times in a row is restarted (``core.mcp.restart``: ``mcp server restarted:``).
A server that failed to connect is tried again with backoff until it connects or the configuration
drops it (``core.mcp.retry``: ``mcp server retry:``); ``retry_failed`` and ``reconnect`` try at
once (Settings saved, the window's Reconnect). Each status change is told to ``on_status_changed``.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, assert_never

import mcp_types

from core import notes
from core.config import McpServer, McpSettings
from core.elicitation import ElicitationHandler
from core.keyring_secrets import default_secret_resolver
from core.log import LOG
from core.mcp import log_guard
from core.mcp.connection import Connection
from core.mcp.oauth import OpenUrl
from core.mcp.oauth_callback import CALLBACK_TIMEOUT_S
from core.mcp.progress import progress_callback
from core.mcp.restart import Restarts
from core.mcp.retry import Backoff, Clock, Retries
from core.mcp.roots import only_roots_changed, send_roots_changed
from core.mcp.sampling import Sampling
from core.mcp.status import ServerStatus, seconds, where
from core.mcp.tool import McpTool, tool_name, unique_names
from core.secret_refs import SecretResolver
from core.tool import AgentTool, ToolContext, ToolReturn


class McpToolProvider:
    """The MCP servers of every agent and the ``AgentTool`` objects they provide."""

    def __init__(
        self,
        *,
        language: str,
        settings: McpSettings,
        secret_resolver: SecretResolver | None = None,
        elicitation: ElicitationHandler | None = None,
        sampling: Sampling | None = None,
        on_tools_changed: Callable[[str], None] | None = None,
        open_url: OpenUrl | None = None,
        oauth_timeout_s: float = CALLBACK_TIMEOUT_S,
        on_status_changed: Callable[[str, str], None] | None = None,
        backoff: Backoff | None = None,
        clock: Clock | None = None,
    ) -> None:
        """``open_url(url)`` opens an OAuth sign-in page in the person's browser (sync hooks run
        in a worker thread); ``None`` (headless) makes servers that need a sign-in fail at once.
        ``on_status_changed(agent_id, server)``: a server's ``status`` changed (connected, failed,
        a retry scheduled or begun). ``backoff`` and ``clock``: the retries' (``core.mcp.retry``)."""
        self.language = language
        self.settings = settings
        self.secret_resolver: SecretResolver = secret_resolver or default_secret_resolver
        self.elicitation = elicitation
        self.sampling = sampling  # MCP sampling (core.mcp.sampling); None: never declared
        self.on_tools_changed = on_tools_changed
        self.open_url = open_url
        self.oauth_timeout_s = oauth_timeout_s
        self._servers: dict[str, dict[str, McpServer]] = {}
        self._conns: dict[str, dict[str, Connection]] = {}
        self._disabled: dict[str, list[McpServer]] = {}
        self._tools: dict[str, list[AgentTool]] = {}
        self._locks: dict[tuple[str, str], asyncio.Lock] = {}
        self._oauth_locks: dict[str, asyncio.Lock] = {}
        self.on_status_changed = on_status_changed
        self._retries = Retries(self._retry, backoff=backoff, clock=clock)
        self._retries.on_changed = self._status_changed
        self._restarts = Restarts(self._retries.now)
        self._sdk_log = log_guard.install()  # the SDK's own log records, bounded

    async def tools_for(self, agent_id: str, servers: Sequence[McpServer]) -> list[AgentTool]:
        """Start the agent's enabled servers concurrently and return their tools. A server that
        fails is reported in ``status`` and a log line; the agent keeps the other servers' tools."""
        await self.close_agent(agent_id)
        enabled = [s for s in servers if s.enabled]
        self._disabled[agent_id] = [s for s in servers if not s.enabled]
        self._servers[agent_id] = {s.name: s for s in enabled}
        conns = {s.name: Connection(self, agent_id, s) for s in enabled}
        self._conns[agent_id] = conns
        for name in conns:
            self._status_changed(agent_id, name)  # "connecting"
        await asyncio.gather(*(self._open(c, reconnect=False) for c in conns.values()))
        self._rebuild(agent_id)
        return self.tools(agent_id)

    def tools(self, agent_id: str) -> list[AgentTool]:
        """The agent's current tools (changes after ``tools/list_changed``)."""
        return list(self._tools.get(agent_id, []))

    def status(self, agent_id: str) -> list[ServerStatus]:
        """Each server of the agent: its connection's state, and a retry pending for it."""
        retries = self._retries
        out = [
            dataclasses.replace(
                c.status(),
                retry_in_s=retries.retry_in(agent_id, name),
                attempt=retries.attempts(agent_id, name),
            )
            for name, c in self._conns.get(agent_id, {}).items()
        ]
        out += [ServerStatus(s.name, s.transport, "disabled") for s in self._disabled.get(agent_id, [])]
        return out

    def retry_failed(self, agent_id: str) -> None:
        """Try each failed server of the agent again at once (Settings saved)."""
        for name, conn in self._conns.get(agent_id, {}).items():
            if conn.state == "failed":  # not one still connecting
                self._retries.now(agent_id, name)

    def reconnect(self, agent_id: str, server: str) -> None:
        """The person's Reconnect: a live connection is replaced by a new one (stdio: a new
        process; HTTP: a new session), a failed one tried again at once."""
        conn = self._conns.get(agent_id, {}).get(server)
        if conn is None:
            return
        if conn.alive:
            conn.abandon("reconnect asked for")
        self._retries.now(agent_id, server)

    async def close_agent(self, agent_id: str) -> None:
        await self._retries.cancel_agent(agent_id)
        conns = self._conns.pop(agent_id, {})
        self._tools.pop(agent_id, None)
        self._servers.pop(agent_id, None)
        self._disabled.pop(agent_id, None)
        await asyncio.gather(*(c.close() for c in conns.values()))
        for name in conns:
            self._status_changed(agent_id, name)  # gone from ``status``

    async def update_roots(self, agent_id: str, servers: Sequence[McpServer]) -> bool:
        """Adopt ``servers`` when they differ from the agent's running servers only in some
        server's (non-empty) roots: each such live connection is sent ``roots/list_changed``.
        ``False`` (nothing changed here): the caller restarts the agent's servers."""
        running = self._servers.get(agent_id)
        if running is None or not only_roots_changed(
            list(running.values()), [s for s in servers if s.enabled]
        ):
            return False
        conns = self._conns.get(agent_id, {})
        for server in servers:
            if running[server.name] != server:
                running[server.name] = server
                await send_roots_changed(conns[server.name], server)
        return True

    async def close(self) -> None:
        await self._retries.close()
        await asyncio.gather(*(self.close_agent(a) for a in list(self._conns)))
        self._sdk_log.flush()

    # -- internals --------------------------------------------------------------------------------

    def oauth_lock(self, user: str) -> asyncio.Lock:
        """The lock the connections signing in as keyring ``user`` share (one browser tab)."""
        return self._oauth_locks.setdefault(user, asyncio.Lock())

    async def _open(self, conn: Connection, *, reconnect: bool, retry: bool = False) -> None:
        """Open ``conn`` and log how it went; a failure schedules a retry (``retry``: this is one,
        whose failure the retry's own line reports)."""
        await conn.open()
        self._status_changed(conn.agent_id, conn.server.name)
        if conn.state == "connected":
            LOG.event(
                "mcp server reconnected" if reconnect else "mcp server connected",
                agent=conn.agent_id,
                server=conn.server.name,
                tools=len(conn.tools),
                ms=conn.ms,
            )
        else:
            # reading the tail may wait up to 0.2 s for the pipe to drain: not on the loop
            tail = conn.failed_tail = await asyncio.to_thread(conn.stderr_tail)
            if retry:
                return
            LOG.event(
                "mcp server failed",
                " | ".join(tail.splitlines()[-5:]) if tail else None,
                agent=conn.agent_id,
                server=conn.server.name,
                error=conn.error,
            )
            if not conn.sign_in_failed:  # a failed sign-in waits for the person (Reconnect)
                self._retries.schedule(conn.agent_id, conn.server.name, conn.error)

    def _rebuild(self, agent_id: str) -> None:
        pairs = [(c, t) for c in self._conns.get(agent_id, {}).values() for t in c.tools]
        names = unique_names([tool_name(c.server.name, t.name) for c, t in pairs])
        self._tools[agent_id] = [
            McpTool(self, agent_id, c.server.name, t, n) for (c, t), n in zip(pairs, names, strict=True)
        ]

    def tools_changed(self, agent_id: str) -> None:
        """Called by a connection that read a changed tool list."""
        self._rebuild(agent_id)
        if self.on_tools_changed is not None:
            self.on_tools_changed(agent_id)

    def _status_changed(self, agent_id: str, server: str) -> None:
        if self.on_status_changed is not None:
            self.on_status_changed(agent_id, server)

    async def _retry(self, agent_id: str, server: str, asked: bool) -> str | None:
        """One retry (``core.mcp.retry``; a sign-in page only when ``asked``): None when the server
        connected, is gone or waits for the person's sign-in, else why it failed."""
        if server not in self._conns.get(agent_id, {}):
            return None
        conn = await self._connection(agent_id, server, retry=True, interactive=asked)
        current = self._conns.get(agent_id, {}).get(server)
        if conn is not None or current is None or current.sign_in_failed:
            return None
        return current.error or "failed"

    async def _connection(
        self, agent_id: str, server: str, *, retry: bool = False, interactive: bool = True
    ) -> Connection | None:
        """The live connection, reconnecting once if it died; a new one that brings a different
        tool list is offered to the agent (``tools_changed``)."""
        conns = self._conns.get(agent_id)
        if conns is None or server not in conns:
            return None
        lock = self._locks.setdefault((agent_id, server), asyncio.Lock())
        async with lock:
            conn = conns[server]
            if conn.alive:
                return conn
            await conn.close()
            me = asyncio.current_task()
            if me is not None and me.cancelling():  # close finishes its clean-up even when
                raise asyncio.CancelledError  # cancelled: a cancelled reconnect stops here
            fresh = Connection(self, agent_id, conn.server)
            fresh.interactive = interactive
            try:
                await self._open(fresh, reconnect=True, retry=retry)
            except asyncio.CancelledError:
                await fresh.close()
                raise
            if self._conns.get(agent_id) is not conns:  # the agent was closed meanwhile
                await fresh.close()
                return None
            conns[server] = fresh
            self._status_changed(agent_id, server)
            if fresh.alive and [t.name for t in fresh.tools] != [t.name for t in conn.tools]:
                self.tools_changed(agent_id)  # a server that was down at start: its tools reach the agent
            return fresh if fresh.alive else None

    async def call_tool(
        self, agent_id: str, server: str, name: str, args: dict[str, Any], ctx: ToolContext
    ) -> mcp_types.CallToolResult | ToolReturn:
        """Call ``name`` on the agent's ``server``; failures come back as an error ``ToolReturn``."""
        language = ctx.language or self.language
        timeout = self.settings.call_timeout_s
        conn = await self._connection(agent_id, server)
        if conn is None:
            current = self._conns.get(agent_id, {}).get(server)
            error = current.error if current is not None else "not configured"
            named = where(current.server, language) if current is not None else "-"
            return ToolReturn.error(
                notes.note(
                    "tool_failed",
                    language,
                    error=notes.note("mcp_unavailable", language, server=server, where=named, error=error),
                )
            )
        progress = progress_callback(ctx.progress) if ctx.progress is not None else None
        outcome = await conn.call(name, args, timeout, progress)
        restarted = self._restarts.after_call(conn, outcome, self.settings.restart_after_timeouts)
        if isinstance(outcome, mcp_types.CallToolResult):
            return outcome
        kind, detail = outcome.kind, outcome.detail
        LOG.event("mcp call failed", agent=agent_id, server=server, tool=name, error=kind, detail=detail)
        match kind:
            case "timeout":
                text = notes.note("tool_timeout", language, seconds=seconds(timeout))
                if restarted:
                    text += "\n" + notes.note("mcp_restarted", language, server=server, count=restarted)
                return ToolReturn.error(text)
            case "disconnected":
                return ToolReturn.error(
                    notes.note(
                        "tool_failed",
                        language,
                        error=notes.note(
                            "mcp_disconnected",
                            language,
                            server=server,
                            where=where(conn.server, language),
                            error=detail,
                        ),
                    )
                )
            case "protocol":
                return ToolReturn.error(notes.note("tool_failed", language, error=detail))
            case _:
                assert_never(kind)
