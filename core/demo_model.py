"""The offline demo model of the first-run village: no AI, no network, no key.

``DemoBackend`` is a ``ModelBackend`` (backend ``offline-demo``, model ``demo``). On the person's
message it calls the first offered tool whose name ends with ``live_view_image``; when that tool's
result comes back with an image it answers, in the village language, with the image's size and
its dominant colours (Pillow quantisation, nothing else). Every answer is labelled as the offline
demo so nobody mistakes it for a model.
"""

from __future__ import annotations

import asyncio
import io
import itertools
from dataclasses import dataclass

from PIL import Image

from core.canonical import ChatMessage, ChatRequest, ChatResponse, ImageData, Role, ToolCall, Usage
from core.llm import TextSink
from core.notes import note

BACKEND = "offline-demo"
MODEL = "demo"
LIVE_VIEW_SUFFIX = "live_view_image"

# Reference colours for naming a dominant colour (nearest by squared RGB distance).
_NAMED: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("black", (0, 0, 0)),
    ("gray", (128, 128, 128)),
    ("white", (255, 255, 255)),
    ("red", (220, 30, 30)),
    ("orange", (245, 140, 20)),
    ("yellow", (240, 220, 40)),
    ("green", (40, 170, 60)),
    ("cyan", (40, 200, 210)),
    ("blue", (40, 80, 220)),
    ("purple", (140, 60, 190)),
    ("pink", (240, 140, 190)),
    ("brown", (130, 80, 40)),
)
_ids = itertools.count(1)


@dataclass(frozen=True)
class Dominant:
    rgb: tuple[int, int, int]
    share: float  # 0..1 of the pixels
    name: str  # one of the _NAMED keys

    @property
    def hex(self) -> str:
        return "#{:02x}{:02x}{:02x}".format(*self.rgb)


def colour_name(rgb: tuple[int, int, int]) -> str:
    r, g, b = rgb
    return min(_NAMED, key=lambda kv: (kv[1][0] - r) ** 2 + (kv[1][1] - g) ** 2 + (kv[1][2] - b) ** 2)[0]


def dominant_colours(data: bytes, count: int = 3) -> tuple[int, int, list[Dominant]]:
    """``(width, height, colours)``: the ``count`` most common colours after quantising."""
    with Image.open(io.BytesIO(data)) as im:
        width, height = im.size
        small = im.convert("RGB")
        small.thumbnail((96, 96))
    quant = small.quantize(colors=max(count, 4), method=Image.Quantize.MEDIANCUT)
    palette = quant.getpalette() or []
    total = small.width * small.height
    counts = sorted(quant.getcolors() or [], reverse=True)
    out: list[Dominant] = []
    for n, index in counts[:count]:
        rgb = (palette[index * 3], palette[index * 3 + 1], palette[index * 3 + 2])
        out.append(Dominant(rgb, n / total, colour_name(rgb)))
    return width, height, out


def describe_image(image: ImageData, language: str) -> str:
    """The demo's answer for one image (synchronous; call it off the event loop)."""
    width, height, colours = dominant_colours(image.data)
    sep = note("demo.list_separator", language)
    items = sep.join(
        note(
            "demo.colour_item",
            language,
            name=note(f"demo.colour.{c.name}", language),
            hex=c.hex,
            percent=round(c.share * 100),
        )
        for c in colours
    )
    return note("demo.answer", language, width=width, height=height, format=image.format_label, colours=items)


class DemoBackend:
    """A scripted ``ModelBackend`` that drives the camera tool and describes the picture."""

    def __init__(self, language: str = "en") -> None:
        self.language = language

    @property
    def backend(self) -> str:
        return BACKEND

    @property
    def model(self) -> str:
        return MODEL

    async def complete(self, request: ChatRequest, on_text: TextSink | None = None) -> ChatResponse:
        last = request.messages[-1] if request.messages else ChatMessage(Role.USER)
        if last.role is Role.TOOL:
            images = [img for m in _trailing_tool_results(request.messages) for img in m.attachments]
            if images:
                text = await asyncio.to_thread(describe_image, images[0], self.language)
            else:
                text = note("demo.no_image", self.language)
            return self._answer(text, on_text)
        tool = next((t for t in request.tools if t.name.endswith(LIVE_VIEW_SUFFIX)), None)
        if tool is None or request.tool_choice == "none":
            return self._answer(note("demo.no_tool", self.language), on_text)
        intro = note("demo.calling", self.language, tool=tool.name)
        if on_text is not None:
            on_text(intro)
        call = ToolCall(id=f"demo_{next(_ids)}", name=tool.name, arguments={})
        return ChatResponse(ChatMessage(Role.ASSISTANT, text=intro, tool_calls=[call]), Usage(), "tool_use")

    @staticmethod
    def _answer(text: str, on_text: TextSink | None) -> ChatResponse:
        if on_text is not None:
            on_text(text)
        return ChatResponse(ChatMessage(Role.ASSISTANT, text=text), Usage(), "end_turn")


def _trailing_tool_results(messages: list[ChatMessage]) -> list[ChatMessage]:
    out: list[ChatMessage] = []
    for m in reversed(messages):
        if m.role is not Role.TOOL:
            break
        out.append(m)
    return list(reversed(out))
