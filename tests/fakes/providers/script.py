"""What a fake provider answers: scripted ``Reply`` values and the default responder."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Reply:
    """One answer. ``status != 200`` answers with the provider's error JSON."""

    text: str = ""
    tool_calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    status: int = 200
    error_code: str | None = None
    error_message: str = "scripted error"
    retry_after: str | None = None  # Retry-After header value
    retry_delay: str | None = None  # Gemini body RetryInfo.retryDelay, e.g. "3s"
    delay_s: float = 0.0  # wait before answering (slow provider)
    event_delay_s: float = 0.0  # wait between stream events
    cut_after: int | None = None  # streams: close the connection after this many events
    trickle_s: float = 0.0  # send the answer one byte at a time, this long apart (slow drip)
    body: Any = None  # answer 200 with exactly this JSON (non-streamed; malformed shapes)
    events: list[tuple[str | None, str]] | None = None  # stream exactly these SSE events
    echo_headers: bool = False  # the text (or error message) is the request's headers as JSON
    reasoning: bool = True  # issue replay state (thinking signature, thoughtSignature, reasoning item)
    # the input the provider reports, excluding cache reads/writes; None: the fake's estimate of
    # the request, split by its prompt cache (tests/fakes/providers/caching.py)
    input_tokens: int | None = None
    output_tokens: int = 7
    cache_read: int = 0  # with input_tokens set: the cache reads/writes to report beside it
    cache_write: int = 0

    @property
    def uncached(self) -> int:
        return self.input_tokens or 0

    @classmethod
    def say(cls, text: str, **kw: Any) -> Reply:
        return cls(text=text, **kw)

    @classmethod
    def call(cls, name: str, args: dict[str, Any] | None = None, text: str = "", **kw: Any) -> Reply:
        return cls(text=text, tool_calls=[(name, args or {})], **kw)

    @classmethod
    def error(cls, status: int, code: str | None = None, message: str = "scripted error", **kw: Any) -> Reply:
        return cls(status=status, error_code=code, error_message=message, **kw)


@dataclass
class Scenario:
    """The default answer when the queue is empty: "call ``tool`` (with ``args``), then say ``say``"."""

    say: str = "ok"
    tool: str | None = None
    args: dict[str, Any] = field(default_factory=dict)

    def reply(self, after_tool_result: bool) -> Reply:
        if self.tool and not after_tool_result:
            return Reply.call(self.tool, self.args)
        return Reply.say(self.say)
