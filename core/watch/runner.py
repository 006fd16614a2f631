"""One watch's loop (issue 15): look, gate, check the budget, run, wait (WA-12 … WA-16).

Each look fetches a frame through the agent's own tool (any MCP camera: the tool is called as the
model would call it, outside any turn) and puts it through the change gate off the event loop. A
frame that did not change is counted and dropped: no model call, no record (the skips are
summarised in one ``watch:`` line a minute, never one a frame). A changed frame, when the budget
allows, becomes a normal turn in the watch's conversation whose first round is that frame's tool
call, pre-made (``Turn``'s ``planned``): the call is recorded, its result goes through the
pipeline, the media cache and the store like any call's, and the model is asked once, with the
instruction, the frame and (``compare_previous``) the model's previous keyframe before it. Crash
safety is the turn's: a run cut by a kill is resumed by recovery, its completed calls reused.

The state (``WatchState``) is written when a run starts (the new keyframe, so a restart compares
the next frames with what the model saw and never runs the same change twice), when the watch
pauses or stops, and once a minute while frames are skipped (the last score).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from core.canonical import ChatMessage, ImageData, Role, ToolCall
from core.handle import TurnHandle
from core.log import event as log_event
from core.notes import note
from core.stops import Stop
from core.tool import AgentTool, ToolContext, ToolOutput, ToolReturn
from core.watch.gate import ChangeGate, GateResult, UndecodableFrame, thumbnail
from core.watch.model import PauseReason, Watch, WatchState, WatchStatus
from core.watch.when import format_local


class Host(Protocol):
    """What a runner asks of its service (``core.watch.service.Watches``)."""

    clock: Callable[[], float]
    sleep: Callable[[float], Awaitable[None]]
    current_frame: dict[str, tuple[str, str]]
    turns: dict[str, str]  # running turn id -> watch id

    @property
    def village(self) -> Sender: ...

    def language(self) -> str: ...

    def blob(self, sha256: str) -> bytes | None: ...

    def image(self, sha256: str) -> ImageData | None: ...

    def find_tool(self, agent_id: str, name: str) -> AgentTool | None: ...

    def scored(self, watch: Watch, result: GateResult) -> None: ...

    def over_budget(self, watch: Watch, image: ImageData) -> PauseReason: ...

    async def set_status(self, watch_id: str, status: WatchStatus, reason: PauseReason) -> None: ...

    async def save_state(self, watch_id: str, state: WatchState) -> None: ...

    async def spent(
        self, watch: Watch, tokens: int, image: ImageData, kind: str = "run", *, calls: int = 1
    ) -> None: ...


class Sender(Protocol):
    def send(
        self,
        agent_id: str,
        text: str,
        *,
        source: str = "user",
        hop: int = 0,
        conversation: str | None = None,
        planned: ChatMessage | None = None,
        tools: list[AgentTool] | None = None,
    ) -> TurnHandle: ...


SKIP_SUMMARY_S = 60.0  # one line of skipped frames a minute at most
FAILED_RUNS_PAUSE = 3  # runs failing in a row before the watch pauses itself (reason "error")
RETRY_S = 5.0  # a look whose tool is missing or failed is tried again after this (or the rhythm)
STOP_WAIT_S = 10.0  # a pause or stop waits this long for the run under way to end

Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]


class Prefetched(AgentTool):
    """The camera tool for one watch run: its pre-made call returns the frame already fetched
    (and gated); any other call goes to the real tool."""

    def __init__(self, real: AgentTool, call_id: str, ret: ToolReturn) -> None:
        self.name, self.description, self.input_schema = real.name, real.description, real.input_schema
        self._real, self._call_id, self._ret = real, call_id, ret

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        return await self.call_with_media(args, ctx)

    async def call_with_media(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        if ctx.call_id == self._call_id:
            return self._ret
        return await self._real.call_with_media(args, ctx)


@dataclass
class Frame:
    ret: ToolReturn
    image: ImageData
    tool: AgentTool


class WatchRunner:
    """The loop of one watch; ``task`` runs it until the watch pauses, stops or is deleted."""

    def __init__(self, service: Host, watch: Watch, state: WatchState) -> None:
        self.s = service
        self.watch = watch
        self.state = state
        self.gate = ChangeGate(watch.sensitivity, watch.region)
        self.task: asyncio.Task[None] | None = None
        self._skipped = 0
        self._skip_since = 0.0
        self._failed_runs = 0
        self._reference_read = False
        self._turn: TurnHandle | None = None  # the run under way

    # ------------------------------------------------------------------ control
    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._loop(), name=f"watch {self.watch.id}")

    def adopt(self, watch: Watch) -> None:
        """An edited definition: the gate follows its sensitivity and region at once."""
        self.watch = watch
        self.gate.sensitivity = watch.sensitivity
        self.gate.region = watch.region

    async def cancel(self) -> None:
        """End the loop. A run under way is stopped the normal way (Stop: it ends at its next
        boundary and its spending is counted) and waited for a few seconds; the loop itself is
        cancelled then, the turn left to finish on its own."""
        task, self.task = self.task, None
        if task is None or task is asyncio.current_task():
            return
        if self._turn is not None:
            self._turn.stop()
            done, _ = await asyncio.wait({task}, timeout=STOP_WAIT_S)
            if done:
                return
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    # ------------------------------------------------------------------ the loop
    async def _loop(self) -> None:
        try:
            await self._read_reference()
            while True:
                now = self.s.clock()
                w = self.watch
                if w.until is not None and now >= w.until:
                    self._flush_skips(now)
                    await self.s.set_status(w.id, "stopped", "until")
                    return
                due = self.state.next_due or now
                if due > now:
                    wait = due - now if w.until is None else min(due - now, max(0.0, w.until - now))
                    await self.s.sleep(wait)
                    continue
                try:
                    next_due = await self._look()
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # a broken look never ends the watch; three in a row pause it
                    log_event(
                        "watch", watch=w.id, agent=w.agent_id, action="look_failed", error=type(exc).__name__
                    )
                    self._failed_runs += 1
                    if self._failed_runs >= FAILED_RUNS_PAUSE:
                        await self.s.set_status(w.id, "paused", "error")
                        return
                    next_due = self.s.clock() + RETRY_S
                if self.task is None or self.state.status != "running":
                    return
                self.state = replace(self.state, next_due=next_due)
                if w.rhythm.kind != "continuous":  # a restart keeps the rhythm (looks ≥ 10 s apart)
                    await self.s.save_state(w.id, self.state)
        except asyncio.CancelledError:
            self._flush_skips(self.s.clock())
            raise

    async def _read_reference(self) -> None:
        """The model's last frame as the gate's reference, after a restart (off the loop)."""
        if self._reference_read or not self.state.keyframe:
            self._reference_read = True
            return
        self._reference_read = True
        data = await asyncio.to_thread(self.s.blob, self.state.keyframe)
        if data is None:
            return
        with contextlib.suppress(UndecodableFrame):  # an unreadable keyframe: the next frame is a first
            reference = await asyncio.to_thread(thumbnail, data)
            self.gate = ChangeGate(self.watch.sensitivity, self.watch.region, reference)

    async def _look(self) -> float:
        """One look; returns when the next one is due."""
        w = self.watch
        now = self.s.clock()
        frame = await self._fetch()
        if frame is None:
            return now + max(RETRY_S, w.rhythm.every_s if w.rhythm.kind != "times" else 0)
        try:
            result = await self.gate.score_async(frame.image.data)
        except UndecodableFrame as exc:
            log_event("watch", watch=w.id, agent=w.agent_id, action="frame_unreadable", reason=exc.reason)
            return w.rhythm.next_due(now)
        self.s.scored(w, result)
        self.state = replace(self.state, last_frame=now, last_score=result.score)
        if not result.changed:
            if self._skip(now):
                await self.s.save_state(w.id, self.state)
            return w.rhythm.next_due(now)
        self._flush_skips(now)
        paused = self.s.over_budget(w, frame.image)
        if paused:
            await self.s.set_status(w.id, "paused", paused)
            return w.rhythm.next_due(now)
        await self._run(frame, result, now)
        return w.rhythm.next_due(self.s.clock())

    async def _fetch(self) -> Frame | None:
        w = self.watch
        tool = self.s.find_tool(w.agent_id, w.tool)
        if tool is None:
            log_event(
                "watch", watch=w.id, agent=w.agent_id, action="frame_failed", reason="no_tool", tool=w.tool
            )
            return None
        ctx = ToolContext(w.agent_id, self.s.language(), turn_id=f"watch-{w.id}", call_id="look")
        try:
            ret = await tool.call_with_media(dict(w.arguments), ctx)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a tool that raises is a failed look, never a dead watch
            log_event("watch", watch=w.id, agent=w.agent_id, action="frame_failed", reason=type(exc).__name__)
            return None
        if ret.is_error or not ret.output.images:
            reason = "tool_error" if ret.is_error else "no_image"
            log_event(
                "watch", watch=w.id, agent=w.agent_id, action="frame_failed", reason=reason, tool=tool.name
            )
            return None
        return Frame(ret, ret.output.images[-1], tool)

    def _skip(self, now: float) -> bool:
        if not self._skipped:
            self._skip_since = now
        self._skipped += 1
        if now - self._skip_since >= SKIP_SUMMARY_S:
            self._flush_skips(now)
            return True  # the last score is written once a minute
        return False

    def _flush_skips(self, now: float) -> None:
        if self._skipped:
            seconds = int(now - self._skip_since)
            w = self.watch
            log_event(
                "watch", watch=w.id, agent=w.agent_id, action="skipped", frames=self._skipped, seconds=seconds
            )
            self._skipped = 0

    # ------------------------------------------------------------------ a run
    async def _run(self, frame: Frame, result: GateResult, now: float) -> None:
        w = self.watch
        previous = self.state.keyframe
        call = ToolCall(f"watch-{secrets.token_hex(6)}", frame.tool.name, dict(w.arguments))
        planned = ChatMessage(role=Role.ASSISTANT, text="", tool_calls=[call])
        ret = await self._with_previous(frame, previous, now)
        language = self.s.language()
        text = note(
            "watch_run",
            language,
            instruction=w.instruction,
            time=format_local(now),
            score=f"{result.score:.0f}",
        )
        # what the model saw from now on: a restart compares with it and never runs this change again
        self.state = replace(self.state, last_run=now, keyframe=frame.image.sha256)
        await self.s.save_state(w.id, self.state)
        self.s.current_frame[w.id] = (frame.image.sha256, frame.image.media_type)
        started = time.monotonic()
        handle = self.s.village.send(
            w.agent_id,
            text,
            source="watch",
            conversation=w.conversation_id,
            planned=planned,
            tools=[Prefetched(frame.tool, call.id, ret)],
        )
        assert handle.task is not None
        self._turn = handle
        self.s.turns[handle.turn_id] = w.id  # the relay's descriptions count on this watch
        try:
            outcome = await asyncio.shield(handle.task)  # a cancelled loop never cuts the turn
        finally:
            self._turn = None
            self.s.turns.pop(handle.turn_id, None)
        self.gate.accept(result)
        usage = outcome.usage
        tokens = usage.input + usage.output + usage.cache_read + usage.cache_write
        # the model calls the run made: its rounds but the planned one (a summary call adds one)
        calls = max(1, outcome.rounds - 1 + (outcome.stop in (Stop.TOOL_LIMIT, Stop.REPEAT)))
        await self.s.spent(w, tokens, frame.image, calls=calls)
        ms = int((time.monotonic() - started) * 1000)
        log_event(
            "watch",
            watch=w.id,
            agent=w.agent_id,
            action="run",
            score=f"{result.score:.0f}",
            stop=outcome.stop,
            calls=calls,
            tokens=tokens,
            ms=ms,
        )
        if outcome.stop == Stop.ERROR:
            self._failed_runs += 1
            if self._failed_runs >= FAILED_RUNS_PAUSE:
                await self.s.set_status(w.id, "paused", "error")
        else:
            self._failed_runs = 0

    async def _with_previous(self, frame: Frame, previous: str, now: float) -> ToolReturn:
        """The frame's return, with the model's previous keyframe before it (``compare_previous``)."""
        w = self.watch
        if not (w.compare_previous and previous and previous != frame.image.sha256):
            return frame.ret
        old = await asyncio.to_thread(self.s.image, previous)
        if old is None:
            return frame.ret
        language = self.s.language()
        blocks: list[str | ImageData] = [
            note("watch_previous_frame", language, time=format_local(self.state.last_run or now)),
            old,
            note("watch_new_frame", language, time=format_local(now)),
            *frame.ret.output.blocks(),
        ]
        output = ToolOutput.from_blocks(blocks, frame.ret.output.dropped)
        return replace(frame.ret, output=output, full=None)
