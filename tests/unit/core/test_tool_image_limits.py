"""core.tool_image: bounded work on large images (issue 12, defect 4).

A pixel-count limit beside the 16,384 px edge limit, a lower one for images every decoder holds whole
(progressive JPEG, interlaced PNG), and a PNG decoder whose memory does not grow with the source,
measured as peak RSS in a child process (C allocations are invisible to tracemalloc).
"""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PIL import Image

from core import image_repair, image_shrink, tool_image
from core.canonical import Dropped, ImageData
from core.tool_image import normalize
from tests.fakes.images import flat_png, jpeg_declaring, png_declaring

ROOT = Path(__file__).resolve().parents[3]


def never(*_a: object, **_k: object) -> bytes:
    raise AssertionError("decoder reached")


def jpeg(progressive: bool) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (64, 48), (10, 20, 30)).save(buf, "JPEG", progressive=progressive)
    return buf.getvalue()


def test_flat_16000_square_png_is_too_large_before_decoding(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(image_shrink, "shrink_to_jpeg", never)
    item = normalize(png_declaring(16_000, 16_000))
    assert item == Dropped("too_large", "PNG declares 16000x16000, over 128000000 pixels")


def test_pixel_limit_admits_a_12000_by_9000_chart() -> None:
    assert 12_000 * 9_000 <= tool_image.MAX_PIXELS < 16_000 * 16_000
    item = normalize(png_declaring(12_000, 9_000))  # passes the guard; its one-byte IDAT does not decode
    assert isinstance(item, Dropped) and item.reason == "unreadable"


def test_interlaced_png_has_the_lower_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(image_shrink, "shrink_to_jpeg", never)
    item = normalize(png_declaring(5_000, 4_000, interlaced=True))
    assert item == Dropped("too_large", "PNG interlaced declares 5000x4000, over 16000000 pixels")
    plain = normalize(png_declaring(5_000, 4_000))
    assert isinstance(plain, Dropped) and plain.reason == "unreadable"  # reached the decoder


def test_progressive_jpeg_has_the_lower_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tool_image, "_jpeg", never)
    item = normalize(jpeg_declaring(jpeg(progressive=True), 8_000, 5_000))
    assert item == Dropped("too_large", "JPEG progressive declares 8000x5000, over 25000000 pixels")


def first_scan_of_one_component(jpeg_bytes: bytes) -> bytes:
    """A baseline JPEG whose first scan (SOS) names one component of the frame's three: the layout
    whose components come in separate scans, which libjpeg decodes whole like a progressive one."""
    data = bytearray(jpeg_bytes)
    at = data.find(b"\xff\xda")
    assert data[at + 4] == 3
    data[at + 4] = 1
    return bytes(data)


def test_baseline_jpeg_with_its_components_in_separate_scans_has_the_lower_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """11200×11200 in this layout peaked at 774 MB when it counted as a plain baseline JPEG."""
    monkeypatch.setattr(tool_image, "_jpeg", never)
    item = normalize(jpeg_declaring(first_scan_of_one_component(jpeg(progressive=False)), 8_000, 5_000))
    assert item == Dropped("too_large", "JPEG progressive declares 8000x5000, over 25000000 pixels")


def test_what_libjpeg_decodes_whole_is_read_from_the_markers() -> None:
    grey = io.BytesIO()
    Image.new("L", (8, 8)).save(grey, "JPEG")
    assert image_repair.jpeg_buffered(jpeg(progressive=False)) is False
    assert image_repair.jpeg_buffered(grey.getvalue()) is False  # one component, one scan
    assert image_repair.jpeg_buffered(jpeg(progressive=True)) is True
    assert image_repair.jpeg_buffered(first_scan_of_one_component(jpeg(progressive=False))) is True
    assert image_repair.jpeg_buffered(b"\xff\xd8\xff") is True  # cannot be followed: the lower limit


def test_baseline_jpeg_of_the_same_size_is_decoded() -> None:
    item = normalize(jpeg_declaring(jpeg(progressive=False), 8_000, 5_000))
    # decoded (libjpeg fills what its 64×48 scan does not cover), not refused
    assert isinstance(item, ImageData) and (item.width, item.height) == (1568, 980)


def test_large_png_is_shrunk_through_libvips_exactly_to_the_target(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[tuple[int, int]] = []
    real = image_shrink.shrink_to_jpeg

    def spy(data: bytes, size: tuple[int, int], quality: int) -> bytes:
        sizes.append(size)
        return real(data, size, quality)

    monkeypatch.setattr(image_shrink, "shrink_to_jpeg", spy)
    item = normalize(flat_png(3000, 1000))
    assert isinstance(item, ImageData) and (item.width, item.height) == (1568, 523)
    assert sizes == [(1568, 523)]
    with Image.open(io.BytesIO(item.data)) as im:
        assert im.size == (1568, 523) and im.mode == "RGB"
        r, g, b = im.getpixel((700, 200))  # type: ignore[misc]
        assert abs(r - 30) < 6 and abs(g - 90) < 6 and abs(b - 160) < 6


def test_16_bit_grey_alpha_png_becomes_8_bit_rgb_on_white() -> None:
    im = Image.new("LA", (40, 30), (0, 0))  # fully transparent black
    buf = io.BytesIO()
    im.save(buf, "PNG")
    item = normalize(buf.getvalue())
    assert isinstance(item, ImageData)
    with Image.open(io.BytesIO(item.data)) as out:
        assert out.mode == "RGB" and min(out.getpixel((5, 5))) >= 250  # type: ignore[arg-type]


CHILD = textwrap.dedent(
    """
    import sys
    data = open(sys.argv[1], "rb").read()
    from core.tool_image import normalize
    def kib(key):
        return next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith(key))
    before = kib("VmRSS")
    item = normalize(data)
    print(type(item).__name__, getattr(item, "width", 0), getattr(item, "height", 0), before, kib("VmHWM"))
    """
)


def test_peak_memory_of_a_large_png_does_not_grow_with_the_source(tmp_path: Path) -> None:
    # 8000×8000 flat RGB: 192 MB of pixels in a 250 KB file; a full decode (Pillow, 4 bytes a pixel)
    # raises peak RSS by ~256 MB, the libvips path by a few tens.
    source = tmp_path / "flat.png"
    source.write_bytes(flat_png(8000, 8000))
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(source)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    kind, width, height, before, peak = out.stdout.split()
    assert (kind, width, height) == ("ImageData", "1568", "1568")
    growth_mb = (int(peak) - int(before)) / 1024
    assert growth_mb < 120, f"peak RSS grew by {growth_mb:.0f} MB"


def test_libvips_runs_one_worker_whatever_the_cores() -> None:
    """Each worker holds a band of the image: the peak memory must not grow with the machine."""
    assert image_shrink.vips().concurrency_get() == 1
