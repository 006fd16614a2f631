"""The camera simulator as an MCP server (``MCPServer``): ``live_view_image`` and ``camera_status``;
with ``--feeder`` also ``feeder_view_image`` (a garden camera where a bird visits the feeder now
and then: the demo village's ready watch, WA-17).

``--mode`` chooses what ``live_view_image`` returns (see ``frames.MODES``) so every image rule
(S70-1 … S70-7) can be shown against a real server process. With ``--control`` the server also offers
``demo_set_mode`` (switch the mode at run time), ``demo_add_tool`` (adds a tool and sends
``tools/list_changed``) and ``demo_ask`` (asks the client through elicitation). With
``--elicit`` it offers ``demo_ask_settings``, which asks for a typed form (integer exposure, number
gain, enum metering, string note, boolean confirm) and reports what came back, and
``demo_pick_cameras``, which asks for two multi-selects (plain options, and options with titles).
"""

from __future__ import annotations

import itertools
import os
from dataclasses import dataclass
from typing import Any, Literal

import anyio
import mcp_types as t
from mcp.server.mcpserver import Context, MCPServer
from pydantic import BaseModel, Field

from app.demo_camera import frames
from app.demo_camera.scenes import Scene


@dataclass
class CameraState:
    mode: str = "jpeg"
    slow_seconds: float = 30.0
    scene: Scene | None = None  # --scene: the scripted scene the frames show (WA-7)


def _image(data: bytes, mime: str) -> t.ImageContent:
    return t.ImageContent(type="image", data=frames.b64(data), mime_type=mime)


def _text(text: str) -> t.TextContent:
    return t.TextContent(type="text", text=text)


# the demo village's feeder camera (its ready watch, WA-17): a bird for 6 frames every 20
FEEDER_SCENE = Scene("visits", event_at=20, event_frames=6, seed=1)


def live_view_result(mode: str, seq_counter: Any, scene: Scene | None = None) -> t.CallToolResult:
    """The ``live_view_image`` result for ``mode`` (``die`` and ``slow`` are handled by the tool).
    With a ``scene``, the 640×424 frames are its frames instead of the moving ball."""
    seq = next(seq_counter)
    if mode in ("jpeg", "slow", "images_only", "audio", "mixed"):
        jpeg = scene.jpeg(seq) if scene is not None else frames.jpeg_frame(seq)
        meta = _text(frames.metadata(len(jpeg), seq))
        if mode == "images_only":
            return t.CallToolResult(content=[_image(jpeg, "image/jpeg")])
        if mode == "audio":
            return t.CallToolResult(
                content=[
                    t.AudioContent(type="audio", data=frames.b64(frames.wav_beep()), mime_type="audio/wav"),
                    meta,
                ]
            )
        if mode == "mixed":
            img = scene.image(seq) if scene is not None else frames.frame_image(seq)
            return t.CallToolResult(
                content=[
                    meta,
                    _image(jpeg, "image/jpeg"),
                    _image(frames.encode(img, "PNG"), "image/png"),
                    _image(frames.encode(img, "GIF"), "image/gif"),
                    t.AudioContent(type="audio", data=frames.b64(frames.wav_beep()), mime_type="audio/wav"),
                    _image(frames.corrupt_bytes(), "image/jpeg"),
                ]
            )
        return t.CallToolResult(content=[_image(jpeg, "image/jpeg"), meta])
    if mode in ("png", "alpha", "webp", "gif", "mislabeled"):
        img = scene.image(seq) if scene is not None else frames.frame_image(seq)
        if mode == "alpha":
            img = img.convert("RGBA")
            img.paste((0, 0, 0, 0), (0, 0, 200, 100))
        fmt, mime = {
            "png": ("PNG", "image/png"),
            "alpha": ("PNG", "image/png"),
            "webp": ("WEBP", "image/webp"),
            "gif": ("GIF", "image/gif"),
            "mislabeled": ("JPEG", "image/png"),
        }[mode]
        data = frames.encode(img, fmt, **({"quality": 85} if fmt in ("JPEG", "WEBP") else {}))
        return t.CallToolResult(content=[_image(data, mime), _text(frames.metadata(len(data), seq))])
    if mode == "oversize":
        size = (4000, 2650)
        data = frames.encode(frames.frame_image(seq, size), "JPEG", quality=90)
        return t.CallToolResult(
            content=[_image(data, "image/jpeg"), _text(frames.metadata(len(data), seq, *size))]
        )
    if mode == "png_large":
        data = frames.large_png()
        return t.CallToolResult(
            content=[_image(data, "image/png"), _text(frames.metadata(len(data), seq, 4000, 3000))]
        )
    if mode == "corrupt":
        return t.CallToolResult(
            content=[_image(frames.corrupt_bytes(), "image/jpeg"), _text(f'{{"seq":{seq}}}')]
        )
    if mode == "bad_base64":
        block = t.ImageContent(type="image", data="!!! not base64 !!!", mime_type="image/jpeg")
        return t.CallToolResult(content=[block, _text(f'{{"seq":{seq}}}')])
    if mode == "bomb":
        return t.CallToolResult(content=[_image(frames.bomb_png(), "image/png"), _text(f'{{"seq":{seq}}}')])
    if mode == "many":
        blocks: list[Any] = [_image(frames.jpeg_frame(seq * 10 + i), "image/jpeg") for i in range(6)]
        return t.CallToolResult(content=[*blocks, _text(f'{{"frames":6,"seq":{seq}}}')])
    if mode == "resource":
        return t.CallToolResult(
            content=[
                t.EmbeddedResource(
                    type="resource",
                    resource=t.TextResourceContents(
                        uri="camera://settings", mime_type="application/json", text='{"iso":400}'
                    ),
                ),
                t.ResourceLink(type="resource_link", uri="camera://frames/latest", name="latest frame"),
                _text(f'{{"seq":{seq}}}'),
            ]
        )
    if mode == "error":
        return t.CallToolResult(content=[_text("camera is not connected")], is_error=True)
    if mode == "empty":
        return t.CallToolResult(content=[])
    raise ValueError(f"unknown mode {mode!r}")


class _Answer(BaseModel):
    answer: str


class _Settings(BaseModel):
    exposure: int = Field(title="Exposure (ms)", description="Exposure time in milliseconds", ge=1, le=1000)
    confirm: bool = Field(title="Apply now", description="Apply the settings at once")
    gain: float = Field(default=1.0, title="Gain", description="Sensor gain", ge=0.5, le=8.0)
    metering: Literal["spot", "matrix", "center"] = Field(
        default="matrix", title="Metering", description="Metering mode"
    )
    note: str | None = Field(default=None, title="Note", description="Free text", max_length=40)


class _Pick(BaseModel):
    cameras: list[Literal["front", "back", "garden"]] = Field(
        title="Cameras", description="The cameras to watch", min_length=1
    )
    sizes: list[Literal["hd", "full"]] = Field(
        default=["hd"],
        title="Frame sizes",
        # the titled form of a multi-select (TitledMultiSelectEnumSchema): items.anyOf of const/title
        json_schema_extra={
            "items": {"anyOf": [{"const": "hd", "title": "HD"}, {"const": "full", "title": "Full HD"}]}
        },
    )


def settings_text(action: str, data: _Settings | None) -> str:
    """What ``demo_ask_settings`` returns: the action, then the accepted values in field order."""
    if data is None:
        return f"action={action}"
    return (
        f"action={action} exposure={data.exposure} confirm={str(data.confirm).lower()} "
        f"gain={data.gain:g} metering={data.metering} note={data.note if data.note is not None else '-'}"
    )


def build_server(
    state: CameraState, *, control: bool = False, elicit: bool = False, feeder: bool = False
) -> MCPServer:
    server = MCPServer("fuseforks-demo-camera", version="0.1.0", log_level="WARNING")
    seq_counter = itertools.count(1)

    @server.tool()
    async def live_view_image() -> t.CallToolResult:
        """Take the current live-view frame of the camera: a 640×424 JPEG plus JSON metadata."""
        if state.mode == "slow":
            await anyio.sleep(state.slow_seconds)
        if state.mode == "die":
            await anyio.sleep(0.2)
            os._exit(3)
        return live_view_result(state.mode, seq_counter, state.scene)

    @server.tool()
    def camera_status() -> t.CallToolResult:
        """Report whether the camera is connected and live view is on (text only)."""
        status = {"connected": True, "live_view": True, "model": "Fuseforks demo camera"}
        return t.CallToolResult(content=[_text(frames.metadata_like(status))])

    if feeder:
        feeder_counter = itertools.count(1)

        @server.tool()
        async def feeder_view_image() -> t.CallToolResult:
            """Take the current frame of the garden camera by the bird feeder: a 640×424 JPEG plus
            JSON metadata. A bird visits the feeder now and then."""
            return live_view_result("jpeg", feeder_counter, FEEDER_SCENE)

    if control:

        @server.tool()
        def demo_set_mode(mode: str, seconds: float = 30.0) -> str:
            """Switch what live_view_image returns (testing only)."""
            if mode not in frames.MODES:
                raise ValueError(f"unknown mode {mode!r}")
            state.mode = mode
            state.slow_seconds = seconds
            return f"mode={mode}"

        @server.tool()
        async def demo_add_tool(ctx: Context) -> str:
            """Add the tool extra_tool and announce it with tools/list_changed (testing only)."""

            def extra_tool() -> str:
                """An extra tool added at run time."""
                return "extra"

            server.add_tool(extra_tool)
            await ctx.session.send_tool_list_changed()
            return "added"

        @server.tool()
        async def demo_ask(ctx: Context) -> str:
            """Ask the user a question through elicitation (testing only)."""
            result = await ctx.elicit("Which shutter speed?", _Answer)
            data = getattr(result, "data", None)
            return f"action={result.action}" + (f" answer={data.answer}" if data is not None else "")

    if elicit:

        @server.tool()
        async def demo_ask_settings(ctx: Context) -> str:
            """Ask the user for exposure settings through an elicitation form (testing only)."""
            result = await ctx.elicit("Set the exposure for the next frame.", _Settings)
            return settings_text(result.action, getattr(result, "data", None))

        @server.tool()
        async def demo_pick_cameras(ctx: Context) -> str:
            """Ask the user which cameras to watch through a multi-select form (testing only)."""
            result = await ctx.elicit("Which cameras should I watch?", _Pick)
            data = getattr(result, "data", None)
            if data is None:
                return f"action={result.action}"
            return f"action={result.action} cameras={','.join(data.cameras)} sizes={','.join(data.sizes)}"

    return server
