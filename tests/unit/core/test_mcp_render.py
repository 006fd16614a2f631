"""core.mcp.render_tool_output: S70-1, S70-7, S03-1, and the MCP tool names (S70-22)."""

from __future__ import annotations

import base64
import io
from typing import Any

import mcp_types as t
import pytest
from PIL import Image

from core.canonical import Dropped, ImageData
from core.mcp import render_tool_output, tool_name
from core.mcp.tool import unique_names
from core.tool import AgentTool, ToolContext, ToolOutput, ToolReturn


def encode(im: Image.Image, fmt: str, **options: object) -> bytes:
    buf = io.BytesIO()
    im.save(buf, fmt, **options)
    return buf.getvalue()


JPEG = encode(Image.linear_gradient("L").resize((640, 424)).convert("RGB"), "JPEG", quality=85)
PNG = encode(Image.new("RGBA", (100, 50), (0, 0, 0, 0)), "PNG")
GIF = encode(Image.new("RGB", (8, 8)), "GIF")
META = '{"height":424,"jpeg_bytes":' + str(len(JPEG)) + ',"seq":7,"width":640}'


def image(data: bytes, mime: str = "image/jpeg") -> t.ImageContent:
    return t.ImageContent(type="image", data=base64.b64encode(data).decode(), mime_type=mime)


def text(value: str) -> t.TextContent:
    return t.TextContent(type="text", text=value)


def result(*blocks: Any, is_error: bool = False) -> t.CallToolResult:
    return t.CallToolResult(content=list(blocks), is_error=is_error)


AUDIO = t.AudioContent(type="audio", data=base64.b64encode(b"RIFF0000WAVE").decode(), mime_type="audio/wav")
RESOURCE = t.EmbeddedResource(
    type="resource", resource=t.TextResourceContents(uri="x://a", mime_type="text/plain", text="hi")
)
LINK = t.ResourceLink(type="resource_link", uri="x://b", name="b")


def test_live_view_frame_passes_through_and_body_is_the_text_block() -> None:
    out = render_tool_output(result(image(JPEG), text(META)), "en")
    assert out.text == META
    assert [(i.media_type, i.width, i.height) for i in out.images] == [("image/jpeg", 640, 424)]
    assert out.images[0].data == JPEG
    assert out.dropped == []


def test_text_blocks_in_order_joined_by_newline() -> None:
    out = render_tool_output(result(text("a"), image(JPEG), text("b")), "en")
    assert out == ToolOutput("a\nb", out.images, [])
    assert len(out.images) == 1


def test_mime_type_is_ignored_format_comes_from_bytes() -> None:
    out = render_tool_output(result(image(JPEG, "image/png"), image(PNG, "image/jpeg")), "en")
    assert [i.media_type for i in out.images] == ["image/jpeg", "image/jpeg"]
    assert out.images[0].data == JPEG  # passed through although labelled PNG
    assert out.images[1].data != PNG  # re-encoded although labelled JPEG


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            "(non-text content was returned (audio); this path cannot handle it)\n"
            "(embedded resource x://a)\nhi\n"
            "(resource link b: x://b)\nok",
        ),
        (
            "ja",
            "（テキスト以外の内容（audio）が返されました。この経路では扱えません）\n"
            "（埋め込みリソース x://a）\nhi\n"
            "（リソースへのリンク b: x://b）\nok",
        ),
    ],
)
def test_audio_becomes_a_note_and_resources_keep_their_text_and_uri(language: str, expected: str) -> None:
    out = render_tool_output(result(AUDIO, RESOURCE, LINK, text("ok")), language)
    assert out == ToolOutput(expected)


@pytest.mark.parametrize(
    ("language", "expected"), [("en", "(empty result)"), ("ja", "（空の結果）"), ("zh", "（结果为空）")]
)
def test_empty_result(language: str, expected: str) -> None:
    assert render_tool_output(result(), language) == ToolOutput(expected)


def test_is_error_prefix_and_not_inferred_from_text() -> None:
    out = render_tool_output(result(text("camera is not connected"), is_error=True), "en")
    assert out.text == "The tool returned an error: camera is not connected"
    ok = render_tool_output(result(text("Error: looks bad but is a success")), "en")
    assert ok.text == "Error: looks bad but is a success"


def test_japanese_sentences_are_the_pre_spec_70_bytes() -> None:
    """A Japanese village's text for results without images is byte-for-byte what it was before
    Spec 70 (the seed's P1 record)."""
    assert render_tool_output(result(), "ja").text == "（空の結果）"
    err = render_tool_output(result(text("カメラ未接続"), is_error=True), "ja")
    assert err.text.encode() == "ツールはエラーを返しました: カメラ未接続".encode()


@pytest.mark.parametrize(
    ("n", "language", "expected"),
    [(1, "en", "(1 image)"), (2, "en", "(2 images)"), (1, "ja", "（画像 1 枚）"), (3, "zh", "（3 张图片）")],
)
def test_images_only(n: int, language: str, expected: str) -> None:
    out = render_tool_output(result(*[image(JPEG)] * n), language)
    assert (out.text, len(out.images)) == (expected, n)


def test_dropped_images_become_notes_in_place_and_reasons_are_kept() -> None:
    bad64 = t.ImageContent(type="image", data="!!! not base64 !!!", mime_type="image/jpeg")
    out = render_tool_output(
        result(text("head"), image(b"NOT AN IMAGE"), image(GIF, "image/gif"), bad64, text("tail")), "en"
    )
    assert out.text == (
        "head\n(an image could not be read and was not sent)\n"
        "(an image in an unsupported format (GIF) was not sent)\n"
        "(an image could not be read and was not sent)\ntail"
    )
    assert out.images == []
    assert [d.reason for d in out.dropped] == ["unreadable", "unsupported_format", "unreadable"]


def test_all_dropped_is_notes_never_empty_result() -> None:
    out = render_tool_output(result(image(b"junk")), "ja")
    assert out == ToolOutput(
        "（画像を読み取れなかったため、送りませんでした）",
        [],
        [Dropped("unreadable", "format not recognised")],
    )


def test_too_large_note() -> None:
    import struct
    import zlib

    ihdr = struct.pack(">IIBBBBB", 20_000, 20_000, 8, 2, 0, 0, 0)
    bomb = (
        b"\x89PNG\r\n\x1a\n"
        + struct.pack(">I", 13)
        + b"IHDR"
        + ihdr
        + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    )
    out = render_tool_output(result(image(bomb, "image/png"), text("x")), "en")
    assert out.text == "(an image was too large and was not sent)\nx"
    assert [d.reason for d in out.dropped] == ["too_large"]


@pytest.mark.parametrize(
    ("language", "note"),
    [
        ("en", "(more than 4 images were returned; 2 were not sent)"),
        ("ja", "（画像が 4 枚を超えたため、2 枚を送りませんでした）"),
    ],
)
def test_at_most_four_images_per_result(language: str, note: str) -> None:
    out = render_tool_output(result(*[image(JPEG)] * 6, text("six")), language)
    assert len(out.images) == 4
    assert out.text == "six\n" + note
    assert [d.reason for d in out.dropped] == ["too_many", "too_many"]


def test_partial_success_is_not_an_error() -> None:
    out = render_tool_output(result(image(JPEG), image(b"junk"), text(META)), "en")
    assert out.text == "(an image could not be read and was not sent)\n" + META
    assert len(out.images) == 1


@pytest.mark.parametrize(
    "blocks",
    [
        [text(META)],
        [text("a"), text("b")],
        [],
        [AUDIO, text("x")],
        [text("x")],
    ],
)
def test_image_free_results_are_identical_with_image_results_off(blocks: list[Any]) -> None:
    """G2 / S03-1: a tool that returns no image renders the same whatever the flag."""
    assert render_tool_output(result(*blocks), "en") == render_tool_output(
        result(*blocks), "en", image_results=False
    )


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "(non-text content was returned (image); this path cannot handle it)\n" + META),
        ("ja", "（テキスト以外の内容（image）が返されました。この経路では扱えません）\n" + META),
    ],
)
def test_image_results_off_is_the_text_only_note(language: str, expected: str) -> None:
    out = render_tool_output(result(image(JPEG), text(META)), language, image_results=False)
    assert out == ToolOutput(expected)


# -- S70-22 names, S70-8 interface ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("server", "tool", "expected"),
    [
        ("nik", "live_view_image", "nik__live_view_image"),
        ("my server", "get.frame/now", "my_server__get_frame_now"),
        ("カメラ", "撮影", "_______"),
        ("s" * 40, "t" * 40, "s" * 40 + "__" + "t" * 22),
    ],
)
def test_tool_names(server: str, tool: str, expected: str) -> None:
    assert tool_name(server, tool) == expected
    assert len(tool_name(server, tool)) <= 64


def test_unique_names() -> None:
    long = "x" * 64
    assert unique_names(["a", "a", "b", "a", long, long]) == ["a", "a_2", "b", "a_3", long, "x" * 62 + "_2"]


def test_builtin_tools_default_call_with_media_wraps_call() -> None:
    import asyncio

    class Echo(AgentTool):
        name, description, input_schema = "echo", "echo", {"type": "object"}

        async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
            return ToolReturn.ok(str(args))

    got = asyncio.run(Echo().call_with_media({"a": 1}, ToolContext("agent_9", "en")))
    assert got == ToolReturn(ToolOutput("{'a': 1}"))


def test_image_data_is_what_the_wire_gets() -> None:
    out = render_tool_output(result(image(PNG)), "en")
    assert isinstance(out.images[0], ImageData)
    assert out.images[0].data[:3] == b"\xff\xd8\xff"


def test_the_tools_block_order_is_kept_for_the_spill_policy() -> None:
    """S00-3: a result is ordered blocks; the live view sends the image first, then its text."""
    live = render_tool_output(result(image(JPEG), text(META)), "en")
    assert live.text == META and live.image_at == [0]
    (frame,) = live.images
    assert live.blocks() == [frame, META]
    mixed = render_tool_output(result(text("before"), image(JPEG), text("after")), "en")
    assert mixed.blocks() == ["before", frame, "\nafter"]
    failed = render_tool_output(result(text("before"), image(JPEG), text("after"), is_error=True), "en")
    prefix = "The tool returned an error: "
    assert failed.blocks() == [prefix + "before", frame, "\nafter"]
    only = render_tool_output(result(image(JPEG)), "en")
    assert only.blocks() == ["(1 image)", frame]  # the note describes the image: it reads first


def test_blocks_round_trip_and_tolerate_bad_offsets() -> None:
    a = ImageData("image/jpeg", b"\xff\xd8a", 1, 1)
    b = ImageData("image/jpeg", b"\xff\xd8b", 1, 1)
    blocks: list[str | ImageData] = [a, "one", b, "two"]
    out = ToolOutput.from_blocks(blocks)
    assert (out.text, out.images, out.image_at) == ("onetwo", [a, b], [0, 3])
    assert out.blocks() == blocks
    assert ToolOutput("xy", [a, b], image_at=[5, 1]).blocks() == ["xy", a, b]  # clamped, never reordered
    assert ToolOutput("xy", [a]).blocks() == ["xy", a]  # order unknown: text first
    assert ToolOutput("xy", [a], image_at=[0]) == ToolOutput("xy", [a])  # not part of equality


def blob(data: bytes, mime: str | None, uri: str = "x://blob") -> t.EmbeddedResource:
    contents = t.BlobResourceContents(uri=uri, mime_type=mime, blob=base64.b64encode(data).decode())
    return t.EmbeddedResource(type="resource", resource=contents)


def for_user(block: Any, *audience: str) -> Any:
    return block.model_copy(update={"annotations": t.Annotations(audience=list(audience))})


def test_an_embedded_image_blob_follows_the_image_rules() -> None:
    out = render_tool_output(result(text("a"), blob(JPEG, "image/jpeg"), blob(GIF, "image/gif")), "en")
    assert out.text == "a\n(an image in an unsupported format (GIF) was not sent)"
    assert [i.data for i in out.images] == [JPEG]
    off = render_tool_output(result(blob(JPEG, "image/jpeg")), "en", image_results=False)
    assert off.text == "(non-text content was returned (image); this path cannot handle it)"
    broken = t.EmbeddedResource(
        type="resource", resource=t.BlobResourceContents(uri="x://b", mime_type="image/png", blob="!!")
    )
    assert render_tool_output(result(broken), "en").text == "(an image could not be read and was not sent)"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "(embedded resource x://raw (application/octet-stream) is binary and was not sent)"),
        ("zh", "（嵌入资源 x://raw（application/octet-stream）是二进制内容，未发送）"),
    ],
)
def test_a_binary_resource_is_named_not_sent(language: str, expected: str) -> None:
    assert render_tool_output(result(blob(b"\x00raw", None, "x://raw")), language).text == expected


def test_a_resource_link_keeps_name_uri_and_description() -> None:
    link = t.ResourceLink(type="resource_link", uri="x://c", name="c", description="  the c file ")
    assert render_tool_output(result(link), "en").text == "(resource link c: x://c — the c file)"
    assert render_tool_output(result(link), "ja").text == "（リソースへのリンク c: x://c — the c file）"


def test_structured_content_is_given_only_when_no_text_block_reaches_the_model() -> None:
    structured = {"b": [1, 2], "a": "é"}
    only = t.CallToolResult(content=[], structured_content=structured)
    assert render_tool_output(only, "en").text == '{"b":[1,2],"a":"é"}'
    with_image = t.CallToolResult(content=[image(JPEG)], structured_content=structured)
    out = render_tool_output(with_image, "en")
    assert (out.text, len(out.images)) == ('{"b":[1,2],"a":"é"}', 1)
    with_text = t.CallToolResult(content=[text("b is 1, 2")], structured_content=structured)
    assert render_tool_output(with_text, "en").text == "b is 1, 2"
    hidden_text = t.CallToolResult(content=[for_user(text("b is 1, 2"), "user")], structured_content=[3])
    assert render_tool_output(hidden_text, "en").text == "[3]"
    failed = t.CallToolResult(content=[], structured_content={"code": 7}, is_error=True)
    assert render_tool_output(failed, "en").text == 'The tool returned an error: {"code":7}'


def test_blocks_for_the_user_only_are_not_sent() -> None:
    blocks = [
        text("all"),
        for_user(text("you"), "user"),
        for_user(text("model"), "assistant"),
        for_user(text("both"), "assistant", "user"),
        for_user(image(JPEG), "user"),
    ]
    out = render_tool_output(result(*blocks), "en")
    assert out == ToolOutput("all\nmodel\nboth")
    assert render_tool_output(result(for_user(text("you"), "user")), "zh").text == (
        "（此结果仅向用户显示，未发送给你）"
    )
