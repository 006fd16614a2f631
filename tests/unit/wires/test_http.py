"""The shared HTTP client over httpx.MockTransport: retry classes, hints, typed errors.

The WebP → JPEG retry is the core's: tests/unit/core/test_llm.py."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from pathlib import Path

import httpx
import pytest

from core.canonical import ChatMessage, ChatRequest, ChatResponse, Role
from core.config import Template
from core.llm.http import http_backend
from tests.fakes.logs import log_lines
from wires import WIRES
from wires.errors import ProviderHTTPError, ProviderProtocolError, ProviderTransportError
from wires.http import HttpClient, RetryPolicy, WireBackend, retry_after_s, retry_class

OK_CHAT = {"choices": [{"message": {"role": "assistant", "content": "fine"}, "finish_reason": "stop"}]}
REQUEST = ChatRequest("gpt-x", "", [ChatMessage(Role.USER, "hi")], [])


class Recorder:
    def __init__(self, replies: list[Callable[[httpx.Request], httpx.Response]]) -> None:
        self.replies = replies
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self.replies.pop(0)(request)


def reply(
    status: int, body: object, headers: dict[str, str] | None = None
) -> Callable[[httpx.Request], httpx.Response]:
    return lambda _req: httpx.Response(status, json=body, headers=headers)


def backend(
    recorder: Recorder, wire: str = "openai-compat", *, key: str | None = "k-secret", attempts: int = 3
) -> tuple[WireBackend, list[tuple[str, dict[str, object], str | None]], list[float]]:
    lines: list[tuple[str, dict[str, object], str | None]] = []
    sleeps: list[float] = []

    async def sleep(s: float) -> None:
        sleeps.append(s)

    client = httpx.AsyncClient(transport=httpx.MockTransport(recorder))
    http = HttpClient(
        client,
        policy=RetryPolicy(max_attempts=attempts),
        log=lambda kind, fields, tail=None: lines.append((kind, fields, tail)),
        sleep=sleep,
        rand=lambda: 0.5,
    )
    return (
        WireBackend(WIRES[wire], http, base_url="http://x/v1", model="gpt-x", key=key, stream=False),
        lines,
        sleeps,
    )


@pytest.mark.asyncio
async def test_429_then_success_is_retried_with_its_line() -> None:
    rec = Recorder(
        [
            reply(
                429, {"error": {"message": "slow down", "code": "rate_limit_exceeded"}}, {"retry-after": "2"}
            ),
            reply(200, OK_CHAT),
        ]
    )
    be, lines, sleeps = backend(rec)
    resp = await be.complete(REQUEST)
    assert resp.message.text == "fine"
    assert len(rec.requests) == 2
    assert lines == [
        (
            "llm retry",
            {
                "model": "gpt-x",
                "attempt": "1/3",
                "status": 429,
                "class": "rate_limit",
                "code": "rate_limit_exceeded",
                "hint": "2s",
                "src": "header",
                "wait": "2100ms",
            },
            None,
        )
    ]
    assert sleeps == [2.1]


@pytest.mark.asyncio
async def test_400_is_never_retried() -> None:
    rec = Recorder(
        [reply(400, {"error": {"message": "bad", "type": "invalid_request_error", "code": "bad_thing"}})]
    )
    be, lines, sleeps = backend(rec)
    with pytest.raises(ProviderHTTPError) as info:
        await be.complete(REQUEST)
    assert (info.value.status, info.value.provider_code, info.value.message) == (400, "bad_thing", "bad")
    assert len(rec.requests) == 1 and sleeps == []
    assert lines == [
        (
            "llm retry stop",
            {
                "model": "gpt-x",
                "attempt": "1/3",
                "status": 400,
                "class": "client_error",
                "code": "bad_thing",
                "hint": "-",
                "src": "-",
            },
            None,
        )
    ]


@pytest.mark.asyncio
@pytest.mark.parametrize(("status", "cls"), [(401, "auth"), (403, "auth")])
async def test_auth_errors_stop(status: int, cls: str) -> None:
    rec = Recorder([reply(status, {"error": {"message": "no"}})])
    be, lines, _ = backend(rec)
    with pytest.raises(ProviderHTTPError):
        await be.complete(REQUEST)
    assert len(rec.requests) == 1 and lines[0][0] == "llm retry stop" and lines[0][1]["class"] == cls


@pytest.mark.asyncio
async def test_5xx_exhausts_attempts_with_backoff_and_m_minus_1_lines() -> None:
    rec = Recorder(
        [reply(500, {"error": {"message": "boom"}})] * 2 + [reply(503, {"error": {"message": "x"}})]
    )
    be, lines, sleeps = backend(rec)
    with pytest.raises(ProviderHTTPError) as info:
        await be.complete(REQUEST)
    assert info.value.status == 503
    assert [f["attempt"] for _, f, _ in lines] == ["1/3", "2/3"]
    assert [f["wait"] for _, f, _ in lines] == ["210ms", "420ms"]
    assert sleeps == pytest.approx([0.21, 0.42])


@pytest.mark.asyncio
async def test_hint_over_60s_stops() -> None:
    rec = Recorder([reply(429, {"error": {"message": "later"}}, {"retry-after": "120"})])
    be, lines, _ = backend(rec)
    with pytest.raises(ProviderHTTPError) as info:
        await be.complete(REQUEST)
    assert info.value.retry_after == 120
    assert lines == [
        (
            "llm retry stop",
            {
                "model": "gpt-x",
                "attempt": "1/3",
                "status": 429,
                "class": "rate_limit",
                "code": "-",
                "hint": "120s",
                "src": "header",
                "reason": "hint_too_long",
            },
            None,
        )
    ]


@pytest.mark.asyncio
async def test_gemini_retry_info_and_header_both() -> None:
    body = {
        "error": {
            "code": 429,
            "message": "q",
            "status": "RESOURCE_EXHAUSTED",
            "details": [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "3s"}],
        }
    }
    ok = {"candidates": [{"content": {"parts": [{"text": "y"}]}, "finishReason": "STOP"}]}
    rec = Recorder([reply(429, body, {"retry-after": "1"}), reply(200, ok)])
    be, lines, sleeps = backend(rec, "gemini")
    await be.complete(REQUEST)
    assert (lines[0][1]["hint"], lines[0][1]["src"], lines[0][1]["code"]) == (
        "3s",
        "both",
        "RESOURCE_EXHAUSTED",
    )
    assert sleeps == [pytest.approx(3.15)]


@pytest.mark.asyncio
async def test_transport_errors_are_retried_then_typed() -> None:
    def fail(_req: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused")

    rec = Recorder([fail, fail])
    be, lines, _ = backend(rec, attempts=2)
    with pytest.raises(ProviderTransportError):
        await be.complete(REQUEST)
    assert [(f["status"], f["class"]) for _, f, _ in lines] == [("-", "network")]


@pytest.mark.asyncio
async def test_malformed_json_is_a_protocol_error() -> None:
    rec = Recorder([lambda _r: httpx.Response(200, content=b"<html>")])
    be, _, _ = backend(rec)
    with pytest.raises(ProviderProtocolError):
        await be.complete(REQUEST)


@pytest.mark.asyncio
async def test_no_key_sends_no_authorization_and_the_key_goes_only_in_headers() -> None:
    rec = Recorder([reply(200, OK_CHAT), reply(200, OK_CHAT)])
    be, _, _ = backend(rec, key=None)
    await be.complete(REQUEST)
    assert "authorization" not in rec.requests[0].headers
    assert str(rec.requests[0].url) == "http://x/v1/chat/completions"
    be2, _, _ = backend(rec)
    await be2.complete(REQUEST)
    assert rec.requests[1].headers["authorization"] == "Bearer k-secret"
    assert "k-secret" not in repr(be2)
    assert json.loads(rec.requests[1].content) == {
        "model": "gpt-x",
        "messages": [{"role": "user", "content": "hi"}],
    }


def test_classification_and_retry_after() -> None:
    assert retry_class(429, "insufficient_quota") == "billing"
    assert retry_class(400, "context_length_exceeded") == "context_length"
    assert retry_class(529, "overloaded_error") == "overloaded"
    assert retry_class(None, None) == "network"
    assert retry_after_s("7") == 7.0
    future = datetime.now(UTC) + timedelta(seconds=30)
    assert 28 <= (retry_after_s(format_datetime(future, usegmt=True)) or 0) <= 30
    assert retry_after_s("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0
    assert retry_after_s("soon") is None


@pytest.mark.asyncio
async def test_http_backend_writes_the_original_log_lines(event_log: Path) -> None:
    rec = Recorder(
        [
            reply(429, {"error": {"message": "m", "code": "rate_limit_exceeded"}}, {"retry-after": "0"}),
            reply(200, OK_CHAT),
            reply(400, {"error": {"message": "bad", "code": "invalid_value"}}),
        ]
    )
    template = Template("t", "openai-compat", "gpt-x", base_url="http://x/v1", stream=False)
    async with httpx.AsyncClient(transport=httpx.MockTransport(rec)) as client:
        be = http_backend(template, "sk-" + "abcdefghijklmnopqrstuvwxyz", client)
        assert (be.backend, be.model) == ("openai-compat", "gpt-x")
        await be.complete(REQUEST)
        with pytest.raises(ProviderHTTPError):
            await be.complete(REQUEST)
    lines = [ln for ln in log_lines(event_log) if ln.startswith("llm retry")]
    assert lines[0].startswith(
        "llm retry: model=gpt-x attempt=1/3 status=429 class=rate_limit code=rate_limit_exceeded hint=0s src=header wait="
    )
    assert (
        lines[1]
        == "llm retry stop: model=gpt-x attempt=1/3 status=400 class=client_error code=invalid_value hint=- src=-"
    )
    assert "sk-abc" not in event_log.read_text()


class _BrokenDecode(type(WIRES["openai-compat"])):  # type: ignore[misc]
    """A wire whose own decoders raise what no wire should (a bug, not a shape): the seam's net."""

    def decode(self, body: dict[str, object]) -> ChatResponse:
        raise RuntimeError("decoder bug")

    def stream_decoder(self) -> _BrokenStream:
        return _BrokenStream()


class _BrokenStream:
    def feed(self, event: str | None, data: str) -> str:
        raise LookupError("no such block")

    def result(self) -> ChatResponse:  # pragma: no cover - feed fails first
        raise AssertionError


@pytest.mark.asyncio
@pytest.mark.parametrize("stream", [False, True])
async def test_any_decoder_exception_is_the_wires_protocol_error(stream: bool) -> None:
    sse = 'data: {"choices": []}\n\n'

    def answer(_req: httpx.Request) -> httpx.Response:
        if stream:
            return httpx.Response(200, text=sse, headers={"content-type": "text/event-stream"})
        return httpx.Response(200, json=OK_CHAT)

    client = httpx.AsyncClient(transport=httpx.MockTransport(answer))
    http = HttpClient(client, policy=RetryPolicy(max_attempts=3))
    wire = _BrokenDecode()
    with pytest.raises(ProviderProtocolError) as info:
        await http.send(wire, "http://x/v1/chat/completions", {}, {}, model="gpt-x", stream=stream)
    assert str(info.value).startswith("openai-compat: unexpected response shape")
    assert ("RuntimeError" if not stream else "LookupError") in str(info.value)


@pytest.mark.asyncio
async def test_the_request_deadline_covers_retries_and_their_waits() -> None:
    rec = Recorder([reply(429, {"error": {"message": "slow down"}}, {"retry-after": "0.5"})] * 9)
    lines: list[tuple[str, dict[str, object], str | None]] = []
    client = httpx.AsyncClient(transport=httpx.MockTransport(rec))
    http = HttpClient(
        client,
        deadline_s=0.8,
        policy=RetryPolicy(max_attempts=9),
        log=lambda kind, fields, tail=None: lines.append((kind, fields, tail)),
    )
    be = WireBackend(WIRES["openai-compat"], http, base_url="http://x/v1", model="gpt-x", stream=False)
    loop = asyncio.get_running_loop()
    started = loop.time()
    with pytest.raises(ProviderTransportError) as info:
        await be.complete(REQUEST)
    assert loop.time() - started < 2.0  # the waits alone, without a deadline: 4 s
    assert str(info.value) == "openai-compat: no complete answer within 0.8 s (request_deadline_s)"
    assert 1 < len(rec.requests) < 9
    assert lines[-1][0] == "llm retry stop" and lines[-1][1]["reason"] == "deadline"


@pytest.mark.asyncio
async def test_each_retry_wait_is_told_before_it_is_waited() -> None:
    """``on_retry`` (the turn's "retrying in 2 s, attempt 2/3") gets the next attempt, the wait,
    the class and the status before the sleep; a request that is not retried tells nothing."""
    told: list[tuple[int, int, float, str, int | None]] = []
    rec = Recorder(
        [
            reply(429, {"error": {"message": "slow down"}}, {"retry-after": "2"}),
            lambda _req: (_ for _ in ()).throw(httpx.ConnectError("refused")),
            reply(200, OK_CHAT),
        ]
    )
    be, _lines, sleeps = backend(rec)
    be._http.on_retry = lambda *args: told.append(args)
    assert (await be.complete(REQUEST)).message.text == "fine"
    assert told == [(2, 3, 2.1, "rate_limit", 429), (3, 3, pytest.approx(0.42), "network", None)]
    assert sleeps == [2.1, pytest.approx(0.42)]
    told.clear()
    be, _lines, _sleeps = backend(Recorder([reply(400, {"error": {"message": "bad"}})]))
    be._http.on_retry = lambda *args: told.append(args)
    with pytest.raises(ProviderHTTPError):
        await be.complete(REQUEST)
    assert told == []
