"""Images for tests: a real encoded JPEG (decodable), and a tagged JPEG stand-in (cheap, distinct)."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image, ImageDraw

from core.canonical import ImageData


def jpeg(width: int = 320, height: int = 240, colour: tuple[int, int, int] = (200, 40, 40)) -> bytes:
    """A real JPEG of one colour (the window decodes and shows it)."""
    buf = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(buf, "JPEG", quality=90)
    return buf.getvalue()


def frame(tag: int, size: int = 40) -> ImageData:
    """A 640×424 "JPEG" whose bytes differ by ``tag`` (never decoded: the turn engine only moves it)."""
    return ImageData("image/jpeg", b"\xff\xd8\xff" + bytes([tag]) * size, 640, 424)


# -- built byte by byte: PNG chunks and JPEG segments ----------------------------------------------

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_chunk(kind: bytes, body: bytes, *, crc: int | None = None) -> bytes:
    """One PNG chunk; ``crc`` overrides the checksum (a damaged chunk)."""
    good = zlib.crc32(kind + body)
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", good if crc is None else crc)


def bad_crc(kind: bytes, body: bytes) -> bytes:
    """A chunk whose checksum is off by one."""
    return png_chunk(kind, body, crc=(zlib.crc32(kind + body) + 1) & 0xFFFFFFFF)


def png_parts(im: Image.Image) -> tuple[bytes, bytes, bytes]:
    """(IHDR body, PLTE body or b"", zlib-compressed scanlines) of ``im`` as Pillow writes it."""
    buf = io.BytesIO()
    im.save(buf, "PNG")
    data = buf.getvalue()
    pos, ihdr, plte, idat = 8, b"", b"", b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            ihdr = body
        elif kind == b"PLTE":
            plte = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    return ihdr, plte, idat


def png_from_chunks(*chunks: bytes) -> bytes:
    return PNG_SIGNATURE + b"".join(chunks)


def jpeg_segment(marker: int, body: bytes) -> bytes:
    """One JPEG marker segment (APPn, COM, …) with its length field."""
    return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body


def with_segments(jpeg_bytes: bytes, *segments: bytes) -> bytes:
    """``jpeg_bytes`` with ``segments`` inserted right after SOI."""
    return jpeg_bytes[:2] + b"".join(segments) + jpeg_bytes[2:]


def photo(width: int, height: int) -> Image.Image:
    """A deterministic picture with detail (so JPEG sizes are realistic)."""
    grad = Image.linear_gradient("L").resize((width, height))
    noise = Image.effect_noise((width, height), 60)
    return Image.merge("RGB", (grad, noise, grad.transpose(Image.Transpose.FLIP_LEFT_RIGHT)))


def chart(width: int, height: int) -> Image.Image:
    """A plot rendered at high density: white, a grid and a few thick coloured lines."""
    im = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(im)
    step = max(1, width // 40)
    for x in range(0, width, step):
        draw.line([(x, 0), (x, height)], fill=(220, 220, 220), width=max(1, width // 4000))
    for y in range(0, height, step):
        draw.line([(0, y), (width, y)], fill=(220, 220, 220), width=max(1, width // 4000))
    colours = [(31, 119, 180), (255, 127, 14), (44, 160, 44)]
    for n, colour in enumerate(colours):
        points = [
            (x, int(height * (0.5 + 0.3 * ((x * (n + 2)) % width) / width - 0.15 * n)))
            for x in range(0, width, step // 4 or 1)
        ]
        draw.line(points, fill=colour, width=max(2, width // 1000))
    return im


def flat_png(width: int, height: int, colour: tuple[int, int, int] = (30, 90, 160)) -> bytes:
    """A one-colour RGB PNG built row by row (no full-size image in memory): a few hundred KB on the
    wire for hundreds of MB of pixels, like a chart server's empty canvas."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    row = b"\x00" + bytes(colour) * width
    packer = zlib.compressobj(1)
    body = [packer.compress(row) for _ in range(height)]
    body.append(packer.flush())
    return png_from_chunks(
        png_chunk(b"IHDR", ihdr), png_chunk(b"IDAT", b"".join(body)), png_chunk(b"IEND", b"")
    )


def png_declaring(width: int, height: int, *, interlaced: bool = False) -> bytes:
    """A PNG whose IHDR declares ``width``×``height`` and whose image data is one byte (never decoded)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, int(interlaced))
    return png_from_chunks(png_chunk(b"IHDR", ihdr), png_chunk(b"IDAT", b"\x00"), png_chunk(b"IEND", b""))


def jpeg_declaring(jpeg_bytes: bytes, width: int, height: int) -> bytes:
    """``jpeg_bytes`` with the size in its frame header (SOF0/SOF2) replaced; the scan is untouched."""
    data = bytearray(jpeg_bytes)
    for marker in (b"\xff\xc0", b"\xff\xc2"):
        at = data.find(marker)
        if at > 0:
            data[at + 5 : at + 9] = struct.pack(">HH", height, width)
            return bytes(data)
    raise ValueError("no SOF0/SOF2")
