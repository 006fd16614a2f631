"""Fitting a model request into the template's context budget (issue 14). Pure: no I/O, no logging.

The budget (``Budget``) is the template's ``context_tokens``, else the documented window of its
protocol and model family (``core.llm.context_window``), less the room of the answer
(``max_output_tokens``) and a safety margin. The estimate uses the wire's own counting: the text
estimator (``core.pricing``) and the route's image calculator (``core.llm.image_pricing``).

What ``fit`` does, in order:

* the current turn goes whole (its tool images are already capped, S70-12);
* the earlier turns go as they are in the history: as text, their tool images stripped when
  they joined it (S70-13, ``core.image_rules.strip_turn_images``); a person's own pictures stay;
* when that does not fit, the oldest turns leave the request, replaced by one note in the village
  language ("N earlier turns were left out", with the summary when there is one). The note opens
  the first kept turn's user message, so the request still starts with a user message and no
  tool call loses its result (``core.request_check``).

Turns leave in steps: when the request is over the budget, enough turns go to bring it down to
``TARGET_SHARE`` of the budget, and that cut stays (``ContextState``) until the request is over
the budget again. So the request's prefix (the kept earlier turns and the note) is byte-stable
for many turns in a row, and the provider's input cache keeps serving it (``stable`` messages:
``ChatRequest.stable_messages``). A provider that still answers "prompt is too long"
(``too_long``) gets one bigger step (``fit(..., target=...)``) and one resend (core/turn.py).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial

from core.canonical import ChatMessage, Role, ToolSpec
from core.notes import note
from core.pricing import estimate_tokens, prefix_within
from core.request_check import PairCheck

TARGET_SHARE = 0.65  # a trim step brings the request down to this share of the budget
FORCED_SHARE = 0.45  # … and after the provider said "too long", at most this share
MARGIN_SHARE = 0.05  # kept free beside the answer's room: the estimate is a heuristic
MIN_MARGIN = 256
MESSAGE_TOKENS = 4  # a message's role and framing
SUMMARY_FRAME = 16  # the tokens of the line that introduces a summary, at most
IMAGE_FALLBACK = 1_600  # an image's tokens when the route has no calculator (a large Anthropic image)

ImageTokens = Callable[[int, int], int]


@dataclass(frozen=True)
class Budget:
    """A template's context: its ``window`` and the ``output`` tokens kept for the answer."""

    window: int
    output: int

    @property
    def margin(self) -> int:
        return max(MIN_MARGIN, int(self.window * MARGIN_SHARE))

    @property
    def input(self) -> int:
        """The tokens a request may carry (at least a quarter of the window, whatever the answer's
        room: a template whose ``max_output_tokens`` is as large as its window still sends)."""
        return max(self.window // 4, self.window - min(self.output, self.window // 2) - self.margin)


def budget_of(window: int, max_output_tokens: int | None) -> Budget:
    return Budget(window, max_output_tokens or 0)


class TurnIndex:
    """The history's turns (``split_turns``) and their estimates, kept as the history grows: a
    history that extends the one indexed last time (its first messages the same objects, or
    equal ones: messages are values, replaced, never changed) is indexed from where that one
    ended, so a request prices and splits only its new messages (``visited`` counts them)."""

    def __init__(self) -> None:
        self.visited = 0  # messages priced over this index's life (tests count them)
        self._reset()

    def _reset(self) -> None:
        self.seen: list[ChatMessage] = []
        self.starts: list[int] = []  # each turn's first message's index in the history
        self.heads: dict[int, tuple[ChatMessage, int]] = {}  # id(first message) -> (it, turn index)
        self.cum: list[int] = [0]  # cum[i]: the estimate of the turns before turn i
        self.pictured: list[int] = [0]  # pictured[i]: how many turns before turn i carry pictures

    def update(self, history: Sequence[ChatMessage], image_tokens: ImageTokens | None) -> None:
        n = len(self.seen)
        if not (
            n <= len(history) and (not n or (history[n - 1] is self.seen[-1] and history[:n] == self.seen))
        ):
            self._reset()
            n = 0
        if n == len(history):
            return
        redo = n  # the first message priced again: the last turn's when the new part continues it
        if n and self.starts and history[n].role is not Role.USER:
            redo = self.starts.pop()
            del self.cum[-1], self.pictured[-1]
            self.heads.pop(id(history[redo]), None)
        cost = pictures = 0
        for i in range(redo, len(history)):
            m = history[i]
            if i == redo or m.role is Role.USER:
                if i != redo:
                    self._close(cost, pictures)
                self.starts.append(i)
                self.heads[id(m)] = (m, len(self.starts) - 1)
                cost = pictures = 0
            cost += message_tokens(m, image_tokens)
            pictures = pictures or bool(m.attachments)
        self._close(cost, pictures)
        self.visited += len(history) - redo
        self.seen = list(history)

    def _close(self, cost: int, pictures: int | bool) -> None:
        self.cum.append(self.cum[-1] + cost)
        self.pictured.append(self.pictured[-1] + bool(pictures))

    def turns(self) -> int:
        return len(self.starts)

    def start_of(self, turn: int) -> int:
        """The history index where ``turn`` starts (the history's length past the last turn)."""
        return self.starts[turn] if turn < len(self.starts) else len(self.seen)

    def after(self, head: ChatMessage | None) -> int:
        """The turn after the one that ``head`` opens (0 when it opens none)."""
        hit = self.heads.get(id(head)) if head is not None else None
        return hit[1] + 1 if hit is not None and hit[0] is head else 0


@dataclass
class ContextState:
    """What stays from one request to the next for one agent: where the history is cut. The cut
    is the head (the user message, by identity) of the last left-out turn, so the same turns stay
    out while the history grows; a history read anew (another conversation, a restart) does not
    hold it and is measured from its start. Also the summary of the left-out turns, by range."""

    last_omitted: ChatMessage | None = None
    # the history's turns and their estimates (messages are values: the engine replaces one,
    # never changes it), so a long history is not split and priced again for every request
    index: TurnIndex = field(default_factory=TurnIndex)
    summary_key: str = ""
    summary: str = ""
    failed_key: str = ""  # a summary call for this range failed: not tried again this session
    pairs: PairCheck = field(default_factory=PairCheck)  # the history's pairing check (core/turn.py)
    # the note-opened head message of the last request, by (its message, its sentence): the same
    # object while the cut holds, so the request's prefix stays the same objects (the wires'
    # encoded fragments are kept by identity)
    # (with and without the summary: both are built for one request)
    noted: dict[str, tuple[ChatMessage, ChatMessage]] = field(default_factory=dict)


@dataclass(frozen=True)
class Fitted:
    """The messages to send and what was done."""

    messages: list[ChatMessage]
    stable: int  # leading messages that are the stable prefix (kept earlier turns + the note)
    whole: int  # turns sent whole (the current one, and earlier ones still carrying pictures)
    text: int  # earlier turns sent as text
    omitted: int  # earlier turns left out
    tokens: int  # the estimate of the whole request
    budget: int  # Budget.input
    stepped: bool = False  # this request moved the cut
    reserve: int = 0  # the tokens kept for a summary beside the note
    head: int = 0  # the index of the message that opens with the note
    head_message: ChatMessage | None = None  # that message without the note
    left_out: list[ChatMessage] = field(default_factory=list)  # the left-out turns' messages

    def with_summary(self, summary: str, language: str, state: ContextState | None = None) -> Fitted:
        """The same cut with ``summary`` beside the note, cut to the tokens reserved for it (with
        ``state``: the same message object as the last request's for the same note)."""
        summary = summary[: prefix_within(summary, max(0, self.reserve - SUMMARY_FRAME) * 4)].strip()
        if not self.omitted or not summary:
            return self
        if self.head_message is None:
            return self
        messages = list(self.messages)
        sentence = omitted_note(self.omitted, language, summary)
        noted = _with_note if state is None else partial(_noted, state)
        messages[self.head] = noted(self.head_message, sentence)
        return replace(self, messages=messages, tokens=self.tokens + estimate_tokens(summary) + SUMMARY_FRAME)


def split_turns(history: Sequence[ChatMessage]) -> list[list[ChatMessage]]:
    """The history as turns: each starts at a user message (a leading part without one is a turn)."""
    turns: list[list[ChatMessage]] = []
    for m in history:
        if m.role is Role.USER or not turns:
            turns.append([m])
        else:
            turns[-1].append(m)
    return turns


def message_tokens(m: ChatMessage, image_tokens: ImageTokens | None) -> int:
    """A message's estimated tokens: text, caption, tool calls, replay state, images."""
    text = m.text + (m.attachment_caption or "")
    for call in m.tool_calls:
        text += call.id + call.name + json.dumps(call.arguments, ensure_ascii=False)
    if m.provider_state:
        text += json.dumps(m.provider_state, ensure_ascii=False, default=str)
    images = 0
    for img in m.attachments:
        images += image_tokens(img.width, img.height) if image_tokens is not None else IMAGE_FALLBACK
    return MESSAGE_TOKENS + estimate_tokens(text) + images


def fixed_tokens(system: str, tools: Sequence[ToolSpec]) -> int:
    """The system prompt's and the tool definitions' estimated tokens."""
    specs = [{"n": t.name, "d": t.description, "s": t.input_schema} for t in tools]
    return estimate_tokens(system) + (estimate_tokens(json.dumps(specs, ensure_ascii=False)) if tools else 0)


def omitted_note(count: int, language: str, summary: str = "") -> str:
    text = note("context_omitted", language, count=count)
    return f"{text}\n{note('context_summary', language, summary=summary)}" if summary else text


def _with_note(message: ChatMessage, sentence: str) -> ChatMessage:
    return replace(message, text=f"{sentence}\n\n{message.text}" if message.text else sentence)


def fit(
    history: Sequence[ChatMessage],
    current: Sequence[ChatMessage],
    *,
    system: str,
    tools: Sequence[ToolSpec],
    budget: Budget,
    language: str,
    state: ContextState,
    image_tokens: ImageTokens | None = None,
    summary_reserve: int = 0,
    target: int | None = None,
) -> Fitted:
    """The request's messages for ``history`` (earlier turns) and ``current`` (this turn's
    messages, user first), and what was done; moves ``state``'s cut when a step was needed.

    ``target``: trim to at most this many tokens whatever the estimate says (after a provider's
    "too long"; at least one more turn leaves when any is left). ``summary_reserve``: the tokens
    kept for a summary beside the note (``Fitted.with_summary``)."""
    index = state.index
    index.update(history, image_tokens)
    n = index.turns()
    start = index.after(state.last_omitted)
    cum = index.cum
    base = fixed_tokens(system, tools) + sum(message_tokens(m, image_tokens) for m in current)
    note_cost = MESSAGE_TOKENS + estimate_tokens(omitted_note(n, language)) + summary_reserve

    def total(cut: int) -> int:
        return base + cum[n] - cum[cut] + (note_cost if cut else 0)

    stepped = False
    if target is not None or total(start) > budget.input:
        goal = int(budget.input * TARGET_SHARE) if target is None else target
        if target is None and base + note_cost >= goal:  # a large current turn: keep what still fits
            goal = budget.input
        cut = start + (1 if target is not None and start < n else 0)
        while cut < n and base + cum[n] - cum[cut] + note_cost > goal:
            cut += 1
        stepped, start = cut != start, cut
        state.last_omitted = history[index.starts[start - 1]] if start else None
    first = index.start_of(start)
    kept_msgs = list(history[first:])
    messages = [*kept_msgs, *current]
    head, head_message = 0, None
    if start and messages:
        head = next((i for i, m in enumerate(messages) if m.role is Role.USER), 0)
        head_message = messages[head]
        messages[head] = _noted(state, head_message, omitted_note(start, language))
    pictured = index.pictured[n] - index.pictured[start]
    return Fitted(
        messages=messages,
        stable=len(kept_msgs),
        whole=1 + pictured,
        text=n - start - pictured,
        omitted=start,
        tokens=total(start) - (summary_reserve if start else 0),
        budget=budget.input,
        stepped=stepped,
        left_out=list(history[:first]),
        reserve=summary_reserve if start else 0,
        head=head,
        head_message=head_message,
    )


def _noted(state: ContextState, message: ChatMessage, sentence: str) -> ChatMessage:
    """``message`` opened by ``sentence``: the same object as last time for the same pair."""
    hit = state.noted.get(sentence)
    if hit is not None and hit[0] is message:
        return hit[1]
    if any(was is not message for was, _ in state.noted.values()):
        state.noted.clear()  # another cut: the old sentences are not needed again
    noted = _with_note(message, sentence)
    state.noted[sentence] = (message, noted)
    return noted


def range_key(left_out: Sequence[ChatMessage]) -> str:
    """The key of a range of left-out turns (a summary is valid for exactly that range)."""
    h = hashlib.sha256()
    for m in left_out:
        h.update(f"{m.role}\x00{m.tool_call_id or ''}\x00".encode())
        h.update(m.text.encode("utf-8", errors="surrogatepass"))
        h.update(b"\x01")
    return h.hexdigest()


# --------------------------------------------------------------------------- "prompt too long"

_ANTHROPIC = re.compile(r"prompt is too long:\s*([\d,]+)\s*tokens\s*>\s*([\d,]+)", re.IGNORECASE)
_OPENAI = re.compile(
    r"maximum context length is\s*([\d,]+)\s*tokens.*?resulted in\s*([\d,]+)\s*tokens",
    re.IGNORECASE | re.DOTALL,
)
_GEMINI = re.compile(
    r"input token count \(?([\d,]+)\)?\s*exceeds the maximum number of tokens allowed \(?([\d,]+)\)?",
    re.IGNORECASE,
)
_PHRASES = (
    "prompt is too long",
    "context_length_exceeded",
    "maximum context length",
    "exceeds the maximum number of tokens",
)


@dataclass(frozen=True)
class TooLong:
    """A provider's "prompt too long" answer; ``said``/``limit``: its token counts when it gave them."""

    said: int | None = None
    limit: int | None = None


def too_long(status: int, code: str | None, message: str) -> TooLong | None:
    """Whether an HTTP error says the prompt does not fit the model's context (Anthropic
    ``invalid_request_error`` "prompt is too long: N tokens > M maximum"; OpenAI and Responses
    ``context_length_exceeded``; Gemini 400 "exceeds the maximum number of tokens")."""
    if status not in (400, 413):
        return None
    text = message or ""
    if code != "context_length_exceeded" and not any(p in text.lower() for p in _PHRASES):
        return None
    for pattern, order in ((_ANTHROPIC, (1, 2)), (_OPENAI, (2, 1)), (_GEMINI, (1, 2))):
        found = pattern.search(text)
        if found:
            said, limit = (int(found.group(i).replace(",", "")) for i in order)
            return TooLong(said, limit)
    return TooLong()


def squeezed_target(fitted: Fitted, answer: TooLong) -> int:
    """The target of the step after a "too long": ``FORCED_SHARE`` of the budget, lower still
    when the provider's counts show how far our estimate was off."""
    goal = int(min(fitted.budget, fitted.tokens) * FORCED_SHARE)
    if answer.said and answer.limit and answer.said > 0:
        goal = min(goal, int(fitted.tokens * answer.limit / answer.said * TARGET_SHARE))
    return max(goal, 0)
