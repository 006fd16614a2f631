"""Content-addressed blobs (S02-2, S02-4).

A blob is named by the SHA-256 of its bytes and lives at ``<root>/<aa>/<sha256>`` (two-character
fanout). Writes go to a temp file in the same directory, are fsynced, made private (0600) and
renamed into place, so a crash leaves either no blob or a whole one. The directory that gained the
name is fsynced once per transaction, not once per blob: ``put`` notes it and ``sync_dirs`` (run
by the store before every transaction begins, ``StoreBase._tx``) fsyncs each distinct pending
directory once, so a message's blobs cost one directory fsync per folder they landed in and every
name is durable before a row can reference it.
Small texts (under ``INLINE_MAX`` bytes: a request, a model message, most tool results) are not
files: they are kept in the database itself (the ``data`` column of the ``blobs`` registry),
written in the same transaction as the rows naming them (core/store/writes.py), so they cost no
file-system block of their own and no fsync (issue 14, "disk per frame"); ``inline`` reads them
back, and every read below looks there before the file.
Every read recomputes the hash: a missing file raises ``MissingBlob``, a mismatch ``CorruptBlob``;
nothing is ever returned unverified. Size is never a reason to refuse a blob; ``PAGE_SIZE`` (1 MiB)
is only the unit for reading back in pages.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

from core.fsutil import write_atomic
from core.paths import private_dir

PAGE_SIZE = 1024 * 1024
INLINE_MAX = 4096  # texts under one file-system block live in the database, not in a file
FRESH = 16  # blobs remembered as just written (``BlobStore.put``)
_SHA_RE = re.compile(r"[0-9a-f]{64}")
_CHUNK = 1024 * 1024


class StoreError(Exception):
    """A store operation failed (I/O, database)."""


class BlobError(StoreError):
    def __init__(self, sha256: str, detail: str) -> None:
        super().__init__(f"blob {sha256[:16]}: {detail}")
        self.sha256 = sha256


class MissingBlob(BlobError):
    """The blob file does not exist."""


class CorruptBlob(BlobError):
    """The blob file's bytes do not hash to its name."""


def sha256_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _identity(path: Path) -> tuple[int, int, int] | None:
    """A file's inode, size and mtime (ns): any rewrite changes one of them; None when gone."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class BlobStore:
    def __init__(self, root: Path, *, fanout: bool = True) -> None:
        self.root = root
        self.fanout = fanout
        private_dir(root)
        # test hook: called with the sha after a blob file is durable (kill-point injection)
        self.after_write: Callable[[str], None] | None = None
        self.defer_dirs = True  # False: each put fsyncs its folder itself (as before issue 14)
        # folders that gained a name since the last ``sync_dirs`` (puts run in worker threads)
        self._pending: set[Path] = set()
        self._pending_lock = threading.Lock()
        # the bytes of a small blob kept in the database, or None (set by the store that owns it)
        self.inline: Callable[[str], bytes | None] = lambda _sha: None
        self.inline_names: Callable[[], list[str]] = list  # the names of those small blobs
        # the newest blobs this store wrote (sha -> inode, size, mtime): a frame is put by the media
        # cache and again, twice, by its completion record; those puts need no re-hash
        self._fresh: dict[str, tuple[int, int, int] | None] = {}

    def path(self, sha256: str) -> Path:
        if not _SHA_RE.fullmatch(sha256):
            raise ValueError(f"not a sha256 blob name: {sha256[:80]!r}")
        return self.root / sha256[:2] / sha256 if self.fanout else self.root / sha256

    def put(self, data: bytes, *, own: bool = False) -> str:
        """Store ``data`` once and return its SHA-256. An existing copy that fails verification
        is replaced, so writing the same content again repairs a corrupt blob. ``own``: a blob
        this store has just written itself and nothing has touched since is taken as it is."""
        sha = sha256_of(data)
        target = self.path(sha)
        known = self._fresh.get(sha) if own else None
        if known is not None and known == _identity(target):
            return sha  # this store's own write, untouched since (a fresh mtime): no re-hash
        if target.exists():
            try:
                if target.stat().st_size == len(data) and self._hash_file(target) == sha:
                    # reused: a fresh mtime keeps it inside core.store.gc's grace period until the
                    # transaction that references it commits
                    os.utime(target)
                    return sha
            except OSError:
                pass
        write_atomic(target, data)
        self._fresh[sha] = _identity(target)
        while len(self._fresh) > FRESH:
            self._fresh.pop(next(iter(self._fresh)))
        if not self.defer_dirs:
            _fsync_dir(target.parent)
        else:
            with self._pending_lock:
                self._pending.add(target.parent)
        if self.after_write is not None:
            self.after_write(sha)
        return sha

    def pending_dirs(self) -> set[Path]:
        """The folders whose new names are not fsynced yet."""
        with self._pending_lock:
            return set(self._pending)

    def sync_dirs(self) -> int:
        """fsync every folder that gained a blob since the last call, each once; how many."""
        with self._pending_lock:
            pending, self._pending = self._pending, set()
        for folder in sorted(pending):
            _fsync_dir(folder)
        return len(pending)

    def exists(self, sha256: str) -> bool:
        return self.path(sha256).is_file() or self.inline(sha256) is not None

    def _kept(self, sha256: str) -> bytes:
        """The verified bytes of a small blob kept in the database (files are looked at first:
        images are always files); raises ``MissingBlob``/``CorruptBlob``."""
        kept = self.inline(sha256)
        if kept is None:
            raise MissingBlob(sha256, "missing")
        if sha256_of(kept) != sha256:
            raise CorruptBlob(sha256, "content does not match its hash")
        return kept

    def size(self, sha256: str) -> int:
        try:
            return self.path(sha256).stat().st_size
        except FileNotFoundError:
            return len(self._kept(sha256))

    @staticmethod
    def _hash_file(path: Path) -> str:
        h = hashlib.sha256()
        with path.open("rb") as fh:
            while chunk := fh.read(_CHUNK):
                h.update(chunk)
        return h.hexdigest()

    def get(self, sha256: str) -> bytes:
        """The verified bytes of a blob."""
        try:
            data = self.path(sha256).read_bytes()
        except FileNotFoundError:
            return self._kept(sha256)
        except OSError as exc:
            raise MissingBlob(sha256, f"unreadable ({exc.__class__.__name__})") from exc
        if sha256_of(data) != sha256:
            raise CorruptBlob(sha256, "content does not match its hash")
        return data

    def verify(self, sha256: str) -> None:
        """Raise ``MissingBlob``/``CorruptBlob`` unless the blob is intact (streams the file)."""
        path = self.path(sha256)
        try:
            actual = self._hash_file(path)
        except FileNotFoundError:
            self._kept(sha256)
            return
        except OSError as exc:
            raise MissingBlob(sha256, f"unreadable ({exc.__class__.__name__})") from exc
        if actual != sha256:
            raise CorruptBlob(sha256, "content does not match its hash")

    def page_count(self, sha256: str, page_size: int = PAGE_SIZE) -> int:
        size = self.size(sha256)
        return max(1, -(-size // page_size))

    def read_page(self, sha256: str, index: int, page_size: int = PAGE_SIZE) -> bytes:
        """Page ``index`` of a blob; the whole blob is verified first."""
        if not self.path(sha256).is_file():
            return self._kept(sha256)[index * page_size : (index + 1) * page_size]
        self.verify(sha256)
        with self.path(sha256).open("rb") as fh:
            fh.seek(index * page_size)
            return fh.read(page_size)

    def pages(self, sha256: str, page_size: int = PAGE_SIZE) -> Iterator[bytes]:
        """The blob in pages of ``page_size`` bytes. Verified before the first page is yielded,
        and the pages themselves are hashed again so a change during reading raises too."""
        if not self.path(sha256).is_file():
            kept = self._kept(sha256)
            yield from (kept[i : i + page_size] for i in range(0, len(kept), page_size))
            return
        self.verify(sha256)
        h = hashlib.sha256()
        try:
            with self.path(sha256).open("rb") as fh:
                while page := fh.read(page_size):
                    h.update(page)
                    yield page
        except FileNotFoundError as exc:
            raise MissingBlob(sha256, "missing") from exc
        if h.hexdigest() != sha256:
            raise CorruptBlob(sha256, "content changed while it was read")

    def all_names(self) -> Iterator[str]:
        """Every stored blob: the files, then the small ones kept in the database."""
        files: set[str] = set()
        dirs = [p for p in self.root.iterdir() if p.is_dir()] if self.fanout else [self.root]
        for d in dirs:
            for p in d.iterdir():
                if _SHA_RE.fullmatch(p.name):
                    files.add(p.name)
                    yield p.name
        yield from (name for name in self.inline_names() if name not in files)
