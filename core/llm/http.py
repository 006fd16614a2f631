"""The real model backend: a provider template's wire over HTTP (httpx), with the WebP → JPEG
retry of S70-17 (``JpegRetry``), decided by ``core.image_rules`` from the wire's ``webp``
capability (data, never a provider name).

Kept apart from ``core.llm`` so that what only needs the provider facts or the ``ModelBackend``
contract (the configuration, the store, the turn engine, recovery) imports neither httpx nor the
wires' HTTP client.
"""

from __future__ import annotations

import contextlib
import importlib.util
import sys

import httpx

import core.log
from core.canonical import ChatRequest, ChatResponse, WebpSupport
from core.image_rules import retries_as_jpeg, sends_as_jpeg, with_jpeg_async
from core.llm import (
    RETRY_HOOK,
    ImagesRejected,
    ModelBackend,
    ProviderError,
    ProviderHTTPError,
    RetryWait,
    Route,
    TextSink,
)
from wires import WIRES
from wires.http import HttpClient, RetryPolicy, WireBackend

__all__ = ["JpegRetry", "http_backend", "list_models"]

# httpcore 1.x runs ``import sniffio`` for every lock and request it makes; without sniffio each
# failed import searched sys.path (~0.2 ms under PySide6, six a model request: issue 14, row 4).
# The absent module is remembered as absent, which every importer reads as "not installed".
if importlib.util.find_spec("sniffio") is None:
    sys.modules.setdefault("sniffio", None)  # type: ignore[arg-type]


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


def announce_retry(attempt: int, attempts: int, wait_s: float, cls: str, status: int | None) -> None:
    """A retry wait, told to the current task's ``RETRY_HOOK`` (a turn publishes it)."""
    hook = RETRY_HOOK.get()
    if hook is not None:
        hook(RetryWait(attempt, attempts, wait_s, cls, status))


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
        on_retry=announce_retry,
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


async def list_models(template: Route, key: str | None, client: httpx.AsyncClient) -> list[str] | None:
    """The models the provider of ``template`` lists for ``key`` (None: its API offers no list),
    one GET without retries. Raises ``ProviderError``; the key is redacted from its message."""
    if key:
        core.log.LOG.register_secret(key)
    wire = WIRES[template.protocol]
    http = HttpClient(client, timeout_s=min(template.request_timeout_s, 30.0))
    backend = WireBackend(
        wire, http, base_url=template.base_url or wire.default_base_url, model=template.model, key=key
    )
    try:
        return await backend.list_models()
    except ProviderError as exc:
        exc.args = tuple(
            core.log.LOG.redact(a, key_shapes=True) if isinstance(a, str) else a for a in exc.args
        )
        if isinstance(exc, ProviderHTTPError):
            exc.message = core.log.LOG.redact(exc.message, key_shapes=True)
        raise
