"""The change gate (issue 15, WA-1 … WA-6): a frame compared with the last frame the model saw.

It runs locally on every frame before any model call. Each frame becomes a 64×48 grey thumbnail: a
JPEG is decoded at 1/8 scale by libjpeg (Pillow's ``draft``, straight to grey), so a 640×424 frame
costs a fraction of a full decode; other formats are block-averaged by the same factor, then both
are shrunk with a box filter and evened by a 3×3 box blur.

The difference is the one camera motion detectors use (Frigate's: grey frame, per-pixel absolute
difference over a pixel threshold, then the changed area), not a perceptual hash: a difference or
perceptual hash (dHash, as Home Generative Agent dedupes frames) summarises the whole picture in
64 bits, so a bird on a feeder, about 1 % of the frame, moves it by 4 bits on the scripted scene
where sensor noise moves it by 0 … 1 (too thin a margin), and a hash can neither be limited to a
region nor say how much changed. Here the score is the share of the region's thumbnail pixels
whose grey level moved by more than ``PIXEL_DELTA``, on a log scale so that a small change still
reads (WA-2):

    score = 100 + 25 · log10(changed share)   clamped to 0 … 100; 0 when no pixel moved

(1 % of the region → 50, 10 % → 75, all of it → 100). The sensitivity (0 … 100) is on the same
scale: a frame has changed when its score reaches ``100 - sensitivity`` (WA-3), so the default 60
lets through a change covering 0.4 % of the region or more. Sensor noise and JPEG re-encoding are
averaged away by the 1/8-scale decode (64 pixels a thumbnail pixel) and stay under the pixel
threshold (WA-4).

Pure: no I/O, no logging, no Qt. ``ChangeGate.score`` is synchronous and cheap (goal ≤ 2 ms for a
640×424 JPEG, ``tests/bench/change_gate.py``); ``score_async`` runs it in a worker thread, off the
event loop (WA-6).
"""

from __future__ import annotations

import asyncio
import io
import math
import warnings
from dataclasses import dataclass
from typing import Final, Literal

from PIL import Image, ImageChops, ImageFilter

from core.tool_image import BOMB_EDGE_PX, MAX_PIXELS

THUMB_SIZE: Final = (64, 48)
# A thumbnail pixel counts as changed when its grey level moved by more than this (of 255).
PIXEL_DELTA: Final = 16
DEFAULT_SENSITIVITY: Final = 60
# The score spans four decades of changed share: 0.01 % of the region → 0, all of it → 100.
_DECADES: Final = 4

UndecodableReason = Literal["empty", "unidentified", "too_large", "damaged"]


class GateError(Exception):
    """A change-gate failure."""


class UndecodableFrame(GateError):
    """The frame's bytes are no image the gate can read; the gate's reference is unchanged (WA-5).

    ``reason``: ``empty`` (no bytes), ``unidentified`` (not an image format Pillow reads),
    ``too_large`` (declared over the tool-image limits, never decoded), ``damaged`` (cut short or
    corrupt pixel data). ``detail`` names the decoder's own words.
    """

    def __init__(self, reason: UndecodableReason, detail: str, size: int) -> None:
        self.reason: UndecodableReason = reason
        self.detail = detail
        self.size = size
        super().__init__(f"frame of {size} bytes is not readable ({reason}): {detail}")


@dataclass(frozen=True)
class Region:
    """A region of interest, normalised to the frame: ``x``, ``y`` from the top left, ``w``, ``h``,
    all within 0 … 1 (WA-2). Changes outside it are not seen."""

    x: float
    y: float
    w: float
    h: float

    def __post_init__(self) -> None:
        values = (self.x, self.y, self.w, self.h)
        if not all(isinstance(v, int | float) and math.isfinite(v) for v in values):
            raise ValueError(f"region values must be finite numbers: {values}")
        if not (0 <= self.x < 1 and 0 <= self.y < 1 and self.w > 0 and self.h > 0):
            raise ValueError(f"region must start inside the frame and have a size: {values}")
        if self.x + self.w > 1 + 1e-9 or self.y + self.h > 1 + 1e-9:
            raise ValueError(f"region must end inside the frame: {values}")

    def box(self, width: int, height: int) -> tuple[int, int, int, int]:
        """The thumbnail pixels the region covers (at least one), as a crop box."""
        left = min(width - 1, math.floor(self.x * width))
        top = min(height - 1, math.floor(self.y * height))
        right = max(left + 1, min(width, math.ceil((self.x + self.w) * width - 1e-9)))
        bottom = max(top + 1, min(height, math.ceil((self.y + self.h) * height - 1e-9)))
        return left, top, right, bottom


@dataclass(frozen=True)
class Thumb:
    """A frame's grey thumbnail: ``width``×``height`` 8-bit pixels, row by row. Small (3 KB) and
    plain bytes, so a watch can keep the model's last frame across a restart."""

    width: int
    height: int
    pixels: bytes

    def image(self) -> Image.Image:
        return Image.frombytes("L", (self.width, self.height), self.pixels)


@dataclass(frozen=True)
class GateResult:
    """One frame's verdict. ``score`` 0 … 100 (what the window shows, beside ``threshold``, the
    score a change needs at the gate's sensitivity); ``changed``: the frame goes to the model;
    ``first``: there was no reference yet (score 100, changed)."""

    score: float
    changed: bool
    thumb: Thumb
    first: bool = False
    changed_pixels: int = 0
    region_pixels: int = 0
    threshold: float = 100.0 - DEFAULT_SENSITIVITY


def change_threshold(sensitivity: float) -> float:
    """The score at which a frame counts as changed: ``100 - sensitivity`` (WA-3)."""
    return 100.0 - _checked_sensitivity(sensitivity)


def smallest_change(sensitivity: float) -> float:
    """The smallest share of the region (0 … 1) that counts as a change at this sensitivity."""
    return float(10 ** (-_DECADES * _checked_sensitivity(sensitivity) / 100))


def score_of(changed_pixels: int, region_pixels: int) -> float:
    """The 0 … 100 score of ``changed_pixels`` of ``region_pixels`` (WA-2), one decimal."""
    if changed_pixels <= 0 or region_pixels <= 0:
        return 0.0
    share = changed_pixels / region_pixels
    return round(max(0.0, min(100.0, 100.0 + 100.0 / _DECADES * math.log10(share))), 1)


def _checked_sensitivity(sensitivity: float) -> float:
    if not (isinstance(sensitivity, int | float) and 0 <= sensitivity <= 100):
        raise ValueError(f"sensitivity must be a number from 0 to 100, not {sensitivity!r}")
    return float(sensitivity)


def thumbnail(data: bytes) -> Thumb:
    """The grey ``THUMB_SIZE`` thumbnail of an encoded frame; raises ``UndecodableFrame`` (WA-1, WA-5)."""
    if not data:
        raise UndecodableFrame("empty", "no bytes", 0)
    try:
        with warnings.catch_warnings():
            # the limits below are the rule; Pillow's bomb warning is an error under -W error
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as im:
                width, height = im.size
                if max(width, height) > BOMB_EDGE_PX or width * height > MAX_PIXELS:
                    raise UndecodableFrame("too_large", f"declared {width}×{height} px", len(data))
                factor = reduction(width, height)
                im.draft("L", THUMB_SIZE)  # JPEG: libjpeg decodes at 1/2 … 1/8 scale, in grey
                grey = _on_white(im) if _has_alpha(im) else im.convert("L")
        if grey.size != (width, height):  # the JPEG decoder reduced it
            factor = 1
        # the blur evens out where an edge falls between thumbnail pixels (WA-4)
        small = grey.reduce(factor).resize(THUMB_SIZE, Image.Resampling.BOX).filter(ImageFilter.BoxBlur(1))
    except UndecodableFrame:
        raise
    except Image.UnidentifiedImageError as exc:
        raise UndecodableFrame("unidentified", str(exc) or type(exc).__name__, len(data)) from exc
    except Image.DecompressionBombError as exc:
        raise UndecodableFrame("too_large", str(exc), len(data)) from exc
    except Exception as exc:  # any decoder failure on cut-short or hostile bytes
        raise UndecodableFrame("damaged", f"{type(exc).__name__}: {exc}", len(data)) from exc
    return Thumb(small.width, small.height, small.tobytes())


def _has_alpha(im: Image.Image) -> bool:
    return "A" in im.getbands() or "transparency" in im.info


def _on_white(im: Image.Image) -> Image.Image:
    """Transparency composited on white, in grey: the picture as the model is sent it (S70-4)."""
    flat = Image.new("RGBA", im.size, (255, 255, 255, 255))
    flat.alpha_composite(im.convert("RGBA"))
    return flat.convert("L")


def reduction(width: int, height: int) -> int:
    """The block size (1, 2, 4 or 8) libjpeg's ``draft`` picks for ``width``×``height``: the largest
    still covering ``THUMB_SIZE``. Other formats are block-averaged by the same factor first, so one
    picture gives the same thumbnail whatever its encoding (an 8×8 block mean is what a 1/8-scale
    JPEG decode computes)."""
    factor = 8
    while factor > 1 and (-(-width // factor) < THUMB_SIZE[0] or -(-height // factor) < THUMB_SIZE[1]):
        factor //= 2
    return factor


class ChangeGate:
    """Compares frames with the last frame the model saw (the reference) (WA-1).

    ``score`` judges a frame and changes nothing; ``accept`` makes a judged frame the reference,
    once the model has seen it. Frames are compared with the reference, not with the frame before:
    a slow drift adds up until it counts.
    """

    def __init__(
        self,
        sensitivity: float = DEFAULT_SENSITIVITY,
        region: Region | None = None,
        reference: Thumb | None = None,
    ) -> None:
        self._threshold = change_threshold(sensitivity)
        self._sensitivity = float(sensitivity)
        self.region = region
        self._reference = reference

    @property
    def sensitivity(self) -> float:
        return self._sensitivity

    @sensitivity.setter
    def sensitivity(self, value: float) -> None:
        self._threshold = change_threshold(value)
        self._sensitivity = float(value)

    @property
    def threshold(self) -> float:
        """The score a frame must reach to count as changed."""
        return self._threshold

    @property
    def reference(self) -> Thumb | None:
        """The thumbnail of the last frame the model saw, or None before the first."""
        return self._reference

    def score(self, data: bytes) -> GateResult:
        """The verdict on one encoded frame; raises ``UndecodableFrame`` and then changes nothing."""
        return self.compare(thumbnail(data))

    async def score_async(self, data: bytes) -> GateResult:
        """``score`` in a worker thread: the decode never runs on the event loop (WA-6)."""
        return await asyncio.to_thread(self.score, data)

    def compare(self, thumb: Thumb) -> GateResult:
        """The verdict on a thumbnail, against the reference and within the region."""
        reference, region = self._reference, self.region
        if reference is None or (reference.width, reference.height) != (thumb.width, thumb.height):
            total = _region_pixels(thumb, region)
            first = reference is None
            return GateResult(100.0, True, thumb, first, total, total, self._threshold)
        diff = ImageChops.difference(reference.image(), thumb.image())
        if region is not None:
            diff = diff.crop(region.box(thumb.width, thumb.height))
        histogram = diff.histogram()
        total = diff.width * diff.height
        moved = sum(histogram[PIXEL_DELTA + 1 :])
        score = score_of(moved, total)
        changed = moved > 0 and score >= self._threshold
        return GateResult(score, changed, thumb, False, moved, total, self._threshold)

    def accept(self, result: GateResult) -> None:
        """The judged frame is what the model saw last: later frames are compared with it."""
        self._reference = result.thumb

    def reset(self) -> None:
        """Forget the reference: the next frame is a first frame."""
        self._reference = None


def _region_pixels(thumb: Thumb, region: Region | None) -> int:
    if region is None:
        return thumb.width * thumb.height
    left, top, right, bottom = region.box(thumb.width, thumb.height)
    return (right - left) * (bottom - top)
