"""The canonical conversation model every layer speaks.

Plain dataclasses with no I/O (the contract in docs/architecture.md). Wires translate these to
and from provider JSON; the turn engine builds them; the store persists them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal, TypeVar


class Role(StrEnum):
    SYSTEM = "system"
    USER = "user"
    ASSISTANT = "assistant"
    TOOL = "tool"


@dataclass(frozen=True)
class ImageData:
    """An image exactly as it goes on the wire (already normalised)."""

    media_type: str  # "image/jpeg" | "image/webp"
    data: bytes
    width: int
    height: int

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    @property
    def format_label(self) -> str:
        """Short format name for display lines: "JPEG", "WebP", "PNG"."""
        sub = self.media_type.split("/", 1)[-1].lower()
        return {"jpeg": "JPEG", "webp": "WebP", "png": "PNG", "gif": "GIF"}.get(sub, sub.upper())

    def __repr__(self) -> str:  # never dump bytes into reprs, logs or test output
        return (
            f"ImageData(media_type={self.media_type!r}, {len(self.data)} bytes, "
            f"{self.width}x{self.height}, sha256={self.sha256[:12]})"
        )


# What a provider endpoint does with image/webp, in tool results and user messages alike (a wire
# capability, read by core.image_rules): "accepted" (documented), "uncertain" (depends on the server
# behind the URL), "refused" (the provider documents JPEG/PNG only).
WebpSupport = Literal["accepted", "uncertain", "refused"]

DropReason = Literal["unreadable", "unsupported_format", "too_large", "too_many"]


@dataclass(frozen=True)
class Dropped:
    """An image block that was not sent, with the reason (instrumentation only, S70-7)."""

    reason: DropReason
    detail: str = ""


@dataclass
class ToolCall:
    id: str
    name: str
    arguments: dict[str, Any]


@dataclass
class ToolSpec:
    name: str
    description: str
    input_schema: dict[str, Any]


@dataclass
class ChatMessage:
    role: Role
    text: str = ""
    attachments: list[ImageData] = field(default_factory=list)
    attachment_caption: str | None = None  # fallback caption, written by the turn layer (S70-11)
    tool_calls: list[ToolCall] = field(default_factory=list)
    tool_call_id: str | None = None
    tool_name: str | None = None
    provider_state: dict[str, Any] | None = None  # opaque per-wire replay data
    is_error: bool = False  # tool results only: the tool reported an error


@dataclass
class Usage:
    """Tokens of one response (or a sum). ``input`` is the uncached input on every wire: cache reads
    and writes are counted apart (Anthropic reports them so; the OpenAI and Gemini wires subtract
    the cached tokens their prompt counts include)."""

    input: int = 0
    output: int = 0
    cache_read: int = 0
    cache_write: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.input + other.input,
            self.output + other.output,
            self.cache_read + other.cache_read,
            self.cache_write + other.cache_write,
        )


@dataclass
class ChatRequest:
    model: str
    system: str
    messages: list[ChatMessage]
    tools: list[ToolSpec]
    max_tokens: int | None = None
    # "auto" lets the model call tools; "none" keeps the definitions but forbids calls (summary call).
    tool_choice: Literal["auto", "none"] = "auto"
    # How many leading messages are the stable prefix: the earlier turns, byte-identical in every
    # request of this turn and the next (their tool images already stripped). Wires whose provider
    # takes explicit cache breakpoints (Anthropic cache_control) mark the tools, the system, the end
    # of this prefix and the last message; 0: no stable history (nothing marked past the system).
    stable_messages: int = 0


StopReason = Literal["end_turn", "tool_use", "max_tokens", "refusal", "other"]


@dataclass
class ChatResponse:
    message: ChatMessage
    usage: Usage
    stop_reason: str  # one of StopReason


def tool_images_in(messages: list[ChatMessage]) -> int:
    """How many tool-result images a message list carries."""
    return sum(len(m.attachments) for m in messages if m.role is Role.TOOL)


_T = TypeVar("_T")


def common_prefix(a: Sequence[_T], b: Sequence[_T]) -> int:
    """How many leading messages ``a`` and ``b`` share (the same objects, or equal ones: messages
    are values). A binary search over slice comparisons, which run in C and pass identical
    objects without a call, so a long history that one request repeats from the last costs
    microseconds (the engine and the wires keep per-message work of the last request by it)."""
    n = min(len(a), len(b))
    if a[:n] == b[:n]:
        return n
    lo, hi = 0, n - 1  # a[:lo] == b[:lo], and the answer is at most hi
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo
