"""The shape of the core runtime the window drives (``core.village.Village``).

The window depends on this protocol rather than the concrete class, so widgets and tests can run
against any object of the same shape.
"""

from __future__ import annotations

from typing import Protocol

from core.config import Config
from core.events import EventBus
from core.journal import ResumePoint
from core.village import AgentState, AgentStatus, BackendFactory, TurnHandle

RUNNING = AgentState.RUNNING.value
IDLE = AgentState.IDLE.value
ERROR = AgentState.ERROR.value

AgentStatusLike = AgentStatus
TurnHandleLike = TurnHandle

__all__ = ["ERROR", "IDLE", "RUNNING", "AgentStatusLike", "BackendFactory", "TurnHandleLike", "VillageLike"]


class VillageLike(Protocol):
    bus: EventBus
    config: Config

    async def start(self) -> None: ...

    async def close(self) -> None: ...

    def send(self, agent_id: str, text: str) -> TurnHandle: ...

    def resume(self, point: ResumePoint) -> TurnHandle: ...

    def running_turns(self) -> list[TurnHandle]: ...

    def statuses(self) -> list[AgentStatus]: ...

    async def apply_config(self, config: Config) -> None: ...
