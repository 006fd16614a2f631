"""Requests of MCP servers to use an agent's model (sampling), shown as cards in the chat column.

``SamplingArea`` attaches to the village's sampling broker (``core.sampling_approvals``) as an
answerer (without one every request is denied), shows a ``SamplingCard`` for every
``SamplingAsked`` and removes it on ``SamplingSettled``, whoever settled it. A card says who asks,
shows the messages (role, text, how many images) and the system prompt read-only, names the
token limit, and has Approve and Deny; one reply per card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from core.events import SamplingAsked

from .card_area import CardArea


class SamplingBroker(Protocol):
    """The part of ``core.sampling_approvals.SamplingApprovals`` a front end uses."""

    def attach_answerer(self) -> Callable[[], None]: ...

    def pending(self) -> list[SamplingAsked]: ...

    def approve(self, request_id: str) -> bool: ...

    def decline(self, request_id: str) -> bool: ...


class SamplingCard(QFrame):
    """One open sampling request: who asks, the messages, the token limit, Approve and Deny."""

    approved = Signal(str)  # request id
    denied = Signal(str)  # request id

    def __init__(self, asked: SamplingAsked, agent_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.asked = asked
        self.agent_name = agent_name
        self.setObjectName("samplingCard")
        self.header = QLabel()
        self.header.setObjectName("samplingHeader")
        self.header.setWordWrap(True)
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        self.messages = QPlainTextEdit()
        self.messages.setObjectName("samplingMessages")
        self.messages.setReadOnly(True)
        self.messages.setMaximumHeight(140)
        self.limit = QLabel()
        self.limit.setObjectName("samplingLimit")
        self.approve_button = QPushButton()
        self.approve_button.setObjectName("samplingApproveButton")
        self.approve_button.clicked.connect(lambda: self._reply(True))
        self.deny_button = QPushButton()
        self.deny_button.setObjectName("samplingDenyButton")
        self.deny_button.clicked.connect(lambda: self._reply(False))
        row = QHBoxLayout()
        row.addWidget(self.limit, 1)
        row.addWidget(self.approve_button)
        row.addWidget(self.deny_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.addWidget(self.header)
        layout.addWidget(self.messages)
        layout.addLayout(row)
        self.sent = False
        self.retranslate()

    def retranslate(self) -> None:
        self.header.setText(
            self.tr("{agent}: the MCP server {server} asks to use this agent's model:").format(
                agent=self.agent_name, server=self.asked.server
            )
        )
        self.messages.setPlainText(self.transcript())
        self.limit.setText(self.tr("At most {tokens} tokens").format(tokens=self.asked.max_tokens))
        self.approve_button.setText(self.tr("Approve"))
        self.deny_button.setText(self.tr("Deny"))

    def transcript(self) -> str:
        """The request as the person reads it: the system prompt, then each message."""
        roles = {"user": self.tr("user"), "assistant": self.tr("assistant")}
        parts = []
        if self.asked.system_prompt:
            parts.append(self.tr("System prompt: {text}").format(text=self.asked.system_prompt))
        for m in self.asked.messages:
            text = f"{roles.get(m.role, m.role)}: {m.text}"
            if m.images:
                text += " " + self.tr("[{count} image(s)]").format(count=m.images)
            parts.append(text)
        return "\n\n".join(parts)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _reply(self, approve: bool) -> None:
        if self.sent:  # one reply per card: a second click must not answer twice
            return
        self.sent = True
        self.approve_button.setEnabled(False)
        self.deny_button.setEnabled(False)
        (self.approved if approve else self.denied).emit(self.asked.request_id)


class SamplingArea(CardArea):
    """The open sampling requests of every agent's servers, oldest first; hidden when there are none."""

    broker: SamplingBroker | None

    def __init__(
        self,
        broker: SamplingBroker | None,
        agent_name: Callable[[str], str] = lambda agent_id: agent_id,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(broker, agent_name, parent)
        self.setObjectName("samplingArea")

    def make_card(self, e: SamplingAsked) -> SamplingCard:
        card = SamplingCard(e, self.agent_name(e.agent_id))
        card.approved.connect(self._approved)
        card.denied.connect(self._declined)
        return card

    def _approved(self, request_id: str) -> None:
        if self.broker is not None:
            self.broker.approve(request_id)
