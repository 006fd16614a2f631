"""``StderrRing``: a stdio MCP server's stderr, kept as a bounded in-memory tail.

The server writes into a pipe; a daemon thread drains it into a ring of the last ``keep`` bytes
(``STDERR_KEEP_BYTES`` per connection), so a chatty server can fill neither the disk nor the memory,
and the tail outlives the process for the ``mcp server failed:`` line.
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
import time
from typing import TextIO, cast

STDERR_TAIL_CHARS = 600
STDERR_KEEP_BYTES = 64 * 1024  # per stdio connection; older output is dropped


class StderrRing:
    """A pipe whose reading end a daemon thread drains into a ring of the last ``keep`` bytes.

    ``writer`` is handed to the subprocess as its stderr. Memory stays bounded however much the
    server writes; the tail survives the process for the failure report.
    """

    def __init__(self, keep: int = STDERR_KEEP_BYTES) -> None:
        self.keep = keep
        self.dropped = 0
        self._buf = bytearray()
        self._lock = threading.Lock()
        read_fd, write_fd = os.pipe()
        self.writer = cast(TextIO, os.fdopen(write_fd, "w", encoding="utf-8", errors="replace"))
        self._reader = os.fdopen(read_fd, "rb", buffering=0)
        self._thread = threading.Thread(target=self._drain, name="mcp-stderr", daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = self._reader.read(65536)
            except (OSError, ValueError):
                break
            if not chunk:
                break
            with self._lock:
                self._buf += chunk
                extra = len(self._buf) - self.keep
                if extra > 0:
                    del self._buf[:extra]
                    self.dropped += extra
        with contextlib.suppress(OSError):
            self._reader.close()

    def size(self) -> int:
        with self._lock:
            return len(self._buf)

    def tail(self, chars: int) -> str:
        """The last ``chars`` characters written so far (waits up to 0.2 s for the pipe to drain)."""
        self._wait_drained(0.2)
        with self._lock:
            raw = bytes(self._buf[-chars * 4 :])
        return raw.decode("utf-8", errors="replace").strip()[-chars:]

    def _wait_drained(self, limit: float) -> None:
        if os.name != "posix":  # select() works on pipes only there; best effort elsewhere
            return
        deadline = time.monotonic() + limit
        while self._thread.is_alive() and time.monotonic() < deadline:
            try:
                pending, _, _ = select.select([self._reader], [], [], 0)
            except (OSError, ValueError):
                return
            if not pending:
                return
            time.sleep(0.005)

    def close(self) -> None:
        """Close our copy of the writing end; the thread ends once every writer is gone."""
        with contextlib.suppress(OSError):
            self.writer.close()
