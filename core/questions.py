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
import itertools
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from core.builtin_tools import UserAnswer
from core.elicitation import Elicitations
from core.events import EventBus, QuestionAsked, QuestionSettled
from core.log import event as log_event

AskHook = Callable[[str, dict[str, Any]], Awaitable[Any]]
StopSignal = Callable[[], Awaitable[object]]


@dataclass
class _Pending:
    asked: QuestionAsked
    future: asyncio.Future[UserAnswer]


class Questions:
    """Open questions of one village. Front ends call ``attach_answerer`` once, then ``answer`` /
    ``decline``; the turn engine calls ``hook`` per tool call."""

    def __init__(self, bus: EventBus) -> None:
        self.bus = bus
        self._answerers = 0
        self._pending: dict[str, _Pending] = {}
        self._ids = itertools.count(1)
        self._stamp = f"{time.time_ns():x}"
        # MCP servers' elicitation forms go through the same village bus (core.elicitation)
        self.elicitations = Elicitations(bus)

    # ------------------------------------------------------------------ front ends
    def attach_answerer(self) -> Callable[[], None]:
        """Declare a front end that shows questions; call the returned function to detach.

        When the last answerer detaches, open questions are withdrawn ("cancelled")."""
        self._answerers += 1
        done = False

        def detach() -> None:
            nonlocal done
            if done:
                return
            done = True
            self._answerers -= 1
            if self._answerers == 0:
                for request_id in list(self._pending):
                    self._settle(request_id, UserAnswer("cancelled"))

        return detach

    @property
    def available(self) -> bool:
        return self._answerers > 0

    def pending(self) -> list[QuestionAsked]:
        """Questions still open, oldest first (for a front end that attaches late)."""
        return [p.asked for p in self._pending.values()]

    def answer(self, request_id: str, text: str) -> bool:
        """Answer ``request_id``; ``False`` when it is no longer open. Safe from any thread."""
        return self._settle(request_id, UserAnswer("answered", text))

    def decline(self, request_id: str) -> bool:
        """Decline ``request_id``; ``False`` when it is no longer open. Safe from any thread."""
        return self._settle(request_id, UserAnswer("declined"))

    def _settle(self, request_id: str, answer: UserAnswer) -> bool:
        pending = self._pending.get(request_id)
        if pending is None or pending.future.done():
            return False
        loop = pending.future.get_loop()
        try:
            here = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        if here is loop:
            _resolve(pending.future, answer)
        else:
            loop.call_soon_threadsafe(_resolve, pending.future, answer)
        return True

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
        request_id = f"q-{self._stamp}-{next(self._ids)}"
        future: asyncio.Future[UserAnswer] = loop.create_future()
        asked = QuestionAsked(agent_id, turn_id, call_id, request_id, question, options)
        self._pending[request_id] = _Pending(asked, future)
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
            del self._pending[request_id]
            if not future.done():
                future.cancel()
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


def _resolve(future: asyncio.Future[UserAnswer], answer: UserAnswer) -> None:
    if not future.done():
        future.set_result(answer)


async def _wait(stopped: StopSignal) -> None:
    await stopped()
