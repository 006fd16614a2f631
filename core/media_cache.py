"""The tool-media cache (S03-2, S03-5, D-1): every sent tool image, by SHA-256, next to the config.

Files are ``<config-stem>.tool-media/<sha256>.<ext>`` with ext ``png``, ``jpg`` or ``webp`` (the
only formats kept; anything else is refused). A reference is just that basename; malformed
references (paths, other extensions, upper-case hex) are rejected with ``BadMediaRef`` and never
touch the file system. A failed write keeps the tool's text (the caller goes on) and logs a
``media cache error:`` line. When history is rebuilt and a file is gone (or no longer matches its
hash) the image becomes the ``image_omitted`` note and the conversation continues.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from core.canonical import ImageData
from core.fsutil import write_atomic
from core.log import event
from core.notes import note

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
            if path.is_file() and path.stat().st_size == len(image.data):
                return ref
            write_atomic(path, image.data)
        except OSError as exc:
            event(
                "media cache error", agent=agent, name=tool, error=type(exc).__name__, sha=image.sha256[:16]
            )
            return None
        return ref

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
