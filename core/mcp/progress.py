"""A tool call's progress as the server reports it (MCP ``notifications/progress``).

Every call is sent with a progress token (the SDK's ``progress_callback``; the request id is the
token). ``progress_callback`` turns the notifications into calls of the turn's ``ProgressHook``
(``core.tool.ToolContext.progress``), which publishes ``core.events.ToolProgress`` for the tool row.

The server's values are checked before they reach a front end: a progress that is not a finite
number is dropped, a total that is not a positive finite number is "unknown" (an indeterminate bar),
the message is cut to ``MESSAGE_CHARS`` characters and known secrets are taken out (``core.log``).
A server that floods notifications is thinned: at most one per ``MIN_INTERVAL_S`` is passed on,
except one whose message changed or that reaches the total (so the last state is never lost).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from mcp.shared.dispatcher import ProgressFnT

from core.log import LOG

ProgressHook = Callable[[float, float | None, str | None], None]
SdkProgress = ProgressFnT  # the SDK's call_tool(progress_callback=...)

MESSAGE_CHARS = 200
MIN_INTERVAL_S = 0.1


def _finite(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def clean_message(message: object) -> str | None:
    """The server's message on one line, at most ``MESSAGE_CHARS`` characters, secrets redacted."""
    if not isinstance(message, str):
        return None
    # redacted before it is cut: a secret across the cut would no longer match, and its start stay
    text = LOG.redact(" ".join(message.split()))
    if len(text) > MESSAGE_CHARS:
        text = text[: MESSAGE_CHARS - 1] + "…"
    return text or None


def progress_callback(hook: ProgressHook, clock: Callable[[], float] = time.monotonic) -> SdkProgress:
    """The SDK callback that passes a call's checked progress to ``hook`` (never raises)."""
    last: dict[str, object] = {"at": None, "message": None}

    async def report(progress: float, total: float | None, message: str | None) -> None:
        value = _finite(progress)
        if value is None:
            return
        limit = _finite(total)
        limit = limit if limit is not None and limit > 0 else None
        text = clean_message(message)
        now = clock()
        at = last["at"]
        done = limit is not None and value >= limit
        if isinstance(at, float) and now - at < MIN_INTERVAL_S and text == last["message"] and not done:
            return
        last["at"], last["message"] = now, text
        hook(value, limit, text)

    return report
