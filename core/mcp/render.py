"""``CallToolResult`` → ``ToolOutput`` (S70-1, S70-7; S03-1 for ``image_results=False``).

Blocks are rendered in order and joined with a newline: text blocks as they are; image blocks
become normalised images (``core.tool_image``) or a note saying why they were not sent; audio,
embedded resources and resource links become the non-text note naming their kind. An image that is
sent adds no text. Every sentence comes from the village-language catalogs.

With ``image_results=False`` an image block is treated like audio (the non-text note with kind
"image"), so the text is exactly what the text-only path wrote (S03-1, D-2).
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass, field
from typing import assert_never

import mcp_types

from core import notes, tool_image
from core.canonical import Dropped, ImageData
from core.tool import ToolOutput


@dataclass
class _Part:
    text: str | None = None  # a text block or a note, already in the village language
    image_index: int | None = None  # position in the list of image blocks


@dataclass
class _Plan:
    parts: list[_Part] = field(default_factory=list)
    image_bytes: list[bytes] = field(default_factory=list)


def _decode_base64(data: str) -> bytes:
    """The image bytes, or b"" (sniffed as unreadable) when the base64 is malformed."""
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        return b""


def _plan(result: mcp_types.CallToolResult, language: str, image_results: bool) -> _Plan:
    plan = _Plan()
    for block in result.content:
        if isinstance(block, mcp_types.TextContent):
            plan.parts.append(_Part(text=block.text))
        elif isinstance(block, mcp_types.ImageContent):
            if image_results:
                plan.parts.append(_Part(image_index=len(plan.image_bytes)))
                plan.image_bytes.append(_decode_base64(block.data))
            else:
                plan.parts.append(_Part(text=notes.note("non_text_content", language, kind="image")))
        elif isinstance(block, mcp_types.AudioContent | mcp_types.EmbeddedResource | mcp_types.ResourceLink):
            plan.parts.append(_Part(text=notes.note("non_text_content", language, kind=block.type)))
        else:
            assert_never(block)
    return plan


def _dropped_note(item: Dropped, language: str) -> str:
    if item.reason == "unsupported_format":
        return notes.note("image_dropped.unsupported_format", language, format=item.detail or "?")
    if item.reason == "too_many":
        raise AssertionError("too_many is reported once per result, not per image")
    return notes.note(f"image_dropped.{item.reason}", language)


def _assemble(
    result: mcp_types.CallToolResult,
    language: str,
    plan: _Plan,
    normalised: list[ImageData | Dropped],
) -> ToolOutput:
    lines: list[str] = []
    images: list[ImageData] = []
    image_at: list[int] = []  # where each sent image stood among the text lines (S00-3)
    dropped: list[Dropped] = []
    too_many = 0
    for part in plan.parts:
        if part.image_index is None:
            lines.append(part.text or "")
            continue
        item = normalised[part.image_index]
        if isinstance(item, ImageData):
            images.append(item)
            image_at.append(len("\n".join(lines)))
            continue
        dropped.append(item)
        if item.reason == "too_many":
            too_many += 1
        else:
            lines.append(_dropped_note(item, language))
    if too_many:
        lines.append(notes.note("image_dropped.too_many", language, count=too_many))
    body = "\n".join(lines)
    order: list[int] | None = image_at if images else None
    if not body:
        key = "images_only" if images else "empty_result"
        body = notes.note(key, language, count=len(images)) if images else notes.note(key, language)
        order = None  # the note describes the images: it reads first
    if result.is_error:
        inner = body
        body = notes.note("tool_error_prefix", language, text=inner)
        shift = body.find(inner)
        order = [at + shift for at in order] if order is not None and shift >= 0 else None
    return ToolOutput(body, images, dropped, order)


def render_tool_output(
    result: mcp_types.CallToolResult, language: str, *, image_results: bool = True
) -> ToolOutput:
    """What the model reads and sees of one MCP tool result (S70-1, S70-7). Pure; never raises
    on block content (a broken image becomes a note)."""
    plan = _plan(result, language, image_results)
    return _assemble(result, language, plan, tool_image.normalize_all(plan.image_bytes))


async def render_tool_output_async(
    result: mcp_types.CallToolResult, language: str, *, image_results: bool = True
) -> ToolOutput:
    """``render_tool_output`` with large-image normalisation on a worker thread."""
    plan = _plan(result, language, image_results)
    normalised = await tool_image.normalize_all_async(plan.image_bytes)
    return _assemble(result, language, plan, normalised)
