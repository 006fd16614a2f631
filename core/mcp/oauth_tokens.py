"""OAuth tokens of remote MCP servers in the OS keyring.

``KeyringTokenStorage`` is the SDK's ``TokenStorage``: tokens, their absolute expiry and the
registered client as one JSON value in the keyring (service ``fuseforks``, user
``mcp-oauth:<server>:<sha256(url)[:12]>``). Every token and client secret read or written is
registered with the log sanitiser. ``forget(server, url)`` / ``signed_in(server, url)``: sign out
(the stored tokens and client registration are deleted) and whether tokens are stored, without
reading them out.

Lines written: ``mcp oauth: agent=- server= action=signed-out``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import keyring
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken
from pydantic import ValidationError

from core.log import LOG
from core.mcp.oauth_callback import CALLBACK_PATH
from core.paths import KEYRING_SERVICE


def keyring_user(server: str, url: str) -> str:
    digest = hashlib.sha256(url.encode("utf-8")).hexdigest()[:12]
    return f"mcp-oauth:{server}:{digest}"


def register_secrets(*values: str | None) -> None:
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
        register_secrets(tokens.access_token, tokens.refresh_token)
        expires_at = data.get("expires_at")
        if isinstance(expires_at, int | float):  # what is left of the lifetime, never negative
            tokens.expires_in = max(0, int(expires_at - time.time()))
        return tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        register_secrets(tokens.access_token, tokens.refresh_token)
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
        register_secrets(info.client_secret)
        if self.redirect_uri is not None and self.redirect_uri not in [
            str(u) for u in info.redirect_uris or []
        ]:
            return None
        return info

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        register_secrets(client_info.client_secret)
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
