"""Frames and result payloads of the camera simulator (no MCP, no Qt: testable alone).

A frame is a 640×424 JPEG like NIK's live view: a sky-to-ground gradient, a ball that moves with
the frame number, a clock and a frame counter, so consecutive frames differ in bytes and content.
"""

from __future__ import annotations

import base64
import io
import json
import math
import os
import struct
import time
import zlib
from functools import cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 640, 424

MODES: dict[str, str] = {
    "jpeg": "one 640×424 JPEG and the JSON metadata text (NIK's live view)",
    "png": "the frame as PNG (re-encoded to JPEG by the client)",
    "alpha": "a PNG with a transparent area (composited on white)",
    "webp": "the frame as lossy WebP (passed through)",
    "mislabeled": "JPEG bytes labelled image/png (format is sniffed from bytes)",
    "oversize": "a 4000×2650 JPEG (shrunk to 1568 px)",
    "png_large": "a 4000×3000 PNG photo-like frame (benchmarks; the same bytes every call)",
    "gif": "the frame as GIF (unsupported format)",
    "corrupt": "bytes that are no image, labelled image/jpeg (unreadable)",
    "bad_base64": "image data that is not base64 (unreadable)",
    "bomb": "a PNG header declaring 20000×20000 px (too large, never decoded)",
    "many": "six JPEG frames (four are sent)",
    "images_only": "one JPEG and no text",
    "audio": "a short WAV audio block and the metadata text",
    "resource": "an embedded resource and a resource link",
    "error": "an isError result",
    "empty": "no content blocks",
    "mixed": "text, JPEG, PNG, GIF, audio and corrupt bytes in one result",
    "slow": "wait (default 30 s) before answering",
    "die": "the server process exits in the middle of the call",
}


def sky(red: tuple[int, int], green: tuple[int, int], blue: tuple[int, int]) -> Any:
    """A frame-sized vertical gradient: each band ``base + v // div`` (a negative ``div`` darkens
    downwards), ``v`` running 0…255 from the top."""
    top = Image.linear_gradient("L").resize((WIDTH, HEIGHT))
    bands = [
        top.point(lambda v, b=base, d=div: b + v // d if d > 0 else b - v // -d)
        for base, div in (red, green, blue)
    ]
    return Image.merge("RGB", bands)


@cache
def _background() -> Any:
    return sky((40, 3), (90, 3), (160, -4))


def frame_image(seq: int, size: tuple[int, int] = (WIDTH, HEIGHT), now: float | None = None) -> Any:
    """The PIL image of frame ``seq``."""
    img = _background().copy()
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 330, WIDTH, HEIGHT), fill=(60, 110, 50))
    x = 60 + (seq * 37) % (WIDTH - 120)
    y = 200 + int(60 * math.sin(seq / 3))
    draw.ellipse((x - 28, y - 28, x + 28, y + 28), fill=(235, 90, 40), outline=(255, 255, 255), width=3)
    font = ImageFont.load_default(size=26)
    stamp = time.strftime("%H:%M:%S", time.localtime(now if now is not None else time.time()))
    draw.text((20, 16), stamp, fill=(255, 255, 255), font=font)
    draw.text((20, 376), f"Fuseforks demo camera  frame {seq}", fill=(255, 255, 240), font=font)
    return img if size == (WIDTH, HEIGHT) else img.resize(size)


def encode(img: Any, fmt: str, **options: Any) -> bytes:
    buf = io.BytesIO()
    img.save(buf, fmt, **options)
    return buf.getvalue()


def jpeg_frame(seq: int) -> bytes:
    return encode(frame_image(seq), "JPEG", quality=85)


def metadata(jpeg_bytes: int, seq: int, width: int = WIDTH, height: int = HEIGHT) -> str:
    """``{"height":424,"jpeg_bytes":N,"seq":K,"width":640}`` (compact, sorted keys), as NIK writes it."""
    meta = {"height": height, "jpeg_bytes": jpeg_bytes, "seq": seq, "width": width}
    return json.dumps(meta, sort_keys=True, separators=(",", ":"))


def bomb_png(width: int = 20_000, height: int = 20_000) -> bytes:
    """A PNG signature and IHDR declaring ``width``×``height`` (no pixel data at all)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk + struct.pack(">I", zlib.crc32(chunk))


def wav_beep() -> bytes:
    """0.05 s of silence as a WAV file."""
    samples = b"\x00\x00" * 400
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 16000, 2, 16)
    return (
        b"RIFF"
        + struct.pack("<I", 36 + len(samples))
        + b"WAVEfmt "
        + struct.pack("<I", 16)
        + fmt
        + b"data"
        + struct.pack("<I", len(samples))
        + samples
    )


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def corrupt_bytes() -> bytes:
    return b"NOT AN IMAGE " + os.urandom(64)


def metadata_like(values: dict[str, Any]) -> str:
    """Compact JSON with sorted keys (the live view's text style)."""
    return json.dumps(values, sort_keys=True, separators=(",", ":"))


@cache
def large_png() -> bytes:
    """A 4000×3000 photo-like PNG (noise over the frame), built once."""

    base = frame_image(1, (4000, 3000))
    noise = Image.effect_noise((4000, 3000), 40).convert("RGB")
    return encode(Image.blend(base, noise, 0.25), "PNG")
