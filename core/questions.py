"""The question broker: ``ask_user_question`` routed to the front ends over the event bus (S02-8).

A tool call asks through the hook the turn engine puts on ``ToolContext.ask_user``. The broker
publishes ``QuestionAsked`` on the village's bus, waits for a front end to call ``answer`` or
``decline`` with the event's ``request_id`` (from any thread; the result is set on the loop), and
publishes ``QuestionSettled`` exactly once whatever ends the wait: an answer, a decline, the
timeout, a stop of the turn, or the task being cancelled. Every front end closes its prompt on
``QuestionSettled``, so a question answered in one window disappears from the others.

With no front end attached as an answerer, ``hook`` returns ``None``: the tool then reports its
structured "no front end" error instead of waiting for nobody.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from core.builtin_tools import UserAnswer
from core.elicitation import Elicitations
from core.events import EventBus, QuestionAsked, QuestionSettled
from core.log import event as log_event
from core.open_requests import OpenRequests
from core.sampling_approvals import SamplingApprovals

AskHook = Callable[[str, dict[str, Any]], Awaitable[Any]]
StopSignal = Callable[[], Awaitable[object]]


class Questions(OpenRequests[QuestionAsked, UserAnswer]):
    """Open questions of one village. Front ends call ``attach_answerer`` once, then ``answer`` /
    ``decline``; the turn engine calls ``hook`` per tool call. When the last answerer detaches,
    open questions are withdrawn ("cancelled")."""

    def __init__(self, bus: EventBus) -> None:
        super().__init__(bus, prefix="q", withdrawn=UserAnswer("cancelled"))
        # MCP servers' elicitation forms go through the same village bus (core.elicitation)
        self.elicitations = Elicitations(bus)
        # and their requests to use an agent's model (MCP sampling, core.sampling_approvals)
        self.samplings = SamplingApprovals(bus)

    # ------------------------------------------------------------------ front ends
    def answer(self, request_id: str, text: str) -> bool:
        """Answer ``request_id``; ``False`` when it is no longer open. Safe from any thread."""
        return self._settle(request_id, UserAnswer("answered", text))

    def decline(self, request_id: str) -> bool:
        """Decline ``request_id``; ``False`` when it is no longer open. Safe from any thread."""
        return self._settle(request_id, UserAnswer("declined"))

    # ------------------------------------------------------------------ the engine's side
    def hook(
        self, *, agent_id: str, turn_id: str, call_id: str, stopped: StopSignal | None = None
    ) -> AskHook | None:
        """The ``ToolContext.ask_user`` for one tool call, or ``None`` when no front end answers."""
        if not self.available:
            return None

        async def ask_user(_tool: str, payload: dict[str, Any]) -> UserAnswer:
            timeout = payload.get("timeout_s")
            return await self.ask(
                agent_id=agent_id,
                turn_id=turn_id,
                call_id=call_id,
                question=str(payload.get("question", "")),
                options=tuple(str(o) for o in payload.get("options", ())),
                timeout_s=float(timeout) if isinstance(timeout, int | float) else None,
                stopped=stopped,
            )

        return ask_user

    async def ask(
        self,
        *,
        agent_id: str,
        turn_id: str,
        call_id: str,
        question: str,
        options: tuple[str, ...] = (),
        timeout_s: float | None = None,
        stopped: StopSignal | None = None,
    ) -> UserAnswer:
        """Publish the question and wait for its outcome; ``QuestionSettled`` always follows."""
        loop = asyncio.get_running_loop()
        request_id = self._new_id()
        asked = QuestionAsked(agent_id, turn_id, call_id, request_id, question, options)
        future = self._open(request_id, asked)
        stop_task = loop.create_task(_wait(stopped)) if stopped is not None else None
        result = UserAnswer("cancelled")  # what a cancelled task reports
        started = time.monotonic()
        log_event(
            "question asked",
            agent=agent_id,
            turn=turn_id,
            call=call_id,
            request=request_id,
            options=len(options),
            chars=len(question),
        )
        try:
            self.bus.publish(asked)
            waiters: set[asyncio.Future[Any]] = {future}
            if stop_task is not None:
                waiters.add(stop_task)
            await asyncio.wait(waiters, timeout=timeout_s, return_when=asyncio.FIRST_COMPLETED)
            if future.done() and not future.cancelled():
                result = future.result()
            elif stop_task is not None and stop_task.done():
                result = UserAnswer("cancelled")
            else:
                result = UserAnswer("timeout")
            return result
        finally:
            self._close(request_id)
            if stop_task is not None and not stop_task.done():
                stop_task.cancel()
            log_event(
                "question settled",
                agent=agent_id,
                request=request_id,
                outcome=result.outcome,
                ms=int((time.monotonic() - started) * 1000),
            )
            self.bus.publish(
                QuestionSettled(agent_id, turn_id, call_id, request_id, result.outcome, result.text)
            )


async def _wait(stopped: StopSignal) -> None:
    await stopped()
