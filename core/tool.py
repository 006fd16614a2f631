"""The tool interface every agent tool implements (built-in tools and MCP tools).

A tool failure is a ``ToolReturn`` with ``is_error=True``, never an exception (S02-6); the turn
engine still turns an unexpected exception into an error result so a turn never crashes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.canonical import Dropped, ImageData, ToolSpec


@dataclass
class ToolOutput:
    """What a tool produced: ``text`` is what the model reads (with notes for dropped images),
    ``images`` only what is sent, ``dropped`` the reasons (instrumentation only, S70-7)."""

    text: str
    images: list[ImageData] = field(default_factory=list)
    dropped: list[Dropped] = field(default_factory=list)
    # Where each image stood in the tool's own block order: image i came after ``text[:image_at[i]]``.
    # None: after all the text. Keeps a result's order for the spill policy and its file (S00-3,
    # S00-5); not part of equality (the wire places images by its own rules).
    image_at: list[int] | None = field(default=None, compare=False)

    def blocks(self) -> list[str | ImageData]:
        """Text and images in the tool's order (text first when the order is unknown)."""
        if self.image_at is None or len(self.image_at) != len(self.images):
            return ([self.text] if self.text else []) + list(self.images)
        out: list[str | ImageData] = []
        pos = 0
        for image, at in zip(self.images, self.image_at, strict=True):
            at = min(max(at, pos), len(self.text))  # monotonic and within the text
            if at > pos:
                out.append(self.text[pos:at])
            out.append(image)
            pos = at
        if pos < len(self.text):
            out.append(self.text[pos:])
        return out

    @classmethod
    def from_blocks(cls, blocks: Sequence[str | ImageData], dropped: Sequence[Dropped] = ()) -> ToolOutput:
        """Join ordered blocks into one ToolOutput, remembering where each image stood."""
        parts: list[str] = []
        images: list[ImageData] = []
        at: list[int] = []
        length = 0
        for b in blocks:
            if isinstance(b, str):
                parts.append(b)
                length += len(b)
            else:
                images.append(b)
                at.append(length)
        return cls("".join(parts), images, list(dropped), at if images else None)


@dataclass(frozen=True)
class ForPerson:
    """What a result shows the person and not the model (MCP blocks for the audience "user")."""

    text: str
    images: tuple[ImageData, ...] = ()


@dataclass
class ToolReturn:
    """``output`` is what the model reads; ``full``, when set, is the complete result it was cut
    from (the spill policy's head and tail, S00-2): the store keeps ``full`` whole (S02-1).
    ``for_person`` is shown in the tool row only, never sent to the model (nor stored)."""

    output: ToolOutput
    is_error: bool = False
    full: ToolOutput | None = None
    for_person: ForPerson | None = field(default=None, compare=False)

    @property
    def stored(self) -> ToolOutput:
        """The complete result to keep: ``full`` when the model view was shortened."""
        return self.full if self.full is not None else self.output

    @classmethod
    def ok(cls, text: str) -> ToolReturn:
        return cls(ToolOutput(text))

    @classmethod
    def error(cls, text: str) -> ToolReturn:
        return cls(ToolOutput(text), is_error=True)


@dataclass
class ToolContext:
    """What a tool may know about the call it serves."""

    agent_id: str
    language: str
    turn_id: str = ""
    call_id: str = ""
    round: int = 0
    image_results: bool = True  # mcp.image_results (S03-1)
    # Front-end hooks (elicitation, ask_user_question); None when headless.
    ask_user: Callable[[str, dict[str, Any]], Awaitable[Any]] | None = None
    # The server's progress on this call (progress, total or None, message or None); None: unseen.
    progress: Callable[[float, float | None, str | None], None] | None = None


class AgentTool(ABC):
    name: str
    description: str
    input_schema: dict[str, Any]

    @abstractmethod
    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        """Run the tool. Report failures with ``ToolReturn.error``; do not raise."""

    async def call_with_media(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        """Run the tool and keep its images (S70-8). Only the MCP tool overrides this."""
        return await self.call(args, ctx)

    def spec(self) -> ToolSpec:
        return ToolSpec(self.name, self.description, self.input_schema)
