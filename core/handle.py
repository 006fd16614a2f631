"""A running turn as a front end holds it: stop, pause, await its outcome."""

from __future__ import annotations

import asyncio

from core.log import event as log_event
from core.turn import TurnOutcome
from core.turn_control import TurnControl


class TurnHandle:
    def __init__(self, turn_id: str, agent_id: str, control: TurnControl) -> None:
        self.turn_id = turn_id
        self.agent_id = agent_id
        self._control = control
        self.task: asyncio.Task[TurnOutcome] | None = None

    def stop(self) -> None:
        """Cooperative: the turn ends at its next round boundary (D-5)."""
        if not self._control.stopping:
            log_event("interrupt requested", agent=self.agent_id, turn=self.turn_id)
        self._control.stop()

    def pause(self) -> None:
        """The turn ends resumable at its next boundary (before a model request or before a
        round's tool calls run); its pending calls are kept, not executed. The outcome (and the
        store) carries the ``ResumePoint`` for ``Village.resume`` (S02-5)."""
        if not self._control.pausing and not self.done():
            log_event("pause requested", agent=self.agent_id, turn=self.turn_id)
        self._control.pause()

    @property
    def stopping(self) -> bool:
        return self._control.stopping

    @property
    def pausing(self) -> bool:
        return self._control.pausing

    async def wait(self) -> TurnOutcome:
        assert self.task is not None
        return await asyncio.shield(self.task)

    def done(self) -> bool:
        return self.task is not None and self.task.done()
