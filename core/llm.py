"""The seam between the core and the provider wires.

The turn engine talks to a ``ModelBackend``: one provider template bound to a wire, an HTTP
client and a key (or a scripted/offline backend in tests and the demo village). Wires are
reached only through the ``Wire`` protocol below; their error tree is re-exported here so the
core never imports anything else from ``wires``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from core.canonical import ChatRequest, ChatResponse
from wires.errors import (
    ImagesRejected,
    ProviderError,
    ProviderHTTPError,
    ProviderProtocolError,
    ProviderTransportError,
)

__all__ = [
    "ImagesRejected",
    "ModelBackend",
    "ProviderError",
    "ProviderHTTPError",
    "ProviderProtocolError",
    "ProviderTransportError",
    "TextSink",
    "Wire",
]

TextSink = Callable[[str], None]


@runtime_checkable
class Wire(Protocol):
    """One provider protocol. ``encode``/``decode`` are pure: no network, no key."""

    name: str  # the backend label in `turn:` lines

    def encode(self, request: ChatRequest) -> dict[str, Any]: ...

    def decode(self, body: dict[str, Any]) -> ChatResponse: ...

    def image_tokens(self, width: int, height: int, model: str) -> int: ...


class ModelBackend(Protocol):
    """What the turn engine calls for one model request.

    ``complete`` streams text deltas to ``on_text`` when given and returns the assembled
    response. It raises only ``ProviderError`` subclasses.
    """

    @property
    def backend(self) -> str: ...  # wire name for `turn:` lines ("anthropic", "openai-compat", …)

    @property
    def model(self) -> str: ...

    async def complete(self, request: ChatRequest, on_text: TextSink | None = None) -> ChatResponse: ...
