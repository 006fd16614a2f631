"""The seam between the core and the provider wires (this package; nothing else in core imports
``wires``).

The turn engine talks to a ``ModelBackend``: one provider template bound to a wire, an HTTP
client and a key (or a scripted/offline backend in tests and the demo village). Here: the ``Wire``
contract, the provider facts (``WIRE_NAMES``, ``DEFAULT_BASE_URLS``, the documented context
windows ``context_window``), the image-token calculator of a route (``image_pricing``) and the
error tree. The real backend over HTTP (``http_backend``, with the WebP → JPEG retry) is ``core.llm.http``: it alone pulls in httpx and Pillow, so the
configuration, the store and the turn engine import without them (a recovery or a kill-test
driver starts in a quarter of a second).

``complete_redacted`` is how the turn calls a backend: the known secrets (``core.log``: API keys,
resolved ``${secret:…}`` values) are taken out of the streamed text, the answer and any provider
error before the store, an event or the window sees them (a provider that echoes the request
headers; a 401 that quotes the key).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Protocol

import core.log
from core.canonical import ChatRequest, ChatResponse
from wires import DEFAULT_BASE_URLS, WIRE_NAMES, WIRES, Wire
from wires.errors import (
    ImagesRejected,
    ProviderError,
    ProviderHTTPError,
    ProviderProtocolError,
    ProviderTransportError,
)
from wires.profiles import UNKNOWN_WINDOW, context_window

__all__ = [
    "DEFAULT_BASE_URLS",
    "KEY_PROBLEMS",
    "RETRY_HOOK",
    "UNKNOWN_WINDOW",
    "WIRE_NAMES",
    "ImagesRejected",
    "MissingKey",
    "ModelBackend",
    "ProviderError",
    "ProviderHTTPError",
    "ProviderProtocolError",
    "ProviderTransportError",
    "RetryWait",
    "TextSink",
    "Wire",
    "complete_redacted",
    "context_window",
    "image_pricing",
]

TextSink = Callable[[str], None]


class MissingKey(ProviderError):
    """The template names a key that is not stored: no request was sent."""

    code = "no_key"


@dataclass(frozen=True)
class RetryWait:
    """A model request is sent again after ``wait_s`` seconds: ``attempt`` (2 …) of ``attempts``;
    ``reason`` is the retry class (rate_limit, overloaded, server_error, timeout, network)."""

    attempt: int
    attempts: int
    wait_s: float
    reason: str
    status: int | None = None


# Who is told of a backend's retry waits: set in the task that makes the model calls (a turn's,
# ``core.retry_events``); the HTTP backend reads it when it waits. None: nobody is told.
RETRY_HOOK: ContextVar[Callable[[RetryWait], None] | None] = ContextVar("retry_hook", default=None)


# the failure codes a person fixes in Settings (the key is missing, or the provider refused it)
KEY_PROBLEMS = frozenset({MissingKey.code, "http_401", "http_403"})


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
    configuration takes the provider facts from this package, so this package does not import it)."""

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


def image_pricing(template: Route) -> Callable[[int, int], int] | None:
    """The image-token calculator of ``template``'s route (S00-3), or None when it has none."""
    wire = WIRES.get(template.protocol)
    if wire is None:
        return None
    model = template.model
    return lambda width, height: wire.image_tokens(width, height, model)
