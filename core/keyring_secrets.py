"""Where a ``${secret:NAME}`` reference (D-4) finds its value: the OS keyring, then the environment.

Apart from ``core.secret_refs`` (the pattern and the expansion) so that only what resolves a
secret imports keyring.
"""

from __future__ import annotations

import os

import keyring

from core.paths import KEYRING_SERVICE

__all__ = ["default_secret_resolver"]


def default_secret_resolver(name: str) -> str | None:
    """D-4: the OS keyring (service ``fuseforks``, user ``mcp:NAME``), then the environment."""
    try:
        value = keyring.get_password(KEYRING_SERVICE, f"mcp:{name}")
    except Exception:  # no backend, locked keyring, D-Bus trouble: fall back to the environment
        value = None
    return value or os.environ.get(name) or None
