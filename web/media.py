"""``GET /tool-media/<sha256>.<ext>`` (S03-3, WC-7): the media cache's files, and nothing else.

The name is checked before the file system is touched: the raw request path must be exactly
``/tool-media/`` and a basename of 64 lower-case hex digits, a dot and ``png``, ``jpg`` or
``webp`` (``core.media_cache.parse_ref``); anything percent-encoded, a dot segment, a slash or
backslash, a NUL, another extension is 404 (the same answer as a name not in the cache, so a probe
learns nothing). The file is opened without following a symbolic link, must be a regular file,
must hash to its name, and its bytes must be one of the three raster formats: the
``Content-Type`` comes from those bytes, never from the name. Answers carry
``X-Content-Type-Options: nosniff``, a ``Content-Security-Policy`` that runs nothing, and a long
private cache lifetime (the name is the hash: the bytes behind it never change).

A timeline event's keyframe (``/api/events/<id>/keyframe``) is answered the same way from the
store's verified blob, for an event whose frame is not in the cache.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import stat
from pathlib import Path

from starlette.responses import Response

from core.media_cache import BadMediaRef, parse_ref

PREFIX = b"/tool-media/"
MAX_BYTES = 40 * 1024 * 1024  # larger than any cached image (S03-2's base64 cap, decoded)
# never through a symbolic link, never waiting on a FIFO (the flags Windows lacks are left out there)
OPEN_FLAGS = (
    os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
)
CACHE_FOREVER = "private, max-age=31536000, immutable"


def sniff(data: bytes) -> str | None:
    """The raster type of ``data`` from its first bytes (PNG, JPEG, WebP), else None."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def not_found() -> Response:
    return Response(
        b'{"error":"not_found"}',
        404,
        media_type="application/json",
        headers={"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"},
    )


def image_response(data: bytes, media_type: str) -> Response:
    return Response(
        data,
        200,
        media_type=media_type,
        headers={
            "X-Content-Type-Options": "nosniff",
            "Cache-Control": CACHE_FOREVER,
            "Content-Security-Policy": "default-src 'none'; sandbox",
            "Content-Disposition": "inline",
        },
    )


def checked_name(raw_path: bytes) -> str | None:
    """The basename of a raw request path when it is a valid media reference, else None."""
    if not raw_path.startswith(PREFIX):
        return None
    try:
        name = raw_path[len(PREFIX) :].decode("ascii")
        parse_ref(name)
    except (UnicodeDecodeError, BadMediaRef):
        return None
    return name


def read_cached(directory: Path, name: str) -> bytes | None:
    """The verified bytes of ``name`` in ``directory`` (a worker thread calls this), else None."""
    try:
        fd = os.open(directory / name, OPEN_FLAGS)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES:
            return None  # a folder, a device, a pipe: never read
        data = os.read(fd, info.st_size + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    if hashlib.sha256(data).hexdigest() != name.partition(".")[0]:
        return None
    return data


async def serve_media(raw_path: bytes, query: bytes, directory: Path | None) -> Response:
    name = None if query else checked_name(raw_path)  # the reference exactly: no query either
    if name is None or directory is None:
        return not_found()
    data = await asyncio.to_thread(read_cached, directory, name)
    media_type = None if data is None else sniff(data)
    if data is None or media_type is None:
        return not_found()
    return image_response(data, media_type)
