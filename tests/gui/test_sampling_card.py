"""MCP sampling approval in the window: the card's buttons settle the request through the broker."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTranslator
from pytestqt.qtbot import QtBot

from app.widgets.sampling_card import SamplingArea, SamplingCard
from core.events import EventBus, SampledMessage, SamplingAsked, SamplingSettled
from core.sampling_approvals import SamplingApprovals
from tests.fakes.waits import until

ROOT = Path(__file__).resolve().parents[2]


def asked(request_id: str, agent_id: str = "a1") -> SamplingAsked:
    return SamplingAsked(
        agent_id,
        "notes",
        request_id,
        (SampledMessage("user", "Summarise my notes.", 2), SampledMessage("assistant", "Which ones?")),
        "Be brief.",
        300,
    )


def test_card_shows_who_asks_the_messages_and_the_limit(qtbot: QtBot) -> None:
    card = SamplingCard(asked("s-1"), "Ava")
    qtbot.addWidget(card)
    assert card.header.text() == "Ava: the MCP server notes asks to use this agent's model:"
    assert card.messages.toPlainText() == (
        "System prompt: Be brief.\n\nuser: Summarise my notes. [2 image(s)]\n\nassistant: Which ones?"
    )
    assert card.messages.isReadOnly()
    assert card.limit.text() == "At most 300 tokens"
    sent: list[tuple[str, str]] = []
    card.approved.connect(lambda rid: sent.append(("approved", rid)))
    card.denied.connect(lambda rid: sent.append(("denied", rid)))
    qtbot.mouseClick(card.approve_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(card.deny_button, Qt.MouseButton.LeftButton)  # one reply per card
    assert sent == [("approved", "s-1")]
    assert not card.approve_button.isEnabled() and not card.deny_button.isEnabled()


@pytest.mark.asyncio
async def test_approve_and_deny_buttons_settle_the_request(qtbot: QtBot) -> None:
    bus = EventBus()
    broker = SamplingApprovals(bus)
    area = SamplingArea(broker, lambda agent_id: {"a1": "Ava"}.get(agent_id, agent_id))
    qtbot.addWidget(area)
    settled: list[str] = []

    def show(event: object) -> None:
        if isinstance(event, SamplingAsked):
            area.on_asked(event)
        elif isinstance(event, SamplingSettled):
            settled.append(event.outcome)
            area.on_settled(event)

    bus.subscribe(show)
    area.show()
    for button, expected in (("approve_button", True), ("deny_button", False)):
        request_id = f"s-{button}"
        task = asyncio.ensure_future(broker.ask(asked(request_id)))
        await until(lambda rid=request_id: rid in area.cards)  # type: ignore[misc]
        assert area.isVisible()
        card = area.cards[request_id]
        qtbot.mouseClick(getattr(card, button), Qt.MouseButton.LeftButton)
        assert await task is expected
        assert request_id not in area.cards
    assert settled == ["approved", "denied"]
    assert not area.isVisible()
    area.detach()
    assert not broker.available


def test_card_texts_in_japanese(qtbot: QtBot) -> None:
    translator = QTranslator()
    assert translator.load(str(ROOT / "translations" / "fuseforks_ja.qm"))
    QCoreApplication.installTranslator(translator)
    try:
        card = SamplingCard(asked("s-1"), "Ava")
        qtbot.addWidget(card)
        assert [card.approve_button.text(), card.deny_button.text()] == ["承認", "拒否"]
        assert card.limit.text() == "最大 300 トークン"
    finally:
        QCoreApplication.removeTranslator(translator)
