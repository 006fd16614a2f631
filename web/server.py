"""The web companion's server (issue 16, WC-1): Starlette served by uvicorn on the app's own loop.

Why these two: both are already in the app (the MCP SDK depends on them: ``constraints.txt`` pins
``starlette`` and ``uvicorn``), so the companion adds no dependency; Starlette is a small ASGI
toolkit (routing, requests, streaming responses) without a framework's opinions; uvicorn's
``Server.serve()`` is a coroutine, so the server runs as one task on the loop the window already
runs (qasync) and reaches the village, its store and its bus directly, with no thread and no
second loop. aiohttp would have been a new dependency for the same.

Two things differ from uvicorn's defaults: the server never installs signal handlers (the app owns
SIGINT and SIGTERM: ``capture_signals`` is a no-op), and the listening socket is bound here
before serving (a taken port is an ``OSError`` of ``start()``, not uvicorn's ``sys.exit``). Its own
log output stays off (``log_config=None``, no access log: a URL is never logged by it);
``proxy_headers`` is off, so no client can claim another address through ``X-Forwarded-For``
and dodge the rate limit. Bound to 127.0.0.1 unless the caller gives another host (the LAN, on the
person's opt-in).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from core.conversations import Conversations
from core.log import LOG, event
from core.village import Village
from core.watch.ports import WatchesLike
from web.api import Api
from web.feed import EventFeed
from web.guard import Attempts, Guard

PAGE_DIR = Path(__file__).with_name("page")
# the app's own icon, named by the page: a browser that finds none asks for /favicon.ico, without
# the token, a refused attempt (WC-4) at every load; "/icon.svg" is in web.guard.PUBLIC
ICON = Path(__file__).resolve().parents[1] / "resources" / "icons" / "fuseforks.svg"
PAGE_FILES = {
    "/": PAGE_DIR / "index.html",
    "/app.js": PAGE_DIR / "app.js",
    "/app.css": PAGE_DIR / "app.css",
    "/icon.svg": ICON,
}
PAGE_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css",
    ".svg": "image/svg+xml",
}
# the page runs only its own script and style, talks only to this server, is never framed
PAGE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


@dataclass(frozen=True)
class WebSettings:
    host: str = "127.0.0.1"
    port: int = 0  # 0: a free port chosen by the system
    max_body: int = 64 * 1024
    body_timeout_s: float = 10.0
    max_failures: int = 10
    failure_window_s: float = 60.0
    ring: int = 2000  # events kept for a client that reconnects
    max_connections: int = 100  # open connections and requests at once (event streams count)


class _Server(uvicorn.Server):
    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield  # the app's signals stay the app's


def page_routes() -> list[Route]:
    """The page's files and its icon, read once, with a policy that runs nothing else (WC-13)."""
    routes = []
    for path, file in PAGE_FILES.items():
        body, media_type = file.read_bytes(), PAGE_TYPES[file.suffix]

        async def serve(request: Request, body: bytes = body, media_type: str = media_type) -> Response:
            return Response(
                body,
                media_type=media_type,
                headers={
                    "Content-Security-Policy": PAGE_CSP,
                    "X-Content-Type-Options": "nosniff",
                    "Referrer-Policy": "no-referrer",
                    "Cache-Control": "no-cache",
                },
            )

        routes.append(Route(path, serve, methods=["GET", "HEAD"]))
    return routes


class WebCompanion:
    """One server for one village. ``token`` gives the current bearer token (the caller keeps it,
    in the keyring); it is registered with the log's secrets, so no line can carry it."""

    def __init__(
        self,
        village: Village,
        *,
        token: Callable[[], str],
        conversations: Conversations | None = None,
        watches: WatchesLike | None = None,
        settings: WebSettings | None = None,
        extra_hosts: tuple[str, ...] = (),
    ) -> None:
        self.settings = settings or WebSettings()
        self.village = village
        self._token = token
        self.extra_hosts = extra_hosts
        self.attempts = Attempts(self.settings.max_failures, self.settings.failure_window_s)
        self.feed = EventFeed(village.bus, size=self.settings.ring)
        self.api = Api(
            village,
            conversations,
            watches,
            self.feed,
            lambda: village.config.media_dir(),  # the village's configuration of now
            max_body=self.settings.max_body,
            body_timeout_s=self.settings.body_timeout_s,
        )
        app = Starlette(routes=[*page_routes(), *self.api.routes()])
        app.router.redirect_slashes = False  # no redirect to a path a client made up: 404
        self.app = Guard(app, self.token, self.hosts, self.attempts)
        self._server: _Server | None = None
        self._task: asyncio.Task[None] | None = None
        self.port = 0

    def token(self) -> str:
        value = self._token()
        LOG.register_secret(value)
        return value

    def hosts(self) -> set[str]:
        names = {self.settings.host, "127.0.0.1", "localhost", *self.extra_hosts}
        return {f"{n}:{self.port}".lower() for n in names}

    @property
    def url(self) -> str:
        return f"http://{self.settings.host}:{self.port}/"

    async def start(self) -> None:
        """Listen and serve (returns once the server accepts connections); ``OSError`` when the
        address cannot be bound."""
        self.token()
        family = socket.AF_INET6 if ":" in self.settings.host else socket.AF_INET
        # IPPROTO_TCP named: asyncio sets TCP_NODELAY only on sockets that say so (else a kept-alive
        # connection's answer waits 40 ms for the delayed ACK of its headers)
        sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.bind((self.settings.host, self.settings.port))
        except OSError:
            sock.close()
            raise
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(
            self.app,
            log_config=None,
            access_log=False,
            lifespan="off",
            http="h11",
            ws="none",
            proxy_headers=False,
            server_header=False,
            timeout_graceful_shutdown=2,
            limit_concurrency=self.settings.max_connections,  # beyond: 503, not an unbounded pile
        )
        self._server = _Server(config)
        self._task = asyncio.create_task(self._server.serve(sockets=[sock]), name="web companion")
        while not self._server.started:
            if self._task.done():
                self._task.result()  # its error
                raise OSError("web companion did not start")
            await asyncio.sleep(0.01)
        event("web", action="started", host=self.settings.host, port=self.port)

    async def stop(self) -> None:
        """Close every event stream, then the server; returns when it has stopped."""
        self.feed.close()
        if self._server is None or self._task is None:
            return
        self._server.should_exit = True
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self._server = self._task = None
        event("web", action="stopped", port=self.port)
