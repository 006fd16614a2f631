"""core.image_rules: caption, not-sent note, the S70-12 cap, the strips, the S70-17 JPEG rule."""

from __future__ import annotations

import copy
import io
import threading

import pytest
from PIL import Image

from core import image_rules
from core.canonical import ChatMessage, ChatRequest, ImageData, Role
from core.image_rules import (
    MAX_TOOL_IMAGES_PER_REQUEST,
    append_note,
    attach_images,
    cap_tool_images,
    has_webp,
    retries_as_jpeg,
    strip_tool_images,
    strip_turn_images,
    with_jpeg,
    with_jpeg_async,
)
from core.notes import note
from tests.fakes.images import frame


def webp(size: tuple[int, int] = (8, 6)) -> ImageData:
    buf = io.BytesIO()
    Image.new("RGB", size, (200, 120, 40)).save(buf, "WEBP")
    return ImageData("image/webp", buf.getvalue(), *size)


def result(text: str, images: list[ImageData], call_id: str = "c") -> ChatMessage:
    return ChatMessage(
        Role.TOOL, text, attachments=images, attachment_caption="cap", tool_call_id=call_id, tool_name="cam"
    )


def test_append_note_never_duplicates() -> None:
    assert append_note("", "(n)") == "(n)"
    assert append_note("body", "(n)") == "body\n(n)"
    assert append_note("body\n(n)", "(n)") == "body\n(n)"


def test_attach_images_captions_or_replaces_them_with_the_note() -> None:
    assert attach_images("frame", [frame(1)], tool="cam", blocked=False, language="en") == (
        "frame",
        [frame(1)],
        "(1 image from the cam result)",
    )
    assert attach_images("frame", [frame(1)], tool="cam", blocked=True, language="ja") == (
        "frame\n" + note("images_not_sent", "ja"),
        [],
        None,
    )
    assert attach_images("text", [], tool="cam", blocked=True, language="en") == ("text", [], None)


def test_cap_keeps_the_newest_and_never_changes_its_input() -> None:
    msgs = [ChatMessage(Role.USER, "look")] + [
        result("frames", [frame(i * 10 + k) for k in range(4)], f"c{i}") for i in range(6)
    ]
    before = copy.deepcopy(msgs)
    out, removed = cap_tool_images(msgs, "en")
    assert msgs == before  # pure: the turn decides what to keep
    assert removed == 4 and sum(len(m.attachments) for m in out) == MAX_TOOL_IMAGES_PER_REQUEST
    assert [len(m.attachments) for m in out[1:]] == [0, 4, 4, 4, 4, 4]
    assert (out[1].text, out[1].attachment_caption) == ("frames\n" + note("images_capped", "en"), None)
    assert out[2] is msgs[2]  # untouched results are the same objects
    again, removed_again = cap_tool_images(out, "en")
    assert (again, removed_again) == (out, 0)  # a second pass removes nothing and adds no note


def test_cap_trims_a_result_part_way_from_its_end_and_recounts_the_caption() -> None:
    msgs = [result("three", [frame(1), frame(2), frame(3)], "a"), result("two", [frame(4), frame(5)], "b")]
    out, removed = cap_tool_images(msgs, "en", limit=3)
    assert removed == 2
    assert (out[0].attachments, out[0].attachment_caption) == ([frame(1)], "(1 image from the cam result)")
    assert out[1] is msgs[1]


def test_strip_tool_images_counts_and_notes() -> None:
    msgs = [ChatMessage(Role.USER, "look", attachments=[frame(9)]), result("frame", [frame(1), frame(2)])]
    out, removed = strip_tool_images(msgs, "zh")
    assert removed == 2 and out[0] is msgs[0]  # a user's own image is not a tool image
    assert (out[1].attachments, out[1].attachment_caption) == ([], None)
    assert out[1].text == "frame\n" + note("images_not_sent", "zh")
    assert msgs[1].attachments == [frame(1), frame(2)]


def test_images_do_not_outlive_their_turn() -> None:
    msgs = [
        ChatMessage(Role.USER, "look"),
        ChatMessage(
            Role.TOOL,
            "frame",
            attachments=[frame(1), frame(2)],
            attachment_caption="cap",
            tool_call_id="c",
            tool_name="cam",
        ),
        ChatMessage(Role.TOOL, "text only", tool_call_id="d", tool_name="t"),
    ]
    out = strip_turn_images(msgs, "en")
    assert out[1].attachments == [] and out[1].attachment_caption is None
    assert out[1].text == "frame\n" + note("images_earlier_turn", "en", count=2)
    assert out[2] == msgs[2]  # G2: a text-only result is untouched


def request(*images: ImageData) -> ChatRequest:
    return ChatRequest("m", "", [ChatMessage(Role.USER, "look", attachments=list(images))], [])


def test_the_jpeg_retry_reads_the_wire_capability() -> None:
    assert has_webp(request(webp())) and not has_webp(request(frame(1)))
    assert retries_as_jpeg("uncertain", 400, request(webp()))
    assert not retries_as_jpeg("uncertain", 400, request(frame(1)))  # nothing to convert
    assert not retries_as_jpeg("uncertain", 401, request(webp()))
    assert not retries_as_jpeg("accepted", 400, request(webp()))
    assert not retries_as_jpeg("refused", 400, request(webp()))  # it went as JPEG in the first place


def test_with_jpeg_converts_only_the_webp_images_and_keeps_the_request() -> None:
    original = request(frame(1), webp())
    converted = with_jpeg(original)
    assert [i.media_type for i in converted.messages[0].attachments] == ["image/jpeg", "image/jpeg"]
    assert converted.messages[0].attachments[0] is original.messages[0].attachments[0]
    assert original.messages[0].attachments[1].media_type == "image/webp"  # a new request


@pytest.mark.asyncio
async def test_the_jpeg_re_encode_runs_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[threading.Thread] = []
    real = image_rules.webp_to_jpeg

    def spy(image: ImageData, quality: int = 90) -> ImageData:
        threads.append(threading.current_thread())
        return real(image)

    monkeypatch.setattr(image_rules, "webp_to_jpeg", spy)
    converted = await with_jpeg_async(request(webp()))
    assert converted.messages[0].attachments[0].media_type == "image/jpeg"
    assert threads and threads[0] is not threading.main_thread()
