"""core.tool_image: S70-2 … S70-6 and the S70-18 display line."""

from __future__ import annotations

import asyncio
import io
import struct
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from core import tool_image
from core.canonical import Dropped, ImageData
from core.tool_image import display_suffix, normalize, normalize_all, size_kb, target_size


def encode(im: Image.Image, fmt: str, **options: object) -> bytes:
    buf = io.BytesIO()
    im.save(buf, fmt, **options)
    return buf.getvalue()


def photo(width: int, height: int) -> Image.Image:
    """A deterministic picture with detail (so JPEG sizes are realistic)."""
    grad = Image.linear_gradient("L").resize((width, height))
    noise = Image.effect_noise((width, height), 60)
    return Image.merge("RGB", (grad, noise, grad.transpose(Image.Transpose.FLIP_LEFT_RIGHT)))


def decoded(item: ImageData) -> Image.Image:
    im = Image.open(io.BytesIO(item.data))
    im.load()
    return im


def png_header(width: int, height: int) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + chunk + struct.pack(">I", zlib.crc32(chunk))


FRAME = encode(photo(640, 424), "JPEG", quality=85)


# -- S70-3 pass-through ---------------------------------------------------------------------------


def test_static_jpeg_within_limits_passes_through_byte_for_byte() -> None:
    item = normalize(FRAME)
    assert isinstance(item, ImageData)
    assert item.data == FRAME
    assert (item.media_type, item.width, item.height) == ("image/jpeg", 640, 424)


def test_static_webp_passes_through_keeping_transparency() -> None:
    im = Image.new("RGBA", (300, 200), (255, 0, 0, 0))
    data = encode(im, "WEBP", lossless=True)
    item = normalize(data)
    assert isinstance(item, ImageData)
    assert item.data == data
    assert (item.media_type, item.width, item.height) == ("image/webp", 300, 200)
    assert decoded(item).getpixel((5, 5))[3] == 0  # still transparent


def test_lossy_webp_dimensions_read_from_header() -> None:
    data = encode(photo(1568, 1000), "WEBP", quality=80)
    item = normalize(data)
    assert isinstance(item, ImageData)
    assert (item.data == data, item.width, item.height) == (True, 1568, 1000)


def test_pass_through_does_not_reencode(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 12: it is decoded once at 1/8 scale to prove the bytes whole
    # (tests/unit/core/test_tool_image_damaged.py), never re-encoded.
    def boom(*_a: object, **_k: object) -> None:
        raise AssertionError("re-encoded")

    monkeypatch.setattr(tool_image, "_reencode", boom)
    assert isinstance(normalize(FRAME), ImageData)


# -- S70-2 format by bytes ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "reason", "detail"),
    [
        (b"", "unreadable", "format not recognised"),
        (b"NOT AN IMAGE at all", "unreadable", "format not recognised"),
        (encode(Image.new("RGB", (10, 10)), "GIF"), "unsupported_format", "GIF"),
        (encode(Image.new("RGB", (10, 10)), "BMP"), "unsupported_format", "BMP"),
        (encode(Image.new("RGB", (10, 10)), "TIFF"), "unsupported_format", "TIFF"),
        (b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', "unsupported_format", "SVG"),
    ],
)
def test_format_sniffed_from_bytes(data: bytes, reason: str, detail: str) -> None:
    assert normalize(data) == Dropped(reason, detail)  # type: ignore[arg-type]


def test_truncated_jpeg_header_is_unreadable() -> None:
    item = normalize(FRAME[:40])
    assert isinstance(item, Dropped)
    assert item.reason == "unreadable"


# -- S70-4 re-encode ------------------------------------------------------------------------------


def test_png_is_reencoded_to_jpeg_with_transparency_on_white() -> None:
    im = Image.new("RGBA", (200, 100), (255, 0, 0, 0))  # fully transparent red
    im.paste((0, 0, 255, 255), (100, 0, 200, 100))
    item = normalize(encode(im, "PNG"))
    assert isinstance(item, ImageData)
    assert (item.media_type, item.width, item.height) == ("image/jpeg", 200, 100)
    out = decoded(item)
    assert out.format == "JPEG"
    r, g, b = out.getpixel((10, 50))
    assert min(r, g, b) >= 250  # white, not the hidden red
    r, g, b = out.getpixel((150, 50))
    assert b > 200 and r < 40


def test_palette_png_with_trns_is_composited_on_white() -> None:
    im = Image.new("P", (40, 40), 0)
    im.putpalette([0, 0, 0, 255, 0, 0] + [0] * 762)
    data = encode(im, "PNG", transparency=0)
    out = decoded(normalize(data))  # type: ignore[arg-type]
    assert min(out.getpixel((5, 5))) >= 250


def test_oversize_jpeg_shrinks_long_edge_to_1568_keeping_aspect() -> None:
    data = encode(photo(6000, 4000), "JPEG", quality=90)
    item = normalize(data)
    assert isinstance(item, ImageData)
    assert (item.width, item.height) == (1568, 1045)
    assert decoded(item).size == (1568, 1045)


def test_portrait_oversize_png() -> None:
    item = normalize(encode(photo(1000, 3000), "PNG"))
    assert isinstance(item, ImageData)
    assert (item.media_type, item.width, item.height) == ("image/jpeg", 523, 1568)


def test_jpeg_over_2mb_within_1568_is_reencoded_at_q85() -> None:
    big = encode(Image.effect_noise((1500, 1500), 120).convert("RGB"), "JPEG", quality=100)
    assert len(big) > tool_image.MAX_BYTES
    item = normalize(big)
    assert isinstance(item, ImageData)
    assert (item.media_type, item.width, item.height) == ("image/jpeg", 1500, 1500)
    assert item.data != big
    assert len(item.data) <= tool_image.MAX_BYTES


def test_still_over_2mb_after_reencoding_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tool_image, "MAX_BYTES", 1000)
    item = normalize(encode(photo(600, 400), "PNG"))
    assert isinstance(item, Dropped)
    assert item.reason == "too_large"


def test_animated_webp_sends_first_frame_as_jpeg() -> None:
    frames = [Image.new("RGB", (64, 32), c) for c in [(255, 0, 0), (0, 255, 0), (0, 0, 255)]]
    buf = io.BytesIO()
    frames[0].save(buf, "WEBP", save_all=True, append_images=frames[1:], lossless=True)
    item = normalize(buf.getvalue())
    assert isinstance(item, ImageData)
    assert (item.media_type, item.width, item.height) == ("image/jpeg", 64, 32)
    r, g, b = decoded(item).getpixel((10, 10))
    assert r > 200 and g < 40 and b < 40


def test_exif_orientation_applied_on_reencode() -> None:
    im = photo(2000, 1000)
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90° clockwise for display
    data = encode(im, "JPEG", quality=80, exif=exif.tobytes())
    item = normalize(data)
    assert isinstance(item, ImageData)
    assert (item.width, item.height) == (784, 1568)


# -- S70-5 bomb guard -----------------------------------------------------------------------------


@pytest.mark.parametrize(("w", "h"), [(16_385, 10), (10, 16_385), (20_000, 20_000)])
def test_bomb_guard_drops_before_decoding(w: int, h: int, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*_a: object, **_k: object) -> None:
        raise AssertionError("decoder reached")

    monkeypatch.setattr(tool_image, "_reencode", boom)
    assert normalize(png_header(w, h)) == Dropped("too_large", f"PNG declares {w}x{h}")


def test_bomb_guard_edge_exactly_16384_is_not_a_bomb() -> None:
    item = normalize(png_header(16_384, 10))
    assert isinstance(item, Dropped)
    assert item.reason == "unreadable"  # header only: passes the guard, then fails to decode


def test_webp_bomb_header() -> None:
    vp8x = bytearray(b"RIFF\x00\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00") + bytes(10)
    vp8x[24:27] = (20_000 - 1).to_bytes(3, "little")
    vp8x[27:30] = (100 - 1).to_bytes(3, "little")
    assert normalize(bytes(vp8x)) == Dropped("too_large", "WebP declares 20000x100")


# -- S70-6 per result -----------------------------------------------------------------------------


def test_normalize_all_keeps_four_and_drops_the_rest_without_decoding() -> None:
    items = normalize_all([FRAME, b"junk", FRAME, FRAME, FRAME, FRAME, b"junk"])
    kinds = [i.reason if isinstance(i, Dropped) else "sent" for i in items]
    assert kinds == ["sent", "unreadable", "sent", "sent", "sent", "too_many", "too_many"]


def test_target_size() -> None:
    assert target_size(6000, 4000) == (1568, 1045)
    assert target_size(4000, 3000) == (1568, 1176)
    assert target_size(640, 424) == (640, 424)
    assert target_size(1568, 1568) == (1568, 1568)
    assert target_size(100_000, 1) == (1568, 1)


# -- never raises ---------------------------------------------------------------------------------

SEEDS = [
    FRAME,
    encode(photo(64, 48), "PNG"),
    encode(Image.new("RGBA", (40, 30), (1, 2, 3, 4)), "WEBP", lossless=True),
    encode(photo(64, 48), "WEBP", quality=50),
    png_header(100, 100),
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2048))
def test_normalize_never_raises_on_random_bytes(data: bytes) -> None:
    assert isinstance(normalize(data), ImageData | Dropped)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(SEEDS),
    st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), max_size=12),
    st.integers(0, 10_000),
)
def test_normalize_never_raises_on_mutated_images(
    seed: bytes, flips: list[tuple[int, int]], cut: int
) -> None:
    data = bytearray(seed)
    for pos, value in flips:
        if data:
            data[pos % len(data)] = value
    if cut:
        data = data[: max(1, len(data) - cut)]
    item = normalize(bytes(data))
    assert isinstance(item, ImageData | Dropped)
    if isinstance(item, ImageData):
        assert item.media_type in ("image/jpeg", "image/webp")
        assert 0 < item.width <= 16_384 and 0 < item.height <= 16_384


# -- async wrapper --------------------------------------------------------------------------------


def test_async_wrappers_match_sync_and_offload_large_inputs(monkeypatch: pytest.MonkeyPatch) -> None:
    big = encode(photo(2000, 1500), "PNG")
    calls: list[object] = []
    real = asyncio.to_thread

    async def spy(fn, /, *args):  # type: ignore[no-untyped-def]
        calls.append(fn)
        return await real(fn, *args)

    monkeypatch.setattr(asyncio, "to_thread", spy)
    small = asyncio.run(tool_image.normalize_async(FRAME))
    large = asyncio.run(tool_image.normalize_async(big))
    many = asyncio.run(tool_image.normalize_all_async([FRAME, big]))
    assert small == normalize(FRAME)
    assert large == normalize(big)
    assert many == normalize_all([FRAME, big])
    assert calls == [normalize, normalize_all]


# -- S70-18 display line --------------------------------------------------------------------------


def img(fmt: str, size: int) -> ImageData:
    return ImageData(f"image/{fmt}", b"x" * size, 10, 10)


@pytest.mark.parametrize(
    ("images", "language", "expected"),
    [
        ([img("jpeg", 21_017)], "en", "(1 image: JPEG 21 KB)"),
        ([img("jpeg", 19_999)], "en", "(1 image: JPEG 19 KB)"),
        ([img("jpeg", 21_017), img("webp", 3_100)], "en", "(2 images: JPEG 21 KB, WebP 3 KB)"),
        ([img("jpeg", 120)], "en", "(1 image: JPEG 1 KB)"),
        ([img("jpeg", 19_412)], "ja", "（画像 1 枚: JPEG 19 KB）"),
        ([img("jpeg", 21_017), img("webp", 3_100)], "ja", "（画像 2 枚: JPEG 21 KB、WebP 3 KB）"),
        ([img("jpeg", 21_017)], "zh", "（1 张图片：JPEG 21 KB）"),
        ([], "en", ""),
    ],
)
def test_display_suffix(images: list[ImageData], language: str, expected: str) -> None:
    assert display_suffix(images, language) == expected


def test_size_kb_rule() -> None:
    assert [size_kb(n) for n in (0, 999, 1000, 1999, 21_017, 2_097_152)] == [1, 1, 1, 1, 21, 2097]


def test_needs_decoding_is_judged_from_the_header() -> None:
    flat_png = encode(Image.new("RGB", (6000, 4000), (10, 20, 30)), "PNG")
    assert len(flat_png) < tool_image.OFFLOAD_BYTES  # few bytes, a 72 MB decode
    assert tool_image.needs_decoding(flat_png) is True
    assert tool_image.needs_decoding(encode(photo(2000, 1000), "JPEG")) is True  # over 1568 px
    assert tool_image.needs_decoding(encode(photo(640, 424), "JPEG")) is False  # passes through
    assert tool_image.needs_decoding(b"not an image") is False  # dropped without decoding
    assert tool_image.needs_decoding(png_header(20_000, 10)) is False  # bomb guard, no decode


def test_async_normalisation_moves_small_but_large_pixel_images_off_the_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import threading

    threads: list[int] = []
    real = tool_image.normalize_all

    def spy(blocks: list[bytes]) -> list[ImageData | Dropped]:
        threads.append(threading.get_ident())
        return real(blocks)

    monkeypatch.setattr(tool_image, "normalize_all", spy)
    flat_png = encode(Image.new("RGB", (6000, 4000), (10, 20, 30)), "PNG")
    frame = encode(photo(640, 424), "JPEG")

    async def both() -> tuple[list[ImageData | Dropped], list[ImageData | Dropped]]:
        return await tool_image.normalize_all_async([frame]), await tool_image.normalize_all_async([flat_png])

    main = threading.get_ident()
    inline, off = asyncio.run(both())
    assert threads[0] == main  # the live-view frame stays on the loop (no thread hop)
    assert threads[1] != main  # the PNG decodes on a worker thread
    assert isinstance(inline[0], ImageData) and inline[0].data == frame
    assert isinstance(off[0], ImageData) and (off[0].width, off[0].height) == (1568, 1045)


def test_webp_to_jpeg_flattens_transparency_on_white() -> None:
    webp = encode(Image.new("RGBA", (8, 6), (10, 200, 30, 0)), "WEBP", lossless=True)
    out = tool_image.webp_to_jpeg(ImageData("image/webp", webp, 8, 6))
    assert (out.media_type, out.width, out.height, out.data[:3]) == ("image/jpeg", 8, 6, b"\xff\xd8\xff")
    r, g, b = decoded(out).convert("RGB").getpixel((4, 3))  # type: ignore[misc]
    assert min(r, g, b) > 240  # a fully transparent pixel becomes white, not the hidden green


def test_webp_to_jpeg_raises_value_error_on_broken_bytes() -> None:
    with pytest.raises(ValueError, match="cannot re-encode image"):
        tool_image.webp_to_jpeg(ImageData("image/webp", b"RIFF\x00\x00\x00\x00WEBPjunk", 8, 6))
