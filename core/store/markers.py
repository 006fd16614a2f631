"""Call markers: a small append-only journal beside the database (``store/calls.journal``) that
says which tool calls started, so "never re-executes a completed tool" (S02-3) does not hang on
the write-ahead log alone.

Why: SQLite reads its WAL only up to the first frame whose checksum fails and silently drops every
commit after it. A damaged frame (a bad sector, a torn write on power loss) can so remove the
``running`` and completion records of calls that did run; recovery would then take them for calls
that never started and run them again. The marker is written and fsynced before the call's
``running`` record commits (``StoreWrites.start_call``), and before the tool runs; recovery
cross-checks it (``core.recovery``): a call with a marker whose completion is missing is settled
as "interrupted, may have run" and never run again.

Format: one line per event, ``<crc32 of the rest, 8 hex digits> running <turn id> <call id>``,
ids percent-encoded (no space or newline inside). A line whose checksum fails, or a torn last line
(no newline), is ignored; nothing else in the file is trusted. The file is private (0600).

Bounded: the store truncates it after a checkpoint has moved every committed record into the
database file (``StoreWrites.rotate_markers``: at start once recovery has settled the cut calls,
and whenever it holds ``ROTATE_AT`` markers).
"""

from __future__ import annotations

import os
import zlib
from collections import defaultdict
from pathlib import Path
from urllib.parse import quote, unquote

from core.store.blobs import _fsync_dir

MARKERS_NAME = "calls.journal"
ROTATE_AT = 512  # markers in the file before the store checkpoints and truncates it


def _record(turn_id: str, call_id: str) -> bytes:
    body = f"running {quote(turn_id, safe='')} {quote(call_id, safe='')}".encode("ascii")
    return b"%08x %s\n" % (zlib.crc32(body), body)


def _parse(line: bytes) -> tuple[str, str] | None:
    crc, _, body = line.partition(b" ")
    parts = body.split(b" ")
    try:
        if len(crc) != 8 or int(crc, 16) != zlib.crc32(body) or len(parts) != 3 or parts[0] != b"running":
            return None
        return unquote(parts[1].decode("ascii")), unquote(parts[2].decode("ascii"))
    except (ValueError, UnicodeDecodeError):
        return None


def read_markers(path: Path) -> dict[str, set[str]]:
    """Turn id -> ids of its calls that started, from every intact line of ``path``."""
    started: dict[str, set[str]] = defaultdict(set)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}
    lines = raw.split(b"\n")
    for line in lines[:-1]:  # the last piece has no newline: empty, or a torn tail
        parsed = _parse(line)
        if parsed is not None:
            started[parsed[0]].add(parsed[1])
    return dict(started)


class CallMarkers:
    """The marker journal of one store folder. ``earlier`` holds the markers found when it was
    opened (calls a previous process started); ``count`` how many lines the file holds now."""

    def __init__(self, root: Path) -> None:
        self.path = root / MARKERS_NAME
        self.earlier = read_markers(self.path)
        self.count = sum(len(calls) for calls in self.earlier.values())
        created = not self.path.exists()
        try:  # a store that cannot be written still opens; no call can start then (``running``)
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            os.fchmod(self._fd, 0o600)
        except OSError:
            self._fd = -1
        if created and self._fd >= 0:
            _fsync_dir(root)  # the new file's name survives power loss

    def started_before(self, turn_id: str, call_id: str) -> bool:
        """Whether a previous process started this call (its marker was in the file at open)."""
        return call_id in self.earlier.get(turn_id, ())

    def running(self, turn_id: str, call_id: str) -> None:
        """Append the call's marker and fsync it (raises ``OSError`` when that failed)."""
        if self._fd < 0:
            raise OSError(f"{self.path.name} cannot be written")
        os.write(self._fd, _record(turn_id, call_id))
        os.fsync(self._fd)
        self.count += 1

    def truncate(self) -> None:
        """Empty the file (every record it backs is in the checkpointed database file)."""
        if self._fd < 0:
            return
        os.ftruncate(self._fd, 0)
        os.fsync(self._fd)
        self.count = 0

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
