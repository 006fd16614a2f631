"""All UI text goes through Qt's translation system; switching the village language switches the UI."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.i18n import Translations, qm_path, translations_dir
from app.keys import KeyStore
from app.main_window import MainWindow
from core.events import ToolFinished, ToolStarted
from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.waits import until


def test_catalogues_are_complete() -> None:
    counts = {}
    for lang in ("ja", "en", "zh"):
        ts = translations_dir() / f"fuseforks_{lang}.ts"
        root = ET.parse(ts).getroot()
        messages = list(root.iter("message"))
        unfinished = [
            m.findtext("source")
            for m in messages
            if m.find("translation") is not None and m.find("translation").get("type") == "unfinished"
        ]  # type: ignore[union-attr]
        assert unfinished == [], lang
        counts[lang] = len(messages)
        assert qm_path(lang).stat().st_size > 1000
        assert qm_path(lang).stat().st_mtime >= ts.stat().st_mtime - 1  # compiled after the last edit
    assert counts["ja"] == counts["en"] == counts["zh"] > 80


def test_switching_language_retranslates(qtbot: QtBot, tmp_path: Path, translations: Translations) -> None:
    village = Village(
        window_config(tmp_path), backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model)
    )
    win = MainWindow(village, KeyStore(), translations=translations)
    qtbot.addWidget(win)
    win.on_tool_started(ToolStarted("a1", "t", "c1", 1, "cam__x", {}))
    win.on_tool_finished(ToolFinished("a1", "t", "c1", 1, "cam__x", True, 3, "body", ""))
    row = win.panels["a1"].rows["c1"]
    assert (win.send_button.text(), row.status.text(), win.agent_list.headerItem().text(0)) == (
        "Send",
        "ok",
        "Agent",
    )
    assert translations.set_language("ja")
    assert (win.send_button.text(), row.status.text(), win.agent_list.headerItem().text(0)) == (
        "送信",
        "成功",
        "エージェント",
    )
    assert win.agent_list.row_texts("a1")[2] == "待機中"
    assert win.help_menu.title() == "ヘルプ(&H)"
    assert translations.set_language("zh")
    assert (win.send_button.text(), row.output_label.text()) == ("发送", "输出")
    assert translations.set_language("en")
    assert win.send_button.text() == "Send"


@pytest.mark.asyncio
async def test_village_language_from_settings(
    qtbot: QtBot, tmp_path: Path, translations: Translations
) -> None:
    village = Village(
        window_config(tmp_path), backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model)
    )
    win = MainWindow(village, KeyStore(), translations=translations)
    qtbot.addWidget(win)
    win.show()
    dlg = win.open_settings()
    dlg.tabs.setCurrentIndex(2)
    dlg.v_language.setCurrentIndex(dlg.v_language.findData("ja"))
    assert dlg.save()
    await until(lambda: win.send_button.text() == "送信")
    assert village.config.village.language == "ja"
    assert dlg.windowTitle() == "設定"
    dlg.close()


def test_chinese_calls_an_agent_zhinengti_in_the_window_and_in_the_core() -> None:
    """智能体 is the usual word for an AI agent; 代理 reads as a proxy or a sales agent."""
    ts = ET.parse(translations_dir() / "fuseforks_zh.ts").getroot()
    window = {m.findtext("source"): m.findtext("translation") or "" for m in ts.iter("message")}
    catalog = (Path(__file__).resolve().parents[2] / "core" / "catalogs" / "zh.json").read_text(
        encoding="utf-8"
    )
    assert (window["Agent"], window["Agents"]) == ("智能体", "智能体")
    assert [s for s, t in window.items() if "代理" in t] == []
    assert "代理" not in catalog
