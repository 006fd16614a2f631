"""``CallToolResult`` → ``ToolOutput`` (S70-1, S70-7; S03-1 for ``image_results=False``).

Blocks are rendered in order and joined with a newline: text blocks as they are; image blocks
(and embedded image blobs) become normalised images (``core.tool_image``) or a note saying why they
were not sent; embedded resources, resource links and ``structuredContent`` as
``core.mcp.resources`` writes them; audio becomes the non-text note naming its kind. An image that
is sent adds no text. Blocks for the audience "user" only are kept apart for the person
(``render_result_async``) and never reach the model. Every sentence comes from the
village-language catalogs.

With ``image_results=False`` an image block is treated like audio (the non-text note with kind
"image"), so the text is exactly what the text-only path wrote (S03-1, D-2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import assert_never

import mcp_types

from core import notes, tool_image
from core.canonical import Dropped, ImageData
from core.mcp import resources
from core.tool import ForPerson, ToolOutput


@dataclass
class _Part:
    text: str | None = None  # a text block or a note, already in the village language
    image_index: int | None = None  # position in the list of image blocks


@dataclass
class _Plan:
    parts: list[_Part] = field(default_factory=list)
    image_bytes: list[bytes] = field(default_factory=list)
    has_text: bool = False  # a text block is among the parts (else structuredContent is given)

    def image(self, data: bytes) -> None:
        self.parts.append(_Part(image_index=len(self.image_bytes)))
        self.image_bytes.append(data)


def _plan(blocks: list[mcp_types.ContentBlock], language: str, image_results: bool) -> _Plan:
    plan = _Plan()
    for block in blocks:
        if isinstance(block, mcp_types.TextContent):
            plan.parts.append(_Part(text=block.text))
            plan.has_text = True
        elif isinstance(block, mcp_types.ImageContent):
            if image_results:
                plan.image(resources.decode_base64(block.data))
            else:
                plan.parts.append(_Part(text=notes.note("non_text_content", language, kind="image")))
        elif isinstance(block, mcp_types.EmbeddedResource):
            blob = resources.image_blob(block)
            if blob is None:
                plan.parts.append(_Part(text=resources.resource_text(block, language)))
            elif image_results:
                plan.image(blob)  # an image blob: the same rules as an image block
            else:
                plan.parts.append(_Part(text=notes.note("non_text_content", language, kind="image")))
        elif isinstance(block, mcp_types.ResourceLink):
            plan.parts.append(_Part(text=resources.link_text(block, language)))
        elif isinstance(block, mcp_types.AudioContent):
            plan.parts.append(_Part(text=notes.note("non_text_content", language, kind=block.type)))
        else:
            assert_never(block)
    return plan


def _split(result: mcp_types.CallToolResult, language: str, image_results: bool) -> tuple[_Plan, _Plan]:
    """The plan of what the model reads, and of what only the person sees (audience "user")."""
    model = [b for b in result.content if not resources.for_person_only(b)]
    person = [b for b in result.content if resources.for_person_only(b)]
    model_plan = _plan(model, language, image_results)
    structured = resources.structured_text(result)
    if structured is not None and not model_plan.has_text:
        model_plan.parts.append(_Part(text=structured))
    return model_plan, _plan(person, language, True)


def _dropped_note(item: Dropped, language: str) -> str:
    if item.reason == "unsupported_format":
        return notes.note("image_dropped.unsupported_format", language, format=item.detail or "?")
    if item.reason == "too_many":
        raise AssertionError("too_many is reported once per result, not per image")
    return notes.note(f"image_dropped.{item.reason}", language)


@dataclass
class _Lines:
    lines: list[str] = field(default_factory=list)
    images: list[ImageData] = field(default_factory=list)
    image_at: list[int] = field(default_factory=list)  # where each sent image stood (S00-3)
    dropped: list[Dropped] = field(default_factory=list)


def _lines(plan: _Plan, normalised: list[ImageData | Dropped], language: str) -> _Lines:
    out = _Lines()
    too_many = 0
    for part in plan.parts:
        if part.image_index is None:
            out.lines.append(part.text or "")
            continue
        item = normalised[part.image_index]
        if isinstance(item, ImageData):
            out.images.append(item)
            out.image_at.append(len("\n".join(out.lines)))
            continue
        out.dropped.append(item)
        if item.reason == "too_many":
            too_many += 1
        else:
            out.lines.append(_dropped_note(item, language))
    if too_many:
        out.lines.append(notes.note("image_dropped.too_many", language, count=too_many))
    return out


def _assemble(
    result: mcp_types.CallToolResult,
    language: str,
    plan: _Plan,
    normalised: list[ImageData | Dropped],
    person_only: bool = False,
) -> ToolOutput:
    got = _lines(plan, normalised, language)
    images = got.images
    body = "\n".join(got.lines)
    order: list[int] | None = got.image_at if images else None
    if not body:
        key = "images_only" if images else ("person_only_result" if person_only else "empty_result")
        body = notes.note(key, language, count=len(images)) if images else notes.note(key, language)
        order = None  # the note describes the images: it reads first
    if result.is_error:
        inner = body
        body = notes.note("tool_error_prefix", language, text=inner)
        shift = body.find(inner)
        order = [at + shift for at in order] if order is not None and shift >= 0 else None
    return ToolOutput(body, images, got.dropped, order)


def _for_person(plan: _Plan, normalised: list[ImageData | Dropped], language: str) -> ForPerson | None:
    if not plan.parts:
        return None
    got = _lines(plan, normalised, language)
    return ForPerson("\n".join(got.lines), tuple(got.images))


def render_tool_output(
    result: mcp_types.CallToolResult, language: str, *, image_results: bool = True
) -> ToolOutput:
    """What the model reads and sees of one MCP tool result (S70-1, S70-7). Pure; never raises
    on block content (a broken image becomes a note)."""
    model, person = _split(result, language, image_results)
    normalised = tool_image.normalize_all(model.image_bytes)
    return _assemble(result, language, model, normalised, person_only=bool(person.parts))


async def render_result_async(
    result: mcp_types.CallToolResult, language: str, *, image_results: bool = True
) -> tuple[ToolOutput, ForPerson | None]:
    """What the model reads of one MCP tool result, and what only the person sees (the blocks for
    the audience "user"; None when there are none). Images are normalised on a worker thread."""
    model, person = _split(result, language, image_results)
    normalised = await tool_image.normalize_all_async(model.image_bytes)
    output = _assemble(result, language, model, normalised, person_only=bool(person.parts))
    shown = await tool_image.normalize_all_async(person.image_bytes) if person.image_bytes else []
    return output, _for_person(person, shown, language)


async def render_tool_output_async(
    result: mcp_types.CallToolResult, language: str, *, image_results: bool = True
) -> ToolOutput:
    """``render_tool_output`` with large-image normalisation on a worker thread."""
    output, _person = await render_result_async(result, language, image_results=image_results)
    return output
