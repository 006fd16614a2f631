"""Grep-able event lines (S70-19): one event per line, ``kind: key=value key=value``.

The file is ``fuseforks.log`` in the platformdirs user log dir, written as
``YYYY-MM-DD HH:MM:SS.mmm [fuseforks] <line>`` and rotated once at 8 MB to ``fuseforks.log.old``.
Every launch starts with a separator and the ``version:`` line.

Nothing in a line may be key material or image data: every line passes ``sanitize`` which
replaces registered secrets, well-known API-key shapes, bearer tokens, data URLs and long base64
runs. Callers still never pass prompt text, tool bodies or keys as field values.

The registered secrets are also kept out of everything stored or shown (issue 11: a provider that
echoes the request headers, a 401 that quotes the key): ``redact`` / ``redact_json`` replace them in
texts and JSON values, ``StreamRedactor`` in streamed text (a secret split across deltas is held back
until it can be told apart). ``core.llm.complete_redacted`` applies them to every model answer and
provider error, ``core.tool_calls`` to every tool result, before the store or an event sees them.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from core import __version__, paths

LOG_NAME = "fuseforks.log"
ROTATE_BYTES = 8 * 1024 * 1024
REDACTED = "[redacted]"

_KEY_PATTERNS = re.compile(
    r"sk-ant-[A-Za-z0-9_-]{8,}|sk-[A-Za-z0-9_-]{16,}|AIza[0-9A-Za-z_-]{20,}|xai-[A-Za-z0-9]{20,}"
    r"|pplx-[A-Za-z0-9]{20,}|gsk_[A-Za-z0-9]{16,}|(?i:bearer)\s+[A-Za-z0-9._~+/=-]{8,}"
    r"|(?i:x-api-key|x-goog-api-key|api[_-]?key)\s*[:=]\s*\S{6,}"
)
_DATA_URL = re.compile(r"data:[\w/+.-]+;base64,[A-Za-z0-9+/=]*")
_BASE64_RUN = re.compile(r"[A-Za-z0-9+/]{100,}={0,2}")
_BARE_VALUE = re.compile(r"[^\s\"=]*")


def profile() -> str:
    """``release`` in a packaged (frozen) build, ``debug`` when run from a source checkout."""
    return "release" if getattr(sys, "frozen", False) else "debug"


def default_log_dir() -> Path:
    return paths.log_dir()


def format_value(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if text == "":
        return '""'
    if _BARE_VALUE.fullmatch(text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def format_line(kind: str, fields: dict[str, object], tail: str | None = None) -> str:
    parts = [f"{kind}:"] + [f"{k}={format_value(v)}" for k, v in fields.items()]
    line = " ".join(parts)
    if tail is not None:
        line += ": " + " ".join(tail.split())
    return line


class EventLog:
    """The process-wide diagnostic log. Thread-safe; write failures are swallowed."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._path: Path | None = None
        self._fh: TextIO | None = None
        self._secrets: set[str] = set()
        self._listeners: list[Callable[[str], None]] = []
        self.echo_stderr = False

    @property
    def path(self) -> Path | None:
        return self._path

    def configure(self, log_dir: Path | None = None, *, echo_stderr: bool = False) -> Path:
        """Open ``fuseforks.log`` in ``log_dir`` and write the launch separator and version line."""
        directory = log_dir or default_log_dir()
        paths.private_dir(directory)
        with self._lock:
            self._close_locked()
            self._path = directory / LOG_NAME
            self.echo_stderr = echo_stderr
        self._write_raw(f"----- fuseforks started {datetime.now().isoformat(timespec='seconds')} -----")
        self.event("version", app=__version__, profile=profile())
        return self._path

    def close(self) -> None:
        with self._lock:
            self._close_locked()
            self._path = None

    def _close_locked(self) -> None:
        if self._fh is not None:
            with contextlib.suppress(OSError):
                self._fh.close()
            self._fh = None

    def register_secret(self, value: str) -> None:
        """Never let ``value`` appear in a line (API keys, resolved ``${secret:…}`` values)."""
        if value and len(value) >= 4:
            with self._lock:
                self._secrets.add(value)

    def secrets(self) -> list[str]:
        """The registered secrets, longest first (a longer one containing a shorter one wins)."""
        with self._lock:
            return sorted(self._secrets, key=len, reverse=True)

    def redact(self, text: str, *, key_shapes: bool = False) -> str:
        """``text`` without the registered secrets (and, with ``key_shapes``, without anything
        shaped like an API key or bearer token: for provider error messages, never model text)."""
        for secret in self.secrets():
            if secret in text:
                text = text.replace(secret, REDACTED)
        return _KEY_PATTERNS.sub(REDACTED, text) if key_shapes else text

    def redact_json(self, value: Any) -> Any:
        """A JSON value with ``redact`` applied to every string in it (keys included)."""
        if isinstance(value, str):
            return self.redact(value)
        if isinstance(value, dict):
            return {self.redact(str(k)): self.redact_json(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.redact_json(v) for v in value]
        return value

    def stream_redactor(self) -> StreamRedactor:
        return StreamRedactor(self.secrets())

    def subscribe(self, listener: Callable[[str], None]) -> Callable[[], None]:
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def sanitize(self, line: str) -> str:
        for secret in sorted(self._secrets, key=len, reverse=True):
            line = line.replace(secret, REDACTED)
        line = _KEY_PATTERNS.sub(REDACTED, line)
        line = _DATA_URL.sub("data:[base64 omitted]", line)
        line = _BASE64_RUN.sub(lambda m: f"[{len(m.group(0))} base64-like chars omitted]", line)
        return line.replace("\r", " ").replace("\n", " ")

    def event(self, kind: str, /, tail: str | None = None, **fields: object) -> str:
        """Write one ``kind: k=v …`` line and return it as written (sanitised)."""
        return self._write_raw(format_line(kind, fields, tail))

    def _write_raw(self, raw: str) -> str:
        line = self.sanitize(raw)
        d = datetime.now()  # (not strftime: under PySide6's import hook it costs ~35 µs a line)
        stamp = (
            f"{d.year:04d}-{d.month:02d}-{d.day:02d} {d.hour:02d}:{d.minute:02d}:{d.second:02d}"
            f".{d.microsecond // 1000:03d}"
        )
        with self._lock:
            listeners = list(self._listeners)
            if self._path is not None:
                try:
                    self._rotate_locked()
                    if self._fh is None:
                        fd = os.open(self._path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
                        os.fchmod(fd, 0o600)
                        self._fh = os.fdopen(fd, "a", encoding="utf-8")
                    self._fh.write(f"{stamp} [fuseforks] {line}\n")
                    self._fh.flush()
                except OSError:
                    self._fh = None
        if self.echo_stderr:
            with contextlib.suppress(OSError, ValueError):
                print(f"[fuseforks] {line}", file=sys.stderr, flush=True)
        for listener in listeners:
            listener(line)
        return line

    def _rotate_locked(self) -> None:
        assert self._path is not None
        try:
            size = self._path.stat().st_size
        except FileNotFoundError:
            return
        if size < ROTATE_BYTES:
            return
        self._close_locked()
        self._path.replace(self._path.with_name(LOG_NAME + ".old"))


class StreamRedactor:
    """Redacts ``secrets`` from text that arrives in pieces: the end of a piece that could begin a
    secret is held back until the next piece (or ``flush``) shows what it is."""

    def __init__(self, secrets: list[str]) -> None:
        self._secrets = secrets
        self._pending = ""

    def feed(self, delta: str) -> str:
        text = self._pending + delta
        for secret in self._secrets:
            text = text.replace(secret, REDACTED)
        hold = 0
        for secret in self._secrets:
            for k in range(min(len(secret) - 1, len(text)), hold, -1):
                if text.endswith(secret[:k]):
                    hold = k
                    break
        self._pending = text[len(text) - hold :] if hold else ""
        return text[: len(text) - hold]

    def flush(self) -> str:
        out, self._pending = self._pending, ""
        return out


LOG = EventLog()


def event(kind: str, /, tail: str | None = None, **fields: object) -> str:
    """Write an event line to the process log (see ``EventLog.event``)."""
    return LOG.event(kind, tail, **fields)
