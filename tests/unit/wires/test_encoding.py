"""Request bytes: a large encode runs off the event loop, a small one on it (wires.encoding)."""

from __future__ import annotations

import json
import threading

import httpx
import pytest

from core.canonical import ChatMessage, ChatRequest, ChatResponse, Role
from tests.unit.wires.samples import JPEG
from wires import WIRES
from wires.base import JSON
from wires.encoding import LARGE_BYTES, estimated_bytes, is_large, request_bytes
from wires.http import HttpClient, WireBackend

OK_CHAT = {"choices": [{"message": {"role": "assistant", "content": "fine"}, "finish_reason": "stop"}]}


class Watched:
    """The openai-compat wire, noting the thread each encode ran on."""

    def __init__(self) -> None:
        self.threads: list[threading.Thread] = []
        self._wire = WIRES["openai-compat"]

    def encode(self, request: ChatRequest) -> JSON:
        self.threads.append(threading.current_thread())
        return self._wire.encode(request)

    def __getattr__(self, name: str) -> object:
        return getattr(self._wire, name)


def requests() -> dict[str, ChatRequest]:
    small = ChatRequest("m", "sys", [ChatMessage(Role.USER, "hi")], [])
    image = ChatRequest("m", "sys", [ChatMessage(Role.USER, "look", attachments=[JPEG])], [])
    long = ChatRequest("m", "sys", [ChatMessage(Role.USER, "word " * 200) for _ in range(80)], [])
    return {"small": small, "image": image, "long": long}


def test_large_means_any_image_or_an_estimated_body_over_64_kb() -> None:
    reqs = requests()
    assert [is_large(r) for r in reqs.values()] == [False, True, True]
    assert estimated_bytes(reqs["long"]) > LARGE_BYTES > estimated_bytes(reqs["small"])
    # the estimate is not below the real body for a text history
    real = len(request_bytes(WIRES["anthropic"], reqs["long"], stream=True))
    assert real <= estimated_bytes(reqs["long"]) * 1.5


@pytest.mark.asyncio
@pytest.mark.parametrize(("name", "off_loop"), [("small", False), ("image", True), ("long", True)])
async def test_large_encodes_run_in_a_worker_thread(name: str, off_loop: bool) -> None:
    sent: list[bytes] = []

    def answer(request: httpx.Request) -> httpx.Response:
        sent.append(request.content)
        return httpx.Response(200, json=OK_CHAT)

    wire = Watched()
    async with httpx.AsyncClient(transport=httpx.MockTransport(answer)) as client:
        backend = WireBackend(wire, HttpClient(client), base_url="http://x/v1", model="m", stream=False)  # type: ignore[arg-type]
        request = requests()[name]
        response = await backend.complete(request)
    assert isinstance(response, ChatResponse) and response.message.text == "fine"
    assert (wire.threads[0] is not threading.main_thread()) is off_loop
    # the same bytes either way: what request_bytes gives on the loop
    assert sent == [request_bytes(WIRES["openai-compat"], request, stream=False)]
    assert json.loads(sent[0])["model"] == "m"


@pytest.mark.asyncio
async def test_after_a_large_body_the_next_encode_runs_off_the_loop_too() -> None:
    """Replayed reasoning is invisible to the estimate; the previous body's size is not."""
    thinking = {"openai-compat": {"reasoning_content": "r" * 2_000}}
    history = [ChatMessage(Role.ASSISTANT, "a", provider_state=thinking) for _ in range(40)]
    request = ChatRequest("m", "sys", [*history, ChatMessage(Role.USER, "hi")], [])
    assert not is_large(request) and len(request_bytes(WIRES["openai-compat"], request, False)) > LARGE_BYTES
    wire = Watched()
    async with httpx.AsyncClient(
        transport=httpx.MockTransport(lambda _r: httpx.Response(200, json=OK_CHAT))
    ) as client:
        backend = WireBackend(wire, HttpClient(client), base_url="http://x/v1", model="m", stream=False)  # type: ignore[arg-type]
        await backend.complete(request)
        await backend.complete(request)
    assert [t is threading.main_thread() for t in wire.threads] == [True, False]
