"""The open requests the person is asked to settle (questions, MCP forms), one card each.

Both brokers (``core.questions.Questions``, ``core.elicitation.Elicitations``) work the same way
for a front end: attach as an answerer, show what is pending, take ``…Asked`` events, drop the card
on ``…Settled``, detach when the window closes. ``CardArea`` does that once; a subclass makes its
card and connects the card's replies to the broker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtWidgets import QVBoxLayout, QWidget


class Request(Protocol):
    @property
    def request_id(self) -> str: ...

    @property
    def agent_id(self) -> str: ...


class Broker(Protocol):
    def attach_answerer(self) -> Callable[[], None]: ...

    def pending(self) -> Any: ...  # list of the broker's Asked events

    def decline(self, request_id: str) -> bool: ...


class CardArea(QWidget):
    """The open requests of every agent, oldest first; hidden when there are none."""

    def __init__(
        self,
        broker: Broker | None,
        agent_name: Callable[[str], str] = lambda agent_id: agent_id,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.broker = broker
        self.agent_name = agent_name
        self.cards: dict[str, Any] = {}
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(0, 4, 0, 4)
        self._detach: Callable[[], None] | None = None
        if broker is not None:
            self._detach = broker.attach_answerer()
            for asked in broker.pending():
                self.on_asked(asked)
        self.setVisible(bool(self.cards))

    def make_card(self, e: Any) -> QWidget:
        """The card for request ``e``, its replies connected to the broker."""
        raise NotImplementedError

    def on_asked(self, e: Request) -> None:
        if e.request_id in self.cards:
            return
        card = self.make_card(e)
        self.cards[e.request_id] = card
        self.box.addWidget(card)
        self.setVisible(True)

    def on_settled(self, e: Request) -> None:
        card = self.cards.pop(e.request_id, None)
        if card is not None:
            self.box.removeWidget(card)
            card.deleteLater()
        self.setVisible(bool(self.cards))

    def _declined(self, request_id: str) -> None:
        if self.broker is not None:
            self.broker.decline(request_id)

    def detach(self) -> None:
        """Stop answering (the window closes): the broker withdraws what is still open."""
        if self._detach is not None:
            self._detach()
            self._detach = None
