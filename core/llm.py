"""The seam between the core and the provider wires.

The turn engine talks to a ``ModelBackend``: one provider template bound to a wire, an HTTP
client and a key (or a scripted/offline backend in tests and the demo village). The core reaches
the wires only through this module: the ``Wire`` contract, the provider facts (``WIRE_NAMES``,
``DEFAULT_BASE_URLS``), the real backend (``http_backend``), the image-token calculator of a
route (``image_pricing``) and the error tree are re-exported or built here.

``http_backend`` wraps the wire's backend in ``JpegRetry``: the WebP → JPEG retry of S70-17,
decided by ``core.image_rules`` from the wire's ``webp`` capability (data, never a provider name).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import httpx

import core.log
from core.canonical import ChatRequest, ChatResponse, WebpSupport
from core.image_rules import retries_as_jpeg, with_jpeg_async
from wires import DEFAULT_BASE_URLS, WIRE_NAMES, WIRES, Wire
from wires.errors import (
    ImagesRejected,
    ProviderError,
    ProviderHTTPError,
    ProviderProtocolError,
    ProviderTransportError,
)
from wires.http import HttpClient, RetryPolicy, WireBackend

__all__ = [
    "DEFAULT_BASE_URLS",
    "WIRE_NAMES",
    "ImagesRejected",
    "JpegRetry",
    "ModelBackend",
    "ProviderError",
    "ProviderHTTPError",
    "ProviderProtocolError",
    "ProviderTransportError",
    "TextSink",
    "Wire",
    "http_backend",
    "image_pricing",
]

TextSink = Callable[[str], None]


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


class JpegRetry:
    """S70-17 around one backend: a 400 on a request carrying WebP, to an endpoint whose WebP
    support is uncertain, is sent once more with the WebP images re-encoded as JPEG (on a worker
    thread) and writes ``attachment fallback:``; a second 400 is ``ImagesRejected`` (the turn then
    strips the images and resends, S70-15). Images that cannot be re-encoded: the first error."""

    def __init__(self, inner: ModelBackend, webp: WebpSupport) -> None:
        self._inner = inner
        self._webp = webp

    @property
    def backend(self) -> str:
        return self._inner.backend

    @property
    def model(self) -> str:
        return self._inner.model

    def __repr__(self) -> str:
        return f"JpegRetry({self._inner!r})"

    async def complete(self, request: ChatRequest, on_text: TextSink | None = None) -> ChatResponse:
        try:
            return await self._inner.complete(request, on_text)
        except ProviderHTTPError as first:
            if not retries_as_jpeg(self._webp, first.status, request):
                raise
            try:
                converted = await with_jpeg_async(request)
            except ValueError:
                raise first from None
            core.log.event(
                "attachment fallback", "retrying with jpeg after 400", model=request.model or self.model
            )
            try:
                return await self._inner.complete(converted, on_text)
            except ProviderHTTPError as second:
                if second.status != 400:
                    raise
                raise ImagesRejected(
                    400, second.message, provider_code=second.provider_code, body=second.body
                ) from None


class Route(Protocol):
    """What a backend needs of a provider template (``core.config.Template`` has all of it; the
    configuration takes the provider facts from this module, so this module does not import it)."""

    @property
    def protocol(self) -> str: ...
    @property
    def model(self) -> str: ...
    @property
    def base_url(self) -> str: ...
    @property
    def request_timeout_s(self) -> float: ...
    @property
    def max_retries(self) -> int: ...
    @property
    def stream(self) -> bool: ...
    @property
    def max_output_tokens(self) -> int: ...


def http_backend(template: Route, key: str | None, client: httpx.AsyncClient) -> ModelBackend:
    """The real backend for ``template``: its wire over ``client`` with ``key`` (None = no auth).

    Retry and fallback lines go to ``core.log`` (``llm retry:``, ``llm retry stop:``,
    ``attachment fallback:``). The key is only ever placed in request headers.
    """

    def log(kind: str, fields: dict[str, object], tail: str | None = None) -> None:
        core.log.event(kind, tail, **fields)

    wire = WIRES[template.protocol]
    http = HttpClient(
        client,
        timeout_s=template.request_timeout_s,
        policy=RetryPolicy(max_attempts=template.max_retries),
        log=log,
    )
    backend = WireBackend(
        wire,
        http,
        base_url=template.base_url or wire.default_base_url,
        model=template.model,
        key=key,
        stream=template.stream,
        max_tokens=template.max_output_tokens,
    )
    return JpegRetry(backend, wire.webp)


def image_pricing(template: Route) -> Callable[[int, int], int] | None:
    """The image-token calculator of ``template``'s route (S00-3), or None when it has none."""
    wire = WIRES.get(template.protocol)
    if wire is None:
        return None
    model = template.model
    return lambda width, height: wire.image_tokens(width, height, model)
