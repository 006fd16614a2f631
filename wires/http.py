"""The one HTTP seam of the wire layer: retries, error mapping, streaming.

``HttpClient`` wraps an injected ``httpx.AsyncClient``. Nothing from httpx escapes: every failure
becomes a ``wires.errors`` type. Retry classes (S70-16) follow the original app:

    retried:  rate_limit (429), overloaded (529), server_error (5xx), timeout, network
    stopped:  auth (401/403), billing (insufficient_quota), context_length (400/413 with a
              context-length code), client_error (every other 4xx, 400 included: S70-16)

Wait = max(base·2^(k-1) capped at ``cap_s``, hint) × (1 + 0.1·u), u ∈ [0, 1). The hint is the
larger of ``Retry-After`` (seconds or an HTTP date; past → 0) and the provider body's own hint
(Gemini ``RetryInfo.retryDelay``). A hint above ``max_hint_s`` (60 s) stops with
``reason=hint_too_long``. ``max_attempts`` counts the first try, so M attempts write at most M−1
``llm retry:`` lines. A stream that has already delivered text is never retried (the text is on
screen); waits are plain ``asyncio.sleep`` and therefore cancellable.

The deadline (``request_deadline_s``, issue 11): ``timeout_s`` bounds each read, so a provider
that trickles one byte at a time never trips it. ``deadline_s`` bounds the WHOLE call: every
attempt, every retry wait. When it passes, the call stops with a ``ProviderTransportError`` (the
``timeout`` class, not retried: the time is spent) that names the wire and the setting, and writes
``llm retry stop:`` with ``reason=deadline``. A turn's model call therefore never holds it longer.

Decoding is a seam too: the wires guard their decoders (``wires.base.shape_guard``); anything else a
decoder raises is turned into the wire's ``ProviderProtocolError`` here as well (``decoded``).

Log lines go through an injected hook ``log(kind, fields, tail=None)`` (the core passes
``core.log.event``); keys and image bytes never reach it.

``WireBackend`` implements ``core.llm.ModelBackend`` for one template: wire + client + key. The
WebP → JPEG retry (S70-17) is not here: ``core.llm.http.http_backend`` wraps this backend in it.
Its request bytes come from ``wires.encoding`` (off the event loop when the request is large).

Just over 400 lines: the retry loop, its error mapping, the deadline and the streamed attempt
share one request's state; the request bytes (``wires.encoding``) and each provider's details (its
wire module) live elsewhere.
"""

from __future__ import annotations

import asyncio
import dataclasses
import email.utils
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import httpx

from core.canonical import ChatRequest, ChatResponse
from wires.base import JSON, ErrorInfo, SSEParser, Wire, protocol_error
from wires.encoding import dumps_body, encoded
from wires.errors import (
    ProviderError,
    ProviderHTTPError,
    ProviderProtocolError,
    ProviderTransportError,
)

TextSink = Callable[[str], None]
_T = TypeVar("_T")
RETRIED = {"rate_limit", "overloaded", "server_error", "timeout", "network"}


class LogHook(Protocol):
    def __call__(self, kind: str, fields: dict[str, object], tail: str | None = None) -> None: ...


class RetryHook(Protocol):
    """Told before each retry wait: the next attempt (2 …), of how many, the wait in seconds,
    the failure's retry class and HTTP status (None: no answer)."""

    def __call__(self, attempt: int, attempts: int, wait_s: float, cls: str, status: int | None) -> None: ...


def _no_log(kind: str, fields: dict[str, object], tail: str | None = None) -> None:
    return None


@dataclass(frozen=True)
class RetryPolicy:
    max_attempts: int = 3
    base_s: float = 0.2
    cap_s: float = 5.0
    max_hint_s: float = 60.0


# ------------------------------------------------------------------------------ classification


def retry_class(status: int | None, code: str | None, message: str = "") -> str:
    """The retry class of a failed attempt (``status`` None = transport failure)."""
    text = f"{code or ''} {message}".lower()
    if status is None:
        return "network"
    if "insufficient_quota" in text or "billing" in (code or ""):
        return "billing"
    if status == 429:
        return "rate_limit"
    if status == 529:
        return "overloaded"
    if status >= 500:
        return "server_error"
    if status in (401, 403):
        return "auth"
    if status in (400, 413) and ("context_length" in text or "context length" in text):
        return "context_length"
    return "client_error"


def retry_after_s(value: str | None, now: float | None = None) -> float | None:
    """``Retry-After``: delta-seconds or an HTTP date (a past date means 0)."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(float(value), 0.0)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(when.timestamp() - (time.time() if now is None else now), 0.0)


def _fmt_hint(seconds: float | None) -> str:
    return "-" if seconds is None else f"{round(seconds)}s"


@dataclass
class _Failure(Exception):
    """One failed attempt, before the retry decision."""

    error: ProviderError
    status: int | None
    cls: str
    code: str | None
    header_hint: float | None = None
    body_hint: float | None = None
    retryable: bool = True


def decoded(wire: Wire, step: Callable[..., _T], *args: Any) -> _T:
    """One decoder step (``decode``, ``feed``, ``result``); anything but a provider error it raises
    is ``wire``'s ``ProviderProtocolError`` (the safety net behind ``wires.base.shape_guard``)."""
    try:
        return step(*args)
    except ProviderError:
        raise
    except Exception as exc:
        raise protocol_error(wire.name, exc) from exc


# ------------------------------------------------------------------------------ client


def json_object(wire: Wire, resp: httpx.Response) -> dict[str, Any]:
    """The response body as a JSON object, else ``ProviderProtocolError`` naming what it was."""
    try:
        body = resp.json()
    except ValueError as exc:
        raise ProviderProtocolError(f"{wire.name}: response is not JSON") from exc
    if not isinstance(body, dict):
        raise ProviderProtocolError(f"{wire.name}: response is not a JSON object")
    return body


class HttpClient:
    def __init__(
        self,
        client: httpx.AsyncClient,
        *,
        timeout_s: float = 120.0,
        deadline_s: float | None = None,
        policy: RetryPolicy | None = None,
        log: LogHook | None = None,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        rand: Callable[[], float] = random.random,
        on_retry: RetryHook | None = None,
    ) -> None:
        self._client = client
        self.on_retry = on_retry
        self._timeout = httpx.Timeout(timeout_s, connect=min(timeout_s, 15.0))
        self.deadline_s = deadline_s
        self.policy = policy or RetryPolicy()
        self.log: LogHook = log or _no_log
        self._sleep = sleep
        self._rand = rand

    async def send(
        self,
        wire: Wire,
        url: str,
        headers: dict[str, str],
        body: JSON | bytes,
        *,
        model: str,
        stream: bool,
        on_text: TextSink | None = None,
    ) -> ChatResponse:
        """POST ``body`` (a JSON object, or its encoded bytes) with retries, all within
        ``deadline_s``; return the decoded (or stream-assembled) response."""
        if not self.deadline_s:
            return await self._send(wire, url, headers, body, model=model, stream=stream, on_text=on_text)
        limit = asyncio.timeout(self.deadline_s)
        try:
            async with limit:
                return await self._send(wire, url, headers, body, model=model, stream=stream, on_text=on_text)
        except TimeoutError:
            if not limit.expired():
                raise
            fields: dict[str, object] = {"model": model, "attempt": "-", "status": "-", "class": "timeout"}
            self.log("llm retry stop", {**fields, "code": "-", "hint": "-", "src": "-", "reason": "deadline"})
            raise ProviderTransportError(
                f"{wire.name}: no complete answer within {self.deadline_s:g} s (request_deadline_s)"
            ) from None

    async def _send(
        self,
        wire: Wire,
        url: str,
        headers: dict[str, str],
        body: JSON | bytes,
        *,
        model: str,
        stream: bool,
        on_text: TextSink | None,
    ) -> ChatResponse:
        content = body if isinstance(body, bytes) else dumps_body(body)
        hdrs = {"content-type": "application/json", **headers}
        if stream:
            hdrs["accept"] = "text/event-stream"
        attempts = max(self.policy.max_attempts, 1)
        for k in range(1, attempts + 1):
            emitted: list[bool] = [False]
            try:
                return await self._attempt(wire, url, hdrs, content, stream, on_text, emitted)
            except _Failure as failure:
                fields: dict[str, object] = {
                    "model": model,
                    "attempt": f"{k}/{attempts}",
                    "status": failure.status if failure.status is not None else "-",
                    "class": failure.cls,
                    "code": (failure.code or "-")[:40],
                }
                hint = max(
                    (h for h in (failure.header_hint, failure.body_hint) if h is not None), default=None
                )
                src = {
                    (True, True): "both",
                    (True, False): "header",
                    (False, True): "body",
                    (False, False): "-",
                }[(failure.header_hint is not None, failure.body_hint is not None)]
                fields["hint"] = _fmt_hint(hint)
                fields["src"] = src
                if not failure.retryable or failure.cls not in RETRIED or emitted[0]:
                    self.log("llm retry stop", fields)
                    raise failure.error from None
                if hint is not None and hint > self.policy.max_hint_s:
                    self.log("llm retry stop", {**fields, "reason": "hint_too_long"})
                    raise failure.error from None
                if k == attempts:
                    raise failure.error from None
                backoff = min(self.policy.base_s * 2 ** (k - 1), self.policy.cap_s)
                wait = max(backoff, hint or 0.0) * (1 + 0.1 * self._rand())
                self.log("llm retry", {**fields, "wait": f"{round(wait * 1000)}ms"})
                if self.on_retry is not None:
                    self.on_retry(k + 1, attempts, wait, failure.cls, failure.status)
                await self._sleep(wait)
        raise AssertionError("unreachable")  # pragma: no cover

    async def _attempt(
        self,
        wire: Wire,
        url: str,
        headers: dict[str, str],
        content: bytes,
        stream: bool,
        on_text: TextSink | None,
        emitted: list[bool],
    ) -> ChatResponse:
        try:
            if not stream:
                resp = await self._client.post(url, content=content, headers=headers, timeout=self._timeout)
                if resp.status_code >= 300:
                    raise self._http_failure(wire, resp.status_code, resp.headers, resp.text)
                return decoded(wire, wire.decode, json_object(wire, resp))
            request = self._client.build_request(
                "POST", url, content=content, headers=headers, timeout=self._timeout
            )
            resp = await self._client.send(request, stream=True)
            try:
                if resp.status_code >= 300:
                    text = (await resp.aread()).decode("utf-8", "replace")
                    raise self._http_failure(wire, resp.status_code, resp.headers, text)
                decoder = wire.stream_decoder()
                parser = SSEParser()
                async for line in resp.aiter_lines():
                    event = parser.feed_line(line.rstrip("\r"))
                    if event is not None:
                        delta = decoded(wire, decoder.feed, *event)
                        if delta and on_text is not None:
                            emitted[0] = True
                            on_text(delta)
                last = parser.flush()
                if last is not None:
                    delta = decoded(wire, decoder.feed, *last)
                    if delta and on_text is not None:
                        emitted[0] = True
                        on_text(delta)
                return decoded(wire, decoder.result)
            finally:
                await resp.aclose()
        except _Failure:
            raise
        except ProviderHTTPError as exc:  # an error event inside a 200 stream
            cls = retry_class(exc.status, exc.provider_code, exc.message)
            raise _Failure(exc, exc.status, cls, exc.provider_code) from None
        except ProviderTransportError as exc:  # a stream cut before its terminal event
            raise _Failure(exc, None, "network", None) from None
        except httpx.TimeoutException as exc:
            err = ProviderTransportError(f"{wire.name}: timed out ({type(exc).__name__})")
            raise _Failure(err, None, "timeout", None) from None
        except httpx.HTTPError as exc:
            err = ProviderTransportError(f"{wire.name}: {type(exc).__name__}: {exc}")
            raise _Failure(err, None, "network", None) from None

    async def get_json(self, wire: Wire, url: str, headers: dict[str, str]) -> JSON:
        """One GET of a JSON object (the model list): no retries, since the person asked for it and
        waits for the answer; every failure mapped like a request's."""
        try:
            resp = await self._client.get(url, headers=headers, timeout=self._timeout)
        except httpx.TimeoutException as exc:
            raise ProviderTransportError(f"{wire.name}: timed out ({type(exc).__name__})") from None
        except httpx.HTTPError as exc:
            raise ProviderTransportError(f"{wire.name}: {type(exc).__name__}: {exc}") from None
        if resp.status_code >= 300:
            raise self._http_failure(wire, resp.status_code, resp.headers, resp.text).error from None
        return json_object(wire, resp)

    @staticmethod
    def _http_failure(wire: Wire, status: int, headers: httpx.Headers, text: str) -> _Failure:
        info: ErrorInfo = wire.parse_error(status, text)
        header_hint = retry_after_s(headers.get("retry-after"))
        error = ProviderHTTPError(
            status,
            info.message or f"HTTP {status}",
            provider_code=info.code,
            retry_after=max((h for h in (header_hint, info.retry_hint_s) if h is not None), default=None),
            body=text[:4000],
        )
        cls = retry_class(status, info.code, info.message)
        return _Failure(error, status, cls, info.code, header_hint, info.retry_hint_s)


# ------------------------------------------------------------------------------ backend


class WireBackend:
    """``core.llm.ModelBackend`` over one wire, one HTTP client and one key (or none)."""

    def __init__(
        self,
        wire: Wire,
        http: HttpClient,
        *,
        base_url: str,
        model: str,
        key: str | None = None,
        stream: bool = True,
        max_tokens: int | None = None,
    ) -> None:
        self._wire = wire
        self._http = http
        self._base_url = base_url.rstrip("/")
        self._model = model
        self._key = key
        self._stream = stream
        self._max_tokens = max_tokens
        self._last_size = 0  # bytes of the last request body (wires.encoding.is_large)

    @property
    def backend(self) -> str:
        return self._wire.name

    @property
    def model(self) -> str:
        return self._model

    def __repr__(self) -> str:  # never show the key
        return f"WireBackend({self._wire.name}, {self._model}, {self._base_url})"

    async def list_models(self) -> list[str] | None:
        """The model names the provider lists for this key; None when its API offers no list."""
        path = self._wire.models_path
        if path is None:
            return None
        body = await self._http.get_json(self._wire, self._base_url + path, self._wire.headers(self._key))
        return decoded(self._wire, self._wire.parse_models, body)

    async def complete(self, request: ChatRequest, on_text: TextSink | None = None) -> ChatResponse:
        changes: dict[str, Any] = {}
        if not request.model:
            changes["model"] = self._model
        if request.max_tokens is None and self._max_tokens:
            changes["max_tokens"] = self._max_tokens
        if changes:
            request = dataclasses.replace(request, **changes)
        body = await encoded(self._wire, request, self._stream, self._last_size)
        self._last_size = len(body)
        url = self._base_url + self._wire.path(request.model, self._stream)
        return await self._http.send(
            self._wire,
            url,
            self._wire.headers(self._key),
            body,
            model=request.model,
            stream=self._stream,
            on_text=on_text,
        )
