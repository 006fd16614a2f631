"""The watch's built-in tools over the timeline (issue 15, WA-20 … WA-22).

* ``report_event(title, summary, importance)``: given to a watch's own turns only; puts the
  event, with the frame the model saw as its keyframe, on the timeline (the store's
  ``camera_events``). The same (turn, call) stored twice stays one event (a resumed turn).
* ``camera_events(since, until, text)`` and ``camera_event_image(event_id)``: the agent asks
  about the past: the events of its own watches with their local times, newest first, and one
  event's keyframe as a tool image.
* ``watch_camera`` (``core.watch.watch_camera``): the agent starts a watch when the person asks.

Every outcome is a ``ToolReturn`` whose ``is_error`` is set here (S02-6); bad arguments are error
results naming the parameter and what it must be (``tool_bad_argument``), never exceptions.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import sqlite3
import time
from collections.abc import Callable
from typing import Any, Final, Protocol

from core.log import event
from core.notes import note
from core.store.blobs import StoreError
from core.tool import AgentTool, ToolContext, ToolOutput, ToolReturn
from core.watch.model import CameraEvent, Watch
from core.watch.ports import WatchesLike
from core.watch.when import BadMoment, format_local, parse_moment, zone_label

TITLE_MAX: Final = 120
SUMMARY_MAX: Final = 2000
EVENTS_LIMIT: Final = 50  # events one camera_events answer lists
DEFAULT_SINCE_S: Final = 86_400.0

# (sha256, media type) of the frame the model saw; called with no arguments (``...``: a lambda with
# a bound default, as the service passes, type-checks too)
Keyframe = Callable[..., tuple[str, str] | None]


class EventSink(Protocol):
    def add_camera_event(self, village_id: str, e: CameraEvent) -> CameraEvent: ...


def bad_argument(key: str, expected: str, lang: str) -> ToolReturn:
    return ToolReturn.error(note("tool_bad_argument", lang, key=key, expected=expected))


def text_argument(args: dict[str, Any], key: str, cap: int) -> str | None:
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
        title = text_argument(args, "title", TITLE_MAX)
        if title is None:
            return bad_argument("title", note("expect.text_up_to", lang, max=TITLE_MAX), lang)
        summary = text_argument(args, "summary", SUMMARY_MAX)
        if summary is None:
            return bad_argument("summary", note("expect.text_up_to", lang, max=SUMMARY_MAX), lang)
        importance = _whole(args.get("importance"))
        if importance is None or not 1 <= importance <= 5:
            return bad_argument("importance", note("expect.importance", lang), lang)
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
            event(
                "watch",
                watch=self.watch.id,
                agent=draft.agent_id,
                action="event_failed",
                error=type(exc).__name__,
            )
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
                return bad_argument(key, note("expect.moment", lang), lang)
        since, until = bounds["since"], bounds["until"]
        shown: dict[str, Any] = {"since": format_local(since, self.tz), "until": format_local(until, self.tz)}
        if since >= until:
            return ToolReturn.error(note("camera_events.bad_range", lang, **shown))
        text = args.get("text") or ""
        if not isinstance(text, str):
            return bad_argument("text", note("expect.nonempty_string", lang), lang)
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
            return bad_argument("event_id", note("expect.event_id", lang), lang)
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


def timeline_tools(
    watches: WatchesLike, agent_id: str, language: str, clock: Callable[[], float] = time.time
) -> list[AgentTool]:
    """The tools an agent asks about the past with (its own watches' events: ``ctx.agent_id``);
    ``clock`` is "now" for a range without an end."""
    del agent_id  # each call filters by its own context's agent
    return [
        CameraEvents(watches, language=language, clock=clock),
        CameraEventImage(watches, language=language),
    ]
