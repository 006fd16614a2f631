"""The MCP SDK's own log records, bounded (issue 12).

The SDK logs through Python ``logging`` (``mcp.*``, and ``client`` for its session), which the app
does not configure, so its warnings and errors reached stderr through ``logging.lastResort``, with
a traceback each: a server that prints to stdout made one traceback per line (41 MB in 10 s).
``install()`` gives those loggers one ``SdkLogGuard`` instead (and stops them reaching the root
logger): each kind of record (logger and message template) becomes at most ``PER_WINDOW``
``mcp sdk:`` event lines per ``WINDOW_S`` seconds, without the traceback (the exception as one
short line); the rest is counted and written as one ``mcp sdk suppressed:`` line when the window
is over (at the next such record, or at ``flush()``: the provider flushes when it closes).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from core.log import LOG

SDK_LOGGERS = ("mcp", "client")  # mcp.client.session logs as "client"
WINDOW_S = 10.0
PER_WINDOW = 3
MAX_KINDS = 64  # kinds of record tracked; further ones share one entry per logger
MAX_TEXT = 160  # characters of a message or an exception kept in a line


@dataclass
class _Window:
    start: float
    seen: int = 0
    suppressed: int = 0


class SdkLogGuard(logging.Handler):
    """Writes SDK log records as rate-limited ``mcp sdk:`` event lines."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(logging.WARNING)
        self._clock = clock
        self._windows: dict[tuple[str, str], _Window] = {}
        self._guard = threading.Lock()  # emit runs in any thread; flush too

    def emit(self, record: logging.LogRecord) -> None:
        key = (record.name, str(record.msg))
        now = self._clock()
        with self._guard:
            if key not in self._windows and len(self._windows) >= MAX_KINDS:
                key = (record.name, "*")
            window = self._windows.get(key)
            if window is not None and now - window.start >= WINDOW_S:
                self._summarise(key, window)
                window = None
            if window is None:
                window = self._windows[key] = _Window(now)
            window.seen += 1
            if window.seen > PER_WINDOW:
                window.suppressed += 1
                return
        LOG.event(
            "mcp sdk",
            level=record.levelname,
            logger=record.name,
            message=_short(record.getMessage()),
            error=_exception(record),
        )

    def flush(self) -> None:
        """Write the counts of the records left out so far."""
        with self._guard:
            for key, window in self._windows.items():
                self._summarise(key, window)

    def _summarise(self, key: tuple[str, str], window: _Window) -> None:
        if window.suppressed:
            LOG.event("mcp sdk suppressed", logger=key[0], message=_short(key[1]), count=window.suppressed)
            window.suppressed = 0


def _short(text: str) -> str:
    """One line of at most MAX_TEXT characters, redacted BEFORE it is cut (a secret across the cut
    would no longer match, and its start would reach the log)."""
    return LOG.redact(" ".join(text.split()))[:MAX_TEXT]


def _exception(record: logging.LogRecord) -> str | None:
    """The exception as ``Type: first line`` (a validation error's first line names no input)."""
    if not record.exc_info or record.exc_info[1] is None:
        return None
    exc = record.exc_info[1]
    lines = str(exc).strip().splitlines()
    return _short(f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__)


_installed: SdkLogGuard | None = None


def install() -> SdkLogGuard:
    """Route the SDK loggers through one ``SdkLogGuard`` (once per process); returns it."""
    global _installed
    if _installed is None:
        _installed = SdkLogGuard()
        for name in SDK_LOGGERS:
            logger = logging.getLogger(name)
            logger.addHandler(_installed)
            logger.propagate = False
    return _installed
