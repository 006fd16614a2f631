"""The scripted ModelBackend and simple tools for driving the turn engine without a network.

``ScriptedBackend`` answers from ``steps`` (a ``ChatResponse``, an exception to raise, a callable
of the request, a ``str`` final answer or a ``ToolCall`` for one tool round), then from
``default`` once they are used up. ``ScriptedBackend.looping(...)`` is the GUI tests' form: a
backend labelled like the template whose last step repeats forever. (The HTTP-level script of the
fake provider servers, ``tests/fakes/providers/script.py``, is another layer: wire replies.)
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from core.canonical import ChatMessage, ChatRequest, ChatResponse, ImageData, Role, ToolCall, Usage
from core.llm import TextSink
from core.tool import AgentTool, ToolContext, ToolOutput, ToolReturn

Step = ChatResponse | Exception | Callable[[ChatRequest], ChatResponse] | str | ToolCall


def reply(text: str, *, usage: Usage | None = None) -> ChatResponse:
    return ChatResponse(ChatMessage(Role.ASSISTANT, text), usage or Usage(10, 5), "end_turn")


def call(name: str, args: dict[str, Any] | None = None, *, call_id: str = "", text: str = "") -> ChatResponse:
    return calls([(name, args or {})], text=text, ids=[call_id] if call_id else None)


def calls(
    items: list[tuple[str, dict[str, Any]]], *, text: str = "", ids: list[str] | None = None
) -> ChatResponse:
    tcs = [
        ToolCall(ids[i] if ids else f"call_{i}_{name}", name, args) for i, (name, args) in enumerate(items)
    ]
    return ChatResponse(ChatMessage(Role.ASSISTANT, text, tool_calls=tcs), Usage(10, 5), "tool_use")


def _response(step: Step, request: ChatRequest) -> ChatResponse:
    if isinstance(step, Exception):
        raise step
    if isinstance(step, str):
        return reply(step)
    if isinstance(step, ToolCall):
        return ChatResponse(ChatMessage(Role.ASSISTANT, tool_calls=[step]), Usage(10, 2), "tool_use")
    return step(request) if callable(step) else step


@dataclass
class ScriptedBackend:
    """Answers from a script; records every request (deep-copied) it received.

    ``delay`` makes every answer slow; ``gate`` (an asyncio.Event) makes every call wait until it
    is set (for Stop tests). The ``hang_on``-th request (1-based) never gets an answer (a model
    that hangs, or the crash point): ``hanging`` is set when it starts waiting and ``cancelled``
    counts its cancellations. ``calls`` holds the label of every request, across instances."""

    steps: list[Step] = field(default_factory=list)
    backend: str = "scripted"
    model: str = "scripted-1"
    requests: list[ChatRequest] = field(default_factory=list)
    default: Step | None = None
    delay: float = 0.0
    gate: asyncio.Event | None = None
    hang_on: int = 0
    hanging: asyncio.Event = field(default_factory=asyncio.Event)
    cancelled: int = 0

    calls: ClassVar[list[str]] = []

    @classmethod
    def looping(
        cls,
        backend: str,
        model: str,
        script: Sequence[str | ToolCall] = (),
        gate: asyncio.Event | None = None,
    ) -> ScriptedBackend:
        """Labelled ``backend``/``model`` (the template's protocol and model); the last step of
        ``script`` (default: the answer "ok") repeats forever."""
        steps: list[Step] = list(script) or ["ok"]
        return cls(steps[:-1], backend, model, default=steps[-1], gate=gate)

    async def complete(self, request: ChatRequest, on_text: TextSink | None = None) -> ChatResponse:
        self.requests.append(copy.deepcopy(request))
        ScriptedBackend.calls.append(self.backend)
        if len(self.requests) == self.hang_on:
            self.hanging.set()
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                self.cancelled += 1
                raise
        if self.delay:
            await asyncio.sleep(self.delay)
        if self.gate is not None:
            await self.gate.wait()
        step = self.steps.pop(0) if self.steps else self.default
        if step is None:
            raise AssertionError("scripted backend ran out of steps")
        response = _response(step, request)
        if on_text and response.message.text:
            on_text(response.message.text)
        return copy.deepcopy(response)


class EchoTool(AgentTool):
    """Returns a fixed body (and images); counts its executions.

    ``running`` is set when a call starts; with a ``gate`` every call waits until it is set (a
    tool that is still running while the test acts), with a ``delay`` it is slow."""

    def __init__(
        self,
        name: str = "echo",
        body: str = "ok",
        images: list[ImageData] | None = None,
        delay: float = 0.0,
        is_error: bool = False,
        gate: asyncio.Event | None = None,
    ) -> None:
        self.name = name
        self.description = f"{name} tool"
        self.input_schema = {"type": "object", "properties": {}}
        self.body = body
        self.images = images or []
        self.delay = delay
        self.is_error = is_error
        self.gate = gate
        self.running = asyncio.Event()
        self.runs = 0
        self.started: list[float] = []

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        self.runs += 1
        self.started.append(asyncio.get_running_loop().time())
        self.running.set()
        if self.delay:
            await asyncio.sleep(self.delay)
        if self.gate is not None:
            await self.gate.wait()
        return ToolReturn(ToolOutput(self.body, list(self.images)), self.is_error)


class CounterTool(AgentTool):
    """Returns a different image each call (a camera): never a repeat."""

    def __init__(self, name: str = "cam__live_view_image") -> None:
        self.name = name
        self.description = "camera"
        self.input_schema = {"type": "object", "properties": {}}
        self.runs = 0

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        self.runs += 1
        img = ImageData("image/jpeg", b"\xff\xd8\xff" + self.runs.to_bytes(4, "big") * 10, 640, 424)
        return ToolReturn(ToolOutput('{"seq":1}', [img]))


class CameraTool(AgentTool):
    """``cam__live_view_image`` answering one 320×240 frame of the given JPEG bytes."""

    name = "cam__live_view_image"
    description = "one frame"
    input_schema: dict[str, Any] = {"type": "object"}  # noqa: RUF012

    def __init__(self, data: bytes) -> None:
        self.data = data

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        return ToolReturn(ToolOutput("frame 1", [ImageData("image/jpeg", self.data, 320, 240)]))


class RaisingTool(AgentTool):
    def __init__(self, name: str = "broken") -> None:
        self.name = name
        self.description = "raises"
        self.input_schema = {"type": "object", "properties": {}}

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        raise RuntimeError("disk on fire")
