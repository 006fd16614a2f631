"""Images for tests: a real encoded JPEG (decodable), and a tagged JPEG stand-in (cheap, distinct)."""

from __future__ import annotations

import io

from PIL import Image

from core.canonical import ImageData


def jpeg(width: int = 320, height: int = 240, colour: tuple[int, int, int] = (200, 40, 40)) -> bytes:
    """A real JPEG of one colour (the window decodes and shows it)."""
    buf = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(buf, "JPEG", quality=90)
    return buf.getvalue()


def frame(tag: int, size: int = 40) -> ImageData:
    """A 640×424 "JPEG" whose bytes differ by ``tag`` (never decoded: the turn engine only moves it)."""
    return ImageData("image/jpeg", b"\xff\xd8\xff" + bytes([tag]) * size, 640, 424)
