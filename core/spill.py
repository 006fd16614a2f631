"""The spill policy (S00-2 … S00-8): keep a tool result within its token budget without losing it.

A result is an ordered list of blocks: text (``str``) and images (``ImageData``). Each block is
priced in estimated tokens (text by ``core.pricing``, images by the active wire's calculator,
``image_tokens(width, height)``, which already counts the wire's image descriptor). Within the
budget (default 12,500) the result passes unchanged. Over it:

1. the complete result is written, in order, as one private (0600) text file in the data dir:
   text verbatim and, for each image, a line with the readable path of its attachment file (the
   attachments own the image bytes; no base64 is ever written);
2. the omission notice naming that file is priced and reserved, and the remaining tokens are
   split equally between a contiguous head and a contiguous tail;
3. text is cut only between code points; an image that does not fit whole ends its side (it is
   never split or moved), and the space left at that boundary stays unused.

The model sees head + notice + tail. When images cannot be priced (no calculator for the route)
or the spill file cannot be written, the original result passes unchanged with a ``spill
skipped:`` diagnostic line (S00-6): nothing is omitted without a readable recovery path.

All arithmetic is in quarter tokens, so costs of pieces add up exactly to the cost of the whole.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from core.canonical import ImageData
from core.fsutil import write_atomic
from core.log import event
from core.notes import note
from core.paths import spill_dir
from core.pricing import QUARTERS_PER_TOKEN, prefix_within, suffix_within, text_quarters
from core.tool import ToolOutput

DEFAULT_BUDGET_TOKENS = 12_500

Block = str | ImageData
ImageTokens = Callable[[int, int], int]

_EXT = {"image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/gif": "gif"}


def _write_private(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically with mode 0600."""
    write_atomic(path, data)


def _ensure(path: Path, data: bytes) -> None:
    """Write ``data`` unless an identical-size file is already there; a reused file is touched so
    the store GC's grace period (by modification time) starts again and never removes it mid-use."""
    try:
        if path.stat().st_size == len(data):
            os.utime(path)
            return
    except OSError:
        pass
    _write_private(path, data)


class SpillWriter:
    """Writes spill files (``<dir>/<sha256>.txt``) and their attachments
    (``<dir>/attachments/<sha256>.<ext>``), all private."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory or spill_dir()

    def attachment(self, image: ImageData) -> Path:
        path = self.directory / "attachments" / f"{image.sha256}.{_EXT.get(image.media_type, 'bin')}"
        _ensure(path, image.data)
        return path

    def render(self, blocks: Sequence[Block], language: str) -> str:
        """The complete result as spill text (writes the attachments)."""
        parts: list[str] = []
        index = 0
        for b in blocks:
            if isinstance(b, str):
                parts.append(b)
            else:
                index += 1
                line = note(
                    "spill_image_line",
                    language,
                    index=index,
                    media_type=b.media_type,
                    width=b.width,
                    height=b.height,
                    path=str(self.attachment(b)),
                )
                parts.append(f"\n{line}\n")
        return "".join(parts)

    def write(self, blocks: Sequence[Block], language: str) -> Path:
        data = self.render(blocks, language).encode("utf-8")
        path = self.directory / f"{hashlib.sha256(data).hexdigest()}.txt"
        _ensure(path, data)
        return path


@dataclass
class SpillResult:
    blocks: list[Block]  # what the model sees
    spilled: bool = False
    path: Path | None = None
    total_tokens: int | None = None  # None when it could not be priced
    omitted_tokens: int = 0
    head: list[Block] = field(default_factory=list)
    middle: list[Block] = field(default_factory=list)  # the omitted blocks, in order
    tail: list[Block] = field(default_factory=list)
    skipped: str | None = None  # why the original passed although it might be over budget


def block_quarters(block: Block, image_tokens: ImageTokens | None) -> int:
    if isinstance(block, str):
        return text_quarters(block)
    if image_tokens is None:
        raise LookupError("no image pricing")
    return max(0, int(image_tokens(block.width, block.height))) * QUARTERS_PER_TOKEN


Pos = tuple[int, int]  # (block index, code points into that block); images use offset 0


def _take_head(blocks: Sequence[Block], costs: list[int], budget: int) -> Pos:
    """Where the longest contiguous head within ``budget`` quarters ends."""
    left = budget
    for i, (b, c) in enumerate(zip(blocks, costs, strict=True)):
        if c <= left:
            left -= c
            continue
        return (i, prefix_within(b, left) if isinstance(b, str) else 0)
    return (len(blocks), 0)


def _take_tail(blocks: Sequence[Block], costs: list[int], budget: int, head_end: Pos) -> Pos:
    """Where the longest contiguous tail within ``budget`` quarters starts (never before
    ``head_end``)."""
    left = budget
    hi, hc = head_end
    for i in range(len(blocks) - 1, hi - 1, -1):
        b = blocks[i]
        lo = hc if i == hi else 0
        c = costs[i] if lo == 0 else text_quarters(b[lo:]) if isinstance(b, str) else 0
        if c <= left:
            left -= c
            if lo:
                return (i, lo)
            continue
        if isinstance(b, str):
            n = suffix_within(b[lo:], left)
            return (i, len(b) - n)
        return (i + 1, 0)
    return (hi, hc)


def _slice(blocks: Sequence[Block], start: Pos, end: Pos) -> list[Block]:
    """The blocks between two positions (text cut at code points, images whole)."""
    out: list[Block] = []
    (si, sc), (ei, ec) = start, end
    for i in range(si, min(ei, len(blocks) - 1) + 1):
        b = blocks[i]
        lo = sc if i == si else 0
        if isinstance(b, str):
            hi = ec if i == ei else len(b)
            if hi > lo:
                out.append(b[lo:hi])
        elif i < ei:
            out.append(b)
    return out


def spill_blocks(
    blocks: Sequence[Block],
    *,
    budget_tokens: int = DEFAULT_BUDGET_TOKENS,
    image_tokens: ImageTokens | None,
    writer: SpillWriter | None,
    language: str = "en",
    tool: str = "",
) -> SpillResult:
    """Apply the spill policy to ordered blocks (see the module docstring)."""
    original = list(blocks)
    try:
        costs = [block_quarters(b, image_tokens) for b in original]
    except LookupError:
        event("spill skipped", tool=tool, reason="no_image_pricing")
        return SpillResult(original, skipped="no_image_pricing")
    except Exception as exc:  # a calculator bug must not lose the result
        event("spill skipped", tool=tool, reason="pricing_failed", error=type(exc).__name__)
        return SpillResult(original, skipped="pricing_failed")
    total = sum(costs)
    total_tokens = -(-total // QUARTERS_PER_TOKEN)
    budget = max(0, budget_tokens) * QUARTERS_PER_TOKEN
    if total <= budget:
        return SpillResult(original, total_tokens=total_tokens)
    if writer is None:
        event("spill skipped", tool=tool, reason="no_spill_dir", tokens=total_tokens, budget=budget_tokens)
        return SpillResult(original, total_tokens=total_tokens, skipped="no_spill_dir")
    try:
        path = writer.write(original, language)
    except OSError as exc:
        event(
            "spill skipped", tool=tool, reason="write_failed", tokens=total_tokens, error=type(exc).__name__
        )
        return SpillResult(original, total_tokens=total_tokens, skipped="write_failed")

    def notice(omitted: int) -> str:
        return "\n" + note("spill_notice", language, omitted=omitted, path=str(path)) + "\n"

    reserve = text_quarters(notice(total_tokens))  # the real count has at most as many digits
    half = max(0, budget - reserve) // 2
    head_end = _take_head(original, costs, half)
    tail_start = _take_tail(original, costs, half, head_end)
    end = (len(original), 0)
    head = _slice(original, (0, 0), head_end)
    middle = _slice(original, head_end, tail_start)
    tail = _slice(original, tail_start, end)
    omitted = -(-sum(block_quarters(b, image_tokens) for b in middle) // QUARTERS_PER_TOKEN)
    shown = [*head, notice(omitted), *tail]
    event(
        "tool spill",
        tool=tool,
        tokens=total_tokens,
        budget=budget_tokens,
        omitted=omitted,
        images_kept=sum(1 for b in shown if not isinstance(b, str)),
        images_omitted=sum(1 for b in middle if not isinstance(b, str)),
        path=str(path),
    )
    return SpillResult(shown, True, path, total_tokens, omitted, head, middle, tail)


def output_blocks(output: ToolOutput) -> list[Block]:
    """A ToolOutput as ordered blocks, in the tool's own order when it is known (S00-3)."""
    return output.blocks()


def spill_output(
    output: ToolOutput,
    *,
    budget_tokens: int = DEFAULT_BUDGET_TOKENS,
    image_tokens: ImageTokens | None,
    writer: SpillWriter | None,
    language: str = "en",
    tool: str = "",
) -> tuple[ToolOutput, SpillResult]:
    """``spill_blocks`` on a ToolOutput; the text blocks are joined in order, images keep order."""
    res = spill_blocks(
        output_blocks(output),
        budget_tokens=budget_tokens,
        image_tokens=image_tokens,
        writer=writer,
        language=language,
        tool=tool,
    )
    if not res.spilled:
        return output, res
    return ToolOutput.from_blocks(res.blocks, output.dropped), res
