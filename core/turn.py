"""The turn engine: one user request answered by one agent, in rounds.

A round is: model call → the tool calls it asked for (run concurrently, results kept in call
order; one call is ``core.tool_calls.run_call``) → tool results. The engine applies the rules that
need the village language and the whole message list (S70-9 … S70-15, S70-20; the image rules are
written in ``core.image_rules``): images ride on the tool-result message with the fallback
caption, at most 20 tool images per request (newest kept), images live for one turn, the repeat
guard counts (name, arguments, body, image hashes), a 400 on a request carrying tool images strips
them and resends once, and a tool limit or a repeat ends the loop with one summary call without
tool use.

The engine publishes ``core.events`` dataclasses, records progress in a ``TurnJournal`` and
writes the grep-able ``tool:`` / ``turn:`` lines. It never imports Qt.

Control (``TurnControl``): Stop (D-5) ends the turn at its next round boundary, and also cuts a
model call that is in flight (a provider retry wait included): the call is cancelled, nothing of
it enters the history, and the turn ends ``interrupted``. Pause (S02-5) takes effect at the next
boundary, before a model request or before a round's tool calls run (never cutting one that
runs): the pending calls are recorded not executed, the turn ends ``paused`` and its outcome
carries the ``ResumePoint`` to continue from. A call whose ``registered``/``running`` record
could not be written is not executed (S02-3): the model gets the ``tool_not_recorded`` error.

Over 400 lines because the loop, the model calls and the pause/resume boundaries share one
turn's state (messages, rounds, usage, blocked images); what does not (one call's execution,
the image rules, Stop/Pause and the repeat guard, the pairing check of a request, the fitting of
a request into the context budget) lives in ``core.tool_calls``, ``core.image_rules``,
``core.turn_control``, ``core.request_check`` and ``core.context`` / ``core.context_summary``.

Context (issue 14): each request is fitted into the template's budget (``TurnSettings.context``):
earlier turns leave in steps, replaced by one note; ``stable_messages`` names the stable prefix; a
"prompt too long" 400 trims further and resends once, before (and instead of) the S70-15 image
strip, which still follows when there was nothing left to trim.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from core.canonical import ChatMessage, ChatRequest, ChatResponse, Role, ToolCall, Usage, tool_images_in
from core.context_summary import ContextFitter, ContextSetup
from core.events import AssistantMessage, EventBus, TextDelta
from core.image_rules import cap_tool_images
from core.journal import (
    JournalError,
    NullJournal,
    ResumePoint,
    TurnJournal,
    TurnPaused,
)
from core.llm import ModelBackend, ProviderError, ProviderHTTPError, complete_redacted
from core.log import event as log_event
from core.notes import note
from core.questions import Questions
from core.request_check import PairCheck, Paired, pair_tool_messages
from core.stops import Stop
from core.tool import AgentTool, ToolReturn
from core.tool_calls import CallScope, ImageRelay, ToolPipeline, relay_stripped, run_call
from core.turn_control import RepeatGuard, TurnControl


@dataclass
class TurnSettings:
    agent_id: str
    language: str
    system: str = ""
    max_tool_rounds: int = 12
    tools_enabled: bool = True
    reads_images: bool = True  # the template says its model reads images
    image_results: bool = True  # mcp.image_results (S03-1)
    max_tokens: int | None = None
    conversation_id: str = ""  # the conversation the turn belongs to ("": the journal's choice)
    context: ContextSetup | None = None  # the context budget (issue 14); None: the whole history goes
    # an assistant message whose tool calls are the turn's first round, run before any model
    # call (a watch run's frame, WA-12): recorded as the model's round 1, then run like any call
    planned: ChatMessage | None = None
    relay: ImageRelay | None = None  # describes the tool images this model cannot read (WA-35)


@dataclass
class TurnOutcome:
    text: str
    stop: Stop
    usage: Usage
    rounds: int
    messages: list[ChatMessage] = field(default_factory=list)  # this turn's messages, user first
    resume: ResumePoint | None = None  # set when the turn paused: where it continues (S02-5)


class TurnError(Exception):
    """The turn failed; ``outcome`` holds what completed before the failure."""

    def __init__(self, code: str, message: str, outcome: TurnOutcome) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.outcome = outcome


class _Interrupted(Exception):
    """Stop won the race against a model call in flight (D-5)."""


class Turn:
    """One turn. Create, then ``await run()``; ``control.stop()`` interrupts at a boundary."""

    def __init__(
        self,
        *,
        turn_id: str,
        backend: ModelBackend,
        tools: Iterable[AgentTool],
        settings: TurnSettings,
        history: list[ChatMessage],
        user: ChatMessage,
        bus: EventBus | None = None,
        journal: TurnJournal | None = None,
        control: TurnControl | None = None,
        resume: ResumePoint | None = None,
        pipeline: ToolPipeline | None = None,
        questions: Questions | None = None,
    ) -> None:
        self.turn_id = turn_id
        self.pipeline = pipeline
        self.questions = questions  # routes ask_user_question to the front ends (S02-8)
        self.backend = backend
        self.tools = {t.name: t for t in tools} if settings.tools_enabled else {}
        self.s = settings
        self.history = list(history)
        self.user = user
        self.bus = bus or EventBus()
        self.journal: TurnJournal = journal or NullJournal()
        self.control = control or TurnControl()
        self.resume = resume
        self.messages: list[ChatMessage] = []
        self.usage = Usage()
        self.rounds = 0
        self.images_blocked = not settings.reads_images  # S70-15: no more tool images this turn
        self.guard = RepeatGuard()
        self._aborting = False
        self._pause_completed: dict[str, ToolReturn] = {}
        self._begun: asyncio.Future[None] | None = None  # begin_turn in flight (``run``)
        where = (settings.agent_id, turn_id, settings.language, settings.conversation_id, backend.model)
        context, fitter = settings.context, ContextFitter
        self.fitter = None if context is None else fitter(context, *where, self.bus, self._side_call)
        # the history's check is kept by the agent between its turns: each visits the new messages only
        self._history_check = PairCheck() if context is None else context.state.pairs

    # ------------------------------------------------------------------ main loop
    async def run(self) -> TurnOutcome:
        stop = Stop.NONE
        final = ""
        pending: ChatMessage | None = None
        completed: dict[str, ToolReturn] = {}
        if self.resume is not None:
            pending, completed = self._load_resume(self.resume)
        else:
            # the conversation only when known: journals written before conversations take three
            conversation = (self.s.conversation_id,) if self.s.conversation_id else ()
            begin = self._write(
                self.journal.begin_turn, self.turn_id, self.s.agent_id, self.user, *conversation
            )
            # durable while the first request is out; every later record waits for it first (L-9)
            self._begun = asyncio.ensure_future(begin) if self.journal.blocking else None
            if self._begun is None:
                await begin
            if self.s.planned is not None:
                pending = await self._plan(self.s.planned)
        last = self.messages[-1] if self.messages else None
        if last is not None and last.role is Role.ASSISTANT and not last.tool_calls:
            # cut after the final reply was stored: finish with it, never ask the model again
            self._log_turn(stop)
            await self._record(self.journal.end_turn, self.turn_id, stop, last.text, self.usage)
            return self._outcome(last.text, stop)
        try:
            while True:
                if pending is not None:
                    repeat = await self._run_tools(pending, completed)
                    completed = {}
                    pending = None
                    if repeat is not None:
                        stop = Stop.REPEAT
                        log_event(
                            "turn cut", agent=self.s.agent_id, round=self.rounds, reason="repeat", tool=repeat
                        )
                        break
                    if self.rounds >= self.s.max_tool_rounds:
                        stop = Stop.TOOL_LIMIT
                        break
                if self.control.stopping:
                    stop = Stop.INTERRUPTED
                    break
                await self._pause_point([], {})
                self.rounds += 1
                try:
                    response = await self._call_model(summary=False)
                except _Interrupted:
                    self.rounds -= 1  # that round never answered: it is not counted
                    stop = Stop.INTERRUPTED
                    break
                message = response.message
                self.messages.append(message)
                await self._record(
                    self.journal.model_message, self.turn_id, self.rounds, message, response.usage
                )
                self.bus.publish(AssistantMessage(self.s.agent_id, self.turn_id, self.rounds, message.text))
                if not message.tool_calls:
                    final = message.text
                    break
                pending = message
            if stop in (Stop.TOOL_LIMIT, Stop.REPEAT):
                self._aborting = True
                try:
                    if self.control.stopping:  # a Stop before the summary call: no further call
                        raise _Interrupted
                    response = await self._call_model(summary=True)
                except _Interrupted:
                    stop = Stop.INTERRUPTED
                else:
                    message = replace(response.message, tool_calls=[])  # never executed: keep history valid
                    self.messages.append(message)
                    await self._record(
                        self.journal.model_message, self.turn_id, self.rounds + 1, message, response.usage
                    )
                    self.bus.publish(
                        AssistantMessage(self.s.agent_id, self.turn_id, self.rounds + 1, message.text)
                    )
                    final = message.text
        except TurnPaused:
            return self._paused_outcome()
        except ProviderError as exc:
            outcome = self._outcome("", Stop.ERROR)
            self._log_turn(Stop.ERROR)
            log_event("turn failed", f"{exc}", agent=self.s.agent_id, code=exc.code, fatal=False)
            await self._record(self.journal.end_turn, self.turn_id, Stop.ERROR, "", self.usage)
            await self._record(self.journal.turn_failed, self.turn_id, exc.code, str(exc))
            raise TurnError(exc.code, str(exc), outcome) from exc
        if stop == Stop.INTERRUPTED:
            elapsed = 0
            if self.control.requested_at is not None:
                elapsed = int((time.monotonic() - self.control.requested_at) * 1000)
            log_event(
                "turn interrupted",
                agent=self.s.agent_id,
                rounds=self.rounds,
                elapsed_ms=elapsed,
                model=self.backend.model,
            )
            final = note("interrupted", self.s.language, agent=self.s.agent_id)
        self._log_turn(stop)
        await self._record(self.journal.end_turn, self.turn_id, stop, final, self.usage)
        return self._outcome(final, stop)

    async def _plan(self, planned: ChatMessage) -> ChatMessage:
        """The planned first round (WA-12): stored as the model's round 1 with no usage, so a
        resumed turn finds its calls as it finds any round's."""
        self.messages.append(planned)
        self.rounds = 1
        await self._record(self.journal.model_message, self.turn_id, 1, planned, Usage())
        return planned

    async def _record(self, write: Callable[..., None], *args: Any) -> None:
        """One journal write, after the turn's begin. A journal that blocks on the disk
        (``blocking = True``: SQLite commits with fsync, blob files) runs in a worker thread so
        the UI loop is not held; either way the turn waits for it, so each
        record is durable before the next step (S02-3). A write that failed is published as a
        ``StoreProblem`` (the person is told the turn is not saved)."""
        begun, self._begun = self._begun, None
        if begun is not None:
            await begun
        await self._write(write, *args)

    async def _write(self, write: Callable[..., None], *args: Any) -> None:
        try:
            if self.journal.blocking:
                await asyncio.to_thread(write, *args)
            else:
                write(*args)
        finally:
            for problem in self.journal.take_problems():
                self.bus.publish(problem)

    def _outcome(self, text: str, stop: Stop) -> TurnOutcome:
        return TurnOutcome(text, stop, self.usage, self.rounds, [self.user, *self.messages])

    async def _pause_point(self, pending: list[ToolCall], completed: dict[str, ToolReturn]) -> None:
        """A boundary (S02-5): when a pause was requested, ``pending`` is recorded not executed,
        the turn ends ``paused`` and ``TurnPaused`` is raised (``PauseGate.check``)."""
        if not self.control.pausing:
            return
        self._pause_completed = dict(completed)
        text = note("paused", self.s.language, agent=self.s.agent_id)
        check = partial(self.control.gate.check, text=text, usage=self.usage)
        await self._record(check, self.journal, self.turn_id, pending)

    def _paused_outcome(self) -> TurnOutcome:
        self._log_turn(Stop.PAUSED)
        outcome = self._outcome(note("paused", self.s.language, agent=self.s.agent_id), Stop.PAUSED)
        outcome.resume = ResumePoint(
            self.turn_id,
            self.s.agent_id,
            self.user,
            list(self.messages),
            dict(self._pause_completed),
            self.rounds,
            self.usage,
            paused=True,
            conversation_id=self.s.conversation_id,
        )
        return outcome

    def _log_turn(self, stop: Stop) -> None:
        u = self.usage
        log_event(
            "turn",
            agent=self.s.agent_id,
            backend=self.backend.backend,
            stop=stop,
            input=u.input,
            output=u.output,
            cache_read=u.cache_read,
            cache_write=u.cache_write,
            rounds=f"{self.rounds}/{self.s.max_tool_rounds}",
            model=self.backend.model,
        )

    def _load_resume(self, point: ResumePoint) -> tuple[ChatMessage | None, dict[str, ToolReturn]]:
        """Continue a cut turn after its last completed operation (S02-3, S02-5)."""
        self.messages = list(point.messages)
        self.usage = point.usage
        self.rounds = point.rounds_done
        for i in range(len(self.messages) - 1, -1, -1):
            m = self.messages[i]
            if m.role is Role.ASSISTANT:
                answered = {x.tool_call_id for x in self.messages[i + 1 :] if x.role is Role.TOOL}
                if m.tool_calls and not all(c.id in answered for c in m.tool_calls):
                    del self.messages[i + 1 :]  # rebuilt in call order; completed ones are reused
                    return m, dict(point.completed)
                break
        return None, {}

    # ------------------------------------------------------------------ model calls
    def _system(self, summary: bool) -> str:
        system = self.s.system
        if summary:
            key = "tool_limit_summary" if self.rounds >= self.s.max_tool_rounds else "repeat_summary"
            sentence = note(key, self.s.language, limit=self.s.max_tool_rounds)
            system = f"{system}\n\n{sentence}" if system else sentence
        return system

    def _request(self, summary: bool) -> ChatRequest:
        """The request for the current state, fitted into the context budget (issue 14,
        ``core.context``); changes nothing (the cap is ``_cap_images``, the cut ``_fit``)."""
        system, tools = self._system(summary), [t.spec() for t in self.tools.values()]
        current = [self.user, *self.messages]
        messages, stable = [*self.history, *current], len(self.history)
        if self.fitter is not None:
            messages, stable = self.fitter.messages(self.history, current, system, tools)
        return ChatRequest(
            model=self.backend.model,
            system=system,
            messages=messages,
            tools=tools,
            max_tokens=self.s.max_tokens,
            tool_choice="none" if summary else "auto",
            stable_messages=stable,
        )

    async def _fit(self, summary: bool, exc: ProviderHTTPError | None = None) -> bool:
        """Issue 14: move the cut when the request is over its budget (with ``exc``, a provider's
        "prompt too long": one bigger step); False when there was nothing to trim."""
        if self.fitter is None or (exc is not None and self.control.stopping):
            return False
        tools = [t.spec() for t in self.tools.values()]
        current = [self.user, *self.messages]
        return await self.fitter.prepare(self.history, current, self._system(summary), tools, exc)

    async def _side_call(self, request: ChatRequest) -> ChatResponse:
        """A call beside the rounds (the summary of left-out turns): raced against Stop, counted."""
        response = await self._complete(request, lambda _delta: None)
        self.usage = self.usage + response.usage
        return response

    async def _call_model(self, *, summary: bool) -> ChatResponse:
        self._cap_images()
        self._pair_tool_messages()
        await self._fit(summary)
        request = self._request(summary)

        def on_text(delta: str) -> None:
            self.bus.publish(TextDelta(self.s.agent_id, self.turn_id, delta))

        try:
            response = await self._complete(request, on_text)
        except ProviderHTTPError as exc:
            if await self._fit(summary, exc):  # "prompt too long": trimmed further, resent once
                response = await self._complete(self._request(summary), on_text)
            elif exc.status != 400 or tool_images_in(self.messages) == 0 or self.control.stopping:
                raise
            else:  # S70-15: strip every tool image, say so in those results, resend once.
                response = await self._without_images(summary, on_text)
        self.usage = self.usage + response.usage
        self._log_round(self.rounds + 1 if summary else self.rounds, response.usage)
        return response

    def _log_round(self, number: int, u: Usage) -> None:
        """AC-6: one model call's usage, so a reader can see what the tool result of round 1 added to
        round 2's prompt (``core.acceptance``); a summary call is the round after the last one."""
        log_event(
            "round",
            agent=self.s.agent_id,
            round=number,
            input=u.input,
            output=u.output,
            cache_read=u.cache_read,
            cache_write=u.cache_write,
        )

    async def _without_images(self, summary: bool, on_text: Callable[[str], None]) -> ChatResponse:
        self.messages, removed = await relay_stripped(self.s.relay, self.messages, self.s.language)
        self.images_blocked = True

        def fallback(outcome: str) -> None:
            log_event(
                "tool image fallback",
                agent=self.s.agent_id,
                model=self.backend.model,
                removed=removed,
                outcome=outcome,
            )

        try:
            response = await self._complete(self._request(summary), on_text)
        except ProviderError:
            fallback("error")
            raise
        fallback("ok")
        return response

    async def _complete(self, request: ChatRequest, on_text: Callable[[str], None]) -> ChatResponse:
        """One backend call raced against Stop (D-5): when Stop wins, the call (and any retry
        wait inside it) is cancelled and ``_Interrupted`` is raised."""
        call = asyncio.ensure_future(complete_redacted(self.backend, request, on_text))
        stopper = asyncio.ensure_future(self.control.wait())
        try:
            await asyncio.wait({call, stopper}, return_when=asyncio.FIRST_COMPLETED)
        finally:  # also when this turn itself is cancelled
            for task in (stopper, call) if not call.done() else (stopper,):
                task.cancel()
            await asyncio.gather(stopper, call, return_exceptions=True)
        if call.cancelled():
            raise _Interrupted
        return call.result()

    def _cap_images(self) -> None:
        """S70-12 before each request. A cap is a step of the turn: an image removed stays removed
        for the rest of the turn, so the line counts the images this request removed."""
        self.messages, removed = cap_tool_images(self.messages, self.s.language)
        if removed:
            log_event("tool image capped", agent=self.s.agent_id, removed=removed)

    def _pair_tool_messages(self) -> None:
        """The invariant before each request: tool calls and results pair up (a request that breaks
        it is refused by the provider, turn after turn). A broken pair is repaired, never sent: a
        result that answers no call is dropped, an unanswered call gets an interrupted result."""
        self.history = self._paired(self.history, "history", self._history_check.check)
        self.messages = self._paired(self.messages, "messages", pair_tool_messages)

    def _paired(
        self, messages: list[ChatMessage], part: str, check: Callable[[list[ChatMessage], str], Paired]
    ) -> list[ChatMessage]:
        paired = check(messages, self.s.language)
        if not paired.repaired:
            return messages
        log_event(
            "request repaired",
            agent=self.s.agent_id,
            part=part,
            dropped=len(paired.dropped),
            added=len(paired.added),
        )
        return paired.messages

    # ------------------------------------------------------------------ tools
    async def _run_tools(self, assistant: ChatMessage, completed: dict[str, ToolReturn]) -> str | None:
        """Run one round's calls concurrently; append results in call order.

        Returns the name of the tool whose result repeated for the third time, if any."""
        calls = assistant.tool_calls
        unrecorded: set[str] = set()
        for call in calls:
            if call.id not in completed:
                try:
                    await self._record(self.journal.tool_registered, self.turn_id, self.rounds, call)
                except JournalError:
                    unrecorded.add(call.id)  # never executed (S02-3)
        await self._pause_point([c for c in calls if c.id not in completed], completed)
        scope = self._call_scope()
        results = await asyncio.gather(
            *(run_call(scope, c, completed.get(c.id), c.id in unrecorded) for c in calls)
        )
        repeated: str | None = None
        for call, (ret, message) in zip(calls, results, strict=True):
            self.messages.append(message)
            count = self.guard.observe(
                call.name, call.arguments, ret.output.text, [img.sha256 for img in ret.output.images]
            )
            if self.guard.tripped(count) and repeated is None:
                repeated = call.name
        return repeated

    def _call_scope(self) -> CallScope:
        return CallScope(
            agent_id=self.s.agent_id,
            language=self.s.language,
            turn_id=self.turn_id,
            round=self.rounds,
            image_results=self.s.image_results,
            images_blocked=self.images_blocked,
            tools=self.tools,
            bus=self.bus,
            journal=self.journal,
            record=self._record,
            pipeline=self.pipeline,
            questions=self.questions,
            stopped=self.control.wait,
            relay=self.s.relay,
        )
