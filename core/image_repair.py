"""Damaged metadata in PNG and JPEG files, forgiven as libpng, libjpeg and browsers forgive it
(issue 12). Pure: bytes in, bytes out; no Pillow, no I/O.

* ``clean_png`` checks the length and CRC of every chunk and keeps only the chunks the decoder
  needs for the pixels: IHDR, PLTE, tRNS, IDAT, IEND. A damaged ancillary chunk (a colour profile,
  text, EXIF, gamma, an animation chunk …) is dropped, as libpng drops an ancillary chunk whose CRC
  is wrong; intact ones are dropped too, since the re-encoded JPEG carries none of them (the first
  frame of an APNG is its IDAT image either way). A damaged, cut or unknown critical chunk, or no
  image data, raises ``Damaged``: such a file is "unreadable".
* ``clean_jpeg`` removes the APPn and COM segments (EXIF, ICC profile, JFIF, MPF, comments …) that
  carry no pixels, keeping a well-formed Adobe APP14 (it says how CMYK is stored). It is used only
  when Pillow refuses the original header, e.g. a JFIF or Adobe segment cut short, which libjpeg
  skips; the entropy-coded data is left byte for byte.
"""

from __future__ import annotations

import struct
import zlib
from typing import Final

PNG_SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"
_PNG_KEPT: Final = frozenset({b"IHDR", b"PLTE", b"tRNS", b"IDAT", b"IEND"})
_PNG_CRITICAL: Final = frozenset({b"IHDR", b"PLTE", b"IDAT", b"IEND"})


class Damaged(Exception):
    """A critical part of the file is damaged; the message names it."""


def _png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def clean_png(data: bytes) -> bytes:
    """The PNG rebuilt from its intact IHDR, PLTE, tRNS, IDAT chunks and an IEND. Raises ``Damaged``."""
    if not data.startswith(PNG_SIGNATURE):
        raise Damaged("no PNG signature")
    out = [PNG_SIGNATURE]
    pos, seen_idat = len(PNG_SIGNATURE), False
    while pos < len(data):
        if pos + 8 > len(data):
            break  # a few stray bytes after the last chunk
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        end = pos + 12 + length
        critical = kind[:1].isupper()
        if end > len(data):
            if critical or not seen_idat:
                raise Damaged(f"{kind.decode('latin-1')} cut short")
            break  # an ancillary chunk cut after the image data: the pixels are all there
        body = data[pos + 8 : end - 4]
        intact = struct.unpack(">I", data[end - 4 : end])[0] == zlib.crc32(kind + body)
        if critical and kind not in _PNG_CRITICAL:
            raise Damaged(f"unknown critical chunk {kind.decode('latin-1')!r}")
        if critical and not intact:
            raise Damaged(f"{kind.decode('latin-1')} checksum")
        if len(out) == 1 and kind != b"IHDR":
            raise Damaged("IHDR not first")
        if kind == b"IEND":
            break
        if kind == b"IDAT":
            seen_idat = True
        if intact and kind in _PNG_KEPT:
            out.append(data[pos:end])
        pos = end
    if not seen_idat:
        raise Damaged("no IDAT")
    out.append(_png_chunk(b"IEND", b""))
    return b"".join(out)


def png_interlaced(data: bytes) -> bool:
    """Whether the IHDR (at its fixed place) declares Adam7 interlacing."""
    return len(data) > 28 and data[28] == 1


def _adobe_ok(marker: int, body: bytes) -> bool:
    return marker == 0xEE and body.startswith(b"Adobe") and len(body) >= 12


def clean_jpeg(data: bytes) -> bytes:
    """The JPEG without its APPn and COM segments (a well-formed Adobe APP14 kept), everything from
    the first frame or table segment on left byte for byte. Raises ``Damaged`` on a broken layout."""
    if not data.startswith(b"\xff\xd8"):
        raise Damaged("no SOI")
    out = [data[:2]]
    pos = 2
    while True:
        while pos < len(data) and data[pos] == 0xFF and pos + 1 < len(data) and data[pos + 1] == 0xFF:
            pos += 1  # fill bytes before a marker
        if pos + 4 > len(data) or data[pos] != 0xFF:
            raise Damaged("marker expected")
        marker = data[pos + 1]
        (length,) = struct.unpack(">H", data[pos + 2 : pos + 4])
        end = pos + 2 + length
        if length < 2 or end > len(data):
            raise Damaged(f"segment 0x{marker:02X} cut short")
        metadata = 0xE0 <= marker <= 0xEF or marker == 0xFE
        if not metadata:
            out.append(data[pos:])  # tables, frame header, scan: untouched
            return b"".join(out)
        if _adobe_ok(marker, data[pos + 4 : end]):
            out.append(data[pos:end])
        pos = end


# Start-of-frame markers: C0-CF but DHT (C4), JPG (C8) and DAC (CC). C0 and C1 are sequential
# Huffman frames; the rest are progressive, lossless or arithmetic.
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def jpeg_buffered(data: bytes) -> bool:
    """Whether libjpeg must hold the coefficients of the whole image to decode ``data``: a frame
    that is not sequential Huffman (C0/C1), or a first scan carrying fewer components than the
    frame (the components come in separate scans, which Pillow does not mark "progressive" and
    ``draft`` does not shrink). A layout this walk cannot follow counts as buffered."""
    pos, components = 2, 0
    sof = None
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:
            return True
        marker = data[pos + 1]
        if marker == 0xFF:
            pos += 1
            continue
        (length,) = struct.unpack(">H", data[pos + 2 : pos + 4])
        if length < 2:
            return True
        body = data[pos + 4 : pos + 2 + length]
        if marker in _SOF and len(body) >= 6:
            sof, components = marker, body[5]
        elif marker == 0xDA:  # the first scan: its component count decides
            return sof not in (0xC0, 0xC1) or not body or body[0] < components
        pos += 2 + length
    return True
