"""Per-agent MCP connections: start, list tools, call, time out, reconnect, close.

Each server of an agent has one ``_Connection`` whose ``mcp.Client`` lives inside its own asyncio
task (the SDK's anyio task groups must be entered and left in one task). Calls are sent from the
caller's task and raced against the connection dying, so an HTTP server that disappears mid-call
(the SDK surfaces that in the owner task, see stack.md §1.4) still ends the call at once.

Lines written (S70-19 style): ``mcp server connected: agent= server= tools= ms=``,
``mcp server failed: agent= server= error=`` (stdio stderr tail after ``: ``),
``mcp server reconnected: …``, ``mcp tools changed: agent= server= tools=``,
``mcp call failed: agent= server= tool= error=timeout|disconnected|protocol``,
``mcp elicitation: agent= server= action=``, ``mcp oauth: agent= server= action=`` (core/mcp/oauth.py).

Remote servers whose config asks for OAuth (or, unless ``"oauth": false``, that answer the first
request with 401 + ``WWW-Authenticate: Bearer``) connect through the SDK's OAuth client: browser
sign-in via the ``open_url`` hook, loopback redirect, tokens in the keyring. While a person is on
the sign-in page the connect timeout stands still (the callback has its own timeout).

A stdio server's stderr goes through a pipe into a bounded in-memory ring (the last
``STDERR_KEEP_BYTES``), read in a thread, so a chatty server cannot fill the disk or the memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import select
import threading
import time
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import Any, Literal, TextIO, cast

import httpx2
import mcp_types
from mcp import Client, MCPError, StdioServerParameters
from mcp.client.session import ClientRequestContext
from mcp.client.sse import sse_client
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from core import __version__, notes
from core.config import McpServer, McpSettings
from core.log import LOG
from core.mcp.oauth import CALLBACK_TIMEOUT_S, McpOAuth, OpenUrl, describe_oauth_error, keyring_user
from core.mcp.tool import McpTool, tool_name, unique_names
from core.tool import AgentTool, ToolContext, ToolReturn

KEYRING_SERVICE = "fuseforks"
_SECRET_REF = re.compile(r"\$\{secret:([A-Za-z0-9_.-]+)\}")
# Parent variables a stdio server does not inherit (its own ``env`` entries still apply).
_SECRETISH_ENV = re.compile(r"KEY|TOKEN|SECRET|PASSW|CREDENTIAL|AUTH", re.IGNORECASE)
STDERR_TAIL_CHARS = 600
STDERR_KEEP_BYTES = 64 * 1024  # per stdio connection; older output is dropped
# The SDK refuses SSE events over 1 MiB by default; one camera frame as base64 can be far larger
# (S03-2 allows 24,000,000 base64 characters per image, four per call).
MAX_SSE_EVENT_BYTES = 128 * 1024 * 1024
_CLOSE_GRACE_S = 6.0  # the SDK's stdio shutdown waits up to 2 s + 2 s before SIGKILL

SecretResolver = Callable[[str], "str | None"]
State = Literal["connecting", "connected", "failed", "disabled", "closed"]


def default_secret_resolver(name: str) -> str | None:
    """D-4: the OS keyring (service ``fuseforks``, user ``mcp:NAME``), then the environment."""
    try:
        import keyring

        value = keyring.get_password(KEYRING_SERVICE, f"mcp:{name}")
    except Exception:  # no backend, locked keyring, D-Bus trouble: fall back to the environment
        value = None
    return value or os.environ.get(name) or None


@dataclass(frozen=True)
class ServerStatus:
    server: str
    transport: str
    state: State
    tools: int = 0
    error: str = ""
    stderr_tail: str = ""
    ms: int | None = None


@dataclass(frozen=True)
class ElicitationRequest:
    """A server asks the user for input (form mode: ``requested_schema``; URL mode: ``url``)."""

    agent_id: str
    server: str
    message: str
    requested_schema: dict[str, Any] = field(default_factory=dict)
    url: str | None = None


@dataclass(frozen=True)
class ElicitationAnswer:
    action: Literal["accept", "decline", "cancel"]
    content: dict[str, Any] | None = None


ElicitationHandler = Callable[[ElicitationRequest], Awaitable[ElicitationAnswer]]


class _ConnectFailed(Exception):
    pass


class _BearerProbe(httpx2.Auth):
    """Notes a 401 carrying ``WWW-Authenticate: Bearer`` (the server wants an OAuth sign-in)."""

    def __init__(self) -> None:
        self.challenged = False

    async def async_auth_flow(self, request: httpx2.Request) -> Any:
        response = yield request
        challenge = response.headers.get("www-authenticate", "")
        if response.status_code == 401 and challenge.lower().startswith("bearer"):
            self.challenged = True


def _leaf(exc: BaseException) -> BaseException:
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


def _describe(exc: BaseException) -> str:
    leaf = _leaf(exc)
    oauth = describe_oauth_error(leaf)
    if oauth is not None:
        text = oauth
    elif isinstance(leaf, _ConnectFailed):
        text = str(leaf)
    elif isinstance(leaf, MCPError):
        text = f"MCPError {leaf.code}: {leaf.message}"
    else:
        text = f"{type(leaf).__name__}: {leaf}" if str(leaf) else type(leaf).__name__
    return " ".join(text.split())[:300]


def _seconds(value: float) -> str:
    return f"{value:g}"


class StderrRing:
    """A pipe whose reading end a daemon thread drains into a ring of the last ``keep`` bytes.

    ``writer`` is handed to the subprocess as its stderr. Memory stays bounded however much the
    server writes; the tail survives the process for the failure report.
    """

    def __init__(self, keep: int = STDERR_KEEP_BYTES) -> None:
        self.keep = keep
        self.dropped = 0
        self._buf = bytearray()
        self._lock = threading.Lock()
        read_fd, write_fd = os.pipe()
        self.writer = cast(TextIO, os.fdopen(write_fd, "w", encoding="utf-8", errors="replace"))
        self._reader = os.fdopen(read_fd, "rb", buffering=0)
        self._thread = threading.Thread(target=self._drain, name="mcp-stderr", daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = self._reader.read(65536)
            except (OSError, ValueError):
                break
            if not chunk:
                break
            with self._lock:
                self._buf += chunk
                extra = len(self._buf) - self.keep
                if extra > 0:
                    del self._buf[:extra]
                    self.dropped += extra
        with contextlib.suppress(OSError):
            self._reader.close()

    def size(self) -> int:
        with self._lock:
            return len(self._buf)

    def tail(self, chars: int) -> str:
        """The last ``chars`` characters written so far (waits up to 0.2 s for the pipe to drain)."""
        self._wait_drained(0.2)
        with self._lock:
            raw = bytes(self._buf[-chars * 4 :])
        return raw.decode("utf-8", errors="replace").strip()[-chars:]

    def _wait_drained(self, limit: float) -> None:
        if os.name != "posix":  # select() works on pipes only there; best effort elsewhere
            return
        deadline = time.monotonic() + limit
        while self._thread.is_alive() and time.monotonic() < deadline:
            try:
                pending, _, _ = select.select([self._reader], [], [], 0)
            except (OSError, ValueError):
                return
            if not pending:
                return
            time.sleep(0.005)

    def close(self) -> None:
        """Close our copy of the writing end; the thread ends once every writer is gone."""
        with contextlib.suppress(OSError):
            self.writer.close()


class _Connection:
    """One live MCP session of one agent's server."""

    def __init__(self, owner: McpToolProvider, agent_id: str, server: McpServer) -> None:
        self.owner = owner
        self.agent_id = agent_id
        self.server = server
        self.client: Client | None = None
        self.tools: list[mcp_types.Tool] = []
        self.state: State = "connecting"
        self.error = ""
        self.ms: int | None = None
        self._stderr: StderrRing | None = None
        self.failed_tail = ""  # the stderr tail read when the connection last failed
        self._person_open = 0  # elicitation forms waiting for the person
        self._person_since: float | None = None
        self._person_total = 0.0
        self.oauth: McpOAuth | None = None
        self.use_oauth = server.oauth is not None
        self._probe: _BearerProbe | None = None
        self._turn_since: float | None = None
        self._turn_wait_s = 0.0
        self._stop = asyncio.Event()
        self._dead = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._refresh_task: asyncio.Task[None] | None = None

    # -- status -----------------------------------------------------------------------------------

    def stderr_tail(self) -> str:
        return "" if self._stderr is None else self._stderr.tail(STDERR_TAIL_CHARS)

    def status(self) -> ServerStatus:
        return ServerStatus(
            self.server.name,
            self.server.transport,
            self.state,
            len(self.tools) if self.state == "connected" else 0,
            self.error,
            self.failed_tail if self.state == "failed" else "",
            self.ms,
        )

    @property
    def alive(self) -> bool:
        return self.state == "connected" and self.client is not None and not self._dead.is_set()

    # -- transport --------------------------------------------------------------------------------

    async def _resolve(self, values: dict[str, str]) -> dict[str, str]:
        """``${secret:NAME}`` references replaced; every resolved value registered with the log."""
        out: dict[str, str] = {}
        for key, value in values.items():
            names = _SECRET_REF.findall(value)
            for name in names:
                secret = await asyncio.to_thread(self.owner.secret_resolver, name)
                if not secret:
                    raise _ConnectFailed(
                        f"secret {name} is not set (keyring user mcp:{name} or environment variable {name})"
                    )
                LOG.register_secret(secret)
                value = value.replace(f"${{secret:{name}}}", secret)
            out[key] = value
        return out

    async def _transport(self, stack: AsyncExitStack) -> Any:
        server, settings = self.server, self.owner.settings
        if server.transport == "stdio":
            env = {k: v for k, v in os.environ.items() if not _SECRETISH_ENV.search(k)}
            env.update(await self._resolve(server.env))
            if self._stderr is None:  # kept after the process ends, for the failure report
                self._stderr = StderrRing()
            params = StdioServerParameters(command=server.command, args=server.args, env=env, cwd=server.cwd)
            return stdio_client(params, errlog=self._stderr.writer)
        headers = await self._resolve(server.headers)
        auth: httpx2.Auth | None = None
        self._probe = None
        if self.use_oauth:
            if self.oauth is None:
                settings_oauth = server.oauth
                secret_ref = settings_oauth.client_secret if settings_oauth is not None else None
                client_secret = (await self._resolve({"s": secret_ref}))["s"] if secret_ref else None
                self.oauth = McpOAuth(
                    self.agent_id,
                    server,
                    open_url=self.owner.open_url,
                    timeout_s=self.owner.oauth_timeout_s,
                    client_secret=client_secret,
                )
            auth = await self.oauth.build()
        elif server.oauth_auto and not any(k.lower() == "authorization" for k in headers):
            auth = self._probe = _BearerProbe()
        if server.transport == "sse":
            return sse_client(server.url, headers=headers, timeout=settings.connect_timeout_s, auth=auth)
        timeout = httpx2.Timeout(settings.connect_timeout_s, read=max(300.0, settings.call_timeout_s + 30))
        http = await stack.enter_async_context(
            create_mcp_http_client(headers=headers, timeout=timeout, auth=auth)
        )
        return streamable_http_client(server.url, http_client=http, max_sse_event_size=MAX_SSE_EVENT_BYTES)

    # -- lifecycle --------------------------------------------------------------------------------

    async def open(self) -> None:
        """Connect and list tools within ``connect_timeout_s``; sets ``state`` (never raises)."""
        started = time.monotonic()
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        self._task = asyncio.create_task(self._run(ready), name=f"mcp:{self.agent_id}:{self.server.name}")
        timeout = self.owner.settings.connect_timeout_s
        while True:
            paused, pausing = self._paused()
            left = started + timeout + paused - time.monotonic()
            if pausing:
                left = max(left, 0.25)  # the sign-in page has its own timeout
            if left <= 0:
                done: set[asyncio.Future[None]] = set()
                break
            waiters: set[asyncio.Future[None]] = {ready, self._task}
            done, _ = await asyncio.wait(waiters, timeout=min(left, 0.25), return_when="FIRST_COMPLETED")
            if done:
                break
        self.ms = round((time.monotonic() - started) * 1000)
        if ready in done and not ready.exception():
            self.state = "connected"
            return
        if not done:
            self.error = f"did not connect within {_seconds(timeout)} s"
            await self._finish_task()
        elif not self.error:
            self.error = "connection closed during start-up"
        if not ready.done():
            ready.cancel()
        self.tools = []  # a session that came up during the close grace is not offered
        self.state = "failed"

    def _paused(self) -> tuple[float, bool]:
        """Seconds spent waiting on a person (on the sign-in page, or for another connection's
        sign-in to the same server), and whether that wait is going on now."""
        now = time.monotonic()
        paused = self._turn_wait_s + (now - self._turn_since if self._turn_since is not None else 0.0)
        pausing = self._turn_since is not None
        oauth = self.oauth
        if oauth is not None:
            paused += oauth.person_s
            if oauth.waiting_since is not None:
                paused += now - oauth.waiting_since
                pausing = True
        return paused, pausing

    async def _take_turn(self) -> asyncio.Lock:
        """One OAuth connection at a time per server and token set: a second agent sharing the
        server waits and then finds the tokens the first sign-in stored (one browser tab)."""
        lock = self.owner._oauth_lock(keyring_user(self.server.name, self.server.url))
        if lock.locked():
            self._turn_since = time.monotonic()
        try:
            await lock.acquire()
        finally:
            if self._turn_since is not None:
                self._turn_wait_s += time.monotonic() - self._turn_since
                self._turn_since = None
        return lock

    async def _run(self, ready: asyncio.Future[None]) -> None:
        try:
            while True:
                try:
                    await self._session(ready)
                    break
                except Exception:
                    probe = self._probe
                    if probe is None or not probe.challenged or ready.done() or self._stop.is_set():
                        raise
                    # The server wants a sign-in: once more, through the SDK's OAuth client.
                    LOG.event("mcp oauth", agent=self.agent_id, server=self.server.name, action="required")
                    self.use_oauth = True
        except Exception as exc:
            if not self.error:
                self.error = _describe(exc)
            if not ready.done():
                ready.set_exception(_ConnectFailed(self.error))
                ready.exception()  # retrieved: open() reads state, not the exception
        finally:
            self.client = None
            self._dead.set()
            if self.state == "connected":
                self.state = "closed" if self._stop.is_set() else "failed"

    async def _session(self, ready: asyncio.Future[None]) -> None:
        settings = self.owner.settings
        turn = await self._take_turn() if self.use_oauth else None
        try:
            async with AsyncExitStack() as stack:
                transport = await self._transport(stack)
                client = Client(
                    transport,
                    mode="legacy",
                    read_timeout_seconds=settings.connect_timeout_s,
                    elicitation_callback=self._elicit,
                    message_handler=self._on_message,
                    client_info=mcp_types.Implementation(name="fuseforks", version=__version__),
                    cache=None,
                )
                async with client:
                    self.tools = await self._list_tools(client)
                    self.client = client
                    if turn is not None:
                        turn.release()
                        turn = None
                    if not ready.done():
                        ready.set_result(None)
                    await self._stop.wait()
        finally:
            if turn is not None:
                turn.release()

    async def _list_tools(self, client: Client) -> list[mcp_types.Tool]:
        tools: list[mcp_types.Tool] = []
        cursor: str | None = None
        for _ in range(100):
            page = await client.list_tools(cursor=cursor)
            tools.extend(page.tools)
            cursor = page.next_cursor
            if not cursor:
                break
        return tools

    async def _finish_task(self) -> None:
        task = self._task
        if task is None or task.done():
            return
        self._stop.set()
        try:
            await asyncio.wait_for(asyncio.shield(task), _CLOSE_GRACE_S)
        except (TimeoutError, asyncio.CancelledError):
            task.cancel()
            await asyncio.wait({task}, timeout=_CLOSE_GRACE_S)

    async def close(self) -> None:
        self._stop.set()
        if self._refresh_task is not None:
            self._refresh_task.cancel()
        await self._finish_task()
        if self.state in ("connected", "connecting"):
            self.state = "closed"
        if self._stderr is not None:
            self._stderr.close()
        if self.oauth is not None:
            await self.oauth.close()

    # -- server-initiated messages ----------------------------------------------------------------

    async def _on_message(self, message: Any) -> None:
        refreshing = self._refresh_task is not None and not self._refresh_task.done()
        if isinstance(message, mcp_types.ToolListChangedNotification) and self.alive and not refreshing:
            self._refresh_task = asyncio.create_task(self._refresh())

    async def _refresh(self) -> None:
        client = self.client
        if client is None:
            return
        try:
            self.tools = await self._list_tools(client)
        except Exception as exc:
            LOG.event(
                "mcp tools refresh failed", agent=self.agent_id, server=self.server.name, error=_describe(exc)
            )
            return
        LOG.event("mcp tools changed", agent=self.agent_id, server=self.server.name, tools=len(self.tools))
        self.owner._tools_changed(self.agent_id)

    async def _elicit(
        self, context: ClientRequestContext, params: mcp_types.ElicitRequestParams
    ) -> mcp_types.ElicitResult | mcp_types.ErrorData:
        handler = self.owner.elicitation
        answer = ElicitationAnswer("decline")
        if handler is not None:
            request = ElicitationRequest(
                self.agent_id,
                self.server.name,
                params.message,
                dict(getattr(params, "requested_schema", None) or {}),
                getattr(params, "url", None),
            )
            self._person_open += 1
            self._person_since = self._person_since or time.monotonic()
            try:
                answer = await handler(request)
            except Exception as exc:
                LOG.event(
                    "mcp elicitation failed",
                    agent=self.agent_id,
                    server=self.server.name,
                    error=_describe(exc),
                )
                answer = ElicitationAnswer("cancel")
            finally:
                self._person_open -= 1
                if self._person_open == 0 and self._person_since is not None:
                    self._person_total += time.monotonic() - self._person_since
                    self._person_since = None
        LOG.event("mcp elicitation", agent=self.agent_id, server=self.server.name, action=answer.action)
        return mcp_types.ElicitResult(action=answer.action, content=answer.content)

    # -- calls ------------------------------------------------------------------------------------

    async def call(
        self,
        name: str,
        args: dict[str, Any],
        timeout: float,  # noqa: ASYNC109 - the MCP read timeout
    ) -> mcp_types.CallToolResult | tuple[str, str]:
        """The result, or ``(kind, detail)`` with kind ``timeout`` | ``disconnected`` | ``protocol``."""
        client = self.client
        if client is None or self._dead.is_set():
            return "disconnected", self.error or "not connected"
        # The timeout counts the server's time only: while the person fills in a form the server
        # asked for (elicitation), the clock stops, so nobody has to beat call_timeout_s.
        call = asyncio.ensure_future(client.call_tool(name, args))
        dead = asyncio.ensure_future(self._dead.wait())
        start, person_before = time.monotonic(), self.person_seconds()
        done: set[asyncio.Future[Any]] = set()
        try:
            while not done:
                left = start + timeout + (self.person_seconds() - person_before) - time.monotonic()
                if left <= 0:
                    break
                done, _ = await asyncio.wait({call, dead}, timeout=left, return_when="FIRST_COMPLETED")
        finally:
            dead.cancel()
            if not call.done():
                call.cancel()
                await asyncio.wait({call}, timeout=_CLOSE_GRACE_S)
        if call in done and not call.cancelled():
            exc = call.exception()
            if exc is None:
                return call.result()
            leaf = _leaf(exc)
            if isinstance(leaf, MCPError) and leaf.code == mcp_types.REQUEST_TIMEOUT:
                return "timeout", _describe(leaf)
            if isinstance(leaf, MCPError) and leaf.code != mcp_types.CONNECTION_CLOSED:
                return "protocol", _describe(leaf)
            self._mark_dead(_describe(leaf))
            return "disconnected", _describe(leaf)
        if call in done or dead in done:
            self._mark_dead(self.error or "connection lost")
            return "disconnected", self.error or "connection lost"
        return "timeout", f"no answer within {_seconds(timeout)} s"

    def person_seconds(self) -> float:
        """Seconds spent waiting for the person (open elicitation forms), including a form open now."""
        now = time.monotonic() - self._person_since if self._person_since is not None else 0.0
        return self._person_total + now

    def _mark_dead(self, error: str) -> None:
        if not self.error:
            self.error = error
        self.state = "failed"
        self._dead.set()
        self._stop.set()  # let the owner task leave the Client context


class McpToolProvider:
    """The MCP servers of every agent and the ``AgentTool`` objects they provide."""

    def __init__(
        self,
        *,
        language: str,
        settings: McpSettings,
        secret_resolver: SecretResolver | None = None,
        elicitation: ElicitationHandler | None = None,
        on_tools_changed: Callable[[str], None] | None = None,
        open_url: OpenUrl | None = None,
        oauth_timeout_s: float = CALLBACK_TIMEOUT_S,
    ) -> None:
        """``open_url(url)`` opens an OAuth sign-in page in the person's browser (sync hooks run
        in a worker thread); ``None`` (headless) makes servers that need a sign-in fail at once."""
        self.language = language
        self.settings = settings
        self.secret_resolver: SecretResolver = secret_resolver or default_secret_resolver
        self.elicitation = elicitation
        self.on_tools_changed = on_tools_changed
        self.open_url = open_url
        self.oauth_timeout_s = oauth_timeout_s
        self._servers: dict[str, dict[str, McpServer]] = {}
        self._conns: dict[str, dict[str, _Connection]] = {}
        self._disabled: dict[str, list[McpServer]] = {}
        self._tools: dict[str, list[AgentTool]] = {}
        self._locks: dict[tuple[str, str], asyncio.Lock] = {}
        self._oauth_locks: dict[str, asyncio.Lock] = {}

    async def tools_for(self, agent_id: str, servers: Sequence[McpServer]) -> list[AgentTool]:
        """Start the agent's enabled servers concurrently and return their tools. A server that
        fails is reported in ``status`` and a log line; the agent keeps the other servers' tools."""
        await self.close_agent(agent_id)
        enabled = [s for s in servers if s.enabled]
        self._disabled[agent_id] = [s for s in servers if not s.enabled]
        self._servers[agent_id] = {s.name: s for s in enabled}
        conns = {s.name: _Connection(self, agent_id, s) for s in enabled}
        self._conns[agent_id] = conns
        await asyncio.gather(*(self._open(c, reconnect=False) for c in conns.values()))
        self._rebuild(agent_id)
        return self.tools(agent_id)

    def tools(self, agent_id: str) -> list[AgentTool]:
        """The agent's current tools (changes after ``tools/list_changed``)."""
        return list(self._tools.get(agent_id, []))

    def status(self, agent_id: str) -> list[ServerStatus]:
        out = [c.status() for c in self._conns.get(agent_id, {}).values()]
        out += [ServerStatus(s.name, s.transport, "disabled") for s in self._disabled.get(agent_id, [])]
        return out

    async def close_agent(self, agent_id: str) -> None:
        conns = self._conns.pop(agent_id, {})
        self._tools.pop(agent_id, None)
        self._servers.pop(agent_id, None)
        self._disabled.pop(agent_id, None)
        await asyncio.gather(*(c.close() for c in conns.values()))

    async def close(self) -> None:
        await asyncio.gather(*(self.close_agent(a) for a in list(self._conns)))

    # -- internals --------------------------------------------------------------------------------

    def _oauth_lock(self, user: str) -> asyncio.Lock:
        return self._oauth_locks.setdefault(user, asyncio.Lock())

    async def _open(self, conn: _Connection, *, reconnect: bool) -> None:
        await conn.open()
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
            LOG.event(
                "mcp server failed",
                " | ".join(tail.splitlines()[-5:]) if tail else None,
                agent=conn.agent_id,
                server=conn.server.name,
                error=conn.error,
            )

    def _rebuild(self, agent_id: str) -> None:
        pairs = [(c, t) for c in self._conns.get(agent_id, {}).values() for t in c.tools]
        names = unique_names([tool_name(c.server.name, t.name) for c, t in pairs])
        self._tools[agent_id] = [
            McpTool(self, agent_id, c.server.name, t, n) for (c, t), n in zip(pairs, names, strict=True)
        ]

    def _tools_changed(self, agent_id: str) -> None:
        self._rebuild(agent_id)
        if self.on_tools_changed is not None:
            self.on_tools_changed(agent_id)

    async def _connection(self, agent_id: str, server: str) -> _Connection | None:
        """The live connection, reconnecting once if it died."""
        conns = self._conns.get(agent_id)
        if conns is None or server not in conns:
            return None
        lock = self._locks.setdefault((agent_id, server), asyncio.Lock())
        async with lock:
            conn = conns[server]
            if conn.alive:
                return conn
            await conn.close()
            fresh = _Connection(self, agent_id, conn.server)
            await self._open(fresh, reconnect=True)
            if self._conns.get(agent_id) is conns:
                conns[server] = fresh
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
            return ToolReturn.error(
                notes.note(
                    "tool_failed",
                    language,
                    error=notes.note("mcp_unavailable", language, server=server, error=error),
                )
            )
        outcome = await conn.call(name, args, timeout)
        if isinstance(outcome, mcp_types.CallToolResult):
            return outcome
        kind, detail = outcome
        LOG.event("mcp call failed", agent=agent_id, server=server, tool=name, error=kind, detail=detail)
        if kind == "timeout":
            return ToolReturn.error(notes.note("tool_timeout", language, seconds=_seconds(timeout)))
        if kind == "disconnected":
            return ToolReturn.error(
                notes.note(
                    "tool_failed",
                    language,
                    error=notes.note("mcp_disconnected", language, server=server, error=detail),
                )
            )
        return ToolReturn.error(notes.note("tool_failed", language, error=detail))
