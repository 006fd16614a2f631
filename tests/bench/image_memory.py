"""Decode time and peak memory of tool-image normalisation beside bare Pillow (issue 12).

Run: ``python -m tests.bench.image_memory`` (prints one table; about a minute, most of it building
the images). Each measurement runs in a fresh child process that imports what it needs and reads
the file first; the child reports its own decode time and peak RSS (``VmHWM``: C allocations
included, which tracemalloc cannot see) beside its RSS before decoding. "Bare Pillow" is
``Image.open`` + ``load`` + ``thumbnail`` to 1568 px, what a plain viewer does.
"""

from __future__ import annotations

import io
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from tests.fakes.images import chart, flat_png, photo

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import io, sys, time
how, path = sys.argv[1], sys.argv[2]
data = open(path, "rb").read()
from PIL import Image
from core import tool_image
def kib(key):
    return next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith(key))
if how == "normalize-unlimited":
    tool_image.MAX_PIXELS = 1 << 40
Image.init()  # plugins loaded before the clock starts, for both
if how != "pillow":
    from core import image_shrink
    image_shrink.vips()  # libvips loaded once per app run, not per image
before = kib("VmRSS")
start = time.perf_counter()
if how == "pillow":
    Image.MAX_IMAGE_PIXELS = None
    im = Image.open(io.BytesIO(data)); im.load(); im.thumbnail((1568, 1568))
    outcome = "%dx%d" % im.size
else:
    item = tool_image.normalize(data)
    outcome = getattr(item, "reason", None) or "%dx%d" % (item.width, item.height)
print(time.perf_counter() - start, before, kib("VmHWM"), outcome)
"""


@dataclass(frozen=True)
class Run:
    seconds: float
    before_mb: float
    peak_mb: float
    outcome: str


@dataclass(frozen=True)
class Case:
    label: str
    build: Callable[[], bytes]
    how: str = "normalize"


def _encode(im: Image.Image, fmt: str, **options: object) -> bytes:
    buf = io.BytesIO()
    im.save(buf, fmt, **options)
    return buf.getvalue()


def _flat_16000() -> bytes:
    return flat_png(16_000, 16_000)


CASES = (
    Case("640x424 JPEG", lambda: _encode(photo(640, 424), "JPEG", quality=85)),
    Case("4000x3000 PNG", lambda: _encode(photo(4000, 3000), "PNG", compress_level=1)),
    Case("6000x4000 JPEG", lambda: _encode(photo(6000, 4000), "JPEG", quality=92)),
    Case("12000x9000 PNG", lambda: _encode(chart(12_000, 9_000), "PNG")),
    Case("16000x16000 flat PNG", _flat_16000),
    Case("  same, pixel limit lifted", _flat_16000, "normalize-unlimited"),
)


def measure(how: str, path: Path) -> Run:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, how, str(path)], cwd=ROOT, capture_output=True, text=True, check=True
    )
    seconds, before, peak, outcome = out.stdout.split()
    return Run(float(seconds), int(before) / 1024, int(peak) / 1024, outcome)


def table(cases: Iterable[Case] = CASES) -> str:
    header = (
        f"{'image':28} {'wire':>8} | {'Pillow s':>8} {'peak MB':>8} | {'app s':>7} {'peak MB':>8} "
        f"{'result':>10} | {'time':>6} {'peak':>6}"
    )
    rows = [header, "-" * len(header)]
    with tempfile.TemporaryDirectory() as folder:
        built: dict[Callable[[], bytes], Path] = {}
        for n, case in enumerate(cases):
            path = built.setdefault(case.build, Path(folder) / f"{n}.img")
            if not path.exists():
                path.write_bytes(case.build())
            pillow = measure("pillow", path)
            app = measure(case.how, path)
            wire = f"{path.stat().st_size / 1000:,.0f} KB"
            rows.append(
                f"{case.label:28} {wire:>8} | {pillow.seconds:8.2f} {pillow.peak_mb:8.0f} | "
                f"{app.seconds:7.2f} {app.peak_mb:8.0f} {app.outcome:>10} | "
                f"{app.seconds / pillow.seconds:6.2f} {app.peak_mb / pillow.peak_mb:6.2f}"
            )
    rows.append("peak = the child's VmHWM (its RSS before decoding is ~25-50 MB: Python, Pillow, the file);")
    rows.append("time and peak columns at the right are app / bare Pillow.")
    return "\n".join(rows)


if __name__ == "__main__":
    print(table())
