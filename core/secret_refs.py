"""``${secret:NAME}`` references (D-4): the one pattern, and how a reference becomes its value.

The configuration never holds a secret, only a reference; ``core.config`` checks where references
may stand (``SECRET_REF``) and the MCP connection expands them just before it starts a server
(``expand``). A value comes from the OS keyring (service ``fuseforks``, user ``mcp:NAME``), else from
the environment variable ``NAME``. Every value expanded is registered with the log sanitiser.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Callable, Mapping

import keyring

from core.log import LOG
from core.paths import KEYRING_SERVICE

SECRET_REF = re.compile(r"\$\{secret:([A-Za-z0-9_.-]+)\}")

SecretResolver = Callable[[str], "str | None"]


class MissingSecret(LookupError):
    """A reference whose value is neither in the keyring nor in the environment."""

    def __init__(self, name: str) -> None:
        super().__init__(f"secret {name} is not set (keyring user mcp:{name} or environment variable {name})")
        self.name = name


def default_secret_resolver(name: str) -> str | None:
    """D-4: the OS keyring (service ``fuseforks``, user ``mcp:NAME``), then the environment."""
    try:
        value = keyring.get_password(KEYRING_SERVICE, f"mcp:{name}")
    except Exception:  # no backend, locked keyring, D-Bus trouble: fall back to the environment
        value = None
    return value or os.environ.get(name) or None


async def expand(values: Mapping[str, str], resolver: SecretResolver) -> dict[str, str]:
    """``values`` with every ``${secret:NAME}`` replaced by its value (``resolver`` runs in a worker
    thread: keyring calls block). Raises ``MissingSecret`` for the first reference without one."""
    out: dict[str, str] = {}
    for key, value in values.items():
        for name in SECRET_REF.findall(value):
            secret = await asyncio.to_thread(resolver, name)
            if not secret:
                raise MissingSecret(name)
            LOG.register_secret(secret)
            value = value.replace(f"${{secret:{name}}}", secret)
        out[key] = value
    return out
