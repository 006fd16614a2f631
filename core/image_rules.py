"""The rules for tool images in a model request, in one place. No I/O, no logging, no Pillow import:
the re-encode of ``with_jpeg`` is ``core.tool_image.webp_to_jpeg`` (``with_jpeg_async`` runs it on a
worker thread).

Every function returns new values; none changes the list or the messages it is given. The turn
engine (``core.turn``) applies them to its message list and writes the log lines; the backend seam
(``core.llm``) applies the WebP → JPEG retry.

* caption (S70-11): a result that carries images gets "(N images from the T result)";
* not sent (S70-15): when the model cannot read images, or refused them earlier in the turn, a
  result's images are replaced by a note;
* cap (S70-12): at most ``MAX_TOOL_IMAGES_PER_REQUEST`` tool images per request, newest kept; a
  result trimmed part-way keeps its first images; a trimmed result gets the note once;
* strip and resend (S70-15): a 400 on a request carrying tool images removes them all, says so in
  those results, and the request is sent once more;
* one turn (S70-13): tool images are not carried into later turns, a note says they existed;
* WebP → JPEG (S70-17): a 400 on a request carrying WebP, sent to an endpoint whose WebP support
  is ``"uncertain"`` (the wire's ``webp`` capability), is sent once more with the WebP images
  re-encoded as JPEG (``core.tool_image.webp_to_jpeg``, off the event loop).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Final

from core.canonical import ChatMessage, ChatRequest, ImageData, Role, WebpSupport
from core.notes import note
from core.tool_image import webp_to_jpeg

MAX_TOOL_IMAGES_PER_REQUEST: Final = 20  # S70-12
WEBP: Final = "image/webp"


def append_note(text: str, sentence: str) -> str:
    """``text`` with ``sentence`` on its own line; never duplicated."""
    if sentence in text:
        return text
    return f"{text}\n{sentence}" if text else sentence


def fallback_caption(tool: str, count: int, language: str) -> str:
    """S70-11: the caption of a result's images, "(1 image from the cam result)"."""
    return note("fallback_caption", language, count=count, tool=tool)


def attach_images(
    text: str, images: Sequence[ImageData], *, tool: str, blocked: bool, language: str
) -> tuple[str, list[ImageData], str | None]:
    """A tool result's ``(text, attachments, caption)``: the images with their caption, or, when
    images are ``blocked`` for this turn (S70-15), none and the "not sent" note."""
    if not images:
        return text, [], None
    if blocked:
        return append_note(text, note("images_not_sent", language)), [], None
    return text, list(images), fallback_caption(tool, len(images), language)


def cap_tool_images(
    messages: Sequence[ChatMessage], language: str, limit: int = MAX_TOOL_IMAGES_PER_REQUEST
) -> tuple[list[ChatMessage], int]:
    """S70-12: the messages with at most ``limit`` tool images, newest kept, and how many went.

    Older results lose theirs first; a result trimmed part-way keeps its first images (the order
    of the original design: keep from the front), as the tool ordered them, and its caption counts what is left."""
    out = list(messages)
    budget = limit
    removed = 0
    sentence = note("images_capped", language)
    for i in range(len(out) - 1, -1, -1):
        m = out[i]
        if m.role is not Role.TOOL or not m.attachments:
            continue
        keep = m.attachments[: max(0, budget)]
        budget -= len(keep)
        if len(keep) < len(m.attachments):
            removed += len(m.attachments) - len(keep)
            caption = fallback_caption(m.tool_name or "", len(keep), language) if keep else None
            out[i] = replace(
                m, attachments=list(keep), attachment_caption=caption, text=append_note(m.text, sentence)
            )
    return out, removed


def strip_tool_images(messages: Sequence[ChatMessage], language: str) -> tuple[list[ChatMessage], int]:
    """S70-15: every tool image removed, the "not sent" note in those results, and how many went."""
    sentence = note("images_not_sent", language)
    return _without_images(messages, lambda _m: sentence)


def strip_turn_images(messages: Sequence[ChatMessage], language: str) -> list[ChatMessage]:
    """History for later turns: tool images are not carried over (S70-13), a note says they existed."""
    out, _ = _without_images(
        messages, lambda m: note("images_earlier_turn", language, count=len(m.attachments))
    )
    return out


def _without_images(
    messages: Sequence[ChatMessage], sentence: Callable[[ChatMessage], str]
) -> tuple[list[ChatMessage], int]:
    out: list[ChatMessage] = []
    removed = 0
    for m in messages:
        if m.role is Role.TOOL and m.attachments:
            removed += len(m.attachments)
            m = replace(m, text=append_note(m.text, sentence(m)), attachments=[], attachment_caption=None)
        out.append(m)
    return out, removed


# ---------------------------------------------------------------------------------------------------
# WebP → JPEG (S70-17)


def has_webp(request: ChatRequest) -> bool:
    return any(img.media_type == WEBP for m in request.messages for img in m.attachments)


def retries_as_jpeg(webp: WebpSupport, status: int, request: ChatRequest) -> bool:
    """Whether a failed request is sent once more with its WebP images as JPEG (S70-17).

    Only an endpoint whose WebP support is ``"uncertain"`` (any server behind an OpenAI-compatible
    URL) gets the retry; to a ``"refused"`` one the images already went as JPEG (``sends_as_jpeg``)."""
    return status == 400 and webp == "uncertain" and has_webp(request)


def sends_as_jpeg(webp: WebpSupport, request: ChatRequest) -> bool:
    """Whether WebP images are re-encoded as JPEG before the first send: the endpoint says it takes
    no WebP (xAI documents JPEG and PNG only), so a WebP frame would only cost a 400 and then every
    image of the turn (S70-15)."""
    return webp == "refused" and has_webp(request)


def with_jpeg(request: ChatRequest) -> ChatRequest:
    """``request`` with every WebP attachment re-encoded as JPEG. Raises ``ValueError`` when one
    cannot be re-encoded. CPU work: call ``with_jpeg_async`` from the event loop."""
    messages: list[ChatMessage] = []
    for m in request.messages:
        if any(img.media_type == WEBP for img in m.attachments):
            images = [webp_to_jpeg(i) if i.media_type == WEBP else i for i in m.attachments]
            m = replace(m, attachments=images)
        messages.append(m)
    return replace(request, messages=messages)


async def with_jpeg_async(request: ChatRequest) -> ChatRequest:
    """``with_jpeg`` on a worker thread: decoding and encoding pixels never holds the event loop."""
    return await asyncio.to_thread(with_jpeg, request)
