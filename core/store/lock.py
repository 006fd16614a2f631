"""One process per store: an OS file lock on ``<store folder>/store.lock``, held for the process's life.

Two processes on one store would each take the other's live turns for crashed ones at start-up
(recovery settles and resumes them), so tools would run twice and completed results be overwritten.
The app therefore takes this lock before the store is opened or recovery runs
(``app.launcher.run_app``); a second process gets ``StoreLocked`` and never touches the store.

The lock is ``fcntl.flock`` (POSIX; ``msvcrt.locking`` of one byte far past the content on Windows,
so the holder's record stays readable). The OS drops it when the holder dies, however it dies: a
stale lock file (the holder was killed) never blocks the next start. The file records the holder's
PID and start time, so the second process can say who holds the store; the record is only read
while the lock is held by someone else, never trusted for the decision itself.
"""

from __future__ import annotations

import json
import os
import sys
import time
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

LOCK_NAME = "store.lock"
_WIN_OFFSET = 1 << 20  # Windows: the locked byte, past any record (a locked region cannot be read)


class StoreLocked(Exception):
    """Another live process holds the store; ``pid`` and ``started`` are its record (None if unread)."""

    def __init__(self, path: Path, pid: int | None, started: float | None) -> None:
        super().__init__(f"the store {path.parent} is in use by process {pid if pid is not None else '?'}")
        self.path = path
        self.pid = pid
        self.started = started


def _try_lock(fd: int) -> bool:
    """Take the lock without waiting; False when another process holds it."""
    if sys.platform == "win32":
        os.lseek(fd, _WIN_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(fd: int) -> None:
    if sys.platform == "win32":
        os.lseek(fd, _WIN_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    fcntl.flock(fd, fcntl.LOCK_UN)


def _open(path: Path) -> tuple[int, bool]:
    """The lock file's descriptor and whether it is writable: a lock file that exists in a folder
    that became read-only is still locked (a read-only descriptor takes the lock as well)."""
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o600), True
    except OSError:
        if not path.is_file():
            raise
        return os.open(path, os.O_RDONLY), False


def _record(fd: int) -> None:
    """Write who holds the lock; best effort (a full disk leaves the record empty, the lock held)."""
    record = json.dumps({"pid": os.getpid(), "started": round(time.time(), 3)}).encode()
    with suppress(OSError):
        os.lseek(fd, 0, os.SEEK_SET)
        os.ftruncate(fd, 0)
        os.write(fd, record)


def read_holder(path: Path) -> tuple[int | None, float | None]:
    """The PID and start time a lock file records (None, None when missing or unreadable)."""
    try:
        record = json.loads(path.read_text(encoding="utf-8") or "{}")
    except (OSError, ValueError):
        return None, None
    if not isinstance(record, dict):
        return None, None
    pid, started = record.get("pid"), record.get("started")
    return (
        pid if isinstance(pid, int) and not isinstance(pid, bool) else None,
        float(started) if isinstance(started, (int, float)) and not isinstance(started, bool) else None,
    )


@dataclass
class StoreLock:
    """The held lock of one store folder. Take it with ``StoreLock.acquire``; ``release`` (or the
    process's end) lets the next process in."""

    path: Path
    fd: int | None

    @classmethod
    def acquire(cls, folder: Path) -> StoreLock:
        """Lock ``folder`` (created 0700 if missing) or raise ``StoreLocked``. ``OSError`` when no
        lock file can be opened (a read-only folder that has none yet: nothing can write there)."""
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = folder / LOCK_NAME
        fd, writable = _open(path)
        try:
            if not _try_lock(fd):
                pid, started = read_holder(path)
                raise StoreLocked(path, pid, started)
        except BaseException:
            os.close(fd)
            raise
        if writable:
            _record(fd)
        return cls(path, fd)

    @property
    def held(self) -> bool:
        return self.fd is not None

    def release(self) -> None:
        """Empty the record and let go (idempotent)."""
        if self.fd is None:
            return
        fd, self.fd = self.fd, None
        with suppress(OSError):  # a read-only lock file keeps its record
            os.ftruncate(fd, 0)
        with suppress(OSError):  # closing the descriptor releases the lock anyway
            _unlock(fd)
        os.close(fd)

    def __enter__(self) -> StoreLock:
        return self

    def __exit__(self, *_: object) -> None:
        self.release()
