"""What the responsiveness work must not change: a long chat keeps its newest rows as widgets and
gives the older ones back on "Show earlier"; previews decode in a worker thread and still show the
picture and the S70-18 line; the tool panel is bounded the same way."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QLayout, QWidget
from pytestqt.qtbot import QtBot

import app.widgets.preview as preview_module
from app.widgets.chat import Bubble, ChatView
from app.widgets.preview import ImagePreview
from app.widgets.rows import LIVE_ROWS
from app.widgets.toolpanel import ToolPanel, ToolRow
from core.canonical import ImageData, ToolCall
from core.events import ToolFinished, ToolStarted
from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.images import jpeg
from tests.fakes.scripted import CameraTool, ScriptedBackend
from tests.fakes.waits import until
from tests.fakes.windows import window


def flush_deletes() -> None:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def widgets(layout: QLayout | None) -> list[QWidget]:
    """The widgets of a layout, in order (spacers skipped)."""
    assert layout is not None
    items = [layout.itemAt(i) for i in range(layout.count())]
    return [w for item in items if item is not None and (w := item.widget()) is not None]


def layout_texts(chat: ChatView) -> list[str]:
    """Bubble texts in the order the layout shows them."""
    out = []
    for row in widgets(chat.items):
        if row is chat.typing or row is chat.earlier_button:
            continue
        (bubble,) = widgets(row.layout())
        out.append(bubble.text if isinstance(bubble, Bubble) else "?")
    return out


def test_chat_keeps_the_newest_rows_and_shows_earlier(qtbot: QtBot) -> None:
    chat = ChatView(live_rows=4)
    qtbot.addWidget(chat)
    for i in range(10):
        chat.add_bubble("user" if i % 2 == 0 else "assistant", f"m{i}")
    assert [b.text for b in chat.bubbles] == ["m6", "m7", "m8", "m9"]
    assert layout_texts(chat) == ["m6", "m7", "m8", "m9"]
    assert [e.text for e in chat.entries] == [f"m{i}" for i in range(10)]
    assert chat.earlier_button.isVisibleTo(chat) and chat.earlier_button.text() == "Show earlier (6)"
    restored = chat.show_earlier(3)
    assert [e.text for e in restored] == ["m3", "m4", "m5"]
    assert layout_texts(chat) == [f"m{i}" for i in range(3, 10)]
    assert [b.role for b in chat.bubbles] == [
        "assistant",
        "user",
        "assistant",
        "user",
        "assistant",
        "user",
        "assistant",
    ]
    assert chat.earlier_button.text() == "Show earlier (3)"
    chat.earlier_button.click()  # the rest
    assert layout_texts(chat) == [f"m{i}" for i in range(10)]
    assert not chat.earlier_button.isVisibleTo(chat)
    chat.add_bubble("assistant", "m10")  # the window grew by what was restored, and stays bounded
    assert layout_texts(chat) == [f"m{i}" for i in range(1, 11)]
    assert chat.earlier_button.text() == "Show earlier (1)"


def test_collapsed_streamed_bubble_keeps_its_text(qtbot: QtBot) -> None:
    chat = ChatView(live_rows=2)
    qtbot.addWidget(chat)
    chat.delta("t1", "Hel")
    chat.add_bubble("notice", "n1")
    chat.add_bubble("notice", "n2")  # the streaming bubble is collapsed now
    assert [b.text for b in chat.bubbles] == ["n1", "n2"]
    chat.delta("t1", "lo")
    chat.show_earlier()
    assert [b.text for b in chat.bubbles] == ["Hello", "n1", "n2"]
    chat.delta("t1", "!")  # live again: the widget follows
    assert chat.bubbles[0].text == "Hello!"
    chat.message("t1", "Hello there")
    assert [b.text for b in chat.bubbles] == ["Hello there", "n1", "n2"]


def images(n: int) -> list[ImageData]:
    return [ImageData("image/jpeg", jpeg(320 + i, 240), 320 + i, 240) for i in range(n)]


@pytest.mark.asyncio
async def test_collapsed_previews_free_their_pictures_and_come_back(qtbot: QtBot) -> None:
    chat = ChatView(live_rows=2)
    qtbot.addWidget(chat)
    chat.show()
    first = chat.add_images(images(1), "cam  (1 image: JPEG 5 KB)")
    assert len(first) == 1
    await first[0].load()
    assert first[0].image is not None
    chat.add_images(images(2), "cam")  # pushes the first preview out
    flush_deletes()
    gone = first[0]  # its pixmap and decoded image are gone: the widget is kept, hidden, for the next
    assert gone.image is None and gone.picture.pixmap().isNull() and not gone.isVisible()
    assert gone.data.data == b""
    assert chat.kept_preview is not None and chat.kept_preview[1] is gone and shiboken6.isValid(gone)
    assert [p.data.width for p in chat.previews] == [320, 321]
    (entry,) = chat.show_earlier()
    preview = entry.widget
    assert isinstance(preview, ImagePreview) and preview.caption.text() == "cam  (1 image: JPEG 5 KB)"
    await until(lambda: preview.image is not None)  # restored rows decode again by themselves
    assert (preview.image.width(), preview.image.height()) == (320, 240)  # type: ignore[union-attr]
    assert preview.picture.pixmap().width() == 320


@pytest.mark.asyncio
async def test_preview_decodes_in_a_worker_thread_with_the_line(
    qtbot: QtBot, tmp_path: Path, event_log: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[int] = []
    real = preview_module.decode_scaled

    def recording(data: bytes, *args: int) -> QImage:
        threads.append(threading.get_ident())
        return real(data, *args)

    monkeypatch.setattr(preview_module, "decode_scaled", recording)
    data = jpeg(640, 480)
    script: list[str | ToolCall] = [ToolCall("c1", "cam__live_view_image", {}), "I see red."]
    village = Village(
        window_config(tmp_path),
        backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model, script),
    )
    village.add_tools("a1", [CameraTool(data)])
    win = window(qtbot, village)
    await win.send_text("a1", "look").wait()
    chat = win.chats["a1"]
    (preview,) = chat.previews
    await until(lambda: preview.image is not None)
    assert threads and threading.get_ident() not in threads
    line = f"(1 image: JPEG {len(data) // 1000} KB)"
    assert preview.caption.text() == f"cam__live_view_image  {line}"
    assert win.panels["a1"].rows["c1"].display_line.text() == line
    assert (preview.image.width(), preview.image.height()) == (480, 360)  # type: ignore[union-attr]
    assert preview.picture.pixmap().size() == preview.image.size()  # type: ignore[union-attr]
    await village.close()


@pytest.mark.asyncio
async def test_window_chat_is_bounded_over_many_turns(qtbot: QtBot, tmp_path: Path, event_log: Path) -> None:
    turns = LIVE_ROWS // 3 + 1  # three rows a turn (user, preview, reply): more than the window holds
    script: list[str | ToolCall] = []
    for i in range(turns):
        script += [ToolCall(f"c{i}", "cam__live_view_image", {}), f"reply {i}"]
    backend = ScriptedBackend.looping("anthropic", "m", script)  # one script across the turns
    village = Village(window_config(tmp_path), backend_factory=lambda t: backend)
    village.add_tools("a1", [CameraTool(jpeg(64, 48))])
    win = window(qtbot, village)
    for i in range(turns):
        await win.send_text("a1", f"look {i}").wait()
    chat, panel = win.chats["a1"], win.panels["a1"]
    assert len(chat.entries) == 3 * turns
    assert sum(e.kind == "preview" for e in chat.entries) == turns
    assert len(chat.bubbles) + len(chat.previews) == LIVE_ROWS
    assert chat.bubbles[-1].text == f"reply {turns - 1}"
    assert chat.earlier_button.text() == f"Show earlier ({3 * turns - LIVE_ROWS})"
    assert len(panel.calls) == turns and len(panel.rows) == turns  # fewer calls than the panel holds
    chat.show_earlier(3 * turns)
    assert [b.text for b in chat.bubbles][:2] == ["look 0", "reply 0"]
    await village.close()


def started(i: int) -> ToolStarted:
    return ToolStarted("a", "t", f"c{i}", 1, "cam__x", {"i": i})


def finished(i: int) -> ToolFinished:
    return ToolFinished("a", "t", f"c{i}", 1, "cam__x", True, 7, f"body {i}", f"(line {i})")


def test_tool_panel_keeps_the_newest_rows_and_shows_earlier(qtbot: QtBot) -> None:
    panel = ToolPanel(live_rows=3)
    qtbot.addWidget(panel)
    for i in range(5):
        panel.add_started(started(i))
    assert list(panel.rows) == ["c2", "c3", "c4"]
    assert list(panel.calls) == ["c0", "c1", "c2", "c3", "c4"]
    assert panel.add_finished(finished(0)) is None  # collapsed: its entry keeps the result
    assert panel.add_finished(finished(4)) is panel.rows["c4"]
    assert panel.earlier_button.text() == "Show earlier (2)"
    panel.show_earlier()
    assert sorted(panel.rows) == ["c0", "c1", "c2", "c3", "c4"]
    rows = widgets(panel.rows_layout)[1:]  # after the "Show earlier" button
    assert [r.call_id for r in rows if isinstance(r, ToolRow)] == ["c0", "c1", "c2", "c3", "c4"]
    assert len(rows) == 5
    row = panel.rows["c0"]
    assert (row.status.text(), row.display_line.text(), row.summary.text()) == ("ok", "(line 0)", "(line 0)")
    assert row.output_text.toPlainText() == "body 0"
    assert row.input_text.toPlainText() == '{\n  "i": 0\n}'
    assert panel.rows["c1"].status.text() == "running…"
