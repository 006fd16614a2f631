"""Shrinking a large PNG or WebP to a JPEG with memory that does not grow with the source.

libvips (``pyvips`` with the ``pyvips-binary`` wheel) decodes sequentially and shrinks while it
reads, so a flat 16000×16000 PNG peaks near 170 MB where a full decode with Pillow takes 1.1 GB
(the table of ``tests/bench/image_memory.py``). Used by ``core.tool_image`` for the re-encode of
PNG and WebP; JPEG stays on Pillow, whose ``draft`` already decodes at 1/2, 1/4 or 1/8 scale.

An interlaced PNG is the exception: its passes must all be read before any row is complete, so
libvips holds the whole image; ``core.tool_image`` bounds those by a lower pixel limit.
"""

from __future__ import annotations

import functools
import importlib
import logging
from typing import Any, Final

_WHITE: Final = [255, 255, 255]


@functools.cache
def vips() -> Any:
    """pyvips, imported on the first large image: loading libvips costs ~0.1-0.25 s and 8 MB, which
    the app's start and every run without a PNG need not pay."""
    pyvips = importlib.import_module("pyvips")
    pyvips.cache_set_max(0)  # every image is decoded once: an operation cache only holds memory
    # one worker thread: each libvips worker holds its own band of the image, so the peak of a large
    # PNG grew with the cores (279 MB on 2, 520 MB on 8); the shrink runs off the event loop anyway
    pyvips.concurrency_set(1)
    # libvips reports a decoding failure as the exception below; its warnings (one per row of a
    # broken file) would only flood the app's log.
    logging.getLogger("pyvips").setLevel(logging.ERROR)
    return pyvips


def shrink_to_jpeg(data: bytes, size: tuple[int, int], quality: int) -> bytes:
    """``data`` (PNG or WebP; the first frame of an animation) decoded, shrunk to exactly ``size``,
    transparency laid over white, as a baseline JPEG without metadata. Raises ``pyvips.Error`` on
    bytes libvips cannot decode to the end (truncated or corrupt image data)."""
    # ``fail_on`` must reach the loader through the option string: thumbnail's own keyword does not
    # (libvips 8.18), and without it a cut-short IDAT decodes as a grey tail with a warning per row.
    image: Any = vips().Image.thumbnail_buffer(
        data, size[0], height=size[1], size="force", no_rotate=True, option_string="fail_on=error"
    )
    image = image.colourspace("srgb")  # grey, 16-bit or palette → 8-bit sRGB (alpha kept)
    if image.hasalpha():
        image = image.flatten(background=_WHITE)
    if image.format != "uchar":
        image = image.cast("uchar")
    out: bytes = image.jpegsave_buffer(Q=quality, optimize_coding=True, keep="none")
    return out
