"""OAuth for remote MCP servers: the SDK's ``OAuthClientProvider`` with tokens in the OS keyring and
a browser redirect to a loopback port. This module is the glue and the package's OAuth surface; the
parts live next to it:

* ``core.mcp.oauth_tokens``: ``KeyringTokenStorage`` (the SDK's ``TokenStorage`` in the keyring),
  ``forget`` / ``signed_in`` (sign out, and whether tokens are stored).
* ``core.mcp.oauth_callback``: ``LoopbackCallback``, the ``127.0.0.1`` redirect receiver.
* ``core.mcp.oauth_errors``: the typed ``OAuthError`` tree and ``describe_oauth_error``.
* ``core.mcp.oauth_clients``: ``AppProvider`` (the SDK provider: stored tokens keep their expiry; a
  client with a secret authenticates as the server's metadata offers, ``client_secret_post`` or
  ``client_secret_basic``) and ``machine_auth`` (the ``client_credentials`` grant).
* here, ``McpOAuth``: builds the ``httpx2.Auth`` for one connection. With ``client_id`` in the settings
  the pre-registered client is used as is (no dynamic registration) and ``redirect_port`` fixes the
  loopback port; without one, ``client_metadata_url`` is the client id where the authorisation
  server supports Client ID Metadata Documents, else the client registers. ``grant``
  ``client_credentials``: no browser, the client's secret or private key gets the tokens;
  ``identity_assertion``: no browser, the person's enterprise ID token does (SEP-990). The
  browser is opened through an injectable ``open_url(url)`` hook (sync hooks run in a worker
  thread, async ones on the loop); without one the flow fails at once with
  ``OAuthBrowserUnavailable`` instead of waiting.

Lines written: ``mcp oauth: agent= server= action=browser|no-browser|authorized|refreshed|declined|
timeout|state-mismatch|signed-out`` (sign-out: ``agent=-``, in ``oauth_tokens``). No line ever carries the authorisation URL, a code, a state or a token.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import httpx2
from mcp.shared.auth import (
    AuthorizationCodeResult,
    OAuthClientInformationFull,
    OAuthClientMetadata,
    OAuthToken,
)
from pydantic import AnyUrl

from core.config import McpServer, OAuthSettings
from core.log import LOG
from core.mcp.oauth_callback import CALLBACK_TIMEOUT_S, LoopbackCallback, reserve_port
from core.mcp.oauth_clients import AppProvider, assertion_auth, machine_auth
from core.mcp.oauth_errors import (
    OAuthBrowserUnavailable,
    OAuthDeclined,
    OAuthError,
    OAuthStateMismatch,
    OAuthTimeout,
)
from core.mcp.oauth_tokens import KeyringTokenStorage, register_secrets

__all__ = ["McpOAuth", "OpenUrl"]

OpenUrl = Callable[[str], object]
"""Opens a URL in the person's browser. May be sync (run in a worker thread; returning ``False``
means no browser could be opened) or async."""


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
        private_key: str | None = None,
        id_token: str | None = None,
    ) -> None:
        """``client_secret``, ``private_key``, ``id_token``: the resolved values of the settings'
        references."""
        self.agent_id = agent_id
        self.server = server
        self.open_url = open_url
        self.settings = settings or server.oauth or OAuthSettings()
        self.callback = LoopbackCallback(timeout_s=timeout_s)
        self.client_secret = client_secret
        self.private_key = private_key
        self.id_token = id_token
        register_secrets(client_secret, private_key, id_token)
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
        if settings.grant == "client_credentials" and settings.client_id is not None:
            self.auth = machine_auth(
                self.server.url,
                self.storage,
                settings.client_id,
                client_secret=self.client_secret,
                private_key=self.private_key,
                scope=settings.scopes,
                issuer=settings.issuer,
            )
            return self.auth
        if settings.grant == "identity_assertion":
            if not (settings.client_id and self.client_secret and self.id_token and settings.issuer):
                raise OAuthError(
                    "identity_assertion needs a client id, a client secret, an issuer and an ID token"
                )
            self.auth = assertion_auth(
                self.server.url,
                self.storage,
                settings.client_id,
                self.client_secret,
                issuer=settings.issuer,
                idp_token_endpoint=settings.idp_token_endpoint or "",
                idp_client_id=settings.idp_client_id,
                id_token=self.id_token,
                scope=settings.scopes,
            )
            return self.auth
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
        self.auth = AppProvider(
            self.server.url,
            metadata,
            self.storage,
            redirect_handler=self._redirect,
            callback_handler=self._callback,
            client_metadata_url=settings.client_metadata_url if settings.client_id is None else None,
        )
        return self.auth

    def _stored(self, tokens: OAuthToken) -> None:
        if self.settings.grant in ("client_credentials", "identity_assertion"):  # every token is a new grant
            self._event("authorized")
        elif self._authorizing:  # the code exchange that ends a browser round trip
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
