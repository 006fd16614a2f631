"""OAuth for remote MCP servers: the SDK's ``OAuthClientProvider`` with tokens in the OS keyring and
a browser redirect to a loopback port.

* ``KeyringTokenStorage``: the SDK's ``TokenStorage``; tokens, their absolute expiry and the
  registered client as one JSON value in the keyring (service ``fuseforks``, user
  ``mcp-oauth:<server>:<sha256(url)[:12]>``). Every token and client secret read or written is
  registered with the log sanitiser.
* ``LoopbackCallback``: a tiny HTTP server on ``127.0.0.1`` that receives ``/callback?code=&state=``
  once, answers with a small HTML page and resolves ``(code, state)``; a wrong state, an ``error=``
  or no answer in time end the flow with a typed ``OAuthError``.
* ``forget(server, url)`` / ``signed_in(server, url)``: sign out (the stored tokens and client
  registration are deleted) and whether tokens are stored, without reading them out.
* ``McpOAuth``: builds the ``httpx2.Auth`` for one connection. With ``client_id`` in the settings
  the pre-registered client is used as is (no dynamic registration; ``client_secret_post`` when a
  secret is given, else ``none``) and ``redirect_port`` fixes the loopback port. The browser is opened through an
  injectable ``open_url(url)`` hook (sync hooks run in a worker thread, async ones on the loop);
  without one the flow fails at once with ``OAuthBrowserUnavailable`` instead of waiting.

Lines written: ``mcp oauth: agent= server= action=browser|no-browser|authorized|refreshed|declined|
timeout|state-mismatch|signed-out`` (sign-out: ``agent=-``). No line ever carries the authorisation URL, a code, a state or a token.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import html
import inspect
import json
import socket
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx2
import keyring
from mcp.client.auth import OAuthClientProvider, OAuthFlowError, OAuthRegistrationError, OAuthTokenError
from mcp.shared.auth import (
    AuthorizationCodeResult,
    OAuthClientInformationFull,
    OAuthClientMetadata,
    OAuthToken,
)
from pydantic import AnyUrl, ValidationError

from core.config import McpServer, OAuthSettings
from core.log import LOG

KEYRING_SERVICE = "fuseforks"
CALLBACK_PATH = "/callback"
CALLBACK_TIMEOUT_S = 300.0  # how long a person gets to finish the authorisation page
_MAX_REQUEST_BYTES = 16 * 1024

OpenUrl = Callable[[str], object]
"""Opens a URL in the person's browser. May be sync (run in a worker thread; returning ``False``
means no browser could be opened) or async."""


class OAuthError(Exception):
    """The OAuth authorisation of an MCP server did not complete. ``str()`` is the reason."""


class OAuthBrowserUnavailable(OAuthError):
    """No browser hook, or the hook could not open the page."""


class OAuthTimeout(OAuthError):
    """Nobody came back to the loopback callback in time."""


class OAuthDeclined(OAuthError):
    """The authorisation server redirected back with ``error=`` (for example ``access_denied``)."""


class OAuthStateMismatch(OAuthError):
    """The callback's ``state`` is not the one this flow sent."""


class OAuthCallbackUnavailable(OAuthError):
    """The loopback callback port could not be opened."""


def keyring_user(server: str, url: str) -> str:
    digest = hashlib.sha256(url.encode("utf-8")).hexdigest()[:12]
    return f"mcp-oauth:{server}:{digest}"


def _register(*values: str | None) -> None:
    for value in values:
        if value:
            LOG.register_secret(value)


class KeyringTokenStorage:
    """``mcp.client.auth.TokenStorage`` backed by the OS keyring.

    ``redirect_uri``: a stored client registration whose ``redirect_uris`` do not contain it is not
    returned (the server compares redirect URIs exactly), so the SDK registers again. When the
    keyring cannot be written the values are kept in memory for this process only.
    """

    def __init__(
        self,
        server: str,
        url: str,
        *,
        redirect_uri: str | None = None,
        on_tokens: Callable[[OAuthToken], None] | None = None,
        client_info: OAuthClientInformationFull | None = None,
    ) -> None:
        self.user = keyring_user(server, url)
        self.redirect_uri = redirect_uri
        self.on_tokens = on_tokens
        # A pre-registered client: returned as is and never written (its secret stays where it is).
        self.client_info = client_info
        self._memory: dict[str, Any] | None = None

    # -- raw JSON value ---------------------------------------------------------------------------

    def _read_sync(self) -> dict[str, Any]:
        if self._memory is not None:
            return self._memory
        try:
            raw = keyring.get_password(KEYRING_SERVICE, self.user)
        except Exception:  # no backend, locked keyring, D-Bus trouble: nothing stored
            raw = None
        if not raw:
            return {}
        try:
            data = json.loads(raw)
        except json.JSONDecodeError:
            return {}
        return data if isinstance(data, dict) else {}

    def _write_sync(self, data: dict[str, Any]) -> None:
        try:
            keyring.set_password(KEYRING_SERVICE, self.user, json.dumps(data, sort_keys=True))
        except Exception:
            self._memory = data
        else:
            self._memory = None

    async def _read(self) -> dict[str, Any]:
        return await asyncio.to_thread(self._read_sync)

    async def _update(self, **values: Any) -> None:
        def update() -> None:
            data = dict(self._read_sync())
            data.update(values)
            self._write_sync(data)

        await asyncio.to_thread(update)

    # -- TokenStorage -----------------------------------------------------------------------------

    async def get_tokens(self) -> OAuthToken | None:
        data = await self._read()
        raw = data.get("tokens")
        if not isinstance(raw, dict):
            return None
        try:
            tokens = OAuthToken.model_validate(raw)
        except ValidationError:
            return None
        _register(tokens.access_token, tokens.refresh_token)
        expires_at = data.get("expires_at")
        if isinstance(expires_at, int | float):  # what is left of the lifetime, never negative
            tokens.expires_in = max(0, int(expires_at - time.time()))
        return tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        _register(tokens.access_token, tokens.refresh_token)
        expires_at = None if tokens.expires_in is None else time.time() + int(tokens.expires_in)
        await self._update(tokens=tokens.model_dump(mode="json", exclude_none=True), expires_at=expires_at)
        if self.on_tokens is not None:
            self.on_tokens(tokens)

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        if self.client_info is not None:
            return self.client_info
        raw = (await self._read()).get("client_info")
        if not isinstance(raw, dict):
            return None
        try:
            info = OAuthClientInformationFull.model_validate(raw)
        except ValidationError:
            return None
        _register(info.client_secret)
        if self.redirect_uri is not None and self.redirect_uri not in [
            str(u) for u in info.redirect_uris or []
        ]:
            return None
        return info

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        _register(client_info.client_secret)
        if self.client_info is not None:
            return
        await self._update(client_info=client_info.model_dump(mode="json", exclude_none=True))

    def has_tokens_sync(self) -> bool:
        """Whether tokens are stored (blocking; nothing is read out or registered)."""
        return isinstance(self._read_sync().get("tokens"), dict)

    def clear_sync(self) -> bool:
        """Delete the stored value (blocking); ``True`` when something was stored."""
        had = bool(self._read_sync())
        self._memory = None
        with contextlib.suppress(Exception):
            keyring.delete_password(KEYRING_SERVICE, self.user)
        return had

    async def clear(self) -> None:
        await asyncio.to_thread(self.clear_sync)

    async def stored_redirect_port(self) -> int | None:
        """The loopback port of the stored client registration, to register no new client."""
        raw = (await self._read()).get("client_info")
        uris = raw.get("redirect_uris") if isinstance(raw, dict) else None
        for uri in uris if isinstance(uris, list) else []:
            parts = urlsplit(str(uri))
            if parts.hostname == "127.0.0.1" and parts.path == CALLBACK_PATH and parts.port:
                return parts.port
        return None


def signed_in(server: str, url: str) -> bool:
    """Whether OAuth tokens for ``server`` at ``url`` are in the keyring (blocking keyring call)."""
    return KeyringTokenStorage(server, url).has_tokens_sync()


def forget(server: str, url: str) -> bool:
    """Sign out: delete the stored tokens and client registration of ``server`` at ``url``
    (blocking keyring call). ``True`` when something was stored; only then is a line written."""
    removed = KeyringTokenStorage(server, url).clear_sync()
    if removed:
        LOG.event("mcp oauth", agent="-", server=server, action="signed-out")
    return removed


# -- loopback callback ----------------------------------------------------------------------------

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


# -- the auth of one connection -------------------------------------------------------------------


class _Provider(OAuthClientProvider):
    """The SDK provider, plus: stored tokens keep their expiry, so an expired access token is
    refreshed before use instead of starting a new browser round trip."""

    async def _initialize(self) -> None:
        await super()._initialize()
        tokens = self.context.current_tokens
        if tokens is not None and tokens.expires_in is not None:
            self.context.update_token_expiry(tokens)


def describe_oauth_error(exc: BaseException) -> str | None:
    """A log-safe reason for an OAuth failure (never a code, a state or a token), or ``None``."""
    if isinstance(exc, OAuthError):
        return f"OAuth: {exc}"
    if isinstance(exc, OAuthTokenError):
        text = str(exc)
        status = text.split("(", 1)[1].split(")", 1)[0] if "(" in text else "?"
        error = ""
        if ": " in text:
            with contextlib.suppress(ValueError, AttributeError):
                error = str(json.loads(text.split(": ", 1)[1]).get("error", ""))
        error = "".join(c for c in error if c.isalnum() or c in "_-.")[:40]
        hint = "; the client id or secret was not accepted" if error == "invalid_client" else ""
        return f"OAuth: token request failed (HTTP {status}{' ' + error if error else ''}){hint}"
    if isinstance(exc, OAuthRegistrationError):
        return "OAuth: client registration failed"
    if isinstance(exc, OAuthFlowError):
        text = " ".join(str(exc).split())
        if "state" in text.lower():
            return "OAuth: state mismatch"
        return f"OAuth: {text[:200]}"
    return None


class McpOAuth:
    """The OAuth ``httpx2.Auth`` of one connection to one remote MCP server."""

    def __init__(
        self,
        agent_id: str,
        server: McpServer,
        *,
        open_url: OpenUrl | None,
        settings: OAuthSettings | None = None,
        timeout_s: float = CALLBACK_TIMEOUT_S,
        client_secret: str | None = None,
    ) -> None:
        """``client_secret``: the resolved value of ``settings.client_secret`` (a reference)."""
        self.agent_id = agent_id
        self.server = server
        self.open_url = open_url
        self.settings = settings or server.oauth or OAuthSettings()
        self.callback = LoopbackCallback(timeout_s=timeout_s)
        self.client_secret = client_secret
        _register(client_secret)
        self.storage = KeyringTokenStorage(server.name, server.url, on_tokens=self._stored)
        self.browser_opened = 0
        self.waiting_since: float | None = None  # monotonic, while a person is on the page
        self.person_s = 0.0  # time spent waiting on a person (the connect timeout does not count it)
        self._authorizing = False
        self.auth: httpx2.Auth | None = None

    def _event(self, action: str) -> None:
        LOG.event("mcp oauth", agent=self.agent_id, server=self.server.name, action=action)

    async def build(self) -> httpx2.Auth:
        """Choose the callback port (the stored registration's if it is free) and build the auth."""
        settings = self.settings
        if settings.redirect_port is not None:  # registered exactly: no other port will do
            port = settings.redirect_port
        elif settings.client_id is not None:
            port = reserve_port()
        else:
            port = reserve_port(await self.storage.stored_redirect_port())
        self.callback.port = port
        self.storage.redirect_uri = self.callback.redirect_uri
        secret = self.client_secret if settings.client_id is not None else None
        metadata = OAuthClientMetadata(
            redirect_uris=[AnyUrl(self.callback.redirect_uri)],
            client_name=settings.client_name,
            scope=settings.scopes,
            token_endpoint_auth_method="client_secret_post" if secret else "none",
            grant_types=["authorization_code", "refresh_token"],
            response_types=["code"],
        )
        if settings.client_id is not None:
            self.storage.client_info = OAuthClientInformationFull(
                **metadata.model_dump(exclude_none=True), client_id=settings.client_id, client_secret=secret
            )
        self.auth = _Provider(
            self.server.url,
            metadata,
            self.storage,
            redirect_handler=self._redirect,
            callback_handler=self._callback,
        )
        return self.auth

    def _stored(self, tokens: OAuthToken) -> None:
        if self._authorizing:  # the code exchange that ends a browser round trip
            self._authorizing = False
        else:
            self._event("refreshed")

    async def _redirect(self, url: str) -> None:
        states = parse_qs(urlsplit(url).query).get("state")
        state = states[0] if states else None
        if self.open_url is None:
            self._event("no-browser")
            raise OAuthBrowserUnavailable("the server needs a browser sign-in and no browser is available")
        self._authorizing = True
        self.waiting_since = time.monotonic()
        try:
            await self.callback.start(state)
        except OAuthError:
            await self._done()
            raise
        self._event("browser")
        self.browser_opened += 1
        try:
            if inspect.iscoroutinefunction(self.open_url):
                opened = await self.open_url(url)
            else:
                opened = await asyncio.to_thread(self.open_url, url)
                if inspect.isawaitable(opened):
                    opened = await opened
        except Exception as exc:
            await self._done()
            raise OAuthBrowserUnavailable(f"could not open the browser ({type(exc).__name__})") from exc
        if opened is False:
            await self._done()
            raise OAuthBrowserUnavailable("could not open the browser")

    async def _callback(self) -> AuthorizationCodeResult:
        try:
            result = await self.callback.wait()
        except OAuthDeclined:
            self._event("declined")
            raise
        except OAuthTimeout:
            self._event("timeout")
            raise
        except OAuthStateMismatch:
            self._event("state-mismatch")
            raise
        finally:
            await self._done()
        self._event("authorized")
        return result

    async def _done(self) -> None:
        if self.waiting_since is not None:
            self.person_s += time.monotonic() - self.waiting_since
            self.waiting_since = None
        await self.callback.close()

    async def close(self) -> None:
        await self._done()
