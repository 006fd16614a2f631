"""API keys: only in the OS keyring (service ``fuseforks``, user = ``Template.key``).

A key is written once and never read back into the interface: the dialog shows only whether one
is present. Every key that passes through here is registered with the log so it can never appear
in a log line. When no keyring backend is usable the person is told so plainly and may keep the
key in memory for this session only (``session_only``).
"""

from __future__ import annotations

import keyring
import keyring.errors
from keyring.backend import KeyringBackend

from core.log import LOG
from core.paths import KEYRING_SERVICE


class KeyringUnavailable(Exception):
    """No usable OS keyring (no Secret Service, no backend configured)."""


def _usable(backend: KeyringBackend) -> bool:
    module = type(backend).__module__
    return not (module.startswith(("keyring.backends.fail", "keyring.backends.null")))


class KeyStore:
    def __init__(self, backend: KeyringBackend | None = None) -> None:
        self._backend = backend
        self._session: dict[str, str] = {}
        self.session_only = False

    @property
    def backend(self) -> KeyringBackend:
        return self._backend or keyring.get_keyring()

    def available(self) -> bool:
        """Whether an OS keyring backend that really stores keys is there."""
        try:
            return _usable(self.backend)
        except Exception:  # a broken keyring configuration counts as none
            return False

    def backend_name(self) -> str:
        backend = self.backend
        return f"{type(backend).__module__}.{type(backend).__name__}"

    def set(self, name: str, value: str) -> None:
        """Store or replace the key ``name``. Raises ``KeyringUnavailable`` unless session-only."""
        value = value.strip()
        if not name or not value:
            raise ValueError("a key needs a name and a value")
        LOG.register_secret(value)
        if self.session_only:
            self._session[name] = value
            return
        if not self.available():
            raise KeyringUnavailable(self.backend_name())
        try:
            self.backend.set_password(KEYRING_SERVICE, name, value)
        except Exception as exc:  # KeyringError, or the backend's own (e.g. no D-Bus session)
            raise KeyringUnavailable(type(exc).__name__) from exc
        self._session.pop(name, None)

    def get(self, name: str | None) -> str | None:
        """The key for a backend request (never for display)."""
        if not name:
            return None
        value = self._session.get(name)
        if value is None and self.available():
            try:
                value = self.backend.get_password(KEYRING_SERVICE, name)
            except Exception:  # KeyringError, or the backend's own (e.g. no D-Bus session): no key
                value = None
        if value:
            LOG.register_secret(value)
        return value

    def delete(self, name: str) -> None:
        self._session.pop(name, None)
        if self.available():
            try:
                self.backend.delete_password(KEYRING_SERVICE, name)
            except keyring.errors.PasswordDeleteError:
                pass
            except Exception as exc:
                raise KeyringUnavailable(type(exc).__name__) from exc

    def move(self, old: str, new: str, keep_old: bool = False) -> bool:
        """Give entry ``new`` the key of ``old`` (a key already under ``new`` wins) and remove
        ``old`` unless ``keep_old``: a renamed template's key follows it. False when ``old`` holds
        no key. Raises ``KeyringUnavailable``."""
        value = self.get(old)
        if value is None:
            return False
        if self.in_session(old):
            self._session.setdefault(new, value)
        elif self.get(new) is None:
            self.set(new, value)
        if not keep_old:
            self.delete(old)
        return True

    def present(self, name: str | None) -> bool:
        return self.get(name) is not None

    def in_session(self, name: str | None) -> bool:
        return bool(name) and name in self._session
