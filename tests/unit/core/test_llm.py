"""core.llm: the backend built from a template, its WebP → JPEG retry (S70-17), the provider facts."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from PIL import Image

from core.canonical import ChatMessage, ChatRequest, ImageData, Role
from core.config import Template
from core.llm import DEFAULT_BASE_URLS, WIRE_NAMES, ImagesRejected, ProviderHTTPError
from core.llm.http import http_backend
from tests.fakes.logs import log_lines

OK_CHAT = {"choices": [{"message": {"role": "assistant", "content": "fine"}, "finish_reason": "stop"}]}


def reply(status: int, body: object) -> Callable[[httpx.Request], httpx.Response]:
    return lambda _req: httpx.Response(status, json=body)


class Recorder:
    def __init__(self, replies: list[Callable[[httpx.Request], httpx.Response]]) -> None:
        self.replies = replies
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self.replies.pop(0)(request)


def webp_image() -> ImageData:
    buf = io.BytesIO()
    Image.new("RGBA", (8, 6), (10, 200, 30, 128)).save(buf, "WEBP")
    return ImageData("image/webp", buf.getvalue(), 8, 6)


def image_request() -> ChatRequest:
    return ChatRequest("gpt-x", "", [ChatMessage(Role.USER, "look", attachments=[webp_image()])], [])


async def complete(rec: Recorder, protocol: str = "openai-compat") -> None:
    template = Template("t", protocol, "gpt-x", base_url="http://x/v1", stream=False)
    async with httpx.AsyncClient(transport=httpx.MockTransport(rec)) as client:
        await http_backend(template, None, client).complete(image_request())


@pytest.mark.asyncio
async def test_webp_400_is_resent_once_as_jpeg(event_log: Path) -> None:
    rec = Recorder([reply(400, {"error": {"message": "unsupported image"}}), reply(200, OK_CHAT)])
    await complete(rec)
    urls = [json.loads(r.content)["messages"][0]["content"][1]["image_url"]["url"][:23] for r in rec.requests]
    assert urls == ["data:image/webp;base64,", "data:image/jpeg;base64,"]
    assert log_lines(event_log)[-1] == "attachment fallback: model=gpt-x: retrying with jpeg after 400"


@pytest.mark.asyncio
async def test_second_400_is_images_rejected() -> None:
    rec = Recorder([reply(400, {"error": {"message": "a"}}), reply(400, {"error": {"message": "still no"}})])
    with pytest.raises(ImagesRejected) as info:
        await complete(rec)
    assert (info.value.status, info.value.message) == (400, "still no")


@pytest.mark.asyncio
async def test_webp_goes_as_jpeg_to_an_endpoint_that_refuses_it(event_log: Path) -> None:
    ok = {"id": "r", "status": "completed", "output": [], "usage": {"input_tokens": 1, "output_tokens": 1}}
    rec = Recorder([reply(200, ok)])
    await complete(rec, "xai-responses")
    [sent] = rec.requests
    content = json.loads(sent.content)["input"][0]["content"]
    assert [part["type"] for part in content] == ["input_text", "input_image"]
    assert content[1]["image_url"].startswith("data:image/jpeg;base64,")
    assert not any(x.startswith("attachment fallback") for x in log_lines(event_log))


@pytest.mark.asyncio
@pytest.mark.parametrize("protocol", ["anthropic", "xai-responses"])
async def test_no_jpeg_retry_where_the_wire_does_not_say_uncertain(protocol: str, event_log: Path) -> None:
    body = {"type": "error", "error": {"type": "invalid_request_error", "message": "m"}}
    rec = Recorder([reply(400, body)])
    with pytest.raises(ProviderHTTPError) as info:
        await complete(rec, protocol)
    assert type(info.value) is ProviderHTTPError and len(rec.requests) == 1
    assert not any(x.startswith("attachment fallback") for x in log_lines(event_log))


def test_the_provider_facts_come_from_the_wires() -> None:
    assert WIRE_NAMES == (
        "anthropic",
        "openai-compat",
        "gemini",
        "openai-responses",
        "xai-responses",
        "meta-responses",
        "perplexity-responses",
    )
    assert DEFAULT_BASE_URLS["anthropic"] == "https://api.anthropic.com/v1"


@pytest.mark.asyncio
async def test_a_template_without_base_url_goes_to_the_providers_own() -> None:
    rec = Recorder([reply(200, OK_CHAT)])
    template = Template("t", "openai-compat", "gpt-x", base_url="", stream=False)
    async with httpx.AsyncClient(transport=httpx.MockTransport(rec)) as client:
        await http_backend(template, None, client).complete(image_request())
    assert str(rec.requests[0].url) == "https://api.openai.com/v1/chat/completions"
