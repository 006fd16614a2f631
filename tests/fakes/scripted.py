"""A scripted ModelBackend and simple tools for driving the turn engine without a network."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.canonical import ChatMessage, ChatRequest, ChatResponse, ImageData, Role, ToolCall, Usage
from core.llm import TextSink
from core.tool import AgentTool, ToolContext, ToolOutput, ToolReturn

Step = ChatResponse | Exception | Callable[[ChatRequest], ChatResponse]


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


@dataclass
class ScriptedBackend:
    """Answers from a script; records every request (deep-copied) it received."""

    steps: list[Step] = field(default_factory=list)
    backend: str = "scripted"
    model: str = "scripted-1"
    requests: list[ChatRequest] = field(default_factory=list)
    default: Step | None = None
    delay: float = 0.0

    async def complete(self, request: ChatRequest, on_text: TextSink | None = None) -> ChatResponse:
        self.requests.append(copy.deepcopy(request))
        if self.delay:
            await asyncio.sleep(self.delay)
        step = self.steps.pop(0) if self.steps else self.default
        if step is None:
            raise AssertionError("scripted backend ran out of steps")
        if isinstance(step, Exception):
            raise step
        response = step(request) if callable(step) else step
        if on_text and response.message.text:
            on_text(response.message.text)
        return copy.deepcopy(response)


class EchoTool(AgentTool):
    """Returns a fixed body (and images); counts its executions."""

    def __init__(
        self,
        name: str = "echo",
        body: str = "ok",
        images: list[ImageData] | None = None,
        delay: float = 0.0,
        is_error: bool = False,
    ) -> None:
        self.name = name
        self.description = f"{name} tool"
        self.input_schema = {"type": "object", "properties": {}}
        self.body = body
        self.images = images or []
        self.delay = delay
        self.is_error = is_error
        self.runs = 0
        self.started: list[float] = []

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        self.runs += 1
        self.started.append(asyncio.get_running_loop().time())
        if self.delay:
            await asyncio.sleep(self.delay)
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


class RaisingTool(AgentTool):
    def __init__(self, name: str = "broken") -> None:
        self.name = name
        self.description = "raises"
        self.input_schema = {"type": "object", "properties": {}}

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        raise RuntimeError("disk on fire")
