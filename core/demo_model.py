"""The offline demo model of the first-run village: no AI, no network, no key.

``DemoBackend`` is a ``ModelBackend`` (backend ``offline-demo``, model ``demo``). On the person's
message it calls the first offered tool whose name ends with ``live_view_image``; when that tool's
result comes back with an image it answers, in the village language, with the image's size and
its dominant colours (Pillow quantisation, nothing else). Every answer is labelled as the offline
demo so nobody mistakes it for a model.

In a watch's run (issue 15, WA-27: the request offers ``report_event``) it reports an event when
the run's tool result carries the new frame after the model's previous keyframe, that is when the
change gate let a change through after the watch's first look: title and summary from the notes
catalog, the new frame's dominant colours, importance 3. The first look (one picture, nothing to
compare it with) ends quietly. When ``report_event``'s own result comes back it says so and ends.
"""

from __future__ import annotations

import asyncio
import colorsys
import io
import itertools
from dataclasses import dataclass

from PIL import Image

from core.canonical import ChatMessage, ChatRequest, ChatResponse, ImageData, Role, ToolCall, Usage
from core.config.schema import OFFLINE_DEMO
from core.llm import TextSink
from core.notes import note

BACKEND = OFFLINE_DEMO
MODEL = "demo"
LIVE_VIEW_SUFFIX = "live_view_image"
REPORT_EVENT = "report_event"
DEMO_IMPORTANCE = 3

# Hue buckets (upper bound in degrees, name) for saturated colours.
_HUES: tuple[tuple[float, str], ...] = (
    (15, "red"),
    (40, "orange"),
    (70, "yellow"),
    (160, "green"),
    (200, "cyan"),
    (255, "blue"),
    (290, "purple"),
    (345, "pink"),
    (361, "red"),
)
_ids = itertools.count(1)


@dataclass(frozen=True)
class Dominant:
    rgb: tuple[int, int, int]
    share: float  # 0..1 of the pixels
    name: str  # a catalog colour key: demo.colour.<name>

    @property
    def hex(self) -> str:
        return "#{:02x}{:02x}{:02x}".format(*self.rgb)


def colour_name(rgb: tuple[int, int, int]) -> str:
    """A plain colour word for ``rgb`` (HSV buckets; greys by brightness)."""
    h, s, v = colorsys.rgb_to_hsv(*(c / 255 for c in rgb))
    if v < 0.2:
        return "black"
    if s < 0.2:
        return "white" if v > 0.85 else "gray"
    deg = h * 360
    for limit, name in _HUES:
        if deg < limit:
            return "brown" if name in ("orange", "red") and v < 0.6 and deg >= 10 else name
    return "red"


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
        i = int(index) * 3  # type: ignore[call-overload]  # a palette index for "P" images
        rgb = (palette[i], palette[i + 1], palette[i + 2])
        out.append(Dominant(rgb, n / total, colour_name(rgb)))
    return width, height, out


def _colour_list(colours: list[Dominant], language: str) -> str:
    sep = note("demo.list_separator", language)
    return sep.join(
        note(
            "demo.colour_item",
            language,
            name=note(f"demo.colour.{c.name}", language),
            hex=c.hex,
            percent=round(c.share * 100),
        )
        for c in colours
    )


def describe_image(image: ImageData, language: str) -> str:
    """The demo's answer for one image (synchronous; call it off the event loop)."""
    width, height, colours = dominant_colours(image.data)
    items = _colour_list(colours, language)
    return note("demo.answer", language, width=width, height=height, format=image.format_label, colours=items)


def event_arguments(image: ImageData, language: str) -> dict[str, object]:
    """The demo's ``report_event`` arguments for a changed frame (synchronous, off the loop)."""
    _, _, colours = dominant_colours(image.data)
    return {
        "title": note("demo.event_title", language),
        "summary": note("demo.event_summary", language, colours=_colour_list(colours, language)),
        "importance": DEMO_IMPORTANCE,
    }


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
            trailing = _trailing_tool_results(request.messages)
            images = [img for m in trailing for img in m.attachments]
            watching = request.tool_choice != "none" and any(t.name == REPORT_EVENT for t in request.tools)
            if any(m.tool_name == REPORT_EVENT for m in trailing):
                return self._answer(note("demo.event_reported", self.language), on_text)
            if watching and images:
                if len(images) < 2:  # the watch's first look: nothing to compare it with
                    return self._answer(note("demo.watch_quiet", self.language), on_text)
                args = await asyncio.to_thread(event_arguments, images[-1], self.language)
                call = ToolCall(id=f"demo_{next(_ids)}", name=REPORT_EVENT, arguments=args)
                message = ChatMessage(Role.ASSISTANT, tool_calls=[call])
                return ChatResponse(message, Usage(), "tool_use")
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
