"""``${secret:NAME}`` references (D-4): the one pattern, and how a reference becomes its value.

The configuration never holds a secret, only a reference; ``core.config`` checks where references
may stand (``SECRET_REF``) and the MCP connection expands them just before it starts a server
(``expand``) with a resolver: the app's is ``core.keyring_secrets.default_secret_resolver`` (the OS
keyring, service ``fuseforks``, user ``mcp:NAME``, else the environment variable ``NAME``), kept
there so that reading a configuration does not import keyring. Every value expanded is registered
with the log sanitiser.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Mapping

from core.log import LOG

SECRET_REF = re.compile(r"\$\{secret:([A-Za-z0-9_.-]+)\}")

SecretResolver = Callable[[str], "str | None"]


class MissingSecret(LookupError):
    """A reference whose value is neither in the keyring nor in the environment."""

    def __init__(self, name: str) -> None:
        super().__init__(f"secret {name} is not set (keyring user mcp:{name} or environment variable {name})")
        self.name = name


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
