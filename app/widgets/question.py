"""Questions an agent asks the person (``ask_user_question``, S02-8), shown as cards in the chat column.

``QuestionArea`` attaches to the village's question broker as an answerer (so the tool is offered a
front end at all), shows a ``QuestionCard`` for every ``QuestionAsked`` and removes it on
``QuestionSettled``, whoever settled it (this window, another front end, a timeout or Stop).
Answering and declining go back through the broker; nothing here waits or blocks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core.events import QuestionAsked

from .card_area import CardArea


class QuestionBroker(Protocol):
    """The part of ``core.questions.Questions`` a front end uses."""

    def attach_answerer(self) -> Callable[[], None]: ...

    def pending(self) -> list[QuestionAsked]: ...

    def answer(self, request_id: str, text: str) -> bool: ...

    def decline(self, request_id: str) -> bool: ...


class QuestionCard(QFrame):
    """One open question: its text, a button per option, a free-text answer, Answer and Decline."""

    answered = Signal(str, str)  # request id, answer text
    declined = Signal(str)  # request id

    def __init__(self, asked: QuestionAsked, agent_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.asked = asked
        self.agent_name = agent_name
        self.setObjectName("questionCard")
        self.header = QLabel()
        self.header.setObjectName("questionHeader")
        self.question = QLabel(asked.question)
        self.question.setObjectName("questionText")
        self.question.setWordWrap(True)
        self.question.setTextFormat(Qt.TextFormat.PlainText)
        self.question.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.option_buttons: list[QPushButton] = []
        options = QHBoxLayout()
        for option in asked.options:
            button = QPushButton(option)
            button.setObjectName("questionOption")
            button.clicked.connect(lambda _=False, text=option: self._answer(text))
            self.option_buttons.append(button)
            options.addWidget(button)
        options.addStretch(1)
        self.text = QLineEdit()
        self.text.setObjectName("questionAnswer")
        self.text.returnPressed.connect(lambda: self._answer(self.text.text()))
        self.text.textChanged.connect(self._sync)
        self.answer_button = QPushButton()
        self.answer_button.setObjectName("questionAnswerButton")
        self.answer_button.clicked.connect(lambda: self._answer(self.text.text()))
        self.decline_button = QPushButton()
        self.decline_button.setObjectName("questionDeclineButton")
        self.decline_button.clicked.connect(self._decline)
        row = QHBoxLayout()
        row.addWidget(self.text, 1)
        row.addWidget(self.answer_button)
        row.addWidget(self.decline_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.addWidget(self.header)
        layout.addWidget(self.question)
        if self.option_buttons:
            layout.addLayout(options)
        layout.addLayout(row)
        self.sent = False
        self.retranslate()
        self._sync()

    def retranslate(self) -> None:
        self.header.setText(self.tr("{agent} asks you:").format(agent=self.agent_name))
        self.text.setPlaceholderText(self.tr("Type your answer"))
        self.answer_button.setText(self.tr("Answer"))
        self.decline_button.setText(self.tr("Decline"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _sync(self) -> None:
        self.answer_button.setEnabled(not self.sent and bool(self.text.text().strip()))

    def _lock(self) -> None:
        """One reply per card: a second click must not answer twice."""
        self.sent = True
        for w in (*self.option_buttons, self.text, self.answer_button, self.decline_button):
            w.setEnabled(False)

    def _answer(self, text: str) -> None:
        if self.sent or not text.strip():
            return
        self._lock()
        self.answered.emit(self.asked.request_id, text)

    def _decline(self) -> None:
        if self.sent:
            return
        self._lock()
        self.declined.emit(self.asked.request_id)


class QuestionArea(CardArea):
    """The open questions of every agent, oldest first; hidden when there are none."""

    broker: QuestionBroker | None

    def __init__(
        self,
        broker: QuestionBroker | None,
        agent_name: Callable[[str], str] = lambda agent_id: agent_id,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(broker, agent_name, parent)
        self.setObjectName("questionArea")

    def make_card(self, e: QuestionAsked) -> QuestionCard:
        card = QuestionCard(e, self.agent_name(e.agent_id))
        card.answered.connect(self._answered)
        card.declined.connect(self._declined)
        return card

    def _answered(self, request_id: str, text: str) -> None:
        if self.broker is not None:
            self.broker.answer(request_id, text)
