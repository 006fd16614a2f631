"""core.tool_image on damaged real-world files (issue 12, defects 2 and 3).

Damaged ancillary data (a colour profile, text, EXIF, APP segments) is ignored as libpng, libjpeg
and browsers ignore it; a damaged critical part (IHDR, PLTE, IDAT, the entropy-coded data) still
makes the image "unreadable". A pass-through image is decoded once (at reduced size) so a frame cut
short in transfer is never sent; a CMYK JPEG is re-encoded as RGB. The files are built byte by byte.
"""

from __future__ import annotations

import io
import warnings
import zlib

import pytest
from PIL import Image

from core.canonical import Dropped, ImageData
from core.tool_image import normalize
from tests.fakes.images import (
    bad_crc,
    jpeg_segment,
    photo,
    png_chunk,
    png_from_chunks,
    png_parts,
    with_segments,
)

RED = (200, 30, 30)


def encode(im: Image.Image, fmt: str, **options: object) -> bytes:
    buf = io.BytesIO()
    im.save(buf, fmt, **options)
    return buf.getvalue()


def pixel(item: ImageData | Dropped, xy: tuple[int, int] = (4, 4)) -> tuple[int, ...]:
    assert isinstance(item, ImageData), item
    with Image.open(io.BytesIO(item.data)) as im:
        assert im.mode == "RGB"
        return tuple(im.getpixel(xy))  # type: ignore[arg-type]


def near(got: tuple[int, ...], want: tuple[int, ...], tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(got, want, strict=True))


IHDR, _, IDAT = png_parts(Image.new("RGB", (32, 16), RED))
HEAD = png_chunk(b"IHDR", IHDR)
BODY = png_chunk(b"IDAT", IDAT)
END = png_chunk(b"IEND", b"")
ICC = b"sRGB built-in\x00\x00" + zlib.compress(b"\x00" * 300)


# -- PNG: damaged ancillary chunks decode -----------------------------------------------------------


@pytest.mark.parametrize(
    "damaged",
    [
        pytest.param(bad_crc(b"iCCP", ICC), id="iCCP bad CRC (the reference server's PNG)"),
        pytest.param(bad_crc(b"tEXt", b"Comment\x00made by a tool"), id="tEXt bad CRC"),
        pytest.param(bad_crc(b"eXIf", b"MM\x00*\x00\x00\x00\x08\x00\x00"), id="eXIf bad CRC"),
        pytest.param(bad_crc(b"zTXt", b"Comment\x00\x00" + zlib.compress(b"x")), id="zTXt bad CRC"),
        pytest.param(png_chunk(b"zTXt", b"Comment\x00\x00not zlib at all"), id="zTXt bad zlib"),
        pytest.param(png_chunk(b"iCCP", b"profile\x00\x00not zlib"), id="iCCP bad zlib"),
        pytest.param(png_chunk(b"eXIf", b"garbage, not TIFF"), id="eXIf garbage"),
        pytest.param(bad_crc(b"gAMA", b"\x00\x00\xb1\x8f"), id="gAMA bad CRC"),
    ],
)
def test_png_with_damaged_ancillary_chunk_decodes(damaged: bytes) -> None:
    data = png_from_chunks(HEAD, damaged, BODY, END)
    assert near(pixel(normalize(data)), RED)


def test_png_with_damaged_chunk_after_the_image_data_decodes() -> None:
    data = png_from_chunks(HEAD, BODY, bad_crc(b"tEXt", b"Comment\x00late"), END)
    assert near(pixel(normalize(data)), RED)


def test_png_whose_trns_is_damaged_decodes_opaque_as_libpng_does() -> None:
    ihdr, plte, idat = png_parts(Image.new("P", (16, 16), 0))
    data = png_from_chunks(
        png_chunk(b"IHDR", ihdr),
        png_chunk(b"PLTE", b"\x00\x00\xff" + plte[3:]),
        bad_crc(b"tRNS", b"\x00"),
        png_chunk(b"IDAT", idat),
        END,
    )
    assert near(pixel(normalize(data)), (0, 0, 255))  # blue, not composited to white


def test_png_with_intact_trns_is_still_composited_on_white() -> None:
    ihdr, plte, idat = png_parts(Image.new("P", (16, 16), 0))
    data = png_from_chunks(
        png_chunk(b"IHDR", ihdr),
        png_chunk(b"PLTE", b"\x00\x00\xff" + plte[3:]),
        png_chunk(b"tRNS", b"\x00"),
        png_chunk(b"IDAT", idat),
        END,
    )
    assert near(pixel(normalize(data)), (255, 255, 255), 3)


def test_png_missing_its_iend_decodes_when_the_image_data_is_complete() -> None:
    assert near(pixel(normalize(png_from_chunks(HEAD, BODY))), RED)


# -- PNG: damaged critical chunks are unreadable ----------------------------------------------------


@pytest.mark.parametrize(
    ("data", "detail"),
    [
        pytest.param(png_from_chunks(HEAD, bad_crc(b"IDAT", IDAT), END), "IDAT", id="IDAT bad CRC"),
        pytest.param(png_from_chunks(HEAD, BODY)[:-8], "IDAT", id="cut inside IDAT"),
        pytest.param(
            png_from_chunks(HEAD, png_chunk(b"IDAT", IDAT[: len(IDAT) // 2]), END), "", id="IDAT data short"
        ),
        pytest.param(png_from_chunks(bad_crc(b"IHDR", IHDR), BODY, END), "IHDR", id="IHDR bad CRC"),
        pytest.param(png_from_chunks(HEAD, END), "", id="no IDAT"),
        pytest.param(
            png_from_chunks(HEAD, png_chunk(b"ZZZZ", b"?"), BODY, END), "ZZZZ", id="unknown critical"
        ),
    ],
)
def test_png_with_damaged_critical_chunk_is_unreadable(data: bytes, detail: str) -> None:
    item = normalize(data)
    assert isinstance(item, Dropped) and item.reason == "unreadable", item
    assert detail in item.detail


def test_png_with_damaged_palette_is_unreadable() -> None:
    ihdr, plte, idat = png_parts(Image.new("P", (16, 16), 0))
    data = png_from_chunks(png_chunk(b"IHDR", ihdr), bad_crc(b"PLTE", plte), png_chunk(b"IDAT", idat), END)
    item = normalize(data)
    assert isinstance(item, Dropped) and item.reason == "unreadable" and "PLTE" in item.detail


# -- JPEG: broken EXIF and APP segments are ignored -------------------------------------------------

FRAME = encode(photo(640, 424), "JPEG", quality=85)
LARGE = encode(photo(2000, 1000), "JPEG", quality=80)  # the re-encode path (EXIF orientation read)


@pytest.mark.parametrize("base", [FRAME, LARGE], ids=["pass-through", "re-encode"])
@pytest.mark.parametrize(
    "segment",
    [
        pytest.param(jpeg_segment(0xE1, b"Exif\x00\x00garbage that is not TIFF"), id="EXIF garbage"),
        pytest.param(
            jpeg_segment(0xE1, b"Exif\x00\x00MM\x00*\x00\x00\x00\x08\xff\xff"), id="EXIF IFD past end"
        ),
        pytest.param(
            jpeg_segment(0xE1, b"Exif\x00\x00II*\x00\x08\x00\x00\x00\x01\x00\x12\x01\x03\x00"), id="EXIF cut"
        ),
        pytest.param(jpeg_segment(0xE2, b"ICC_PROFILE\x00\x05\x02junk"), id="ICC chunk numbering"),
        pytest.param(jpeg_segment(0xE2, b"MPF\x00garbage"), id="MPF garbage"),
        pytest.param(jpeg_segment(0xEE, b"Adobe"), id="Adobe APP14 short"),
        pytest.param(jpeg_segment(0xE0, b"JFIF\x00"), id="JFIF APP0 short"),
        pytest.param(jpeg_segment(0xFE, b"\xff\xfe\x00"), id="comment with marker bytes"),
    ],
)
def test_jpeg_with_broken_app_segment_decodes(base: bytes, segment: bytes) -> None:
    item = normalize(with_segments(base, segment))
    assert isinstance(item, ImageData), item
    assert item.media_type == "image/jpeg"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Pillow warns on a malformed MPF segment, and reads on
        im = Image.open(io.BytesIO(item.data))
    with im:
        im.load()  # what goes on the wire decodes in Pillow too (providers' decoders are no kinder)
        assert im.size == (item.width, item.height)
        assert im.size == ((640, 424) if base is FRAME else (1568, 784))


def test_pass_through_jpeg_with_intact_segments_is_sent_byte_for_byte() -> None:
    data = with_segments(FRAME, jpeg_segment(0xFE, b"a comment"), jpeg_segment(0xE2, b"MPF\x00garbage"))
    item = normalize(data)
    assert isinstance(item, ImageData) and item.data == data


def test_exif_orientation_with_a_bad_value_is_ignored() -> None:
    exif = Image.Exif()
    exif[0x0112] = 77  # no such orientation
    item = normalize(encode(photo(2000, 1000), "JPEG", quality=80, exif=exif.tobytes()))
    assert isinstance(item, ImageData) and (item.width, item.height) == (1568, 784)


# -- defect 3: a pass-through image must decode completely ------------------------------------------


@pytest.mark.parametrize("fraction", [0.3, 0.6, 0.95])
def test_truncated_jpeg_frame_is_unreadable_not_passed_through(fraction: float) -> None:
    item = normalize(FRAME[: int(len(FRAME) * fraction)])
    assert isinstance(item, Dropped) and item.reason == "unreadable", item


def test_truncated_progressive_jpeg_is_unreadable() -> None:
    data = encode(photo(640, 424), "JPEG", quality=85, progressive=True)
    assert isinstance(normalize(data), ImageData)
    item = normalize(data[: len(data) * 2 // 3])
    assert isinstance(item, Dropped) and item.reason == "unreadable", item


def test_truncated_webp_is_unreadable() -> None:
    data = encode(photo(400, 300), "WEBP", quality=80)
    item = normalize(data[: len(data) // 2])
    assert isinstance(item, Dropped) and item.reason == "unreadable", item


def test_pass_through_is_verified_with_a_reduced_decode(monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import JpegImagePlugin

    requests: list[tuple[int, int]] = []
    real = JpegImagePlugin.JpegImageFile.draft

    def spy(self: JpegImagePlugin.JpegImageFile, mode: str | None, size: tuple[int, int] | None) -> object:
        assert size is not None
        requests.append(size)
        return real(self, mode, size)

    monkeypatch.setattr(JpegImagePlugin.JpegImageFile, "draft", spy)
    item = normalize(FRAME)
    assert isinstance(item, ImageData) and item.data == FRAME
    assert requests and max(requests[-1]) <= 640 // 8


@pytest.mark.parametrize("size", [(100, 80), (2000, 1200)], ids=["within limits", "over 1568 px"])
def test_cmyk_jpeg_is_reencoded_as_rgb(size: tuple[int, int]) -> None:
    data = encode(Image.new("CMYK", size, (0, 255, 255, 0)), "JPEG", quality=90)  # red in CMYK
    item = normalize(data)
    assert isinstance(item, ImageData) and item.media_type == "image/jpeg"
    assert item.data != data
    assert near(pixel(item), (255, 0, 0), 20)
