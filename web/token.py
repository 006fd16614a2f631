"""The companion's bearer token (WC-2): one random token per village, kept in the OS keyring.

The app's key store (``app.keys.KeyStore``: anything with ``get`` and ``set`` of a name) holds it
under ``web:<village id>``; the first start makes one (32 random bytes, URL-safe); ``rotate``
replaces it, and every page signed in with the old one must sign in again (the server reads the
token on every request). The sign-in link carries it in the URL fragment (``#token=``), which a
browser never sends to a server, so no request line, log or proxy sees it.
"""

from __future__ import annotations

import secrets
from typing import Protocol
from urllib.parse import quote

from core.log import LOG


class Keys(Protocol):
    def get(self, name: str | None) -> str | None: ...

    def set(self, name: str, value: str) -> None: ...


def entry(village_id: str) -> str:
    return f"web:{village_id}"


def new_token() -> str:
    return secrets.token_urlsafe(32)


class VillageToken:
    """The village's token, read from the keyring on first use and kept (a keyring read can take a
    while: never on every request); ``value`` is what ``WebCompanion(token=...)`` is given. A
    keyring that cannot store it raises from ``value`` (``KeyringUnavailable``): the companion
    does not start, and the Settings box says why."""

    def __init__(self, keys: Keys, village_id: str) -> None:
        self.keys = keys
        self.name = entry(village_id)
        self._value: str | None = None

    def _store(self, value: str) -> str:
        self.keys.set(self.name, value)
        LOG.register_secret(value)
        return value

    def value(self) -> str:
        if self._value is None:
            found = self.keys.get(self.name)
            self._value = found or self._store(new_token())
            LOG.register_secret(self._value)
        return self._value

    def rotate(self) -> str:
        """A new token, stored; the old one is refused from the next request on."""
        self._value = self._store(new_token())
        return self._value


def sign_in_url(base_url: str, token: str) -> str:
    """The page's address with the token in its fragment (the QR code's and the Copy link's)."""
    return f"{base_url.rstrip('/')}/#token={quote(token, safe='')}"
