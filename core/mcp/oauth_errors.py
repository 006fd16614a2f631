"""The typed OAuth failures of an MCP server's sign-in, and a log-safe reason for any of them
(ours or the SDK's): never a code, a state or a token."""

from __future__ import annotations

import contextlib
import json

from mcp.client.auth import OAuthFlowError, OAuthRegistrationError, OAuthTokenError


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
