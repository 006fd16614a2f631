"""The seven wires against the local fake provider servers (real HTTP on 127.0.0.1)."""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from PIL import Image

from core.canonical import ChatMessage, ChatRequest, ChatResponse, ImageData, Role, ToolSpec
from core.config import Template
from core.llm import ImagesRejected, ModelBackend, ProviderHTTPError, ProviderTransportError
from core.llm.http import http_backend
from tests.fakes.logs import log_lines
from tests.fakes.providers import PROTOCOLS, FakeProvider, Reply

TOOLS = [ToolSpec("live_view", "Grab a frame", {"type": "object", "properties": {"cam": {"type": "string"}}})]
MODELS = {"gemini": "gemini-3-flash"}


def image(fmt: str = "JPEG", size: tuple[int, int] = (64, 42)) -> ImageData:
    buf = io.BytesIO()
    Image.new("RGB", size, (200, 120, 40)).save(buf, fmt)
    media = {"JPEG": "image/jpeg", "WEBP": "image/webp"}[fmt]
    return ImageData(media, buf.getvalue(), *size)


@pytest.fixture(params=PROTOCOLS)
def protocol(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def fake(protocol: str) -> Iterator[FakeProvider]:
    with FakeProvider(protocol, key="k-test-key") as server:
        yield server


def backend(
    fake: FakeProvider,
    client: httpx.AsyncClient,
    *,
    stream: bool,
    key: str | None = "k-test-key",
    **kw: object,
) -> ModelBackend:
    template = Template(
        "t",
        fake.protocol,
        MODELS.get(fake.protocol, "m-1"),
        base_url=fake.url,
        stream=stream,
        max_output_tokens=256,
        **kw,
    )  # type: ignore[arg-type]
    return http_backend(template, key, client)


async def tool_loop(
    be: ModelBackend, images: list[ImageData]
) -> tuple[ChatResponse, ChatResponse, list[str]]:
    deltas: list[str] = []
    history = [ChatMessage(Role.USER, "What do you see?")]
    first = await be.complete(ChatRequest(be.model, "You watch.", history, TOOLS), deltas.append)
    assert first.stop_reason == "tool_use"
    call = first.message.tool_calls[0]
    history += [
        first.message,
        ChatMessage(
            Role.TOOL,
            "frame ok",
            attachments=images,
            attachment_caption="(1 image from the live_view result)",
            tool_call_id=call.id,
            tool_name=call.name,
        ),
    ]
    second = await be.complete(ChatRequest(be.model, "You watch.", history, TOOLS), deltas.append)
    return first, second, deltas


@pytest.mark.asyncio
@pytest.mark.parametrize("stream", [False, True], ids=["json", "sse"])
async def test_tool_round_with_an_image(fake: FakeProvider, stream: bool) -> None:
    fake.script(
        Reply.call("live_view", {"cam": "a"}, input_tokens=30, output_tokens=5), Reply.say("I see a cat.")
    )
    async with httpx.AsyncClient() as client:
        first, second, deltas = await tool_loop(backend(fake, client, stream=stream), [image()])
    assert first.message.tool_calls[0].name == "live_view"
    assert first.message.tool_calls[0].arguments == {"cam": "a"}
    assert first.usage.input == 30 and first.usage.output == 5
    assert second.message.text == "I see a cat."
    assert second.stop_reason == "end_turn"
    assert [r.status for r in fake.requests] == [200, 200]
    if stream:
        assert "".join(deltas) == "I see a cat."
    sent = json.dumps(fake.requests[1].body)
    assert sent.count("base64,/9j/") + sent.count('"/9j/') == 1  # the JPEG went out exactly once


@pytest.mark.asyncio
async def test_replay_state_is_required_by_the_fakes(fake: FakeProvider) -> None:
    if fake.protocol in ("perplexity-responses", "openai-compat"):
        pytest.skip("no replay state (openai-compat: see the thought_signatures test)")
    fake.script(Reply.call("live_view", {"cam": "a"}))
    async with httpx.AsyncClient() as client:
        be = backend(fake, client, stream=False)
        history = [ChatMessage(Role.USER, "look")]
        first = await be.complete(ChatRequest(be.model, "", history, TOOLS))
        stripped = dataclasses.replace(first.message, provider_state=None)
        call = first.message.tool_calls[0]
        history += [stripped, ChatMessage(Role.TOOL, "ok", tool_call_id=call.id, tool_name=call.name)]
        with pytest.raises(ProviderHTTPError) as info:
            await be.complete(ChatRequest(be.model, "", history, TOOLS))
    assert info.value.status == 400
    assert fake.requests[-1].error


@pytest.mark.asyncio
async def test_gemini_checks_the_signatures_of_the_current_turn_only() -> None:
    """Like Gemini 3: an earlier turn's call without a signature (made by another model before the
    template was switched) is accepted; the same call in the current turn is refused."""
    with FakeProvider("gemini", key="k-test-key") as fake:
        fake.script(Reply.call("live_view", {"cam": "a"}), Reply.say("done"), Reply.say("again"))
        async with httpx.AsyncClient() as client:
            be = backend(fake, client, stream=False)
            history = [ChatMessage(Role.USER, "look")]
            first = await be.complete(ChatRequest(be.model, "", history, TOOLS))
            call = first.message.tool_calls[0]
            unsigned = [
                dataclasses.replace(first.message, provider_state=None),
                ChatMessage(Role.TOOL, "ok", tool_call_id=call.id, tool_name=call.name),
                ChatMessage(Role.ASSISTANT, "A cat."),
            ]
            earlier = await be.complete(
                ChatRequest(be.model, "", [*history, *unsigned, ChatMessage(Role.USER, "and now?")], TOOLS)
            )
            assert earlier.message.text == "done"
            with pytest.raises(ProviderHTTPError) as info:
                await be.complete(ChatRequest(be.model, "", [*history, *unsigned[:2]], TOOLS))
    assert info.value.status == 400 and "thought_signature" in info.value.message
    assert [r.status for r in fake.requests] == [200, 200, 400]


@pytest.mark.asyncio
async def test_gemini_style_openai_compat_requires_thought_signatures() -> None:
    with FakeProvider("openai-compat", thought_signatures=True) as fake:
        fake.script(Reply.call("live_view", {"cam": "a"}), Reply.say("done"))
        async with httpx.AsyncClient() as client:
            be = backend(fake, client, stream=True, key=None)
            first, second, _ = await tool_loop(be, [image()])
            assert second.message.text == "done"
            assert "thought_signature" in json.dumps(fake.requests[1].body["messages"][2])
            # the same history without the replay state is refused like Gemini refuses it
            call = first.message.tool_calls[0]
            history = [
                ChatMessage(Role.USER, "look"),
                dataclasses.replace(first.message, provider_state=None),
                ChatMessage(Role.TOOL, "ok", tool_call_id=call.id, tool_name=call.name),
            ]
            with pytest.raises(ProviderHTTPError) as info:
                await be.complete(ChatRequest(be.model, "", history, TOOLS))
        assert info.value.status == 400 and "thought_signature" in info.value.message


@pytest.mark.asyncio
async def test_retry_429_then_success_logs_the_line(fake: FakeProvider, event_log: Path) -> None:
    fake.script(Reply.error(429, retry_delay="0s", retry_after="0"), Reply.say("hello"))
    async with httpx.AsyncClient() as client:
        be = backend(fake, client, stream=True)
        resp = await be.complete(ChatRequest(be.model, "", [ChatMessage(Role.USER, "hi")], []))
    assert resp.message.text == "hello"
    assert [r.status for r in fake.requests] == [429, 200]
    lines = [ln for ln in log_lines(event_log) if ln.startswith("llm retry")]
    assert len(lines) == 1
    assert lines[0].startswith(f"llm retry: model={be.model} attempt=1/3 status=429 class=rate_limit ")
    assert " hint=0s src=" in lines[0] and lines[0].endswith("ms")


@pytest.mark.asyncio
async def test_400_is_not_retried(fake: FakeProvider, event_log: Path) -> None:
    fake.script(Reply.error(400, "invalid_request_error", "nope"), Reply.say("never"))
    async with httpx.AsyncClient() as client:
        be = backend(fake, client, stream=False)
        with pytest.raises(ProviderHTTPError) as info:
            await be.complete(ChatRequest(be.model, "", [ChatMessage(Role.USER, "hi")], []))
    assert info.value.status == 400 and len(fake.requests) == 1
    (line,) = [ln for ln in log_lines(event_log) if ln.startswith("llm retry")]
    assert line.startswith(
        f"llm retry stop: model={be.model} attempt=1/3 status=400 class=client_error code="
    )


@pytest.mark.asyncio
async def test_cut_stream_before_text_is_retried(fake: FakeProvider) -> None:
    fake.script(Reply.say("whole answer", cut_after=1), Reply.say("whole answer"))
    async with httpx.AsyncClient() as client:
        be = backend(fake, client, stream=True)
        resp = await be.complete(ChatRequest(be.model, "", [ChatMessage(Role.USER, "hi")], []))
    assert resp.message.text == "whole answer" and len(fake.requests) == 2


@pytest.mark.asyncio
async def test_cut_stream_after_text_is_a_transport_error(fake: FakeProvider) -> None:
    fake.script(Reply.say("a long answer that is cut", cut_after=4))
    seen: list[str] = []
    async with httpx.AsyncClient() as client:
        be = backend(fake, client, stream=True)
        with pytest.raises(ProviderTransportError):
            await be.complete(ChatRequest(be.model, "", [ChatMessage(Role.USER, "hi")], []), seen.append)
    assert seen and len(fake.requests) == 1


@pytest.mark.asyncio
async def test_slow_provider_times_out_as_a_typed_error() -> None:
    with FakeProvider("anthropic") as fake:
        fake.script(Reply.say("late", delay_s=1.0))
        async with httpx.AsyncClient() as client:
            be = backend(fake, client, stream=False, request_timeout_s=0.3, max_retries=1)
            with pytest.raises(ProviderTransportError):
                await be.complete(ChatRequest(be.model, "", [ChatMessage(Role.USER, "hi")], []))


@pytest.mark.asyncio
async def test_wrong_key_is_401_not_retried(fake: FakeProvider) -> None:
    async with httpx.AsyncClient() as client:
        be = backend(fake, client, stream=False, key="k-wrong")
        with pytest.raises(ProviderHTTPError) as info:
            await be.complete(ChatRequest(be.model, "", [ChatMessage(Role.USER, "hi")], []))
    assert info.value.status == 401 and len(fake.requests) == 1


@pytest.mark.asyncio
async def test_local_server_without_key_gets_no_authorization_header() -> None:
    with FakeProvider("openai-compat") as fake:
        async with httpx.AsyncClient() as client:
            be = backend(fake, client, stream=False, key=None)
            resp = await be.complete(ChatRequest(be.model, "", [ChatMessage(Role.USER, "hi")], []))
        assert resp.message.text == "ok"
        assert "authorization" not in fake.requests[0].headers


@pytest.mark.asyncio
async def test_webp_rejected_then_accepted_as_jpeg(event_log: Path) -> None:
    with FakeProvider("openai-compat", reject_webp=True) as fake:
        fake.script(Reply.call("live_view"), Reply.say("seen"))
        async with httpx.AsyncClient() as client:
            _, second, _ = await tool_loop(backend(fake, client, stream=True, key=None), [image("WEBP")])
        assert second.message.text == "seen"
        assert [r.status for r in fake.requests] == [200, 400, 200]
        last = fake.requests[-1].body["messages"][-1]
        assert last["content"][1]["image_url"]["url"].startswith("data:image/jpeg;base64,")
    assert "attachment fallback: model=m-1: retrying with jpeg after 400" in log_lines(event_log)


@pytest.mark.asyncio
async def test_images_refused_twice_is_images_rejected() -> None:
    with FakeProvider("openai-compat", reject_images=True) as fake:
        fake.script(Reply.call("live_view"))
        async with httpx.AsyncClient() as client:
            with pytest.raises(ImagesRejected):
                await tool_loop(backend(fake, client, stream=False, key=None), [image("WEBP")])
        assert [r.status for r in fake.requests] == [200, 400, 400]


@pytest.mark.asyncio
async def test_fake_rejects_images_in_a_tool_message_and_bad_media_types() -> None:
    with FakeProvider("openai-compat") as fake, FakeProvider("anthropic") as anth:
        async with httpx.AsyncClient() as client:
            bad = {
                "model": "m",
                "messages": [
                    {"role": "user", "content": "x"},
                    {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
                        ],
                    },
                    {
                        "role": "tool",
                        "tool_call_id": "c1",
                        "content": [
                            {"type": "image_url", "image_url": {"url": "data:image/jpeg;base64,AAAA"}}
                        ],
                    },
                ],
            }
            r = await client.post(fake.url + "/chat/completions", json=bad)
            assert r.status_code == 400 and "Supported values are: 'text'" in r.json()["error"]["message"]
            bmp = {
                "model": "m",
                "max_tokens": 5,
                "messages": [
                    {
                        "role": "user",
                        "content": [
                            {
                                "type": "image",
                                "source": {"type": "base64", "media_type": "image/bmp", "data": "AAAA"},
                            }
                        ],
                    }
                ],
            }
            r = await client.post(anth.url + "/messages", json=bmp)
            assert r.status_code == 400 and r.json()["error"]["type"] == "invalid_request_error"


@pytest.mark.asyncio
async def test_xai_fake_refuses_webp_like_xai_so_the_frame_goes_as_jpeg() -> None:
    with FakeProvider("xai-responses") as fake:
        fake.script(Reply.call("live_view"), Reply.say("A cat."))
        async with httpx.AsyncClient() as client:
            _, second, _ = await tool_loop(backend(fake, client, stream=False, key=None), [image("WEBP")])
            assert second.message.text == "A cat."  # the WebP frame went as JPEG
            webp = "data:image/webp;base64," + base64.b64encode(image("WEBP").data).decode()
            item = {
                "type": "message",
                "role": "user",
                "content": [{"type": "input_image", "image_url": webp}],
            }
            r = await client.post(fake.url + "/responses", json={"model": "grok-x", "input": [item]})
        assert r.status_code == 400 and "image/webp" in r.text


@pytest.mark.asyncio
async def test_command_line_server_runs_a_scenario() -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.fakes.providers",
        "--protocol",
        "gemini",
        "--port",
        "0",
        "--tool",
        "live_view",
        "--args",
        '{"cam": "b"}',
        "--say",
        "Front door.",
        stdout=asyncio.subprocess.PIPE,
        cwd=Path(__file__).resolve().parents[2],
    )
    try:
        assert proc.stdout is not None
        url = (await asyncio.wait_for(proc.stdout.readline(), 20)).decode().strip()
        assert url.startswith("http://127.0.0.1:") and url.endswith("/v1beta")
        template = Template("t", "gemini", "gemini-3-flash", base_url=url, stream=True)
        async with httpx.AsyncClient() as client:
            first, second, _ = await tool_loop(http_backend(template, None, client), [image()])
        assert first.message.tool_calls[0].arguments == {"cam": "b"}
        assert second.message.text == "Front door."
    finally:
        proc.terminate()
        await asyncio.wait_for(proc.wait(), 10)
