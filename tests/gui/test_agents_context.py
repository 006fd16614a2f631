"""The agents pane shows how full each agent's context is (issue 14): a Context column ("41 %")
whose tooltip gives the tokens of the budget, the earlier turns left out and the last turn's
cached share of its input; in the real window, fed by the turn's ``ContextMeasured``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.settings import SettingsDialog
from app.widgets.agents import COLUMN_PADDING, AgentList, cached_share
from core.canonical import Usage
from core.config import OFFLINE_DEMO
from core.events import ContextMeasured, TurnFinished
from core.village import AgentState, AgentStatus, Village
from tests.fakes.configs import settings_config, window_config
from tests.fakes.scripted import ScriptedBackend, reply
from tests.fakes.waits import until
from tests.fakes.windows import window


def status(agent_id: str) -> AgentStatus:
    return AgentStatus(agent_id, "Ava", "Claude", "anthropic", AgentState.IDLE, Usage())


def test_the_context_column_shows_the_share_and_its_tooltip(qtbot: QtBot) -> None:
    agents = AgentList()
    qtbot.addWidget(agents)
    agents.set_statuses([status("a1"), status("a2")])
    assert agents.isColumnHidden(4)  # nothing measured yet
    agents.on_context(ContextMeasured("a1", "t1", 41_000, 100_000, 12))
    assert not agents.isColumnHidden(4)
    assert agents.headerItem().text(4) == "Context"
    text, tip = agents.context_cell("a1")
    assert text == "41 %"
    assert "41,000 of 100,000 tokens of the context budget" in tip
    assert "earlier turns left out: 12" in tip
    assert agents.context_cell("a2") == ("", "")
    agents.on_turn_finished(TurnFinished("a1", "t1", "ok", "-", Usage(100, 5, 300, 100), 1))
    assert "last turn: 60 % of its input read from the cache" in agents.context_cell("a1")[1]
    agents.set_statuses([status("a1"), status("a2")])  # a status refresh keeps the cell
    assert agents.context_cell("a1")[0] == "41 %"


def test_the_offline_demo_shows_no_context(qtbot: QtBot) -> None:
    agents = AgentList()
    qtbot.addWidget(agents)
    demo = AgentStatus("muse", "Muse", "Offline demo", OFFLINE_DEMO, AgentState.IDLE, Usage())
    agents.set_statuses([demo])
    agents.on_context(ContextMeasured("muse", "t1", 800, 10_000, 0))  # the script has no model
    assert agents.isColumnHidden(4) and agents.context_cell("muse") == ("", "")


def test_a_narrow_list_keeps_the_name_whole_and_the_template_gives_way(qtbot: QtBot) -> None:
    agents = AgentList()
    qtbot.addWidget(agents)
    agents.set_statuses(
        [AgentStatus("a1", "Ava Watcher", "Claude Sonnet vision", "anthropic", AgentState.IDLE, Usage())]
    )
    agents.on_context(ContextMeasured("a1", "t1", 41_000, 100_000, 0))
    agents.resize(290, 200)
    agents.show()
    qtbot.waitExposed(agents)
    name = agents.fontMetrics().horizontalAdvance("Ava Watcher")
    assert agents.header().sectionSize(0) >= name + 2 * COLUMN_PADDING
    assert agents.header().sectionSize(1) < agents.fontMetrics().horizontalAdvance("Claude Sonnet vision")
    assert agents.topLevelItem(0).toolTip(0) == "Ava Watcher — Claude Sonnet vision"  # type: ignore[union-attr]


def test_the_cached_share_of_a_turns_input() -> None:
    assert cached_share(Usage(100, 5, 300, 100)) == 0.6
    assert cached_share(Usage()) is None


@pytest.mark.asyncio
async def test_the_window_shows_the_context_of_an_agents_turn(qtbot: QtBot, tmp_path: Path) -> None:
    village = Village(
        window_config(tmp_path),
        backend_factory=lambda t: ScriptedBackend.looping(
            t.protocol, t.model, [reply("hi", usage=Usage(10, 5, 30))]
        ),
    )
    win = window(qtbot, village)
    await win.send_text("a1", "watch").wait()
    await until(lambda: win.agent_list.context_cell("a1")[0] != "")
    text, tip = win.agent_list.context_cell("a1")
    assert re.fullmatch(r"\d+ %", text)
    assert "tokens of the context budget" in tip and "no earlier turn left out" in tip
    assert "75 % of its input read from the cache" in tip


def test_the_summary_is_turned_on_per_agent_in_settings(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "fuseforks.json"
    dlg = SettingsDialog(settings_config(), KeyStore(), path=path)
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.tabs.setCurrentIndex(1)
    page = dlg.agents_page
    page.agent_list.setCurrentRow(0)
    assert not page.a_summarize.isChecked()  # opt-in
    assert page.a_summarize.text().startswith("Summarize earlier turns left out")
    page.a_summarize.setChecked(True)
    page.agent_list.setCurrentRow(1)
    assert not page.a_summarize.isChecked()  # the other agent keeps the default
    assert dlg.save()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert [a["summarize_earlier"] for a in saved["agents"]] == [True, False]
    page.agent_list.setCurrentRow(0)
    assert page.a_summarize.isChecked()
    dlg.close()
