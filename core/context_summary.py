"""A turn's context fitting at run time (issue 14): the cut of ``core.context`` applied to every
model request, with its log lines, its ``ContextMeasured`` event, the "prompt too long" step and
the opt-in summary of the left-out turns.

``ContextSetup`` is what the village gives a turn (``TurnSettings.context``): the template's
budget, the route's image calculator, the agent's ``ContextState`` (kept between its turns),
whether the agent wants summaries (``summarize_earlier``) and where they are stored.

The summary (``summarize_earlier``): when turns are left out, one call to the agent's model,
without tools, writes a summary of them (``context_summary_system`` in the village language,
the left-out turns as a transcript, the newest part when they are long); it goes with the
omitted-turns note. It is stored by conversation and range (``core.store.summaries``) and reused
while the same turns are left out; a new one is written only when a later trim step leaves more
out. A failed call leaves the note without a summary (a ``context summary:`` line,
``outcome=failed``) and the turn goes on; that range is not tried again by this agent's state.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from core.canonical import ChatMessage, ChatRequest, ChatResponse, Role, ToolSpec
from core.config import Agent, Template
from core.context import (
    Budget,
    ContextState,
    Fitted,
    ImageTokens,
    budget_of,
    fit,
    range_key,
    squeezed_target,
    too_long,
)
from core.events import ContextMeasured, EventBus
from core.llm import ProviderError, ProviderHTTPError, context_window, image_pricing
from core.log import event as log_event
from core.notes import note
from core.pricing import estimate_tokens, suffix_within

SUMMARY_TOKENS = 1024  # the most tokens a summary may have (and the room kept for it)
TRANSCRIPT_SHARE = 0.5  # the summary request carries at most this share of the budget


class SummaryStore(Protocol):
    """Where summaries are kept (``core.store.Store`` has these)."""

    def summary(self, conversation_id: str, key: str) -> str | None: ...

    def save_summary(self, conversation_id: str, agent_id: str, key: str, turns: int, text: str) -> None: ...


@dataclass
class ContextSetup:
    budget: Budget
    state: ContextState
    image_tokens: ImageTokens | None = None
    summarize: bool = False
    summaries: SummaryStore | None = None

    @classmethod
    def of(
        cls, template: Template, agent: Agent, state: ContextState, summaries: SummaryStore | None
    ) -> ContextSetup:
        """An agent's setup: the template's ``context_tokens`` or its documented window."""
        window = template.context_tokens or context_window(template.protocol, template.model)
        budget = budget_of(window, template.max_output_tokens)
        return cls(budget, state, image_pricing(template), agent.summarize_earlier, summaries)

    @property
    def reserve(self) -> int:
        return min(SUMMARY_TOKENS, self.budget.input // 10) if self.summarize else 0


Complete = Callable[[ChatRequest], Awaitable[ChatResponse]]


def transcript(messages: Sequence[ChatMessage], tokens: int) -> str:
    """The left-out turns as plain text for the summary call, its newest part within ``tokens``."""
    lines: list[str] = []
    for m in messages:
        label = f"tool {m.tool_name}" if m.role is Role.TOOL else str(m.role)
        text = m.text
        if m.tool_calls:
            calls = ", ".join(
                f"{c.name}({json.dumps(c.arguments, ensure_ascii=False)})" for c in m.tool_calls
            )
            text = f"{text}\n→ {calls}" if text else f"→ {calls}"
        lines.append(f"[{label}] {text}")
    whole = "\n\n".join(lines)
    keep = suffix_within(whole, tokens * 4)
    return whole[len(whole) - keep :]


class ContextFitter:
    """One turn's fitting. ``messages`` (sync) gives a request's messages and stable prefix under
    the current cut; ``prepare`` (before each model call) moves the cut when needed, writes the
    summary, logs and publishes; ``too_long`` reads a provider's "prompt too long"."""

    def __init__(
        self,
        setup: ContextSetup,
        agent_id: str,
        turn_id: str,
        language: str,
        conversation_id: str,
        model: str,
        bus: EventBus,
        complete: Complete,
    ) -> None:
        self.setup = setup
        self.agent_id = agent_id
        self.turn_id = turn_id
        self.language = language
        self.conversation_id = conversation_id
        self.model = model
        self.bus = bus
        self.complete = complete
        self.last: Fitted | None = None
        # what ``last`` was fitted from by ``prepare``: the request built next reuses it
        self._fitted_from: tuple[Sequence[ChatMessage], int, list[ChatMessage], str] | None = None
        self._keyed: tuple[ChatMessage | None, str] = (None, "")  # (cut, its range key)

    def fitted(
        self,
        history: Sequence[ChatMessage],
        current: Sequence[ChatMessage],
        system: str,
        tools: Sequence[ToolSpec],
        target: int | None = None,
    ) -> Fitted:
        s = self.setup
        f = fit(
            history,
            current,
            system=system,
            tools=tools,
            budget=s.budget,
            language=self.language,
            state=s.state,
            image_tokens=s.image_tokens,
            summary_reserve=s.reserve,
            target=target,
        )
        if f.omitted and s.summarize and s.state.summary_key == self._key(f):
            f = f.with_summary(s.state.summary, self.language, s.state)
        return f

    def messages(
        self,
        history: Sequence[ChatMessage],
        current: Sequence[ChatMessage],
        system: str,
        tools: Sequence[ToolSpec],
    ) -> tuple[list[ChatMessage], int]:
        if not self._prepared_for(history, current, system):  # e.g. the images stripped since
            self.last, self._fitted_from = self.fitted(history, current, system, tools), None
        assert self.last is not None
        return self.last.messages, self.last.stable

    def _prepared_for(
        self, history: Sequence[ChatMessage], current: Sequence[ChatMessage], system: str
    ) -> bool:
        """Whether ``prepare`` just fitted these very messages (the same objects): fitting them
        again would give the same request, at the cost of pricing the turn again."""
        done = self._fitted_from
        if done is None or self.last is None:
            return False
        past, size, now, text = done
        return (
            past is history
            and size == len(history)
            and text == system
            and len(now) == len(current)
            and all(a is b for a, b in zip(now, current, strict=True))
        )

    async def prepare(
        self,
        history: Sequence[ChatMessage],
        current: Sequence[ChatMessage],
        system: str,
        tools: Sequence[ToolSpec],
        exc: ProviderHTTPError | None = None,
    ) -> bool:
        """Fit before a model call. After ``exc``: when it says the prompt is too long, one
        bigger step; False when it does not, or no earlier turn is left to leave out (then
        nothing is sent again)."""
        target, answer = None, None
        if exc is not None:
            answer = too_long(exc.status, exc.provider_code, exc.message)
            if answer is None:
                return False
            last = self.last or self.fitted(history, current, system, tools)
            target = squeezed_target(last, answer)
        f = self.fitted(history, current, system, tools, target)
        if answer is not None:
            log_event(
                "context too long",
                agent=self.agent_id,
                model=self.model,
                said=answer.said if answer.said is not None else "-",
                limit=answer.limit if answer.limit is not None else "-",
                omitted=f.omitted,
                tokens=f.tokens,
                outcome="trimmed" if f.stepped else "nothing_left",
            )
            if not f.stepped:
                return False
        elif f.stepped:
            log_event(
                "context trimmed",
                agent=self.agent_id,
                omitted=f.omitted,
                kept=f.whole + f.text - 1,
                tokens=f.tokens,
                budget=f.budget,
            )
        if f.omitted and self.setup.summarize and self.setup.state.summary_key != self._key(f):
            await self._summarize(f)
            f = self.fitted(history, current, system, tools)
        self.last, self._fitted_from = f, (history, len(history), list(current), system)
        self.bus.publish(ContextMeasured(self.agent_id, self.turn_id, f.tokens, f.budget, f.omitted))
        return True

    def _key(self, f: Fitted) -> str:
        cut = self.setup.state.last_omitted
        if self._keyed[0] is not cut or not self._keyed[1]:
            self._keyed = (cut, range_key(f.left_out))
        return self._keyed[1]

    async def _summarize(self, f: Fitted) -> None:
        state, store, key = self.setup.state, self.setup.summaries, self._key(f)
        if key == state.failed_key:
            return
        where = self.conversation_id if store is not None and self.conversation_id else ""
        if where and store is not None:
            stored = await asyncio.to_thread(store.summary, where, key)
            if stored:
                state.summary_key, state.summary = key, stored
                log_event("context summary", agent=self.agent_id, turns=f.omitted, outcome="reused")
                return
        limit = int(self.setup.budget.input * TRANSCRIPT_SHARE)
        request = ChatRequest(
            model=self.model,
            system=note("context_summary_system", self.language),
            messages=[ChatMessage(Role.USER, transcript(f.left_out, limit))],
            tools=[],
            max_tokens=self.setup.reserve,
        )
        try:
            response = await self.complete(request)
        except ProviderError as exc:
            state.failed_key = key
            log_event(
                "context summary", agent=self.agent_id, turns=f.omitted, outcome="failed", error=exc.code
            )
            return
        text = response.message.text.strip()
        if not text:
            state.failed_key = key
            log_event(
                "context summary", agent=self.agent_id, turns=f.omitted, outcome="failed", error="empty"
            )
            return
        state.summary_key, state.summary = key, text
        saved = "-"
        if where and store is not None:
            try:
                await asyncio.to_thread(store.save_summary, where, self.agent_id, key, f.omitted, text)
                saved = "yes"
            except Exception as exc:  # a store that cannot write: the summary still serves this session
                saved = type(exc).__name__
        log_event(
            "context summary",
            agent=self.agent_id,
            turns=f.omitted,
            outcome="written",
            tokens=estimate_tokens(text),
            saved=saved,
        )
