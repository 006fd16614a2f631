"""The village's watches (issue 15): ``Watches`` implements ``core.watch.ports.WatchesLike`` over
the store and the village (WA-8 … WA-19).

It loads the village's watches from the store at start and runs one ``WatchRunner`` per running
watch; creates, edits, pauses, resumes, stops and deletes them (each change written to the store
and published as ``WatchChanged``); gives every turn of a watch's conversation its
``report_event`` tool and every agent that watches its timeline tools (``conversation_tools``, the
village's hook, so a resumed turn has them too); turns a reported event into the timeline row,
``CameraEventReported`` and, through the notifier, at most one ``WatchNotification``; and keeps
each watch's spending (``watch_calls``), so the meter and the budget pause survive a restart.

Store writes run in a worker thread, never on the event loop; the ones a run needs before it
starts (its keyframe) are awaited.

Over 400 lines (about 480): it is the one place a watch meets the store, the village, the budget,
the relay, the notifier and the tools, each in a few lines; the logic of each lives in its own
module beside it (runner, budget, relay, notify, tools, watch_camera).
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from core.canonical import ChatMessage, ImageData, Role
from core.events import (
    CameraEventReported,
    Notice,
    WatchChanged,
    WatchMetered,
    WatchScored,
)
from core.log import event as log_event
from core.notes import note
from core.store import Store
from core.store.blobs import BlobError
from core.tool import AgentTool, ToolContext
from core.tool_image import normalize
from core.village import Village
from core.watch.budget import WatchBudget
from core.watch.gate import GateResult
from core.watch.model import (
    CameraEvent,
    Meter,
    PauseReason,
    Watch,
    WatchInvalid,
    WatchState,
    WatchStatus,
    WatchView,
)
from core.watch.notify import Notifier
from core.watch.ports import WatchRefused
from core.watch.relay import RelayCall, estimate_for, vision_ok
from core.watch.runner import WatchRunner
from core.watch.tools import ReportEvent, timeline_tools
from core.watch.watch_camera import watch_camera_tool

WATCH_CAMERA = "watch_camera"  # the built-in tool an agent starts a watch with (Agent.builtin_tools)
_CAMERA_WORDS = re.compile(r"image|frame|snapshot|camera|view|picture|photo|capture", re.IGNORECASE)


class Watches:
    def __init__(
        self,
        village: Village,
        store: Store,
        village_id: str,
        *,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        delete_conversation: Callable[[str, str], object] | None = None,
    ) -> None:
        self.village = village
        self.store = store
        self.village_id = village_id
        self.clock = clock
        self.sleep = sleep
        self._delete_conversation = delete_conversation
        # which events the person is told of: threshold, cooldown, novelty (core/watch/notify.py)
        self.notify: Notifier | None = Notifier(store, village_id)
        self._watches: dict[str, Watch] = {}
        self._states: dict[str, WatchState] = {}
        self._runners: dict[str, WatchRunner] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loaded = False
        self.budget = WatchBudget(store, clock=lambda: self.clock())  # the meter follows ``clock``
        self.turns: dict[str, str] = {}  # the running runs' turn ids -> their watch (relay calls)
        self._estimates: dict[str, int] = {}  # each watch's last run estimate (WA-31)
        # the frame of each watch's running turn: report_event's keyframe (sha256, media type)
        self.current_frame: dict[str, tuple[str, str]] = {}
        village.conversation_tools = self.conversation_tools

    # ------------------------------------------------------------------ lifecycle
    def language(self) -> str:
        return self.village.config.village.language

    def load(self) -> None:
        """Read the village's watches (a few rows), before recovery resumes a cut run: its turn
        needs its watch's tools (``conversation_tools``). Nothing runs yet."""
        if self._loaded:
            return
        self._loaded = True
        for watch, state, watch_id, _ in self.store.watches(self.village_id):
            if watch is None:
                log_event(
                    "watch",
                    watch=watch_id,
                    action="unreadable",
                )
                continue
            self._watches[watch.id], self._states[watch.id] = watch, state

    async def start(self) -> None:
        """Resume the running watches' rhythms (loading them first when ``load`` was not called)."""
        if not self._loaded:
            await asyncio.to_thread(self.load)
        for watch in list(self._watches.values()):
            state = self._states[watch.id]
            if state.status == "running" and watch.id not in self._runners:
                self._run(watch, state)
                log_event("watch", watch=watch.id, agent=watch.agent_id, action="resumed", reason="start")

    async def close(self) -> None:
        for runner in list(self._runners.values()):
            await runner.cancel()
        self._runners.clear()
        tasks = [t for t in self._tasks if not t.done()]
        await asyncio.gather(*tasks, return_exceptions=True)

    def _run(self, watch: Watch, state: WatchState) -> None:
        runner = WatchRunner(self, watch, state)
        self._runners[watch.id] = runner
        runner.start()

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------------ queries
    def views(self, agent_id: str | None = None) -> list[WatchView]:
        return [
            v for w in self._watches.values() if (v := self.view(w.id)) and agent_id in (None, w.agent_id)
        ]

    def view(self, watch_id: str) -> WatchView | None:
        watch = self._watches.get(watch_id)
        if watch is None:
            return None
        state = self._states_of(watch_id)
        events, size = self.store.timeline_summary(watch_id)
        return WatchView(watch, state, self.meter(watch_id), events, size)

    def new_watch(self, agent_id: str, instruction: str) -> Watch:
        return Watch(f"w{secrets.token_hex(6)}", agent_id, instruction or "-", created=self.clock())

    def meter(self, watch_id: str) -> Meter:
        return self.budget.meter(self._watches[watch_id])

    def find_tool(self, agent_id: str, name: str) -> AgentTool | None:
        try:
            tools = self.village.tools(agent_id)
        except KeyError:
            return None
        for tool in tools:
            if tool.name == name:
                return tool
        for tool in tools:
            if tool.name.endswith(f"__{name}"):
                return tool
        return None

    def cameras(self, agent_id: str) -> list[str]:
        try:
            names = [t.name for t in self.village.tools(agent_id)]
        except KeyError:
            return []
        return sorted(names, key=lambda n: (not _CAMERA_WORDS.search(n), n))

    async def snapshot(self, agent_id: str, tool: str) -> ImageData:
        found = self.find_tool(agent_id, tool)
        if found is None:
            raise WatchRefused("no_tool", note("watch_refused_no_tool", self.language(), tool=tool))
        ret = await found.call_with_media({}, ToolContext(agent_id, self.language(), call_id="snapshot"))
        if ret.is_error or not ret.output.images:
            raise WatchRefused("no_image", note("watch_refused_no_image", self.language(), tool=found.name))
        return ret.output.images[-1]

    def events(
        self,
        *,
        watch_id: str | None = None,
        agent_id: str | None = None,
        since: float | None = None,
        until: float | None = None,
        min_importance: int = 0,
        text: str = "",
        limit: int = 200,
    ) -> list[CameraEvent]:
        return self.store.camera_events(
            self.village_id,
            watch_id=watch_id,
            agent_id=agent_id,
            since=since,
            until=until,
            min_importance=min_importance,
            text=text,
            limit=limit,
        )

    def event(self, event_id: int) -> CameraEvent | None:
        return self.store.camera_event(event_id)

    def keyframe(self, event_id: int) -> ImageData | None:
        e = self.store.camera_event(event_id)
        return None if e is None or not e.keyframe else self.image(e.keyframe)

    def blob(self, sha256: str) -> bytes | None:
        try:
            return self.store.blobs.get(sha256)
        except BlobError:
            return None

    def image(self, sha256: str) -> ImageData | None:
        data = self.blob(sha256)
        if data is None:
            return None
        out = normalize(data)
        return out if isinstance(out, ImageData) else None

    # ------------------------------------------------------------------ changes
    def _refusal(self, watch: Watch) -> WatchRefused | None:
        language = self.language()
        config = self.village.config
        try:
            agent = config.agent(watch.agent_id)
            template = config.template(agent.template)
        except KeyError:
            return WatchRefused("no_agent", note("watch_refused_no_agent", language, agent=watch.agent_id))
        if not template.tools:
            return WatchRefused(
                "tools_off", note("watch_refused_tools_off", language, agent=agent.name or agent.id)
            )
        if self.find_tool(watch.agent_id, watch.tool) is None:
            return WatchRefused("no_tool", note("watch_refused_no_tool", language, tool=watch.tool))
        if vision_ok(config, watch.agent_id) == "no_vision":
            return WatchRefused(
                "no_vision", note("watch_refused_no_vision", language, template=template.name)
            )
        return None

    async def create(self, watch: Watch, *, start: bool = True) -> Watch:
        """Store the watch in its own new conversation and start it (``start`` False: ready,
        paused with no reason, until the person starts it). Raises ``WatchRefused``."""
        refused = self._refusal(watch)
        if refused is not None:
            log_event("watch", watch=watch.id, agent=watch.agent_id, action="refused", reason=refused.reason)
            raise refused
        cid = watch.conversation_id or f"watch-{watch.id}"
        title = note("watch_conversation_title", self.language(), label=watch.label)
        watch = replace(watch, conversation_id=cid, created=watch.created or self.clock())
        state = WatchState() if start else WatchState(status="paused")
        await asyncio.to_thread(self.store.create_conversation, cid, self.village_id, watch.agent_id, title)
        await asyncio.to_thread(self.store.save_watch, self.village_id, watch, state)
        self._watches[watch.id], self._states[watch.id] = watch, state
        if start:
            self._run(watch, state)
        log_event(
            "watch",
            watch=watch.id,
            agent=watch.agent_id,
            action="start" if start else "ready",
            rhythm=watch.rhythm.kind,
            every_s=watch.rhythm.every_s,
            tool=watch.tool,
            by=watch.created_by,
        )
        self.village.bus.publish(WatchChanged(watch.id, watch.agent_id, state.status))
        return watch

    async def update(self, watch: Watch) -> Watch:
        if watch.id not in self._watches:
            raise WatchRefused(
                "invalid", note("watch_refused_no_agent", self.language(), agent=watch.agent_id)
            )
        refused = self._refusal(watch)
        if refused is not None:
            raise refused
        watch = replace(watch, conversation_id=self._watches[watch.id].conversation_id)
        await asyncio.to_thread(self.store.save_watch, self.village_id, watch)
        self._watches[watch.id] = watch
        if (runner := self._runners.get(watch.id)) is not None:
            runner.adopt(watch)
        log_event(
            "watch",
            watch=watch.id,
            agent=watch.agent_id,
            action="edited",
        )
        status = self.view(watch.id).state.status if self.view(watch.id) else "running"  # type: ignore[union-attr]
        self.village.bus.publish(WatchChanged(watch.id, watch.agent_id, status))
        return watch

    def pause(self, watch_id: str) -> None:
        self._spawn(self.set_status(watch_id, "paused", "person"))

    def resume(self, watch_id: str) -> None:
        self._spawn(self.set_status(watch_id, "running", ""))

    def stop(self, watch_id: str) -> None:
        self._spawn(self.set_status(watch_id, "stopped", "person"))

    async def set_status(self, watch_id: str, status: WatchStatus, reason: PauseReason) -> None:
        watch = self._watches.get(watch_id)
        if watch is None:
            return
        runner = self._runners.pop(watch_id, None)
        state = runner.state if runner is not None else self._states[watch_id]
        if runner is not None:
            await runner.cancel()
        state = replace(
            state, status=status, reason=reason, next_due=0.0 if status == "running" else state.next_due
        )
        self._states[watch_id] = state
        await asyncio.to_thread(self.store.save_watch_state, watch_id, state)
        if status == "running":
            self._run(watch, state)
        action = {"running": "resumed", "paused": "paused", "stopped": "stopped"}[status]
        log_event("watch", watch=watch_id, agent=watch.agent_id, action=action, reason=reason or "-")
        if reason in ("budget_calls", "budget_tokens", "error", "until"):
            key = f"watch_{action}_{reason}"
            text = note(key, self.language(), label=watch.label)
            self.village.bus.publish(Notice(watch.agent_id, "warning" if reason != "until" else "info", text))
        self.village.bus.publish(WatchChanged(watch_id, watch.agent_id, status, reason))

    def delete(self, watch_id: str, *, keep_timeline: bool) -> None:
        self._spawn(self._delete(watch_id, keep_timeline))

    async def _delete(self, watch_id: str, keep_timeline: bool) -> None:
        watch = self._watches.pop(watch_id, None)
        if watch is None:
            return
        runner = self._runners.pop(watch_id, None)
        if runner is not None:
            await runner.cancel()
        self._states.pop(watch_id, None)
        await asyncio.to_thread(self.store.delete_watch, watch_id, keep_timeline=keep_timeline)
        if not keep_timeline and self._delete_conversation is not None:
            await asyncio.to_thread(self._delete_conversation, watch.agent_id, watch.conversation_id)
        log_event(
            "watch",
            watch=watch_id,
            agent=watch.agent_id,
            action="deleted",
            timeline="kept" if keep_timeline else "deleted",
        )
        self.village.bus.publish(WatchChanged(watch_id, watch.agent_id, "deleted"))

    # ------------------------------------------------------------------ what the runner reports
    async def save_state(self, watch_id: str, state: WatchState) -> None:
        self._states[watch_id] = state
        await asyncio.to_thread(self.store.save_watch_state, watch_id, state)

    def scored(self, watch: Watch, result: GateResult) -> None:
        self.village.bus.publish(
            WatchScored(
                watch.id, watch.agent_id, result.score, result.threshold, result.changed, self.clock()
            )
        )

    def over_budget(self, watch: Watch, image: ImageData) -> PauseReason:
        """Whether the run of ``image`` may go (WA-10): one more call within the hour's calls, and
        its estimate (the instruction and the frame, with the previous keyframe, priced by the
        agent's route or as relay calls: ``core.watch.relay.estimate_for``) within the day's tokens."""
        images = [image, image] if watch.compare_previous and self._states_of(watch.id).keyframe else [image]
        run = [ChatMessage(Role.USER, watch.instruction), ChatMessage(Role.TOOL, "", attachments=images)]
        estimate = estimate_for(self.village.config, watch.agent_id, run)
        self._estimates[watch.id] = estimate  # counted instead when the provider reports no usage
        return self.budget.check(watch, estimate)

    def _states_of(self, watch_id: str) -> WatchState:
        runner = self._runners.get(watch_id)
        return runner.state if runner is not None else self._states[watch_id]

    async def relay_call(self, call: RelayCall) -> None:
        """The vision relay described an image for a watch's run: on that watch's meter."""
        watch_id = self.turns.get(call.turn_id)
        watch = self._watches.get(watch_id) if watch_id else None
        if watch is not None:
            await asyncio.to_thread(self.budget.record, watch, call.tokens, kind="relay")

    async def spent(
        self, watch: Watch, tokens: int, image: ImageData, kind: str = "run", *, calls: int = 1
    ) -> None:
        """A run's model calls (one row each, the tokens on the first) are on the meter."""
        now = self.clock()
        if tokens <= 0:  # the provider reported no usage: the run's estimate (WA-33)
            tokens = self._estimates.get(watch.id, 0)
        await asyncio.to_thread(self.store.add_watch_calls, watch.id, tokens, max(1, calls), kind, now)
        m = self.meter(watch.id)
        self.village.bus.publish(
            WatchMetered(watch.id, watch.agent_id, m.calls_hour, m.calls_limit, m.tokens_day, m.tokens_limit)
        )

    # ------------------------------------------------------------------ tools and events
    def watch_of(self, conversation_id: str) -> Watch | None:
        for watch in self._watches.values():
            if watch.conversation_id == conversation_id:
                return watch
        return None

    def conversation_tools(self, agent_id: str, conversation_id: str) -> list[AgentTool]:
        """``report_event`` in a watch's conversation; the timeline's tools for an agent that
        watches or has events (the village's hook: resumed turns get them too)."""
        watch = self.watch_of(conversation_id)
        watching = any(w.agent_id == agent_id for w in self._watches.values())
        out: list[AgentTool] = []
        language = self.language()
        try:
            asks = WATCH_CAMERA in self.village.config.agent(agent_id).builtin_tools
        except KeyError:
            asks = False
        if asks:  # the agent may start a watch when the person asks, confirmed by the person
            out.append(watch_camera_tool(self, language))
        if watch is not None and watch.agent_id == agent_id:
            out.append(
                ReportEvent(
                    self.store,
                    self.village_id,
                    watch,
                    lambda w=watch: self.current_frame.get(w.id) or self._stored_keyframe(w.id),
                    language=language,
                    on_event=self.on_event,
                    clock=self.clock,
                )
            )
        if watching:
            out.extend(timeline_tools(self, agent_id, language, self.clock))
        return out

    def _stored_keyframe(self, watch_id: str) -> tuple[str, str]:
        state = self._states.get(watch_id)
        return (state.keyframe, "image/jpeg") if state is not None and state.keyframe else ("", "")

    def on_event(self, event: CameraEvent) -> None:
        """A reported event is on the timeline: publish it, notify when the notifier says so."""
        watch = self._watches.get(event.watch_id)
        log_event(
            "watch",
            watch=event.watch_id,
            agent=event.agent_id,
            action="event",
            id=event.id,
            importance=event.importance,
        )
        self.village.bus.publish(
            CameraEventReported(
                event.id,
                event.watch_id,
                event.agent_id,
                event.conversation_id,
                event.at,
                event.title,
                event.summary,
                event.importance,
                event.keyframe,
            )
        )
        if watch is not None and self.notify is not None:
            self._spawn(self._notify(self.notify, watch, event))

    async def _notify(self, notifier: Notifier, watch: Watch, event: CameraEvent) -> None:
        """The notifier's store reads and its mark, in a worker thread; the notification on the loop."""
        decision = await asyncio.to_thread(notifier.consider, watch, event)
        if decision.notification is not None:
            self.village.bus.publish(decision.notification)


__all__ = ["WatchInvalid", "WatchRefused", "Watches"]
