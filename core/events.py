"""Events the core publishes. The GUI and the web companion consume these dataclasses.

One ``EventBus`` per village; subscribers are plain callables invoked synchronously on the
event loop thread (the GUI bridge re-emits them as Qt signals). A subscriber that raises is
logged and dropped from that one delivery, never breaking the turn.

Over 400 lines: it is the one list of every event the front ends receive (the turn's, the
brokers', the store's, the watches'), each a small frozen dataclass; splitting it would make
the ``Event`` union import from many places for no gain.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from core.canonical import ImageData, Usage
from core.log import event as log_event
from core.stops import Stop


@dataclass(frozen=True)
class TurnStarted:
    agent_id: str
    turn_id: str
    user_text: str
    backend: str
    model: str
    source: str = "user"  # "user" or the id of the agent that handed the request over
    resumed: bool = False  # a paused or crash-cut turn continuing: its user text was shown before
    conversation_id: str = ""  # the conversation the turn belongs to ("": not known)


@dataclass(frozen=True)
class TextDelta:
    agent_id: str
    turn_id: str
    text: str


@dataclass(frozen=True)
class AssistantMessage:
    """A complete assistant message of one round (text may be empty when it only calls tools)."""

    agent_id: str
    turn_id: str
    round: int
    text: str


@dataclass(frozen=True)
class ToolStarted:
    agent_id: str
    turn_id: str
    call_id: str
    round: int
    name: str
    arguments: dict[str, object]


@dataclass(frozen=True)
class ToolFinished:
    agent_id: str
    turn_id: str
    call_id: str
    round: int
    name: str
    ok: bool
    ms: int
    body: str  # what the model reads
    display_line: str  # "(1 image: JPEG 19 KB)" or "" (S70-18)
    images: tuple[ImageData, ...] = ()
    # what the result shows the person and not the model (MCP blocks for the audience "user")
    for_person: str = ""
    person_images: tuple[ImageData, ...] = ()


@dataclass(frozen=True)
class ToolProgress:
    """A running call's server reported progress (MCP ``notifications/progress``).

    ``total`` is None when the server does not know it (an indeterminate bar); ``message`` is the
    server's own text or ""."""

    agent_id: str
    turn_id: str
    call_id: str
    round: int
    name: str
    progress: float
    total: float | None = None
    message: str = ""


@dataclass(frozen=True)
class Handoff:
    agent_id: str
    to: str
    turn_id: str


@dataclass(frozen=True)
class TurnFinished:
    agent_id: str
    turn_id: str
    text: str
    # any ``Stop`` but ERROR (a failed turn publishes ``TurnFailed``). PAUSED (S02-5): the turn
    # ended resumable at a boundary, its pending calls kept; ``text`` is the "paused" note;
    # ``Village.resume`` continues it with the ``ResumePoint`` from ``TurnOutcome.resume`` or the
    # store's recovery
    stop: Stop
    usage: Usage = field(default_factory=Usage)
    rounds: int = 0


@dataclass(frozen=True)
class TurnFailed:
    agent_id: str
    turn_id: str
    code: str
    message: str
    usage: Usage = field(default_factory=Usage)


@dataclass(frozen=True)
class Notice:
    """A visible note for the person (config warnings, MCP server failures, recovery notes)."""

    agent_id: str | None
    level: str  # "info" | "warning" | "error"
    text: str


@dataclass(frozen=True)
class StoreProblem:
    """The durable store is not keeping the person's data as it should; a front end shows it.

    ``kind`` is "write_failed" (a journal write failed during turn ``turn_id``: that turn is not
    fully saved; ``path`` is the database), "unavailable" (the store could not be opened: the app
    runs without history; ``path`` is the data folder), "moved_aside" (a damaged database was set
    aside and a fresh one made; ``path`` is the file set aside) or "missing" (the database is gone
    while stored results are still there: past conversations are not shown; ``path`` is the
    database). ``detail`` is the error as the system gave it (never content), or ""."""

    kind: str
    detail: str
    path: Path
    turn_id: str = ""


@dataclass(frozen=True)
class QuestionAsked:
    """An agent's ``ask_user_question`` call waits for the person (S02-8).

    A front end that answers questions shows it and replies through the village's question broker
    (``core.questions.Questions.answer`` / ``decline``) with ``request_id``."""

    agent_id: str
    turn_id: str
    call_id: str
    request_id: str
    question: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class QuestionSettled:
    """The question ``request_id`` is over; every front end closes its prompt.

    ``outcome`` is "answered", "declined", "timeout" or "cancelled" (the turn was stopped or
    closed); ``answer`` is the text given when answered, else ""."""

    agent_id: str
    turn_id: str
    call_id: str
    request_id: str
    outcome: str
    answer: str = ""


@dataclass(frozen=True)
class ElicitField:
    """One field of an MCP elicitation form (a primitive of the spec's ``requestedSchema``).

    ``kind`` is "string", "number", "integer", "boolean", "enum" (a single choice among
    ``options``; ``option_titles`` are their labels, same order) or "multi" (any number of
    ``options``, ``min_items`` to ``max_items``; the default is a tuple of options)."""

    name: str
    kind: str
    title: str = ""
    description: str = ""
    required: bool = False
    default: str | int | float | bool | tuple[str, ...] | None = None
    options: tuple[str, ...] = ()
    option_titles: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    min_length: int | None = None
    max_length: int | None = None
    format: str = ""  # string formats: "email", "uri", "date", "date-time" or ""
    min_items: int | None = None  # multi
    max_items: int | None = None


@dataclass(frozen=True)
class ElicitationAsked:
    """An MCP server asks the person to fill a form (``elicitation/create``, form mode).

    A front end that answers shows it and replies through the village's elicitation broker
    (``core.elicitation.Elicitations.answer`` / ``decline`` / ``cancel``) with ``request_id``."""

    agent_id: str
    server: str
    request_id: str
    message: str
    fields: tuple[ElicitField, ...] = ()


@dataclass(frozen=True)
class ElicitationSettled:
    """The elicitation ``request_id`` is over; every front end closes its form.

    ``outcome`` is "accept", "decline", "cancel" (the person cancelled, or the request was
    withdrawn) or "timeout" (the server was sent "cancel")."""

    agent_id: str
    server: str
    request_id: str
    outcome: str


@dataclass(frozen=True)
class SampledMessage:
    """One message of a sampling request as the person is shown it: role, text, image count."""

    role: str
    text: str
    images: int = 0


@dataclass(frozen=True)
class SamplingAsked:
    """An MCP server asks to use the agent's model (``sampling/createMessage``); a front end
    shows who asks, the messages and the token limit, and replies through the village's sampling
    broker (``core.sampling_approvals.SamplingApprovals.approve`` / ``decline``) with ``request_id``."""

    agent_id: str
    server: str
    request_id: str
    messages: tuple[SampledMessage, ...]
    system_prompt: str = ""
    max_tokens: int = 0


@dataclass(frozen=True)
class SamplingSettled:
    """The sampling ``request_id`` is over: ``outcome`` "approved", "denied" (the person said no,
    or the request was withdrawn) or "timeout"; every front end closes its card."""

    agent_id: str
    server: str
    request_id: str
    outcome: str


@dataclass(frozen=True)
class StoredCallState:
    """A past call's state as the store keeps it (history replay only, after the call's
    ``ToolStarted`` and any ``ToolFinished``): "completed", "failed", "interrupted" (cut while
    running: recovery wrote its result, or will) or "not_executed" (registered, never started; a
    resumed turn may still run it). ``started``/``finished`` are wall-clock times (``time.time()``),
    None when not stored; ``duration_ms`` is None when the call's duration is not known."""

    agent_id: str
    turn_id: str
    call_id: str
    state: str
    started: float | None = None
    finished: float | None = None

    @property
    def duration_ms(self) -> int | None:
        if self.started is None or self.finished is None or self.state in ("interrupted", "not_executed"):
            return None
        return max(0, round((self.finished - self.started) * 1000))


@dataclass(frozen=True)
class RetryScheduled:
    """A model request failed and is tried again after ``wait_s`` seconds: ``attempt`` (the next
    one, 2 …) of ``attempts``. ``reason`` is the retry class ("rate_limit", "overloaded",
    "server_error", "timeout", "network"); ``status`` the HTTP status, or None."""

    agent_id: str
    turn_id: str
    attempt: int
    attempts: int
    wait_s: float
    reason: str
    status: int | None = None


@dataclass(frozen=True)
class ServerStatusChanged:
    """An MCP server of ``agent_id`` connected, failed, or has a retry scheduled or under way; the
    front ends read its status again (``McpToolProvider.status``)."""

    agent_id: str
    server: str


@dataclass(frozen=True)
class ContextMeasured:
    """A model request of ``agent_id``'s turn was fitted into its context budget (issue 14,
    core/context.py): ``used_tokens`` estimated of ``budget_tokens``, ``omitted_turns`` earlier
    turns left out."""

    agent_id: str
    turn_id: str
    used_tokens: int
    budget_tokens: int
    omitted_turns: int = 0


@dataclass(frozen=True)
class WatchChanged:
    """A watch was created, edited, paused, resumed, stopped or deleted (issue 15); the front ends
    read it again (``core.watch.service.Watches.view``). ``reason``: ``core.watch.model.PauseReason``."""

    watch_id: str
    agent_id: str
    status: str  # running, paused, stopped, deleted
    reason: str = ""


@dataclass(frozen=True)
class WatchScored:
    """A watch's frame went through the change gate: its score beside the threshold, and whether
    it went to the model (``sent``)."""

    watch_id: str
    agent_id: str
    score: float
    threshold: float
    sent: bool
    at: float  # epoch seconds


@dataclass(frozen=True)
class WatchMetered:
    """A watch's spending changed: calls in the last 60 minutes, tokens since local midnight."""

    watch_id: str
    agent_id: str
    calls_hour: int
    calls_limit: int
    tokens_day: int
    tokens_limit: int


@dataclass(frozen=True)
class CameraEventReported:
    """A watch's model reported an event (``report_event``); it is on the timeline."""

    event_id: int
    watch_id: str
    agent_id: str
    conversation_id: str
    at: float
    title: str
    summary: str
    importance: int
    keyframe: str = ""  # SHA-256 of its keyframe blob


@dataclass(frozen=True)
class WatchNotification:
    """An event the person is to be told of on the desktop (threshold, cooldown and novelty
    passed: ``core.watch.notify``); clicking it opens ``event_id``."""

    event_id: int
    watch_id: str
    agent_id: str
    title: str
    body: str
    importance: int


Event = (
    TurnStarted
    | TextDelta
    | AssistantMessage
    | ToolStarted
    | ToolProgress
    | ToolFinished
    | Handoff
    | TurnFinished
    | TurnFailed
    | Notice
    | StoreProblem
    | QuestionAsked
    | QuestionSettled
    | ElicitationAsked
    | ElicitationSettled
    | SamplingAsked
    | SamplingSettled
    | StoredCallState
    | RetryScheduled
    | ServerStatusChanged
    | ContextMeasured
    | WatchChanged
    | WatchScored
    | WatchMetered
    | CameraEventReported
    | WatchNotification
)
Subscriber = Callable[[Event], None]


class EventBus:
    def __init__(self) -> None:
        self._subscribers: list[Subscriber] = []

    def subscribe(self, fn: Subscriber) -> Callable[[], None]:
        self._subscribers.append(fn)

        def unsubscribe() -> None:
            if fn in self._subscribers:
                self._subscribers.remove(fn)

        return unsubscribe

    def publish(self, event: Event) -> None:
        for fn in list(self._subscribers):
            try:
                fn(event)
            except Exception as exc:  # a broken view must not break a turn
                log_event("event subscriber failed", kind=type(event).__name__, error=type(exc).__name__)
