"""``LoopbackCallback``: the end of an OAuth browser round trip.

A tiny HTTP server on ``127.0.0.1`` receives ``/callback?code=&state=`` once, answers with a small
HTML page and resolves ``(code, state)``; a wrong state, an ``error=`` or no answer in time end the
flow with a typed ``OAuthError``.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import socket
from urllib.parse import parse_qs, urlsplit

from mcp.shared.auth import AuthorizationCodeResult

from core.mcp.oauth_errors import (
    OAuthCallbackUnavailable,
    OAuthDeclined,
    OAuthError,
    OAuthStateMismatch,
    OAuthTimeout,
)

CALLBACK_PATH = "/callback"
CALLBACK_TIMEOUT_S = 300.0  # how long a person gets to finish the authorisation page

_PAGE = (
    "<!doctype html><html><head><meta charset=utf-8><title>Fuseforks</title></head>"
    "<body style='font-family:sans-serif'><h1>{title}</h1><p>{text}</p></body></html>"
)


def reserve_port(preferred: int | None = None) -> int:
    """A free loopback port: ``preferred`` if it can be bound now, else an ephemeral one."""
    for port in ([preferred] if preferred else []) + [0]:
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a finished sign-in's TIME_WAIT
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return int(sock.getsockname()[1])
    raise OAuthCallbackUnavailable("no free loopback port for the OAuth callback")


class LoopbackCallback:
    """Receives the authorisation server's redirect on ``http://127.0.0.1:PORT/callback``."""

    def __init__(self, port: int = 0, *, timeout_s: float = CALLBACK_TIMEOUT_S) -> None:
        self.port = port
        self.timeout_s = timeout_s
        self.expected_state: str | None = None
        self._server: asyncio.Server | None = None
        self._result: asyncio.Future[AuthorizationCodeResult] | None = None

    @property
    def redirect_uri(self) -> str:
        return f"http://127.0.0.1:{self.port}{CALLBACK_PATH}"

    async def start(self, expected_state: str | None = None) -> None:
        """Listen (again) and forget any earlier answer."""
        await self.close()
        self.expected_state = expected_state
        self._result = asyncio.get_running_loop().create_future()
        try:
            self._server = await asyncio.start_server(
                self._handle, "127.0.0.1", self.port, reuse_address=True
            )
        except OSError as exc:
            raise OAuthCallbackUnavailable(
                f"cannot listen on 127.0.0.1:{self.port} for the OAuth callback ({exc.strerror or exc})"
            ) from exc
        self.port = int(self._server.sockets[0].getsockname()[1])

    async def wait(self) -> AuthorizationCodeResult:
        """The ``code``/``state`` of the redirect; ``OAuthError`` subclasses otherwise. Closes."""
        if self._result is None:
            raise OAuthError("the OAuth callback was not started")
        try:
            async with asyncio.timeout(self.timeout_s):
                return await asyncio.shield(self._result)
        except TimeoutError:
            raise OAuthTimeout(f"no answer from the authorisation page within {self.timeout_s:g} s") from None
        finally:
            await self.close()

    async def close(self) -> None:
        server, self._server = self._server, None
        if server is not None:
            server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 2)

    def _resolve(self, outcome: AuthorizationCodeResult | OAuthError) -> None:
        if self._result is None or self._result.done():
            return
        if isinstance(outcome, OAuthError):
            self._result.set_exception(outcome)
        else:
            self._result.set_result(outcome)

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError, OSError):
            writer.close()
            return
        try:
            method, target, _ = head.split(b"\r\n", 1)[0].decode("latin-1").split(" ", 2)
        except ValueError:
            method, target = "", ""
        status, title, text = self._answer(method, target)
        body = _PAGE.format(title=html.escape(title), text=html.escape(text)).encode("utf-8")
        writer.write(
            f"HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\n"
            f"Content-Length: {len(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n".encode()
            + body
        )
        with contextlib.suppress(OSError):
            await writer.drain()
        writer.close()

    def _answer(self, method: str, target: str) -> tuple[str, str, str]:
        parts = urlsplit(target)
        if method != "GET" or parts.path != CALLBACK_PATH:
            return "404 Not Found", "Not found", "This address only receives the Fuseforks sign-in answer."
        if self._result is None or self._result.done():
            return (
                "409 Conflict",
                "Already done",
                "This sign-in has already finished; you can close this tab.",
            )
        query = {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
        state = query.get("state")
        if self.expected_state is not None and state != self.expected_state:
            self._resolve(OAuthStateMismatch("the OAuth callback came back with a different state"))
            return "400 Bad Request", "Sign-in failed", "The answer did not match this sign-in. Try again."
        if "error" in query:
            error = "".join(c for c in query["error"] if c.isalnum() or c in "_-.")[:40] or "error"
            self._resolve(OAuthDeclined(f"authorisation declined ({error})"))
            return "200 OK", "Sign-in declined", "Fuseforks was not authorised. You can close this tab."
        code = query.get("code")
        if not code:
            self._resolve(OAuthDeclined("the OAuth callback carried no code"))
            return "400 Bad Request", "Sign-in failed", "The answer carried no code. Try again."
        self._resolve(AuthorizationCodeResult(code=code, state=state, iss=query.get("iss")))
        return "200 OK", "Signed in", "Fuseforks is authorised. You can close this tab."
