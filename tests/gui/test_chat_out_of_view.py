"""A window whose cost does not grow (issue 14): chat rows out of view hold no image bytes and no
decoded picture (their bytes are read again from the store when shown), the tool panel's rows out
of view hold no image bytes either, and opening a long stored conversation builds only the rows
the window shows."""

from __future__ import annotations

import gc
import hashlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.launcher import make_runtime
from app.main_window import MainWindow
from app.widgets.chat import ChatView
from app.widgets.preview import ImagePreview
from app.widgets.rows import LIVE_ROWS
from app.widgets.toolpanel import CallEntry, ToolPanel
from app.widgets.viewer import PictureViewer
from core.canonical import ImageData, ToolCall
from core.config import parse_config
from core.events import ToolFinished, ToolStarted
from core.store import Store
from core.tool import AgentTool, ToolContext, ToolOutput, ToolReturn
from core.village import Village
from tests.fakes.images import jpeg
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.waits import until

TURNS = LIVE_ROWS // 3 + 4  # three chat rows a turn (request, picture, answer): well past the window
CFG = {
    "village": {"id": "v-out-of-view"},
    "templates": [{"name": "c", "protocol": "anthropic", "model": "claude-x"}],
    "agents": [{"id": "a1", "template": "c"}],
}


class Camera(AgentTool):
    """A frame of its own colour per call (its bytes kept to compare with what is shown)."""

    name = "cam__live_view_image"
    description = "one frame"
    input_schema: dict[str, Any] = {"type": "object"}  # noqa: RUF012

    def __init__(self) -> None:
        self.sent: list[bytes] = []

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        n = len(self.sent)
        data = jpeg(320, 240, (n * 20 % 250, 200 - n * 10 % 200, 60))
        self.sent.append(data)
        return ToolReturn(ToolOutput("frame", [ImageData("image/jpeg", data, 320, 240)]))


def script(turns: int, start: int = 0) -> list[str | ToolCall]:
    steps: list[str | ToolCall] = []
    for i in range(start, start + turns):
        steps += [ToolCall(f"c{i}", "cam__live_view_image", {}), f"reply {i}"]
    return steps


def flush_deletes() -> None:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


async def newest_shown(win: MainWindow) -> tuple[ChatView, Any]:
    """The agent's chat once its newest picture is shown and the rows that left are gone."""
    chat = win.chats["a1"]
    newest = chat.previews[-1]
    await until(lambda: newest.image is not None)
    flush_deletes()
    return chat, newest


async def session(qtbot: QtBot, data: Path, turns: int) -> tuple[MainWindow, Village, Store, Camera]:
    rt = make_runtime(parse_config(CFG, data / "village.json"), KeyStore(), store_dir=data / "store")
    assert isinstance(rt.village, Village) and rt.store is not None
    backend = ScriptedBackend.looping("anthropic", "claude-x", [*script(turns), "ok"])
    rt.village._backend_factory = lambda t: backend
    camera = Camera()
    rt.village.add_tools("a1", [camera])
    win = MainWindow(rt.village, KeyStore(), history=rt.history, conversations=rt.conversations)
    qtbot.addWidget(win)
    win.show()
    for i in range(turns):
        await win.send_text("a1", f"look {i}").wait()
    return win, rt.village, rt.store, camera


@pytest.mark.asyncio
async def test_rows_out_of_view_hold_no_pictures_and_come_back_from_the_store(
    qtbot: QtBot, tmp_path: Path, event_log: Path
) -> None:
    win, village, store, camera = await session(qtbot, tmp_path, TURNS)
    chat, panel = win.chats["a1"], win.panels["a1"]
    await until(lambda: all(p.image is not None for p in chat.previews))
    flush_deletes()
    pictures = chat.pictures()
    assert len(pictures) == TURNS
    out = [e for e in pictures if e.widget is None]
    assert len(out) >= 4  # scrolled out of the chat's live rows
    assert all(e.image is None and e.ref is not None for e in out)  # a reference, no bytes
    shown = [e for e in pictures if e.widget is not None]
    assert all(e.image is not None for e in shown)
    # no decoded picture outside the view: the live rows' previews, and at most one kept hidden
    # for the next picture, holding none
    kept = [p for p in chat.findChildren(ImagePreview) if p not in chat.previews]
    assert len(shown) == len(chat.previews) and len(kept) <= 1
    assert all(p.image is None and p.picture.pixmap().isNull() and not p.isVisible() for p in kept)
    assert all(p.data.data == b"" for p in kept)  # nor its bytes
    assert [e.ref.sha256 for e in pictures if e.ref] == [hashlib.sha256(b).hexdigest() for b in camera.sent]
    assert all(c.widget is not None for c in panel.calls.values())  # (its own test: below)
    chat.show_earlier(3 * TURNS)  # scrolled back: every picture shown again, read from the store
    previews = chat.previews
    assert len(previews) == TURNS
    await until(lambda: all(p.image is not None for p in previews), within=20)
    assert [p.data.data for p in previews] == camera.sent  # the exact bytes the camera gave
    first = chat.pictures()[0]
    assert first.ref is not None and first.image is not None
    assert first.image.data == store.load_image(first.ref).data
    assert previews[0].picture.pixmap().width() == 320
    await village.close()


def test_tool_rows_out_of_view_keep_no_image_bytes(qtbot: QtBot) -> None:
    panel = ToolPanel(live_rows=2)
    qtbot.addWidget(panel)
    frame = ImageData("image/jpeg", jpeg(), 320, 240)
    line = f"(1 image: JPEG {len(frame.data) // 1000} KB)"
    for i in range(4):
        panel.add_started(ToolStarted("a", "t", f"c{i}", 1, "cam__x", {}))
        panel.add_finished(ToolFinished("a", "t", f"c{i}", 1, "cam__x", True, 7, "frame", line, (frame,)))
    out = [c for c in panel.calls.values() if c.widget is None]
    assert len(out) == 2
    for entry in out:
        assert (
            entry.finished is not None and entry.finished.images == () and entry.finished.person_images == ()
        )
    assert all(
        c.finished is not None and c.finished.images == (frame,) for c in panel.calls.values() if c.widget
    )
    panel.show_earlier()
    assert panel.rows["c0"].display_line.text() == line  # the line as it was shown


def held_bytes(roots: list[Any]) -> list[bytes]:
    """The byte strings of 1,000 bytes or more that the data of ``roots`` reaches: every attribute,
    container, closure and ``partial`` followed, but not widgets (their pictures are the live
    rows'), modules, classes or the store (the place the bytes belong)."""
    skipped = {id(m.__dict__) for m in list(sys.modules.values()) if isinstance(m, ModuleType)}
    seen: set[int] = set()
    found: list[bytes] = []
    todo = list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or id(obj) in skipped or isinstance(obj, QObject | ModuleType | type | Store):
            continue
        seen.add(id(obj))
        if isinstance(obj, bytes | bytearray | memoryview):
            found += [bytes(obj)] if len(obj) >= 1000 else []
            continue
        todo += gc.get_referents(obj)
    return found


@pytest.mark.asyncio
async def test_the_data_of_rows_out_of_view_holds_no_frame(
    qtbot: QtBot, tmp_path: Path, event_log: Path
) -> None:
    """What the chat and the tool panel keep of a row that left the view (its text, its picture's
    reference, its caption, its call's events) reaches no frame's bytes: the window's memory per
    turn stays flat once rows scroll out (issue 14; a caption kept the call's event, and with it
    the frame, 17.5 KB a live-view turn)."""
    win, village, _store, camera = await session(
        qtbot, tmp_path, 3 * TURNS
    )  # past the panel's live rows too (one a turn)
    chat, _newest = await newest_shown(win)
    panel = win.panels["a1"]
    out = [e for e in chat.entries if e.widget is None] + [
        c for c in panel.calls.values() if c.widget is None
    ]
    assert sum(e.kind == "preview" for e in chat.entries if e.widget is None) >= 4
    assert sum(isinstance(e, CallEntry) for e in out) >= 4
    assert held_bytes(out) == []
    live = [e for e in chat.entries if e.widget is not None and e.kind == "preview"]
    assert sorted(held_bytes(live)) == sorted(camera.sent[-len(live) :])  # the shown rows': their frames
    assert chat.pictures()[-1].words is not None
    assert (
        chat.pictures()[-1].words()
        == f"cam__live_view_image  (1 image: JPEG {len(camera.sent[-1]) // 1000} KB)"
    )
    await village.close()


@pytest.mark.asyncio
async def test_the_viewer_opens_a_picture_whose_row_holds_no_bytes(
    qtbot: QtBot, tmp_path: Path, event_log: Path
) -> None:
    win, village, _store, camera = await session(qtbot, tmp_path, TURNS)
    chat, newest = await newest_shown(win)
    assert chat.pictures()[0].image is None  # out of view
    newest.open_full_size()
    viewer = newest.viewer
    assert isinstance(viewer, PictureViewer)
    assert viewer.position.text() == f"{TURNS} / {TURNS}"
    assert viewer.go_to(0)  # read on demand from the store
    assert viewer.position.text() == f"1 / {TURNS}"
    assert viewer.current is not None and viewer.current.data == camera.sent[0]
    assert chat.pictures()[0].image is None  # the chat's row still holds nothing
    viewer.close()
    await village.close()


@pytest.mark.asyncio
async def test_the_viewer_steps_over_a_picture_the_store_no_longer_has(
    qtbot: QtBot, tmp_path: Path, event_log: Path
) -> None:
    win, village, store, camera = await session(qtbot, tmp_path, TURNS)
    chat, newest = await newest_shown(win)
    gone = chat.pictures()[1]
    assert gone.image is None and gone.ref is not None  # out of view: read from the store
    store.blobs.path(gone.ref.sha256).unlink()  # the clean-up took it since
    newest.open_full_size()
    viewer = newest.viewer
    assert isinstance(viewer, PictureViewer)
    assert viewer.go_to(2)
    assert viewer.step(-1)  # over the missing one, to the one before it
    assert viewer.position.text() == f"1 / {TURNS}"
    assert viewer.current is not None and viewer.current.data == camera.sent[0]
    assert not viewer.step(-1)  # the first: the end
    viewer.close()
    await village.close()


@pytest.mark.asyncio
async def test_start_up_with_a_long_conversation_builds_only_the_shown_rows(
    qtbot: QtBot, tmp_path: Path, event_log: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    win, village, store, _camera = await session(qtbot, tmp_path, 3 * TURNS)
    win.close()
    await village.close()
    store.close()
    built: list[str] = []
    decoded: list[int] = []
    for cls in (ChatView, ToolPanel):
        real = cls._build

        def counting(view: Any, entry: Any, _real: Any = real, _name: str = cls.__name__) -> Any:
            built.append(_name)
            return _real(view, entry)

        monkeypatch.setattr(cls, "_build", counting)
    real_load = ImagePreview.load
    monkeypatch.setattr(ImagePreview, "load", lambda p: decoded.append(1) or real_load(p))
    monkeypatch.setattr("app.conversation_pane.PAGE_TURNS", 2 * TURNS)  # a page longer than the rows

    rt = make_runtime(parse_config(CFG, tmp_path / "village.json"), KeyStore(), store_dir=tmp_path / "store")
    assert isinstance(rt.village, Village)
    again = MainWindow(rt.village, KeyStore(), history=rt.history, conversations=rt.conversations)
    qtbot.addWidget(again)
    again.show()
    chat, panel = again.chats["a1"], again.panels["a1"]
    assert len(chat.entries) == 3 * 2 * TURNS  # the whole page is there as data
    assert built.count("ChatView") == len(chat.rows.live()) == LIVE_ROWS  # only the rows shown
    assert built.count("ToolPanel") == len(panel.window_rows.live()) == LIVE_ROWS
    assert len(decoded) == len(chat.previews) == LIVE_ROWS // 3  # only the shown pictures decode
    assert chat.bubbles[-1].text == f"reply {3 * TURNS - 1}"
    await until(lambda: all(p.image is not None for p in chat.previews), within=20)
    await rt.village.close()
