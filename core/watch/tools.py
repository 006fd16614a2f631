"""The watch's built-in tools (issue 15, WA-20 … WA-22, WA-24).

* ``report_event(title, summary, importance)``: given to a watch's own turns only; puts the
  event, with the frame the model saw as its keyframe, on the timeline (the store's
  ``camera_events``). The same (turn, call) stored twice stays one event (a resumed turn).
* ``camera_events(since, until, text)`` and ``camera_event_image(event_id)``: the agent asks
  about the past: the events of its own watches with their local times, newest first, and one
  event's keyframe as a tool image.
* ``watch_camera(instruction, every_minutes | times | continuous, until)``: the agent starts a
  watch when the person asks in chat; the person confirms it first (the question card, through
  ``ask_user_question``'s own path), nothing is made without a yes.

Every outcome is a ``ToolReturn`` whose ``is_error`` is set here (S02-6); bad arguments are error
results naming the parameter and what it must be (``tool_bad_argument``), never exceptions.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import sqlite3
import time
from collections.abc import Awaitable, Callable
from typing import Any, Final, Protocol

from core.builtin_tools import AskUserQuestion
from core.log import event
from core.notes import note
from core.store.blobs import StoreError
from core.tool import AgentTool, ToolContext, ToolOutput, ToolReturn
from core.watch.model import MIN_EVERY_S, CameraEvent, Rhythm, Watch, WatchInvalid
from core.watch.ports import WatchesLike, WatchRefused
from core.watch.when import BadMoment, format_local, parse_moment, zone_label

TITLE_MAX: Final = 120
SUMMARY_MAX: Final = 2000
EVENTS_LIMIT: Final = 50  # events one camera_events answer lists
DEFAULT_SINCE_S: Final = 86_400.0
MAX_EVERY_MINUTES: Final = 24 * 60
CONTINUOUS_FRAME_S: Final = 2.0  # the frame interval of a watch the agent starts "continuous"
CONFIRM_TIMEOUT_S: Final = 600.0

Keyframe = Callable[[], tuple[str, str] | None]  # (sha256, media type) of the frame the model saw


class EventSink(Protocol):
    def add_camera_event(self, village_id: str, e: CameraEvent) -> CameraEvent: ...


def _bad(key: str, expected: str, lang: str) -> ToolReturn:
    return ToolReturn.error(note("tool_bad_argument", lang, key=key, expected=expected))


def _text_arg(args: dict[str, Any], key: str, cap: int) -> str | None:
    value = args.get(key)
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > cap:
        return None
    return " ".join(value.split())


def _whole(value: object) -> int | None:
    """A whole number from a model's JSON: 3, 3.0 or "3" (never a bool)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


class ReportEvent(AgentTool):
    name = "report_event"

    def __init__(
        self,
        store: EventSink,
        village_id: str,
        watch: Watch,
        keyframe: Keyframe,
        *,
        language: str = "en",
        on_event: Callable[[CameraEvent], None] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.village_id = village_id
        self.watch = watch
        self.keyframe = keyframe
        self.on_event = on_event
        self.clock = clock
        self.description = note("tool_desc.report_event", language)
        self.input_schema = {
            "type": "object",
            "properties": {
                "title": {
                    "type": "string",
                    "description": note("tool_desc.report_event.title", language, max=TITLE_MAX),
                },
                "summary": {
                    "type": "string",
                    "description": note("tool_desc.report_event.summary", language),
                },
                "importance": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 5,
                    "description": note("tool_desc.report_event.importance", language),
                },
            },
            "required": ["title", "summary", "importance"],
        }

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        lang = ctx.language
        title = _text_arg(args, "title", TITLE_MAX)
        if title is None:
            return _bad("title", note("expect.text_up_to", lang, max=TITLE_MAX), lang)
        summary = _text_arg(args, "summary", SUMMARY_MAX)
        if summary is None:
            return _bad("summary", note("expect.text_up_to", lang, max=SUMMARY_MAX), lang)
        importance = _whole(args.get("importance"))
        if importance is None or not 1 <= importance <= 5:
            return _bad("importance", note("expect.importance", lang), lang)
        sha, media_type = self.keyframe() or ("", "")
        draft = CameraEvent(
            0,
            self.watch.id,
            ctx.agent_id or self.watch.agent_id,
            self.watch.conversation_id,
            ctx.turn_id,
            ctx.call_id,
            self.clock(),
            title,
            summary,
            importance,
            sha,
            media_type,
        )
        try:
            stored = await asyncio.to_thread(self.store.add_camera_event, self.village_id, draft)
        except (StoreError, sqlite3.Error) as exc:
            event("watch", action="event_failed", watch=self.watch.id, error=type(exc).__name__)
            return ToolReturn.error(note("watch.event_failed", lang, error=type(exc).__name__))
        if self.on_event is not None:  # the service logs it, publishes it and asks the notifier
            self.on_event(stored)
        return ToolReturn.ok(note("watch.event_recorded", lang, id=stored.id, importance=stored.importance))


class _PastTool(AgentTool):
    """The tools over the timeline as the service serves it."""

    def __init__(
        self,
        watches: WatchesLike,
        *,
        tz: dt.tzinfo | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.watches = watches
        self.tz = tz
        self.clock = clock

    def _mine(self, event_id: int, agent_id: str) -> CameraEvent | None:
        find = self.watches.event  # (not called as ``.event(…)``: the log-kind scan reads that as a log line)
        e = find(event_id)
        return e if e is not None and e.agent_id == agent_id else None


class CameraEvents(_PastTool):
    name = "camera_events"

    def __init__(
        self,
        watches: WatchesLike,
        *,
        language: str = "en",
        tz: dt.tzinfo | None = None,
        clock: Callable[[], float] = time.time,
        limit: int = EVENTS_LIMIT,
    ) -> None:
        super().__init__(watches, tz=tz, clock=clock)
        self.limit = limit
        self.description = note("tool_desc.camera_events", language)
        self.input_schema = {
            "type": "object",
            "properties": {
                key: {"type": "string", "description": note(f"tool_desc.camera_events.{key}", language)}
                for key in ("since", "until", "text")
            },
        }

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        lang = ctx.language
        now = self.clock()
        bounds: dict[str, float] = {}
        for key, default in (("since", now - DEFAULT_SINCE_S), ("until", now)):
            raw = args.get(key)
            if raw is None or (isinstance(raw, str) and not raw.strip()):
                bounds[key] = default
                continue
            try:
                bounds[key] = parse_moment(str(raw), now=now, tz=self.tz)
            except BadMoment:
                return _bad(key, note("expect.moment", lang), lang)
        since, until = bounds["since"], bounds["until"]
        shown: dict[str, Any] = {"since": format_local(since, self.tz), "until": format_local(until, self.tz)}
        if since >= until:
            return ToolReturn.error(note("camera_events.bad_range", lang, **shown))
        text = args.get("text") or ""
        if not isinstance(text, str):
            return _bad("text", note("expect.nonempty_string", lang), lang)
        found = self.watches.events(
            agent_id=ctx.agent_id, since=since, until=until, text=text, limit=self.limit + 1
        )
        zone = zone_label(until, self.tz)
        if not found:
            return ToolReturn.ok(note("camera_events.none", lang, zone=zone, **shown))
        listed = found[: self.limit]
        labels: dict[str, str] = {}
        for e in listed:
            if e.watch_id not in labels:
                view = self.watches.view(e.watch_id)
                labels[e.watch_id] = (
                    view.watch.label if view is not None else note("camera_events.deleted_watch", lang)
                )
        lines = [note("camera_events.found", lang, count=len(listed), zone=zone, **shown)]
        for e in listed:
            line = note(
                "camera_events.line",
                lang,
                id=e.id,
                at=format_local(e.at, self.tz),
                watch=labels[e.watch_id],
                importance=e.importance,
                title=e.title,
                summary=e.summary,
            )
            if e.keyframe:
                line += note("camera_events.has_image", lang, id=e.id)
            lines.append(line)
        if len(found) > self.limit:
            lines.append(note("camera_events.capped", lang, limit=self.limit))
        return ToolReturn.ok("\n".join(lines))


class CameraEventImage(_PastTool):
    name = "camera_event_image"

    def __init__(self, watches: WatchesLike, *, language: str = "en", tz: dt.tzinfo | None = None) -> None:
        super().__init__(watches, tz=tz)
        self.description = note("tool_desc.camera_event_image", language)
        self.input_schema = {
            "type": "object",
            "properties": {
                "event_id": {
                    "type": "integer",
                    "description": note("tool_desc.camera_event_image.event_id", language),
                }
            },
            "required": ["event_id"],
        }

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        lang = ctx.language
        event_id = _whole(args.get("event_id"))
        if event_id is None:
            return _bad("event_id", note("expect.event_id", lang), lang)
        e = self._mine(event_id, ctx.agent_id)  # another agent's event is "no such event"
        if e is None:
            return ToolReturn.error(note("camera_event_image.none", lang, id=event_id))
        image = await asyncio.to_thread(self.watches.keyframe, event_id) if e.keyframe else None
        if image is None:
            return ToolReturn.error(note("camera_event_image.lost", lang, id=event_id))
        caption = note(
            "camera_event_image.caption", lang, id=e.id, title=e.title, at=format_local(e.at, self.tz)
        )
        return ToolReturn(ToolOutput(caption, [image]))


def rhythm_text(rhythm: Rhythm, lang: str) -> str:
    """The rhythm in words, as the confirmation and the result say it."""
    if rhythm.kind == "times":
        return note("watch.rhythm.times", lang, times=", ".join(rhythm.times))
    if rhythm.kind == "continuous":
        return note("watch.rhythm.continuous", lang, seconds=f"{rhythm.every_s:g}")
    return note("watch.rhythm.every", lang, count=max(1, round(rhythm.every_s / 60)))


class WatchCamera(AgentTool):
    name = "watch_camera"

    def __init__(
        self,
        new_watch: Callable[[str, str], Watch],
        create: Callable[[Watch], Awaitable[Watch]],
        *,
        language: str = "en",
        tz: dt.tzinfo | None = None,
        clock: Callable[[], float] = time.time,
        timeout_s: float = CONFIRM_TIMEOUT_S,
    ) -> None:
        self.new_watch = new_watch
        self.create = create
        self.tz = tz
        self.clock = clock
        self.ask = AskUserQuestion(language=language, timeout_s=timeout_s)
        self.description = note("tool_desc.watch_camera", language)
        frame_s = f"{CONTINUOUS_FRAME_S:g}"
        self.input_schema = {
            "type": "object",
            "properties": {
                "instruction": {
                    "type": "string",
                    "description": note("tool_desc.watch_camera.instruction", language),
                },
                "every_minutes": {
                    "type": "number",
                    "description": note("tool_desc.watch_camera.every_minutes", language),
                },
                "times": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": note("tool_desc.watch_camera.times", language),
                },
                "continuous": {
                    "type": "boolean",
                    "description": note("tool_desc.watch_camera.continuous", language, seconds=frame_s),
                },
                "until": {"type": "string", "description": note("tool_desc.watch_camera.until", language)},
            },
            "required": ["instruction"],
        }

    def _rhythm(self, args: dict[str, Any], lang: str) -> Rhythm | ToolReturn:
        given = [k for k in ("every_minutes", "times", "continuous") if args.get(k) not in (None, False, [])]
        if len(given) > 1:
            return _bad("rhythm", note("expect.one_rhythm", lang), lang)
        if "continuous" in args and not isinstance(args["continuous"], bool):
            return _bad("continuous", note("expect.boolean", lang), lang)
        if given == ["every_minutes"]:
            minutes = args["every_minutes"]
            least = max(1.0, MIN_EVERY_S / 60)  # the person thinks in minutes here
            if (
                isinstance(minutes, bool)
                or not isinstance(minutes, int | float)
                or not least <= minutes <= MAX_EVERY_MINUTES
            ):
                expected = note("expect.minutes", lang, min=f"{least:g}", max=MAX_EVERY_MINUTES)
                return _bad("every_minutes", expected, lang)
            return Rhythm("every", float(minutes) * 60.0)
        if given == ["times"]:
            times = args["times"]
            try:
                if not isinstance(times, list) or not all(isinstance(t, str) for t in times):
                    raise WatchInvalid("times", "not a list of texts")
                return Rhythm("times", times=tuple(t.strip().zfill(5) for t in times))
            except WatchInvalid:
                return _bad("times", note("expect.times_of_day", lang), lang)
        return Rhythm("continuous", CONTINUOUS_FRAME_S)

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        lang = ctx.language
        instruction = _text_arg(args, "instruction", SUMMARY_MAX)
        if instruction is None:
            return _bad("instruction", note("expect.text_up_to", lang, max=SUMMARY_MAX), lang)
        rhythm = self._rhythm(args, lang)
        if isinstance(rhythm, ToolReturn):
            return rhythm
        until: float | None = None
        if args.get("until") not in (None, ""):
            now = self.clock()
            try:
                until = parse_moment(str(args["until"]), now=now, tz=self.tz, future=True)
            except BadMoment:
                until = None
            if until is None or until <= now:
                return _bad("until", note("expect.future_moment", lang), lang)
        try:
            watch = self.new_watch(ctx.agent_id, instruction).with_(
                rhythm=rhythm, until=until, created_by="agent"
            )
        except WatchInvalid as exc:
            return ToolReturn.error(note("watch.invalid", lang, detail=str(exc)))
        words: dict[str, Any] = {
            "rhythm": rhythm_text(rhythm, lang),
            "until": "" if until is None else note("watch.until", lang, at=format_local(until, self.tz)),
        }
        question = note("watch.confirm_question", lang, instruction=instruction, **words)
        yes, no = note("watch.confirm_yes", lang), note("watch.confirm_no", lang)
        asked = await self.ask.call({"question": question, "options": [yes, no]}, ctx)
        outcome = getattr(asked, "outcome", "unavailable")
        event("watch", action="confirm", agent=ctx.agent_id, watch=watch.id, outcome=outcome)
        if outcome in ("unavailable", "non_interactive", "bad_arguments"):
            return ToolReturn.error(note("watch.needs_person", lang))
        if outcome in ("timeout", "cancelled"):
            return ToolReturn.ok(note("watch.no_answer", lang))
        if outcome != "answered" or asked.output.text.strip() != yes:
            return ToolReturn.ok(note("watch.declined", lang))
        try:
            made = await self.create(watch)
        except WatchRefused as exc:
            return ToolReturn.error(note("watch.refused", lang, reason=exc.text))
        return ToolReturn.ok(note("watch.started", lang, id=made.id, **words))


def timeline_tools(watches: WatchesLike, agent_id: str, language: str) -> list[AgentTool]:
    """The tools an agent asks about the past with (its own watches' events: ``ctx.agent_id``)."""
    del agent_id  # each call filters by its own context's agent
    return [CameraEvents(watches, language=language), CameraEventImage(watches, language=language)]


def watch_camera_tool(watches: WatchesLike, language: str) -> WatchCamera:
    """``watch_camera`` over the service: a confirmed watch is made with ``watches.create``."""
    return WatchCamera(watches.new_watch, watches.create, language=language)
