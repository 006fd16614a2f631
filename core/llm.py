"""The seam between the core and the provider wires.

The turn engine talks to a ``ModelBackend``: one provider template bound to a wire, an HTTP
client and a key (or a scripted/offline backend in tests and the demo village). Wires are
reached only through the ``Wire`` protocol below; their error tree is re-exported here so the
core never imports anything else from ``wires``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from core.canonical import ChatRequest, ChatResponse
from wires.errors import (
    ImagesRejected,
    ProviderError,
    ProviderHTTPError,
    ProviderProtocolError,
    ProviderTransportError,
)

if TYPE_CHECKING:
    import httpx

    import core.config

__all__ = [
    "ImagesRejected",
    "ModelBackend",
    "ProviderError",
    "ProviderHTTPError",
    "ProviderProtocolError",
    "ProviderTransportError",
    "TextSink",
    "Wire",
    "http_backend",
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


def http_backend(template: core.config.Template, key: str | None, client: httpx.AsyncClient) -> ModelBackend:
    """The real backend for ``template``: its wire over ``client`` with ``key`` (None = no auth).

    Retry and fallback lines go to ``core.log`` (``llm retry:``, ``llm retry stop:``,
    ``attachment fallback:``). The key is only ever placed in request headers.
    """
    import core.config
    import core.log
    from wires import WIRES
    from wires.http import HttpClient, RetryPolicy, WireBackend

    def log(kind: str, fields: dict[str, object], tail: str | None = None) -> None:
        core.log.event(kind, tail, **fields)

    http = HttpClient(
        client,
        timeout_s=template.request_timeout_s,
        policy=RetryPolicy(max_attempts=template.max_retries),
        log=log,
    )
    return WireBackend(
        WIRES[template.protocol],
        http,
        base_url=template.base_url or core.config.DEFAULT_BASE_URLS[template.protocol],
        model=template.model,
        key=key,
        stream=template.stream,
        max_tokens=template.max_output_tokens,
    )


def image_pricing(template: core.config.Template) -> Callable[[int, int], int] | None:
    """The image-token calculator of ``template``'s route (S00-3), or None when it has none."""
    from wires import WIRES

    wire = WIRES.get(template.protocol)
    if wire is None:
        return None
    model = template.model
    return lambda width, height: wire.image_tokens(width, height, model)
