"""``Connection``: one live MCP session of one agent's server.

Its ``mcp.Client`` lives inside its own asyncio task (the SDK's anyio task groups must be entered
and left in one task). Calls are sent from the caller's task and raced against the connection
dying, so an HTTP server that disappears mid-call still ends the call at once (mcp 2.3 raises
``CancelledError`` in the calling task and the transport's ``RemoteProtocolError`` only where the
``Client`` context is left: the owner task). A call that gets no result ends in a ``CallFailure``.

While a person is on an OAuth sign-in page, or fills in a form the server asked for (elicitation),
the connect and call timeouts stand still. The connection reaches its manager only through
``ConnectionOwner`` (settings, hooks, the per-server OAuth lock), so it imports no provider.

Lines written: ``mcp tools changed:``, ``mcp tools refresh failed:``, ``mcp elicitation:``,
``mcp elicitation failed:`` and ``mcp oauth: action=required`` (the provider writes the
``mcp server …`` and ``mcp call failed:`` lines).

Just over 400 lines: the session task, the call race and the two clocks that stop (sign-in, forms)
share one connection's state; its transports, status values and stderr ring live beside it.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Iterator
from contextlib import AsyncExitStack, contextmanager
from typing import Any, Protocol

import httpx2
import mcp_types
from mcp import Client, MCPError
from mcp.client.session import ClientRequestContext

from core import __version__
from core.config import McpServer, McpSettings
from core.elicitation import ElicitationAnswer, ElicitationHandler, ElicitationRequest
from core.log import LOG
from core.mcp.oauth import McpOAuth, OpenUrl
from core.mcp.oauth_errors import OAuthBrowserUnavailable, describe_oauth_error
from core.mcp.oauth_tokens import keyring_user
from core.mcp.progress import SdkProgress
from core.mcp.roots import list_roots_callback
from core.mcp.sampling import Sampling, sampling_callback
from core.mcp.status import (
    CallFailure,
    ConnectFailed,
    ServerStatus,
    State,
    ToolInfo,
    describe,
    innermost,
    seconds,
    target,
)
from core.mcp.stderr import STDERR_TAIL_CHARS, StderrRing
from core.mcp.transport import BearerProbe, remote_transport, stdio_transport
from core.paths import APP_NAME
from core.secret_refs import MissingSecret, SecretResolver, expand

SIGN_IN_NEEDED = "OAuth: a sign-in is needed (Reconnect opens the sign-in page)"
CLOSE_GRACE_S = 6.0  # the SDK's stdio shutdown waits up to 2 s + 2 s before SIGKILL


class ConnectionOwner(Protocol):
    """What a ``Connection`` needs from its manager (``McpToolProvider``)."""

    settings: McpSettings
    secret_resolver: SecretResolver
    elicitation: ElicitationHandler | None
    sampling: Sampling | None
    open_url: OpenUrl | None
    oauth_timeout_s: float

    def oauth_lock(self, user: str) -> asyncio.Lock:
        """The lock all connections signing in with the keyring user ``user`` share."""
        ...

    def tools_changed(self, agent_id: str) -> None:
        """A connection of ``agent_id`` read a changed tool list."""
        ...


class Connection:
    """One live MCP session of one agent's server."""

    def __init__(self, owner: ConnectionOwner, agent_id: str, server: McpServer) -> None:
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
        self.interactive = True  # False (an automatic retry): no sign-in page is ever opened
        self.sign_in_failed = False  # it failed in OAuth: only the person can try again
        self._person_open = 0  # elicitation forms waiting for the person
        self._person_since: float | None = None
        self._person_total = 0.0
        self.oauth: McpOAuth | None = None
        self.use_oauth = server.oauth is not None
        self._probe: BearerProbe | None = None
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
        live = self.state == "connected"
        return ServerStatus(
            self.server.name,
            self.server.transport,
            self.state,
            len(self.tools) if live else 0,
            self.error,
            self.failed_tail if self.state == "failed" else "",
            self.ms,
            target(self.server),
            tool_list=tuple(ToolInfo(t.name, t.description or "") for t in self.tools) if live else (),
        )

    @property
    def alive(self) -> bool:
        return self.state == "connected" and self.client is not None and not self._dead.is_set()

    # -- transport --------------------------------------------------------------------------------

    async def _resolve(self, values: dict[str, str]) -> dict[str, str]:
        """``${secret:NAME}`` references replaced; every resolved value registered with the log."""
        try:
            return await expand(values, self.owner.secret_resolver)
        except MissingSecret as exc:
            raise ConnectFailed(str(exc)) from exc

    async def _transport(self, stack: AsyncExitStack) -> Any:
        server = self.server
        if server.transport == "stdio":
            env = await self._resolve(server.env)
            if self._stderr is None:  # kept after the process ends, for the failure report
                self._stderr = StderrRing()
            return stdio_transport(server, env, self._stderr.writer)
        headers = await self._resolve(server.headers)
        auth: httpx2.Auth | None = None
        self._probe = None
        if self.use_oauth:
            if self.oauth is None:
                o = server.oauth
                pairs = (("s", o and o.client_secret), ("k", o and o.private_key), ("t", o and o.id_token))
                refs = {k: v for k, v in pairs if v}
                resolved = await self._resolve(refs)
                self.oauth = McpOAuth(
                    self.agent_id,
                    server,
                    open_url=self.owner.open_url if self.interactive else None,
                    timeout_s=self.owner.oauth_timeout_s,
                    client_secret=resolved.get("s"),
                    private_key=resolved.get("k"),
                    id_token=resolved.get("t"),
                )
            auth = await self.oauth.build()
        elif server.oauth_auto and not any(k.lower() == "authorization" for k in headers):
            auth = self._probe = BearerProbe()
        return await remote_transport(server, self.owner.settings, stack, headers, auth)

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
            self.error = f"did not connect within {seconds(timeout)} s"
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
        lock = self.owner.oauth_lock(keyring_user(self.server.name, self.server.url))
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
            self.sign_in_failed = describe_oauth_error(innermost(exc)) is not None
            if not self.error:
                self.error = SIGN_IN_NEEDED if self._quiet_sign_in(exc) else describe(exc)
            if not ready.done():
                ready.set_exception(ConnectFailed(self.error))
                ready.exception()  # retrieved: open() reads state, not the exception
        finally:
            self.client = None
            self._dead.set()
            if self.state == "connected":
                self.state = "closed" if self._stop.is_set() else "failed"

    def _quiet_sign_in(self, exc: BaseException) -> bool:
        """An automatic retry reached a server that wants the person to sign in again."""
        return not self.interactive and isinstance(innermost(exc), OAuthBrowserUnavailable)

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
                    # declared only when the person enabled them for this server
                    list_roots_callback=list_roots_callback(self) if self.server.roots else None,
                    sampling_callback=sampling_callback(self) if self.server.sampling else None,
                    message_handler=self._on_message,
                    client_info=mcp_types.Implementation(name=APP_NAME, version=__version__),
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
            await asyncio.wait_for(asyncio.shield(task), CLOSE_GRACE_S)
        except (TimeoutError, asyncio.CancelledError):
            task.cancel()
            await asyncio.wait({task}, timeout=CLOSE_GRACE_S)

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
                "mcp tools refresh failed", agent=self.agent_id, server=self.server.name, error=describe(exc)
            )
            return
        LOG.event("mcp tools changed", agent=self.agent_id, server=self.server.name, tools=len(self.tools))
        self.owner.tools_changed(self.agent_id)

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
            try:
                with self.person_waiting():
                    answer = await handler(request)
            except Exception as exc:
                LOG.event(
                    "mcp elicitation failed",
                    agent=self.agent_id,
                    server=self.server.name,
                    error=describe(exc),
                )
                answer = ElicitationAnswer("cancel")
        LOG.event("mcp elicitation", agent=self.agent_id, server=self.server.name, action=answer.action)
        return mcp_types.ElicitResult(action=answer.action, content=answer.content)

    @contextmanager
    def person_waiting(self) -> Iterator[None]:
        """The call clock stands still while this block waits for the person."""
        self._person_open += 1
        self._person_since = self._person_since or time.monotonic()
        try:
            yield
        finally:
            self._person_open -= 1
            if self._person_open == 0 and self._person_since is not None:
                self._person_total += time.monotonic() - self._person_since
                self._person_since = None

    # -- calls ------------------------------------------------------------------------------------

    async def call(
        self,
        name: str,
        args: dict[str, Any],
        timeout: float,  # noqa: ASYNC109 - the MCP read timeout
        progress: SdkProgress | None = None,
    ) -> mcp_types.CallToolResult | CallFailure:
        """The result, or the ``CallFailure`` that kept it from coming. With ``progress`` the call
        carries a progress token and the server's notifications go to it (``core.mcp.progress``)."""
        client = self.client
        if client is None or self._dead.is_set():
            return CallFailure("disconnected", self.error or "not connected")
        # The timeout counts the server's time only: while the person fills in a form the server
        # asked for (elicitation), the clock stops, so nobody has to beat call_timeout_s. The SDK's
        # own read timeout (the connect timeout, for the handshake) must not cut the call first.
        call = asyncio.ensure_future(
            client.call_tool(name, args, progress_callback=progress, read_timeout_seconds=math.inf)
        )
        dead = asyncio.ensure_future(self._dead.wait())
        start, person_before = time.monotonic(), self.personseconds()
        done: set[asyncio.Future[Any]] = set()
        try:
            while not done:
                left = start + timeout + (self.personseconds() - person_before) - time.monotonic()
                if left <= 0:
                    break
                done, _ = await asyncio.wait({call, dead}, timeout=left, return_when="FIRST_COMPLETED")
        finally:
            dead.cancel()
            if not call.done():
                call.cancel()
                await asyncio.wait({call}, timeout=CLOSE_GRACE_S)
        if call in done and not call.cancelled():
            exc = call.exception()
            if exc is None:
                return call.result()
            leaf = innermost(exc)
            if isinstance(leaf, MCPError) and leaf.code == mcp_types.REQUEST_TIMEOUT:
                return CallFailure("timeout", describe(leaf))
            if isinstance(leaf, MCPError) and leaf.code != mcp_types.CONNECTION_CLOSED:
                return CallFailure("protocol", describe(leaf))
            self._mark_dead(describe(leaf))
            return CallFailure("disconnected", describe(leaf))
        if call in done or dead in done:
            self._mark_dead(self.error or "connection lost")
            return CallFailure("disconnected", self.error or "connection lost")
        return CallFailure("timeout", f"no answer within {seconds(timeout)} s")

    def personseconds(self) -> float:
        """Seconds spent waiting for the person (open elicitation forms), including a form open now."""
        now = time.monotonic() - self._person_since if self._person_since is not None else 0.0
        return self._person_total + now

    def abandon(self, error: str) -> None:
        """Give the connection up (its server stopped answering); the provider opens a new one."""
        self._mark_dead(error)

    def _mark_dead(self, error: str) -> None:
        if not self.error:
            self.error = error
        self.state = "failed"
        self._dead.set()
        self._stop.set()  # let the owner task leave the Client context
