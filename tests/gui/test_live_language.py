"""Issue 13, defect 8 (its first half): lines already shown follow a live language switch. The
tool rows' display lines, the preview captions, the status words and the chat's notes are
re-rendered from their data in the new language (the data stays; only the words change)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from app.i18n import Translations
from app.keys import KeyStore
from app.main_window import MainWindow
from core.canonical import ImageData
from core.events import Handoff, Notice, ToolFinished, ToolStarted, TurnFailed, TurnFinished, TurnStarted
from core.notes import note
from core.stops import Stop
from core.tool_image import display_suffix, size_kb
from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.images import jpeg
from tests.fakes.scripted import ScriptedBackend

CAM = "cam__live_view_image"
ONE = ImageData("image/jpeg", jpeg(320, 240), 320, 240)
TWO = (ImageData("image/jpeg", jpeg(640, 424), 640, 424), ImageData("image/jpeg", jpeg(64, 48), 64, 48))
KB1, KB2, KB3 = size_kb(len(ONE.data)), size_kb(len(TWO[0].data)), size_kb(len(TWO[1].data))

EXPECTED = {
    "en": {
        "lines": [f"(1 image: JPEG {KB1} KB)", f"(2 images: JPEG {KB2} KB, JPEG {KB3} KB)"],
        "status": ["ok", "ok", "running…"],
        "bubbles": [
            "Request passed on from ben:\nlook at the shelf",
            "Passed the request on to cleo.",
            "Stopped.",
            "Continuing the turn where it stopped.",
            "Paused. Press Resume to continue.",
            "The turn failed (http_500): server said no",
            "(image omitted: the stored file is no longer available)",
            "RuntimeError: camera unplugged",
        ],
    },
    "ja": {
        "lines": [f"（画像 1 枚: JPEG {KB1} KB）", f"（画像 2 枚: JPEG {KB2} KB、JPEG {KB3} KB）"],
        "status": ["成功", "成功", "実行中…"],
        "bubbles": [
            "ben から引き継がれた依頼:\nlook at the shelf",
            "依頼を cleo に引き継ぎました。",
            "停止しました。",
            "止まったところからターンを続けます。",
            "一時停止しました。「再開」で続けます。",
            "ターンが失敗しました（http_500）: server said no",
            "（画像は省きました: 保存したファイルがもうありません）",
            "RuntimeError: camera unplugged",
        ],
    },
    "zh": {
        "lines": [f"（1 张图片：JPEG {KB1} KB）", f"（2 张图片：JPEG {KB2} KB、JPEG {KB3} KB）"],
        "status": ["成功", "成功", "运行中…"],
        "bubbles": [
            "由 ben 转来的请求：\nlook at the shelf",
            "已将请求转给 cleo。",
            "已停止。",
            "从中断处继续这个回合。",
            "已暂停。按“继续”接着进行。",
            "本轮失败（http_500）：server said no",
            "（图片已省略：保存的文件已不存在）",
            "RuntimeError: camera unplugged",
        ],
    },
}


def shown(win: MainWindow) -> dict[str, list[str]]:
    panel, chat = win.panels["a1"], win.chats["a1"]
    rows = [panel.rows[c] for c in ("c1", "c2", "c3")]
    return {
        "lines": [r.display_line.text() for r in rows[:2]],
        "summaries": [r.summary.text() for r in rows[:2]],
        "status": [r.status.text() for r in rows],
        "captions": [p.caption.text() for p in chat.previews],
        "entries": [e.caption for e in chat.pictures()],
        "bubbles": [b.text for b in chat.bubbles if b.role in ("notice", "error")],
    }


def expected(language: str) -> dict[str, list[str]]:
    lines = EXPECTED[language]["lines"]
    captions = [f"{CAM}  {lines[0]}", f"{CAM}  {lines[1]}", f"{CAM}  {lines[1]}"]
    return {
        "lines": lines,
        "summaries": lines,
        "status": EXPECTED[language]["status"],
        "captions": captions,
        "entries": captions,
        "bubbles": EXPECTED[language]["bubbles"],
    }


def test_shown_lines_follow_a_live_language_switch(
    qtbot: QtBot, tmp_path: Path, translations: Translations
) -> None:
    village = Village(
        window_config(tmp_path), backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model)
    )
    assert translations.set_language("en")
    win = MainWindow(village, KeyStore(), translations=translations)
    qtbot.addWidget(win)
    win.on_turn_started(TurnStarted("a1", "t1", "look at the shelf", "b", "m", source="ben"))
    win.on_handoff(Handoff("a1", "cleo", "t1"))
    for call_id, images in (("c1", (ONE,)), ("c2", TWO)):
        win.on_tool_started(ToolStarted("a1", "t1", call_id, 1, CAM, {}))
        line = display_suffix(list(images), "en")  # the core wrote it in the language of its time
        win.on_tool_finished(ToolFinished("a1", "t1", call_id, 1, CAM, True, 5, "body", line, images))
    win.on_tool_started(ToolStarted("a1", "t1", "c3", 1, CAM, {}))  # still running
    win.on_turn_finished(TurnFinished("a1", "t1", "", Stop.INTERRUPTED))
    win.on_turn_started(TurnStarted("a1", "t2", "look at the shelf", "b", "m", resumed=True))
    win.on_turn_finished(TurnFinished("a1", "t2", "", Stop.PAUSED))
    win.on_turn_failed(TurnFailed("a1", "t3", "http_500", "server said no"))
    win.on_notice(Notice("a1", "warning", note("image_omitted", "en")))  # the history's, as written
    win.on_notice(Notice("a1", "error", "RuntimeError: camera unplugged"))  # no words to render again
    assert shown(win) == expected("en")
    first = win.chats["a1"].previews[0]
    first.set_image(QImage.fromData(ONE.data))
    first.open_full_size()
    viewer = first.viewer
    assert viewer is not None
    for language in ("ja", "zh", "en"):
        assert translations.set_language(language)
        assert shown(win) == expected(language), language
        QCoreApplication.processEvents()
        assert viewer.windowTitle() == expected(language)["captions"][0]
    viewer.close()
