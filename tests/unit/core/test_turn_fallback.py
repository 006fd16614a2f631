"""S70-15 strip-and-resend on the summary call, images rejected by the adapter, no resend while
stopping, and the S70-12 omission note never duplicated across capping rounds."""

from __future__ import annotations

import io
from pathlib import Path

import httpx
import pytest
from PIL import Image

from core.canonical import ChatRequest, ChatResponse, ImageData, Role
from core.config import Template
from core.llm import ImagesRejected, ProviderHTTPError
from core.llm.http import http_backend
from core.notes import note
from core.turn import TurnError
from core.turn_control import TurnControl
from tests.fakes.images import frame
from tests.fakes.logs import log_lines
from tests.fakes.providers import FakeProvider, Reply
from tests.fakes.scripted import EchoTool, ScriptedBackend, call, reply
from tests.fakes.turns import make_turn


@pytest.mark.asyncio
async def test_400_on_the_summary_call_strips_images_and_resends_it_once(event_log: Path) -> None:
    cam = EchoTool("cam", "frame", images=[frame(1)])
    backend = ScriptedBackend(
        [call("cam"), ProviderHTTPError(400, "image input not supported"), reply("summary, no eyes")]
    )
    outcome = await make_turn(backend, [cam], max_tool_rounds=1).run()
    assert (outcome.stop, outcome.text, cam.runs) == ("tool_limit", "summary, no eyes", 1)
    assert len(backend.requests) == 3
    refused, resent = backend.requests[1], backend.requests[2]
    summary_system = "be brief\n\n" + note("tool_limit_summary", "en", limit=1)
    # both are the summary call: no tool use, the summary instruction
    assert [(r.tool_choice, r.system) for r in (refused, resent)] == [("none", summary_system)] * 2
    assert refused.messages[-1].attachments == [frame(1)]
    last = resent.messages[-1]
    assert (last.attachments, last.attachment_caption) == ([], None)
    assert last.text == "frame\n" + note("images_not_sent", "en")
    lines = log_lines(event_log)
    assert [x for x in lines if x.startswith("tool image")] == [
        "tool image fallback: agent=agent_9 model=scripted-1 removed=1 outcome=ok"
    ]
    assert lines[-1] == (
        "turn: agent=agent_9 backend=scripted stop=tool_limit input=20 output=10 cache_read=0 "
        "cache_write=0 rounds=1/1 model=scripted-1"
    )


@pytest.mark.asyncio
async def test_a_second_400_on_the_summary_call_fails_the_turn(event_log: Path) -> None:
    cam = EchoTool("cam", "frame", images=[frame(1)])
    backend = ScriptedBackend([call("cam"), ProviderHTTPError(400, "no"), ProviderHTTPError(400, "still no")])
    with pytest.raises(TurnError) as info:
        await make_turn(backend, [cam], max_tool_rounds=1).run()
    assert info.value.code == "http_400" and len(backend.requests) == 3
    lines = log_lines(event_log)
    assert lines[-3:] == [
        "tool image fallback: agent=agent_9 model=scripted-1 removed=1 outcome=error",
        "turn: agent=agent_9 backend=scripted stop=error input=10 output=5 cache_read=0 cache_write=0 "
        "rounds=1/1 model=scripted-1",
        "turn failed: agent=agent_9 code=http_400 fatal=false: HTTP 400: still no",
    ]


@pytest.mark.asyncio
async def test_images_rejected_from_the_adapter_strips_and_resends(event_log: Path) -> None:
    cam = EchoTool("cam", "frame", images=[frame(1), frame(2)])
    backend = ScriptedBackend(
        [call("cam"), ImagesRejected(400, "images rejected after the jpeg retry"), reply("text only")]
    )
    outcome = await make_turn(backend, [cam], language="ja").run()
    assert outcome.text == "text only"
    resent = backend.requests[2].messages[-1]
    assert (resent.attachments, resent.text) == ([], "frame\n" + note("images_not_sent", "ja"))
    assert "tool image fallback: agent=agent_9 model=scripted-1 removed=2 outcome=ok" in log_lines(event_log)


def webp(size: tuple[int, int] = (64, 42)) -> ImageData:
    buf = io.BytesIO()
    Image.new("RGB", size, (200, 120, 40)).save(buf, "WEBP")
    return ImageData("image/webp", buf.getvalue(), *size)


@pytest.mark.asyncio
async def test_images_rejected_by_a_real_endpoint_end_to_end(event_log: Path) -> None:
    """openai-compat against the local fake that refuses any image: the wire retries the WebP
    as JPEG (``attachment fallback:``), gets 400 again and reports ``ImagesRejected``; the turn
    strips the images and resends once without them."""
    cam = EchoTool("cam", "frame", images=[webp()])
    with FakeProvider("openai-compat", key="k-test-key", reject_images=True) as fake:
        fake.script(Reply.call("cam", {}), Reply.say("I cannot see images."))
        async with httpx.AsyncClient() as client:
            template = Template("t", "openai-compat", "m-1", base_url=fake.url, stream=False)
            backend = http_backend(template, "k-test-key", client)
            outcome = await make_turn(backend, [cam]).run()  # type: ignore[arg-type]
    assert (outcome.stop, outcome.text) == ("-", "I cannot see images.")
    assert [r.status for r in fake.requests] == [200, 400, 400, 200]
    last_tool = [m for m in outcome.messages if m.role is Role.TOOL][-1]
    assert last_tool.text == "frame\n" + note("images_not_sent", "en") and last_tool.attachments == []
    lines = log_lines(event_log)
    fallback = [x for x in lines if x.startswith(("attachment fallback", "tool image fallback"))]
    assert fallback == [
        "attachment fallback: model=m-1: retrying with jpeg after 400",
        "tool image fallback: agent=agent_9 model=m-1 removed=1 outcome=ok",
    ]


@pytest.mark.asyncio
async def test_no_strip_and_resend_when_the_turn_is_already_stopping(event_log: Path) -> None:
    control = TurnControl()
    cam = EchoTool("cam", "frame", images=[frame(1)])

    def stop_then_refuse(request: ChatRequest) -> ChatResponse:
        control.stop()  # Stop pressed while the request was out; then the 400 arrives
        raise ProviderHTTPError(400, "image input not supported")

    backend = ScriptedBackend([call("cam"), stop_then_refuse, reply("must not be asked")])
    with pytest.raises(TurnError) as info:
        await make_turn(backend, [cam], control=control).run()
    assert info.value.code == "http_400"
    assert len(backend.requests) == 2  # not resent
    assert backend.requests[1].messages[-1].attachments == [frame(1)]
    lines = log_lines(event_log)
    assert not any(x.startswith("tool image fallback") for x in lines)
    assert (
        lines[-1]
        == "turn failed: agent=agent_9 code=http_400 fatal=false: HTTP 400: image input not supported"
    )


@pytest.mark.asyncio
async def test_the_omission_note_is_never_duplicated_across_capping_rounds(event_log: Path) -> None:
    frames = [frame(i) for i in range(3)]
    cam = EchoTool("cam", "three", images=frames)
    backend = ScriptedBackend([call("cam", {"n": i}) for i in range(9)] + [reply("done")])
    await make_turn(backend, [cam]).run()
    capped = note("images_capped", "en")
    # request 8 carries 21 images (1 removed), 9 and 10 carry 23 (3 removed each): the oldest
    # result is capped in three rounds, partly then wholly, and keeps a single note
    counts = [sum(len(m.attachments) for m in r.messages) for r in backend.requests]
    assert counts == [0, 3, 6, 9, 12, 15, 18, 20, 20, 20]
    for r in backend.requests:
        assert all(m.text.count(capped) <= 1 for m in r.messages), r.messages
    tools = [m for m in backend.requests[-1].messages if m.role is Role.TOOL]
    assert [len(m.attachments) for m in tools] == [0, 0, 2, 3, 3, 3, 3, 3, 3]
    assert [m.text for m in tools[:3]] == [f"three\n{capped}"] * 3
    assert [m.attachment_caption for m in tools[:3]] == [None, None, "(2 images from the cam result)"]
    assert all(m.text == "three" for m in tools[3:])
    assert [x for x in log_lines(event_log) if x.startswith("tool image capped:")] == [
        "tool image capped: agent=agent_9 removed=1",
        "tool image capped: agent=agent_9 removed=3",
        "tool image capped: agent=agent_9 removed=3",
    ]
