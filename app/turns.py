"""The turns the window follows: send, stop, pause, resume, and await each outcome.

Per agent at most one running turn (its handle, until its outcome arrives) and at most one paused
turn (its ``ResumePoint``, kept for the person to resume, S02-5). ``ended`` tells the window that an
agent's turn is over, however it ended; the window updates its chat and buttons from that.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QObject, Signal

from core.journal import ResumePoint
from core.stops import Stop
from core.turn import TurnOutcome

from .background import Background, Failure, log_failure
from .contracts import TurnHandleLike, VillageLike


class Turns(QObject):
    ended = Signal(str)  # agent id: its followed turn is over (done, failed, stopped or paused)

    def __init__(
        self, village: VillageLike, failure: Failure = log_failure, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.village = village
        self.failure = failure
        self.handles: dict[str, TurnHandleLike] = {}  # agent id -> its running turn
        self.paused: dict[str, ResumePoint] = {}  # agent id -> its paused turn, until resumed
        self.background = Background(self)

    # ------------------------------------------------------------------ starting and following
    def send(self, agent_id: str, text: str) -> TurnHandleLike:
        return self._follow(self.village.send(agent_id, text))

    def resume(self, agent_id: str) -> TurnHandleLike | None:
        """Continue the agent's paused turn; None when it has none."""
        point = self.paused.pop(agent_id, None)
        if point is None:
            return None
        return self._follow(self.village.resume(point))

    def keep_paused(self, point: ResumePoint) -> None:
        """A turn paused in an earlier session: kept for the person to resume (never on its own)."""
        self.paused[point.agent_id] = point

    def adopt(self, agent_id: str, turn_id: str) -> bool:
        """Follow a running turn the window did not start (resumed at start-up, handed over by
        another agent), so it gets Stop and Pause too; False when there is nothing new to follow."""
        if agent_id in self.handles:
            return False
        handle = next((h for h in self.village.running_turns() if h.turn_id == turn_id), None)
        if handle is None:
            return False
        self._follow(handle)
        return True

    def _follow(self, handle: TurnHandleLike) -> TurnHandleLike:
        self.handles[handle.agent_id] = handle
        self.background.run(
            handle.wait(), success=partial(self._outcome, handle), failure=partial(self._failed, handle)
        )
        return handle

    def _outcome(self, handle: TurnHandleLike, outcome: TurnOutcome) -> None:
        if outcome.stop == Stop.PAUSED and outcome.resume is not None:
            self.paused[handle.agent_id] = outcome.resume
        self._forget(handle)

    def _failed(self, handle: TurnHandleLike, exc: BaseException) -> None:
        self._forget(handle)
        self.failure(exc)

    def _forget(self, handle: TurnHandleLike) -> None:
        if self.handles.get(handle.agent_id) is handle:
            del self.handles[handle.agent_id]
        self.ended.emit(handle.agent_id)

    # ------------------------------------------------------------------ state and control
    def running(self, agent_id: str | None) -> TurnHandleLike | None:
        return self.handles.get(agent_id) if agent_id is not None else None

    def can_pause(self, agent_id: str | None) -> bool:
        handle = self.running(agent_id)
        return handle is not None and not handle.pausing

    def can_resume(self, agent_id: str | None) -> bool:
        return self.running(agent_id) is None and agent_id in self.paused

    def pause(self, agent_id: str | None) -> bool:
        """Pause the agent's running turn at its next step; False when none runs."""
        handle = self.running(agent_id)
        if handle is not None:
            handle.pause()
        return handle is not None

    def stop(self, agent_id: str | None) -> bool:
        """Stop the agent's running turn at its next step (D-5); False when none runs."""
        handle = self.running(agent_id)
        if handle is not None:
            handle.stop()
        return handle is not None

    def stop_all(self) -> None:
        for handle in self.handles.values():
            handle.stop()
