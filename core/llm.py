"""The seam between the core and the provider wires.

The turn engine talks to a ``ModelBackend``: one provider template bound to a wire, an HTTP
client and a key (or a scripted/offline backend in tests and the demo village). The core reaches
the wires only through this module: the ``Wire`` contract, the provider facts (``WIRE_NAMES``,
``DEFAULT_BASE_URLS``), the real backend (``http_backend``), the image-token calculator of a
route (``image_pricing``) and the error tree are re-exported or built here.

``http_backend`` wraps the wire's backend in ``JpegRetry``: the WebP → JPEG retry of S70-17,
decided by ``core.image_rules`` from the wire's ``webp`` capability (data, never a provider name).

``complete_redacted`` is how the turn calls a backend: the known secrets (``core.log``: API keys,
resolved ``${secret:…}`` values) are taken out of the streamed text, the answer and any provider
error before the store, an event or the window sees them (a provider that echoes the request
headers; a 401 that quotes the key).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable
from typing import Protocol

import httpx

import core.log
from core.canonical import ChatRequest, ChatResponse, WebpSupport
from core.image_rules import retries_as_jpeg, sends_as_jpeg, with_jpeg_async
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
    "complete_redacted",
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
    strips the images and resends, S70-15). Images that cannot be re-encoded: the first error. To
    an endpoint that refuses WebP, WebP images go as JPEG from the first send."""

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
        if sends_as_jpeg(self._webp, request):
            with contextlib.suppress(ValueError):  # not re-encodable: sent as it is, the 400 says so
                request = await with_jpeg_async(request)
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


async def complete_redacted(
    backend: ModelBackend, request: ChatRequest, on_text: TextSink | None = None
) -> ChatResponse:
    """``backend.complete`` with the known secrets redacted from the streamed text, the response
    (text, tool calls, replay state) and a provider error (its message and body)."""
    log = core.log.LOG
    stream = log.stream_redactor()

    def shown(delta: str) -> None:
        text = stream.feed(delta)
        if text and on_text is not None:
            on_text(text)

    try:
        response = await backend.complete(request, shown if on_text is not None else None)
    except ProviderError as exc:
        exc.args = tuple(log.redact(a, key_shapes=True) if isinstance(a, str) else a for a in exc.args)
        if isinstance(exc, ProviderHTTPError):
            exc.message = log.redact(exc.message, key_shapes=True)
            exc.body = log.redact(exc.body, key_shapes=True)
        raise
    tail = stream.flush()
    if tail and on_text is not None:
        on_text(tail)
    message = response.message
    calls = [
        dataclasses.replace(
            c, id=log.redact(c.id), name=log.redact(c.name), arguments=log.redact_json(c.arguments)
        )
        for c in message.tool_calls
    ]
    state = log.redact_json(message.provider_state) if message.provider_state else message.provider_state
    message = dataclasses.replace(
        message, text=log.redact(message.text), tool_calls=calls, provider_state=state
    )
    return dataclasses.replace(response, message=message)


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
    @property
    def request_deadline_s(self) -> float: ...


def http_backend(template: Route, key: str | None, client: httpx.AsyncClient) -> ModelBackend:
    """The real backend for ``template``: its wire over ``client`` with ``key`` (None = no auth).

    Retry and fallback lines go to ``core.log`` (``llm retry:``, ``llm retry stop:``,
    ``attachment fallback:``). The key is only ever placed in request headers.
    """

    def log(kind: str, fields: dict[str, object], tail: str | None = None) -> None:
        core.log.event(kind, tail, **fields)

    if key:
        core.log.LOG.register_secret(key)  # never stored or shown, even when a provider echoes it
    wire = WIRES[template.protocol]
    http = HttpClient(
        client,
        timeout_s=template.request_timeout_s,
        deadline_s=template.request_deadline_s,
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
