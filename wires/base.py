"""What every wire shares: the wire base class, the SSE parser and small JSON helpers.

A wire is pure: ``encode``/``decode`` and the stream decoder touch no network and no key. ``Wire``
is the contract: what the core reads (``name``, ``encode``/``decode``, ``image_tokens``, and the
provider facts ``default_base_url`` and ``webp``, a capability read by ``core.image_rules``) and
what the HTTP layer (``wires.http``) asks: the path, the auth headers, the stream body, the stream
decoder and how to read an error body. Nothing else about a provider lives outside its module.

Streaming and non-streaming share one assembly path: each stream decoder rebuilds the provider's
own non-streamed body from the events and hands it to ``decode``.

A provider may answer valid JSON of an unexpected shape (an item that is not an object, a tool call
without an id, a delta for an unknown index). Each decoder's ``decode``, ``feed`` and ``result``
is wrapped in ``shape_guard``: whatever such a body makes the decoder trip over (``KeyError``,
``AttributeError``, ``TypeError``, ``ValueError``, …) becomes the wire's ``ProviderProtocolError``,
and a decoded response is checked (``check_response``: text a string, every tool call with an id,
a name and object arguments) before it leaves the wire.
"""

from __future__ import annotations

import base64
import functools
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from core.canonical import ChatMessage, ChatRequest, ChatResponse, ImageData, Role, WebpSupport
from wires.errors import ProviderHTTPError, ProviderProtocolError, ProviderTransportError

JSON = dict[str, Any]


@dataclass(frozen=True)
class ErrorInfo:
    """What a provider's error body says: its code, its message and its own retry hint (seconds)."""

    code: str | None
    message: str
    retry_hint_s: float | None = None


class StreamDecoder(Protocol):
    """Turns SSE events into text deltas and, at the end, one canonical response."""

    def feed(self, event: str | None, data: str) -> str:
        """Take one SSE event; return the visible text delta it carries ("" if none)."""
        ...

    def result(self) -> ChatResponse:
        """The assembled response. Raises ``ProviderTransportError`` if the stream was cut."""
        ...


class Wire(Protocol):
    """One provider protocol. ``encode``/``decode`` and the stream decoder are pure: no network, no key."""

    name: str  # the backend label in `turn:` lines
    default_base_url: str  # the provider's own endpoint, used when a template names none
    webp: WebpSupport  # what the endpoint does with image/webp (core.image_rules, S70-17)

    def encode(self, request: ChatRequest) -> JSON: ...  # the JSON request body

    def decode(self, body: JSON) -> ChatResponse: ...  # a non-streamed response body

    def image_tokens(self, width: int, height: int, model: str) -> int: ...

    # ---- the HTTP layer's questions
    def path(self, model: str, stream: bool) -> str: ...

    def headers(self, key: str | None) -> dict[str, str]: ...

    def stream_body(self, body: JSON) -> JSON: ...

    def stream_decoder(self) -> StreamDecoder: ...

    def parse_error(self, status: int, text: str) -> ErrorInfo: ...

    # ---- the model list (Settings): None when the provider's API offers none
    models_path: str | None

    def parse_models(self, body: JSON) -> list[str]: ...


class WireBase:
    """Shared defaults of a ``Wire``. Subclasses set the facts and implement the protocol parts."""

    name: str = ""
    default_base_url: str = ""
    webp: WebpSupport = "accepted"
    models_path: str | None = "/models"  # GET {base}/models: OpenAI, Anthropic, xAI, Meta, local servers

    # ---- the HTTP layer's questions -------------------------------------------------------

    def path(self, model: str, stream: bool) -> str:
        raise NotImplementedError

    def headers(self, key: str | None) -> dict[str, str]:
        """Bearer auth by default; no key (local servers) means no Authorization header."""
        return {"authorization": f"Bearer {key}"} if key else {}

    def stream_body(self, body: JSON) -> JSON:
        return {**body, "stream": True}

    def parse_models(self, body: JSON) -> list[str]:
        """``{"data": [{"id": …}, …]}``: OpenAI's list, which Anthropic's ``/v1/models`` shares."""
        data = body.get("data")
        if not isinstance(data, list):
            raise ProviderProtocolError(f"{self.name}: the model list has no data array")
        return sorted({str(m["id"]) for m in data if isinstance(m, dict) and m.get("id")})

    def parse_error(self, status: int, text: str) -> ErrorInfo:
        """OpenAI-style ``{"error": {"message", "type", "code"}}`` by default."""
        body = loads_or_none(text)
        err = body.get("error") if isinstance(body, dict) else None
        if isinstance(err, dict):
            code = err.get("code") or err.get("type")
            return ErrorInfo(str(code) if code is not None else None, str(err.get("message") or ""))
        if isinstance(err, str):
            return ErrorInfo(None, err)
        return ErrorInfo(None, text[:500])

    # ---- pure translation (subclasses) ------------------------------------------------------

    def encode(self, request: ChatRequest) -> JSON:
        raise NotImplementedError

    def decode(self, body: JSON) -> ChatResponse:
        raise NotImplementedError

    def stream_decoder(self) -> StreamDecoder:
        raise NotImplementedError

    def image_tokens(self, width: int, height: int, model: str) -> int:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<wire {self.name}>"


# ------------------------------------------------------------------------------ shapes

# what a decoder trips over on valid JSON of an unexpected shape
SHAPE_ERRORS = (AttributeError, KeyError, IndexError, TypeError, ValueError, OverflowError, RecursionError)
_F = TypeVar("_F", bound=Callable[..., Any])


def wire_name_of(obj: Any) -> str:
    """The wire name of a wire or of a stream decoder (which holds its wire as ``_wire``)."""
    return str(getattr(obj, "name", "") or getattr(getattr(obj, "_wire", None), "name", "") or "wire")


def protocol_error(wire: str, exc: BaseException) -> ProviderProtocolError:
    """``exc`` (raised while decoding) as ``wire``'s protocol error, its message naming the wire."""
    text = str(exc)
    if isinstance(exc, ProviderProtocolError):
        return exc if text.startswith(f"{wire}: ") else ProviderProtocolError(f"{wire}: {text}")
    return ProviderProtocolError(f"{wire}: unexpected response shape ({type(exc).__name__}: {text[:120]})")


def shape_guard(method: _F) -> _F:
    """A decoder method whose shape errors are the wire's ``ProviderProtocolError``; a returned
    ``ChatResponse`` is checked by ``check_response``. Other provider errors pass unchanged."""

    @functools.wraps(method)
    def guarded(self: Any, *args: Any) -> Any:
        name = wire_name_of(self)
        try:
            out = method(self, *args)
        except ProviderProtocolError as exc:
            raise protocol_error(name, exc) from exc
        except (ProviderHTTPError, ProviderTransportError):
            raise
        except SHAPE_ERRORS as exc:
            raise protocol_error(name, exc) from exc
        if isinstance(out, ChatResponse):
            check_response(name, out)
        return out

    return guarded  # type: ignore[return-value]


def check_response(wire: str, response: ChatResponse) -> None:
    """Raise ``wire``'s ``ProviderProtocolError`` unless the response is what the core can store."""
    message = response.message
    if not isinstance(message.text, str):
        raise ProviderProtocolError(f"{wire}: response text is not a string")
    for call in message.tool_calls:
        if not isinstance(call.id, str) or not call.id:
            raise ProviderProtocolError(f"{wire}: a tool call has no id")
        if not isinstance(call.name, str) or not call.name:
            raise ProviderProtocolError(f"{wire}: a tool call has no name")
        if not isinstance(call.arguments, dict):
            raise ProviderProtocolError(f"{wire}: tool call arguments are not an object")
    if not isinstance(response.stop_reason, str):
        raise ProviderProtocolError(f"{wire}: response stop reason is not a string")


# ------------------------------------------------------------------------------ helpers


def b64(image: ImageData) -> str:
    return base64.b64encode(image.data).decode("ascii")


def data_url(image: ImageData) -> str:
    return f"data:{image.media_type};base64,{b64(image)}"


def text_and_images(
    message: ChatMessage, text_type: str, image_part: Callable[[ImageData], JSON]
) -> str | list[JSON]:
    """The message's text alone when it has no images; else a text part (when there is text), then
    one part per image, in order (the content-part lists of Chat Completions and Responses)."""
    if not message.attachments:
        return message.text
    parts: list[JSON] = [{"type": text_type, "text": message.text}] if message.text else []
    return parts + [image_part(img) for img in message.attachments]


def dumps(value: Any) -> str:
    """Compact JSON as sent for tool-call arguments."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def loads_or_none(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, TypeError):
        return None


def parse_arguments(raw: Any) -> dict[str, Any]:
    """Tool-call arguments arrive as a JSON string (OpenAI) or an object; always return a dict."""
    if isinstance(raw, dict):
        return raw
    if raw is None or raw == "":
        return {}
    try:
        value = json.loads(raw)
    except (ValueError, TypeError) as exc:
        raise ProviderProtocolError(f"tool call arguments are not JSON: {str(raw)[:80]!r}") from exc
    if not isinstance(value, dict):
        raise ProviderProtocolError("tool call arguments are not a JSON object")
    return value


def tool_runs(messages: list[ChatMessage]) -> Iterator[ChatMessage | list[ChatMessage]]:
    """Yield non-tool messages as they are and each run of consecutive tool messages as a list."""
    run: list[ChatMessage] = []
    for message in messages:
        if message.role is Role.TOOL:
            run.append(message)
            continue
        if run:
            yield run
            run = []
        yield message
    if run:
        yield run


def event_json(data: str) -> JSON:
    try:
        value = json.loads(data)
    except ValueError as exc:
        raise ProviderProtocolError(f"stream event is not JSON: {data[:80]!r}") from exc
    if not isinstance(value, dict):
        raise ProviderProtocolError("stream event is not a JSON object")
    return value


def stream_cut(wire: str) -> ProviderTransportError:
    return ProviderTransportError(f"{wire}: the stream ended before the response was complete")


def stream_error(status: int, info: ErrorInfo) -> ProviderHTTPError:
    """An ``error`` event inside a 200 stream, typed like the HTTP error it stands for."""
    return ProviderHTTPError(status, info.message, provider_code=info.code)


class SSEParser:
    """Incremental server-sent-events parser (WHATWG rules: ``event:``, ``data:``, blank line)."""

    def __init__(self) -> None:
        self._event: str | None = None
        self._data: list[str] = []

    def feed_line(self, line: str) -> tuple[str | None, str] | None:
        """Take one line (without its newline); return ``(event, data)`` when an event completes."""
        if line == "":
            if not self._data:
                self._event = None
                return None
            out = (self._event, "\n".join(self._data))
            self._event, self._data = None, []
            return out
        if line.startswith(":"):
            return None
        field, _, value = line.partition(":")
        if value.startswith(" "):
            value = value[1:]
        if field == "event":
            self._event = value
        elif field == "data":
            self._data.append(value)
        return None

    def flush(self) -> tuple[str | None, str] | None:
        return self.feed_line("")


def parse_sse(text: str) -> list[tuple[str | None, str]]:
    """All events of a complete SSE body (tests and the fake servers use this)."""
    parser = SSEParser()
    events = []
    for line in text.splitlines():
        ev = parser.feed_line(line)
        if ev is not None:
            events.append(ev)
    last = parser.flush()
    if last is not None:
        events.append(last)
    return events
