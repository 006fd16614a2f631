"""The tool-media cache (S03-2, S03-5, D-1): every sent tool image, by SHA-256, next to the config.

Files are ``<config-stem>.tool-media/<sha256>.<ext>`` with ext ``png``, ``jpg`` or ``webp`` (the
only formats kept; anything else is refused). A reference is just that basename; malformed
references (paths, other extensions, upper-case hex) are rejected with ``BadMediaRef`` and never
touch the file system. A failed write keeps the tool's text (the caller goes on) and logs a
``media cache error:`` line. When history is rebuilt and a file is gone (or no longer matches its
hash) the image becomes the ``image_omitted`` note and the conversation continues.

One copy of every image (issue 14): given the durable store's blobs (``blobs``), ``put`` writes
the image as a blob (content-addressed, fsynced, 0600: the one place its bytes live) and makes
the cache file a hard link to it, so the cache costs a name, not a second copy, and no fsync of
its own (the cache can always be made again from the store). The blob is then already there
when the completion record is written (``BlobStore.put`` reuses it). Where a hard link is not
possible (the configuration's folder is on another file system, or it has no hard links) the
bytes are copied and a ``media cache copy:`` line says so, once per cache. Both names go
together: the store's clean-up (core/store/gc.py) and a conversation's deletion remove the cache
file along with the blob when no record references the image any more. With one inode, the cache
is still a fallback for a blob whose name was removed, but not for one damaged in place (both
names read the same bytes: the hash check turns them into the ``image_omitted`` note). A cache
file that is its own copy (written before the cache linked, or linked to a blob since replaced by
a repaired one) is linked again on the next ``put`` of that image.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from core.canonical import ImageData
from core.fsutil import write_atomic
from core.log import event
from core.notes import note
from core.paths import private_dir
from core.store.blobs import BlobStore

EXT_BY_TYPE = {"image/png": "png", "image/jpeg": "jpg", "image/webp": "webp"}
TYPE_BY_EXT = {v: k for k, v in EXT_BY_TYPE.items()}
_REF_RE = re.compile(r"([0-9a-f]{64})\.(png|jpg|webp)")


class BadMediaRef(ValueError):
    """A media reference that is not a ``<sha256>.<png|jpg|webp>`` basename."""


def _magic_ok(media_type: str, data: bytes) -> bool:
    if media_type == "image/png":
        return data.startswith(b"\x89PNG\r\n\x1a\n")
    if media_type == "image/jpeg":
        return data.startswith(b"\xff\xd8")
    if media_type == "image/webp":
        return len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WEBP"
    return False


def parse_ref(ref: str) -> tuple[str, str]:
    """(sha256, ext) of a valid reference; raises ``BadMediaRef``."""
    m = _REF_RE.fullmatch(ref) if isinstance(ref, str) else None
    if m is None:
        raise BadMediaRef(f"not a tool-media reference: {str(ref)[:80]!r}")
    return m.group(1), m.group(2)


@dataclass
class MediaCache:
    directory: Path | None  # None: no configuration file, nothing is cached
    blobs: BlobStore | None = None  # the store's blobs: the cache file is a hard link to one
    _copy_logged: bool = field(default=False, init=False, repr=False)

    def put(self, image: ImageData, *, agent: str = "", tool: str = "") -> str | None:
        """Cache ``image``; its reference, or None when it was not written (logged)."""
        ext = EXT_BY_TYPE.get(image.media_type)
        if self.directory is None:
            return None
        if ext is None or not _magic_ok(image.media_type, image.data):
            event(
                "media cache error",
                agent=agent,
                name=tool,
                error="unsupported_format",
                format=image.media_type,
            )
            return None
        ref = f"{image.sha256}.{ext}"
        path = self.directory / ref
        try:
            if path.is_file() and path.stat().st_size == len(image.data) and self._shares_blob(path, image):
                return ref
            if not self._linked(image, path):
                write_atomic(path, image.data)
        except OSError as exc:
            event(
                "media cache error", agent=agent, name=tool, error=type(exc).__name__, sha=image.sha256[:16]
            )
            return None
        return ref

    def _shares_blob(self, path: Path, image: ImageData) -> bool:
        """Whether a cached file is already the one copy: its blob's own inode (without blobs, any
        whole file is). A copy from before the cache linked (or a link to a blob since replaced by
        a repaired one) is not: ``put`` links it again."""
        if self.blobs is None:
            return True
        try:
            return os.path.samefile(path, self.blobs.path(image.sha256))
        except OSError:
            return False

    def _linked(self, image: ImageData, path: Path) -> bool:
        """Make ``path`` a hard link to the image's blob (written first); False when the bytes
        must be copied instead (no blobs, the blob write failed, or no hard link is possible)."""
        if self.blobs is None:
            return False
        try:
            blob = self.blobs.path(self.blobs.put(image.data))
        except OSError:
            return False  # the store's disk: the cache still gets its own copy
        private_dir(path.parent)
        tmp = path.with_name(f".tmp-{os.getpid()}-{threading.get_ident()}-{path.name}")
        try:
            with suppress(FileNotFoundError):
                tmp.unlink()
            os.link(blob, tmp)
        except OSError as exc:
            if not self._copy_logged:
                self._copy_logged = True
                event("media cache copy", reason=type(exc).__name__, errno=exc.errno or 0)
            return False
        os.replace(tmp, path)  # over a stale or partial copy of the same name
        return True

    def put_all(self, images: list[ImageData], *, agent: str = "", tool: str = "") -> list[str | None]:
        return [self.put(img, agent=agent, tool=tool) for img in images]

    def resolve(self, ref: str) -> Path | None:
        """The verified file for a reference (for display or serving), or None when it is gone or
        its bytes no longer match its name. Raises ``BadMediaRef`` for malformed references."""
        sha, _ext = parse_ref(ref)
        if self.directory is None:
            return None
        path = self.directory / ref
        try:
            data = path.read_bytes()
        except OSError:
            return None
        if hashlib.sha256(data).hexdigest() != sha:
            event("store corrupt", kind="media", blob=sha[:16], error="corrupt")
            return None
        return path

    def load(self, ref: str, width: int, height: int) -> ImageData | None:
        path = self.resolve(ref)
        if path is None:
            return None
        _sha, ext = parse_ref(ref)
        return ImageData(TYPE_BY_EXT[ext], path.read_bytes(), width, height)

    def image_or_note(self, ref: str, width: int, height: int, language: str) -> ImageData | str:
        """The cached image, or the ``image_omitted`` note when its file is gone (S03-5)."""
        image = self.load(ref, width, height)
        return image if image is not None else note("image_omitted", language)
