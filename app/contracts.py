"""The shape of the core runtime the window drives (``core.village.Village``).

The window depends on these protocols rather than the concrete classes, so widgets and tests can
run against any object of the same shape; mypy proves the real ones fit where the launcher hands a
``Village`` over as ``VillageLike``. The watches (issue 15) are ``core.watch.ports.WatchesLike``,
re-exported here: the window drives the service only through it (``app.watch_pane``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from core.config import Config
from core.events import EventBus
from core.journal import ResumePoint
from core.turn import TurnOutcome
from core.village import AgentStatus, BackendFactory
from core.watch.ports import WatchesLike

from .widgets.elicitation import ElicitationBroker
from .widgets.question import QuestionBroker
from .widgets.sampling_card import SamplingBroker

__all__ = [
    "BackendFactory",
    "QuestionsLike",
    "TurnHandleLike",
    "VillageLike",
    "WatchesLike",
]


class QuestionsLike(QuestionBroker, Protocol):
    """The village's question broker (S02-8) and, beside it, the MCP servers' form broker."""

    @property
    def elicitations(self) -> ElicitationBroker: ...

    @property
    def samplings(self) -> SamplingBroker: ...


class TurnHandleLike(Protocol):
    """A running turn (``core.handle.TurnHandle``)."""

    @property
    def turn_id(self) -> str: ...

    @property
    def agent_id(self) -> str: ...

    @property
    def stopping(self) -> bool: ...

    @property
    def pausing(self) -> bool: ...

    def stop(self) -> None: ...

    def pause(self) -> None: ...

    async def wait(self) -> TurnOutcome: ...

    def done(self) -> bool: ...


class VillageLike(Protocol):
    bus: EventBus
    config: Config

    @property
    def questions(self) -> QuestionsLike: ...

    async def start(self) -> None: ...

    async def close(self) -> None: ...

    def send(self, agent_id: str, text: str) -> TurnHandleLike: ...

    def resume(self, point: ResumePoint) -> TurnHandleLike: ...

    def running_turns(self) -> Sequence[TurnHandleLike]: ...

    def statuses(self) -> list[AgentStatus]: ...

    async def apply_config(self, config: Config) -> None: ...
