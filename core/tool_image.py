"""Normalisation of images that MCP tools return (S70-2 … S70-6, S70-18). Pure: no I/O, no logging.

Two paths (S70-3 / S70-4):

* **pass-through** - a static RGB or grey JPEG, or a static WebP, whose long edge is at most
  ``MAX_EDGE_PX`` and whose size is at most ``MAX_BYTES`` is sent as the original bytes (WebP
  transparency is kept). It is decoded once to prove the bytes are whole - a JPEG at 1/8 scale, which
  still reads every coded block - so a frame cut short in transfer is "unreadable" instead of a 400
  from the provider that strips every image of the turn (issue 12).
* **re-encode** - PNG (also APNG), animated WebP (first frame), a CMYK JPEG, or a JPEG/WebP over
  either limit is decoded, its long edge shrunk to ``MAX_EDGE_PX`` keeping aspect, transparency
  composited on white, and encoded as JPEG quality 85. Still over ``MAX_BYTES`` → dropped
  "too_large". JPEG decodes through Pillow's ``draft`` (1/2 … 1/8 scale on load); PNG and WebP
  through libvips (``core.image_shrink``), which shrinks while it reads.

The format is sniffed from the bytes, never taken from the MCP ``mimeType`` (S70-2). Before any pixel
is decoded, a declared width or height over ``BOMB_EDGE_PX`` drops the image as "too_large" (S70-5),
and so does a pixel count over ``MAX_PIXELS`` (lower for a progressive JPEG or an interlaced PNG,
which the decoders hold whole): the decode time is bounded and no accepted image takes peak memory
over 300 MB (issue 12; measured by ``tests/bench/image_memory.py``).
Damaged metadata is forgiven as other viewers forgive it (``core.image_repair``); damaged pixel data
is not. ``normalize`` never raises: anything unexpected becomes ``Dropped("unreadable")``.

Pillow's own decompression-bomb check lives in ``Image.open``; this module opens images through
the format plugin it sniffed instead, so Pillow's warning (an error under ``-W error``) never fires
and the 16,384 px guard here is the one rule.

``webp_to_jpeg`` (the WebP → JPEG retry of S70-17, decided in ``core.image_rules``) lives here too:
the image decoding of the tool-image path is in this module.

Just over 400 lines: the header checks that bound a decode before any pixel is read and the two
paths they choose between are one decision; the parts that stand apart already live in
``core.image_repair`` and ``core.image_shrink``.
"""

from __future__ import annotations

import asyncio
import io
import struct
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from PIL import Image, ImageOps, JpegImagePlugin, WebPImagePlugin

from core import image_repair, image_shrink, notes
from core.canonical import Dropped, ImageData

MAX_EDGE_PX: Final = 1568
MAX_BYTES: Final = 2 * 1024 * 1024  # "2 MB" = 2 MiB, the same value as user attachments
BOMB_EDGE_PX: Final = 16_384
# A 12000×9000 chart (108 MP) is accepted; a 16000×16000 flat PNG (256 MP, 774 KB) is not.
MAX_PIXELS: Final = 128_000_000
# Decoded whole, not row by row: a progressive JPEG (libjpeg keeps every coefficient, ~7 bytes a
# pixel; 25 MP peaked at 227 MB) and an interlaced PNG (libvips reads all seven passes, ~11 bytes a
# pixel; 16 MP peaked at 253 MB with its 50 MB file). A 6000×4000 progressive photo fits.
PROGRESSIVE_MAX_PIXELS: Final = 25_000_000
INTERLACED_MAX_PIXELS: Final = 16_000_000
MAX_PER_RESULT: Final = 4
JPEG_QUALITY: Final = 85
FALLBACK_JPEG_QUALITY: Final = 90  # the WebP → JPEG retry (S70-17)
# Above this many input bytes ``normalize_async`` hops to a worker thread; smaller pass-through frames
# (a 640×424 live view is ~20 KB) are cheaper to handle inline than the thread hop.
OFFLOAD_BYTES: Final = 256 * 1024

_WHITE = (255, 255, 255)


# ---------------------------------------------------------------------------------------------------
# Sniffing and header parsing (no pixel decoding)


def sniff(data: bytes) -> str | None:
    """The image format named by the leading bytes: "JPEG", "PNG", "WebP", "GIF", ... or None."""
    head = data[:32]
    if head.startswith(b"\xff\xd8\xff"):
        return "JPEG"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WebP"
    if head[:6] in (b"GIF87a", b"GIF89a"):
        return "GIF"
    if head[:2] == b"BM" and len(data) >= 26:
        return "BMP"
    if head[:4] in (b"II*\x00", b"MM\x00*"):
        return "TIFF"
    if head[4:8] == b"ftyp":
        brand = head[8:12]
        if brand in (b"avif", b"avis"):
            return "AVIF"
        if brand in (b"heic", b"heix", b"hevc", b"hevx", b"mif1", b"msf1"):
            return "HEIF"
    if head[:4] == b"\x00\x00\x01\x00":
        return "ICO"
    if head[:4] == b"8BPS":
        return "PSD"
    if head[:2] == b"\xff\x0a" or head[:12] == b"\x00\x00\x00\x0cJXL \r\n\x87\n":
        return "JPEG XL"
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if text.startswith((b"<svg", b"<?xml")) and b"<svg" in data[:4096].lower():
        return "SVG"
    return None


class _Unreadable(Exception):
    """Header bytes that do not describe a usable image."""


def _png_size(data: bytes) -> tuple[int, int]:
    if len(data) < 24 or data[12:16] != b"IHDR":
        raise _Unreadable("PNG without IHDR")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _webp_info(data: bytes) -> tuple[int, int, bool]:
    """(width, height, animated) from the first WebP chunk."""
    if len(data) < 30:
        raise _Unreadable("short WebP")
    chunk = data[12:16]
    body = data[20:30]
    if chunk == b"VP8X":
        animated = bool(body[0] & 0x02)
        width = 1 + int.from_bytes(body[4:7], "little")
        height = 1 + int.from_bytes(body[7:10], "little")
        return width, height, animated
    if chunk == b"VP8L":
        if body[0] != 0x2F:
            raise _Unreadable("bad VP8L signature")
        bits = int.from_bytes(body[1:5], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1, False
    if chunk == b"VP8 ":
        if body[3:6] != b"\x9d\x01\x2a":
            raise _Unreadable("bad VP8 start code")
        width = int.from_bytes(body[6:8], "little") & 0x3FFF
        height = int.from_bytes(body[8:10], "little") & 0x3FFF
        return width, height, False
    raise _Unreadable("unknown WebP chunk")


def _open(fmt: str, data: bytes) -> Image.Image:
    """Open through the sniffed plugin (lazy: reads the header, decodes no pixels)."""
    fp = io.BytesIO(data)
    if fmt == "JPEG":
        return JpegImagePlugin.JpegImageFile(fp)
    return WebPImagePlugin.WebPImageFile(fp)


# ---------------------------------------------------------------------------------------------------
# Normalisation


def target_size(width: int, height: int, max_edge: int = MAX_EDGE_PX) -> tuple[int, int]:
    """(width, height) with the long edge shrunk to ``max_edge`` keeping aspect; never enlarged."""
    long_edge = max(width, height)
    if long_edge <= max_edge:
        return width, height
    scale = max_edge / long_edge
    if width >= height:
        return max_edge, max(1, round(height * scale))
    return max(1, round(width * scale)), max_edge


def _to_rgb_on_white(im: Image.Image) -> Image.Image:
    if im.mode == "P":
        im = im.convert("RGBA" if "transparency" in im.info else "RGB")
    elif im.mode in ("LA", "PA", "RGBa", "La") or (im.mode in ("L", "RGB") and "transparency" in im.info):
        im = im.convert("RGBA")
    if im.mode == "RGBA":
        background = Image.new("RGB", im.size, _WHITE)
        background.paste(im, mask=im.getchannel("A"))
        return background
    return im if im.mode == "RGB" else im.convert("RGB")


def _upright(im: Image.Image) -> Image.Image:
    """The JPEG turned by its EXIF orientation; as stored when the EXIF is unreadable (as viewers do)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Pillow warns on corrupt EXIF before it fails
            return ImageOps.exif_transpose(im)
    except Exception:  # EXIF that Pillow cannot parse: the orientation is unknown
        return im


def _jpeg(data: bytes, width: int, height: int, quality: int) -> tuple[bytes, tuple[int, int]]:
    """A JPEG decoded through ``draft`` (libjpeg scales 1/2 … 1/8 on load), shrunk, re-encoded."""
    with _open("JPEG", data) as im:
        im.draft("RGB", target_size(width, height))  # the largest reduction still covering the target
        im.load()
        rgb = _to_rgb_on_white(_upright(im))
        size = target_size(*rgb.size)
        if size != rgb.size:
            rgb = rgb.resize(size, Image.Resampling.LANCZOS)
        out = io.BytesIO()
        rgb.save(out, "JPEG", quality=quality, optimize=True)
        return out.getvalue(), size


def _reencode(head: _Header) -> ImageData | Dropped:
    if head.fmt == "JPEG":
        encoded, size = _jpeg(head.data, head.width, head.height, JPEG_QUALITY)
    else:
        size = target_size(head.width, head.height)
        encoded = image_shrink.shrink_to_jpeg(head.data, size, JPEG_QUALITY)
    if len(encoded) > MAX_BYTES:
        return Dropped("too_large", f"{len(encoded)} bytes after re-encoding")
    return ImageData("image/jpeg", encoded, size[0], size[1])


def _verify(head: _Header) -> None:
    """Decode a pass-through image to the end (a JPEG at 1/8 scale); raises when it is not whole."""
    with _open(head.fmt, head.data) as im:
        if head.fmt == "JPEG":
            im.draft(None, (max(1, head.width // 8), max(1, head.height // 8)))
        im.load()


def normalize(data: bytes) -> ImageData | Dropped:
    """The image as it goes on the wire, or why it is not sent. Never raises (S70-2 … S70-5)."""
    try:
        return _normalize(data)
    except image_repair.Damaged as exc:
        return Dropped("unreadable", f"damaged: {exc}")
    except Exception as exc:  # any decoder failure on hostile or broken bytes
        return Dropped("unreadable", type(exc).__name__)


@dataclass(frozen=True)
class _Header:
    """What the header says, before any pixel is decoded. ``data`` is what the decoder reads: the
    original bytes, or a copy without the damaged metadata (``core.image_repair``)."""

    fmt: str
    data: bytes
    width: int
    height: int
    animated: bool = False
    mode: str = "RGB"
    whole: bool = False  # progressive JPEG or interlaced PNG: decoded whole, not row by row


def _jpeg_header(data: bytes) -> _Header:
    try:
        with _open("JPEG", data) as header:
            pass
    except Exception:  # a JFIF or Adobe segment cut short, which libjpeg skips
        data = image_repair.clean_jpeg(data)
        with _open("JPEG", data) as header:
            pass
    whole = image_repair.jpeg_buffered(data)  # progressive, or its components in separate scans
    return _Header("JPEG", data, *header.size, mode=header.mode, whole=whole)


def _read_header(fmt: str, data: bytes) -> _Header:
    if fmt == "PNG":
        width, height = _png_size(data)
        return _Header(fmt, data, width, height, whole=image_repair.png_interlaced(data))
    if fmt == "WebP":
        width, height, animated = _webp_info(data)
        return _Header(fmt, data, width, height, animated=animated)
    return _jpeg_header(data)


def _inspect(data: bytes) -> Dropped | _Header:
    """What the header says, or why the image is not sent (nothing decoded)."""
    fmt = sniff(data)
    if fmt is None:
        return Dropped("unreadable", "format not recognised")
    if fmt not in ("JPEG", "PNG", "WebP"):
        return Dropped("unsupported_format", fmt)
    try:
        head = _read_header(fmt, data)
    except Exception as exc:
        return Dropped("unreadable", f"bad {fmt} header ({type(exc).__name__})")
    width, height = head.width, head.height
    if width <= 0 or height <= 0:
        return Dropped("unreadable", f"{fmt} declares {width}x{height}")
    if width > BOMB_EDGE_PX or height > BOMB_EDGE_PX:  # S70-5: before any pixel is decoded
        return Dropped("too_large", f"{fmt} declares {width}x{height}")
    kind, limit = "", MAX_PIXELS
    if head.whole:
        kind, limit = (
            (" progressive", PROGRESSIVE_MAX_PIXELS)
            if fmt == "JPEG"
            else (" interlaced", INTERLACED_MAX_PIXELS)
        )
    if width * height > limit:
        return Dropped("too_large", f"{fmt}{kind} declares {width}x{height}, over {limit} pixels")
    return head


def _passes_through(head: _Header) -> bool:
    return (
        head.fmt != "PNG"
        and not head.animated
        and head.mode in ("RGB", "L")
        and max(head.width, head.height) <= MAX_EDGE_PX
        and len(head.data) <= MAX_BYTES
    )


def needs_decoding(data: bytes) -> bool:
    """Whether ``normalize(data)`` decodes more than a pass-through JPEG at 1/8 scale, judged from
    the header alone. Small bytes can still mean a large decode (a flat 6000×4000 PNG is ~80 KB),
    so the async variants go by this, not by byte count alone. Never raises."""
    try:
        head = _inspect(data)
    except Exception:
        return True  # let the worker thread find out
    if isinstance(head, Dropped):
        return False
    return head.fmt != "JPEG" or not _passes_through(head)


def _normalize(data: bytes) -> ImageData | Dropped:
    head = _inspect(data)
    if isinstance(head, Dropped):
        return head
    if head.fmt == "PNG":
        head = replace(head, data=image_repair.clean_png(head.data))
    if _passes_through(head):
        _verify(head)
        media_type = "image/jpeg" if head.fmt == "JPEG" else "image/webp"
        return ImageData(media_type, head.data, head.width, head.height)
    return _reencode(head)


def normalize_all(blocks: Sequence[bytes]) -> list[ImageData | Dropped]:
    """``normalize`` each image of one tool result in order, keeping at most ``MAX_PER_RESULT``
    (S70-6). Only images that are sent count; once the limit is reached the rest are dropped
    "too_many" without being decoded."""
    out: list[ImageData | Dropped] = []
    sent = 0
    for data in blocks:
        if sent >= MAX_PER_RESULT:
            out.append(Dropped("too_many"))
            continue
        item = normalize(data)
        if isinstance(item, ImageData):
            sent += 1
        out.append(item)
    return out


def inline_ok(blocks: Sequence[bytes]) -> bool:
    """Cheap enough for the event loop: few bytes and no pixel decoding (pass-through frames)."""
    return sum(len(b) for b in blocks) <= OFFLOAD_BYTES and not any(needs_decoding(b) for b in blocks)


async def normalize_async(data: bytes) -> ImageData | Dropped:
    """``normalize`` without blocking the event loop: anything that decodes pixels or carries
    more than ``OFFLOAD_BYTES`` runs on a worker thread."""
    if inline_ok([data]):
        return normalize(data)
    return await asyncio.to_thread(normalize, data)


async def normalize_all_async(blocks: Sequence[bytes]) -> list[ImageData | Dropped]:
    """``normalize_all`` off the event loop unless every image is a cheap pass-through."""
    if inline_ok(blocks):
        return normalize_all(blocks)
    return await asyncio.to_thread(normalize_all, list(blocks))


def webp_to_jpeg(image: ImageData, quality: int = FALLBACK_JPEG_QUALITY) -> ImageData:
    """Re-encode one WebP as JPEG for an endpoint that refused it (S70-17), transparency composited
    on white. Decodes pixels: run it off the event loop (``core.image_rules.with_jpeg_async``).
    Raises ``ValueError`` when the bytes cannot be re-encoded."""
    try:
        with _open("WebP", image.data) as im:
            im.load()
            flat = _to_rgb_on_white(im)
            out = io.BytesIO()
            flat.save(out, "JPEG", quality=quality)
            return ImageData("image/jpeg", out.getvalue(), flat.width, flat.height)
    except Exception as exc:  # any decoder failure on broken bytes
        raise ValueError(f"cannot re-encode image: {exc}") from exc


# ---------------------------------------------------------------------------------------------------
# Display line (S70-18)


def size_kb(n_bytes: int) -> int:
    """Kilobytes for the display line: 1 KB = 1000 bytes, rounded down, at least 1.

    Rounding down keeps the figure stable for a live view whose frames hover around a boundary,
    and matches the original app's "(1 image: JPEG 19 KB)" for a 19,xxx-byte frame."""
    return max(1, n_bytes // 1000)


def display_suffix(images: Sequence[ImageData], language: str) -> str:
    """The tool-output panel line, e.g. "(1 image: JPEG 21 KB)"; "" when there are no images."""
    return display_of([(img.format_label, len(img.data)) for img in images], language)


def display_of(images: Sequence[tuple[str, int]], language: str) -> str:
    """``display_suffix`` from each image's format label and size in bytes: what a row that keeps
    no image bytes still knows of them (the chat's caption, ``app/live_text.py``)."""
    if not images:
        return ""
    items = notes.note("display_separator", language).join(
        notes.note("display_item", language, format=label, kb=size_kb(size)) for label, size in images
    )
    return notes.note("display_line", language, count=len(images), items=items)
