"""What stands in front of every route (WC-2 … WC-5): the Host, the bearer token, the failed
attempts of a client, the Origin of a request that changes state.

A pure ASGI middleware (not Starlette's ``BaseHTTPMiddleware``, which buffers and would hold the
event stream back). In order:

1. ``Host`` must be one the server answers to (its bound address, ``localhost``, ``127.0.0.1``):
   a page of another site that rebinds its DNS name to this machine is refused (421).
2. A client with ``max_failures`` refused attempts in the last ``window_s`` seconds is refused
   (429, ``Retry-After``) until the oldest leaves the window, whatever it sends.
3. ``Authorization: Bearer <token>`` on every route but the page's own three files (they carry
   no data: the page signs in with the token it keeps). Compared in constant time
   (``hmac.compare_digest``); missing or wrong: 401 (counted as a failure).
4. A request that may change state (any method but GET, HEAD, OPTIONS) whose ``Origin`` is not
   the server's own is refused (403): a page elsewhere cannot post here even with a leaked token
   in hand of the browser. Without ``Origin`` (a non-browser client holding the token) it passes.

Refusals are logged as ``web refused:`` lines with the reason, the client address and the path,
never a header value, the query or the token; a client's failures are logged until it is limited
(then one ``limited`` line), so a flood cannot fill the log.
"""

from __future__ import annotations

import hmac
import json
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from starlette.types import ASGIApp, Receive, Scope, Send

from core.log import event

PUBLIC = frozenset({"/", "/app.js", "/app.css", "/icon.svg"})  # web.server.PAGE_FILES: no data (WC-3)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


@dataclass
class Attempts:
    """Refused attempts per client address within a sliding window (WC-4)."""

    max_failures: int = 10
    window_s: float = 60.0
    clock: Callable[[], float] = time.monotonic
    _by_client: dict[str, deque[float]] = field(default_factory=dict)

    def _recent(self, client: str) -> deque[float]:
        seen = self._by_client.setdefault(client, deque())
        cutoff = self.clock() - self.window_s
        while seen and seen[0] <= cutoff:
            seen.popleft()
        if not seen:
            del self._by_client[client]  # a quiet client costs nothing
            return deque()
        return seen

    def retry_after(self, client: str) -> float:
        """Seconds until ``client`` may try again (0: now)."""
        seen = self._recent(client)
        if len(seen) < self.max_failures:
            return 0.0
        return max(0.0, seen[0] + self.window_s - self.clock())

    def fail(self, client: str) -> int:
        """Count one refused attempt; how many the client has in the window now."""
        self._recent(client)
        seen = self._by_client.setdefault(client, deque())
        seen.append(self.clock())
        return len(seen)


def loggable(path: str) -> str:
    """A request path for a log line: at most 120 characters, control characters escaped."""
    return "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in path[:120])


def header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def bearer(value: str | None) -> str:
    if value is None:
        return ""
    scheme, _, token = value.strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


async def refuse(send: Send, status: int, reason: str, extra: Iterable[tuple[bytes, bytes]] = ()) -> None:
    body = json.dumps({"error": reason}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
        (b"x-content-type-options", b"nosniff"),
        *extra,
    ]
    if status == 401:
        headers.append((b"www-authenticate", b'Bearer realm="fuseforks"'))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """The checks above around ``app``; ``token`` is read on every request (a rotated token takes
    effect at once); ``hosts`` the ``host:port`` values the server answers to."""

    def __init__(
        self, app: ASGIApp, token: Callable[[], str], hosts: Callable[[], set[str]], attempts: Attempts
    ) -> None:
        self.app = app
        self.token = token
        self.hosts = hosts
        self.attempts = attempts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope["client"][0] if scope.get("client") else "-"
        path: str = scope["path"]
        method: str = scope["method"]
        wait = self.attempts.retry_after(client)
        if wait > 0:
            await refuse(send, 429, "rate_limited", [(b"retry-after", str(int(wait) + 1).encode())])
            return
        host = header(scope, b"host")
        if host is None or host.lower() not in self.hosts():
            await self._failed(send, client, path, 421, "host")
            return
        if path in PUBLIC and method in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        given = bearer(header(scope, b"authorization"))
        expected = self.token()
        if not given or not expected or not hmac.compare_digest(given.encode(), expected.encode()):
            await self._failed(send, client, path, 401, "bad_token" if given else "no_token")
            return
        origin = header(scope, b"origin")
        if method not in SAFE_METHODS and origin is not None and origin.lower() != f"http://{host.lower()}":
            event("web refused", reason="origin", client=client, method=method, path=loggable(path))
            await refuse(send, 403, "origin")
            return
        await self.app(scope, receive, send)

    async def _failed(self, send: Send, client: str, path: str, status: int, reason: str) -> None:
        count = self.attempts.fail(client)
        if count < self.attempts.max_failures:
            event("web refused", reason=reason, client=client, path=loggable(path))
        elif count == self.attempts.max_failures:
            event("web refused", reason="limited", client=client, failures=count)
        await refuse(send, status, reason)
