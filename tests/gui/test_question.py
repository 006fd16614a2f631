"""ask_user_question in the window: a card in the chat column, answered, declined or withdrawn by Stop."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.main_window import MainWindow
from app.widgets.question import QuestionCard
from core.builtin_tools import for_agent
from core.canonical import Role
from core.config import Agent
from core.tool import AgentTool
from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.scripted import ScriptedBackend, call, reply
from tests.fakes.waits import until

ASK = {"question": "Which shelf should I watch?", "options": ["top", "bottom"]}


def setup(qtbot: QtBot, tmp_path: Path, backend: ScriptedBackend) -> tuple[Village, MainWindow]:
    def tools(agent: Agent, language: str) -> list[AgentTool]:
        return for_agent(agent.builtin_tools, tmp_path / "code", language=language)

    village = Village(window_config(tmp_path), backend_factory=lambda _t: backend, builtin_tools=tools)
    win = MainWindow(village, KeyStore())
    qtbot.addWidget(win)
    win.show()
    return village, win


def tool_results(backend: ScriptedBackend) -> list[tuple[str, str, bool]]:
    return [
        (m.tool_call_id or "", m.text, m.is_error)
        for m in backend.requests[-1].messages
        if m.role is Role.TOOL
    ]


async def open_card(win: MainWindow) -> QuestionCard:
    await until(lambda: len(win.question_area.cards) == 1 and win.question_area.isVisible())
    (card,) = win.question_area.cards.values()
    return card


@pytest.mark.asyncio
async def test_typed_answer_reaches_the_model_and_the_turn_finishes(qtbot: QtBot, tmp_path: Path) -> None:
    backend = ScriptedBackend(
        [call("ask_user_question", ASK, call_id="q1"), reply("Watching the top shelf.")]
    )
    village, win = setup(qtbot, tmp_path, backend)
    handle = win.send_text("a1", "watch something")
    card = await open_card(win)
    assert card.header.text() == "Ava asks you:"
    assert card.question.text() == "Which shelf should I watch?"
    assert [b.text() for b in card.option_buttons] == ["top", "bottom"]
    assert not card.answer_button.isEnabled()  # nothing typed yet
    qtbot.keyClicks(card.text, "the top one, Error: none")
    assert card.answer_button.isEnabled()
    qtbot.mouseClick(card.answer_button, Qt.MouseButton.LeftButton)
    outcome = await asyncio.wait_for(handle.wait(), 5)
    assert (outcome.text, outcome.stop) == ("Watching the top shelf.", "-")
    assert tool_results(backend) == [("q1", "the top one, Error: none", False)]
    await until(lambda: not win.question_area.cards)
    assert not win.question_area.isVisible()
    assert win.panels["a1"].rows["q1"] is not None
    await village.close()


@pytest.mark.asyncio
async def test_option_button_answers(qtbot: QtBot, tmp_path: Path) -> None:
    backend = ScriptedBackend([call("ask_user_question", ASK, call_id="q1"), reply("ok")])
    village, win = setup(qtbot, tmp_path, backend)
    handle = win.send_text("a1", "watch")
    card = await open_card(win)
    qtbot.mouseClick(card.option_buttons[1], Qt.MouseButton.LeftButton)
    assert not card.decline_button.isEnabled()  # one reply per card
    await asyncio.wait_for(handle.wait(), 5)
    assert tool_results(backend) == [("q1", "bottom", False)]
    await village.close()


@pytest.mark.asyncio
async def test_decline_is_its_own_outcome(qtbot: QtBot, tmp_path: Path) -> None:
    backend = ScriptedBackend([call("ask_user_question", ASK, call_id="q1"), reply("Fine, I will pick.")])
    village, win = setup(qtbot, tmp_path, backend)
    handle = win.send_text("a1", "watch")
    card = await open_card(win)
    qtbot.mouseClick(card.decline_button, Qt.MouseButton.LeftButton)
    outcome = await asyncio.wait_for(handle.wait(), 5)
    assert outcome.text == "Fine, I will pick."
    assert tool_results(backend) == [("q1", "The user declined to answer.", False)]
    await until(lambda: not win.question_area.cards)
    await village.close()


@pytest.mark.asyncio
async def test_stop_withdraws_the_card(qtbot: QtBot, tmp_path: Path) -> None:
    backend = ScriptedBackend([call("ask_user_question", ASK, call_id="q1")])
    village, win = setup(qtbot, tmp_path, backend)
    handle = win.send_text("a1", "watch")
    await open_card(win)
    win.stop_button.click()
    outcome = await asyncio.wait_for(handle.wait(), 5)
    assert outcome.stop == "interrupted"
    await until(lambda: not win.question_area.cards and not win.question_area.isVisible())
    assert len(backend.requests) == 1
    await village.close()


@pytest.mark.asyncio
async def test_closed_window_is_no_longer_an_answerer(qtbot: QtBot, tmp_path: Path) -> None:
    backend = ScriptedBackend([call("ask_user_question", ASK, call_id="q1"), reply("ok")])
    village, win = setup(qtbot, tmp_path, backend)
    assert village.questions.available
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    quits = app.quitOnLastWindowClosed()
    app.setQuitOnLastWindowClosed(False)  # the app's own setting (app/launcher.py)
    try:
        win.close()
    finally:
        app.setQuitOnLastWindowClosed(quits)
    assert not village.questions.available
    await asyncio.wait_for(village.send("a1", "watch").wait(), 5)
    assert tool_results(backend) == [
        ("q1", "tool execution failed: no front end is available to ask the user", True)
    ]
    await village.close()


def test_card_texts_are_translated(qtbot: QtBot, qapp: QApplication) -> None:
    from app.i18n import Translations
    from core.events import QuestionAsked

    card = QuestionCard(QuestionAsked("a1", "t1", "c1", "q-1", "どこ?", ("上",)), "Ava")
    qtbot.addWidget(card)
    tr = Translations(qapp)
    try:
        assert tr.set_language("ja")
        texts = (card.header.text(), card.answer_button.text(), card.decline_button.text())
        assert texts == ("Ava からの質問:", "回答", "断る")
        assert card.text.placeholderText() == "回答を入力"
        assert tr.set_language("zh")
        assert (card.header.text(), card.decline_button.text()) == ("Ava 向你提问：", "拒绝")
    finally:
        tr.uninstall()
    assert card.answer_button.text() == "Answer"
