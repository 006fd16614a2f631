"""One tool call inside a turn: recorded, executed, shaped for the model, reported.

``run_call`` is what the turn engine (``core.turn``) does for each call of a round; the round runs
its calls concurrently and keeps their results in call order. In order:

* the ``ToolStarted`` event;
* a call completed before a crash is reused, never executed again (S02-3); any other call runs
  only once its ``running`` record is written: a save error means it is not run at all and the
  model gets the ``tool_not_recorded`` error (a save error never causes re-execution);
* an unknown tool, or a tool that raises, gives an error result, never a crashed turn;
* the tool pipeline (S00-1) runs on every executed result;
* the result becomes the tool message: its images with their caption, or the "not sent" note
  when images are blocked for this turn (``core.image_rules``, S70-11, S70-15) — with the
  village's vision relay, each image's description instead (``ImageRelay``, ``core.watch.relay``);
* ``tool_completed`` is recorded, the ``tool image dropped:`` and ``tool:`` lines are written and
  ``ToolFinished`` carries the panel line "(1 image: JPEG 19 KB)" (S70-18).
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from core.canonical import ChatMessage, ImageData, Role, ToolCall
from core.events import EventBus, ToolFinished, ToolProgress, ToolStarted
from core.image_rules import attach_images, strip_tool_images
from core.journal import JournalError, TurnJournal
from core.log import LOG
from core.log import event as log_event
from core.notes import note
from core.questions import AskHook, Questions
from core.tool import AgentTool, ForPerson, ToolContext, ToolOutput, ToolReturn
from core.tool_image import display_suffix

Record = Callable[..., Awaitable[None]]  # the turn's durable journal write: record(write, *args)


class ToolPipeline(Protocol):
    """What happens to a tool's return before the model sees it (S00-1): prepared content,
    post-execute policies, the spill policy, final limits. Must not raise."""

    async def process(self, call: ToolCall, result: ToolReturn, ctx: ToolContext) -> ToolReturn: ...


class ImageRelay(Protocol):
    """Describes the tool images a turn's model cannot read (``core.watch.relay.TurnRelay``)."""

    async def relayed(self, text: str, images: Sequence[ImageData], tool: str) -> str | None:
        """``text`` with a description of each image; None when none could be had."""
        ...


@dataclass(frozen=True)
class CallScope:
    """What the calls of one round share; the turn builds one per round."""

    agent_id: str
    language: str
    turn_id: str
    round: int
    image_results: bool  # mcp.image_results (S03-1)
    images_blocked: bool  # S70-15: no tool images for the rest of this turn
    tools: Mapping[str, AgentTool]
    bus: EventBus
    journal: TurnJournal
    record: Record
    pipeline: ToolPipeline | None
    questions: Questions | None  # routes ask_user_question to the front ends (S02-8)
    stopped: Callable[[], Awaitable[None]]  # returns once Stop is pressed
    relay: ImageRelay | None = None  # the village's eyes while images are blocked (WA-35)


async def run_call(
    scope: CallScope, call: ToolCall, stored: ToolReturn | None, unrecorded: bool = False
) -> tuple[ToolReturn, ChatMessage]:
    """One call of a round: its return (as the tool pipeline left it) and its tool message."""
    agent = scope.agent_id
    scope.bus.publish(
        ToolStarted(agent, scope.turn_id, call.id, scope.round, call.name, dict(call.arguments))
    )
    started = time.monotonic()
    if stored is not None:
        ret = stored  # completed before a crash: reused, never executed again (S02-3)
    else:
        ret = await _execute_recorded(scope, call, unrecorded)
    ms = int((time.monotonic() - started) * 1000)
    message = tool_message(scope, call, ret)
    if scope.images_blocked and scope.relay is not None and ret.output.images:
        described = await scope.relay.relayed(ret.output.text, ret.output.images, call.name)
        message = message if described is None else dataclasses.replace(message, text=described)
    if stored is None:
        await scope.record(scope.journal.tool_completed, scope.turn_id, call.id, ret, message)
    for dropped in ret.output.dropped:
        log_event("tool image dropped", agent=agent, name=call.name, reason=dropped.reason)
    fields: dict[str, object] = {
        "agent": agent,
        "round": scope.round,
        "name": call.name,
        "ok": not ret.is_error,
        "ms": ms,
        "body_chars": len(message.text),
    }
    if ret.output.images:
        fields["images"] = len(ret.output.images)
    log_event("tool", None, **fields)
    images = tuple(ret.output.images)
    line = display_suffix(list(images), scope.language) if images else ""
    person = ret.for_person or ForPerson("")
    scope.bus.publish(
        ToolFinished(
            agent,
            scope.turn_id,
            call.id,
            scope.round,
            call.name,
            not ret.is_error,
            ms,
            message.text,
            line,
            images,
            person.text,
            person.images,
        )
    )
    return ret, message


async def _execute_recorded(scope: CallScope, call: ToolCall, unrecorded: bool) -> ToolReturn:
    """Execute only once the call is durably ``running``; a save error means it is not run
    at all and the model is told so (S02-3: a save error never causes re-execution)."""
    if not unrecorded:
        try:
            await scope.record(scope.journal.tool_running, scope.turn_id, call.id)
        except JournalError:
            unrecorded = True
    if unrecorded:
        log_event("tool not recorded", agent=scope.agent_id, round=scope.round, name=call.name)
        return ToolReturn.error(note("tool_not_recorded", scope.language, name=call.name))
    return await _execute(scope, call)


async def _execute(scope: CallScope, call: ToolCall) -> ToolReturn:
    tool = scope.tools.get(call.name)
    if tool is None:
        log_event("tool unknown", agent=scope.agent_id, round=scope.round, name=call.name)
        return ToolReturn.error(note("tool_unknown", scope.language, name=call.name))
    ctx = ToolContext(
        agent_id=scope.agent_id,
        language=scope.language,
        turn_id=scope.turn_id,
        call_id=call.id,
        round=scope.round,
        image_results=scope.image_results,
        ask_user=_ask_hook(scope, call),
        progress=_progress_hook(scope, call),
    )
    try:
        ret = await tool.call_with_media(dict(call.arguments), ctx)
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # a tool exception is an error result, never a crashed turn
        detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        ret = ToolReturn.error(note("tool_failed", scope.language, error=detail))
    ret = _redacted(ret)  # known secrets never reach the pipeline, the store or an event
    if scope.pipeline is not None:
        person = ret.for_person
        ret = await scope.pipeline.process(call, ret, ctx)
        ret = dataclasses.replace(ret, for_person=person)  # the pipeline shapes the model's view only
    return ret


def _progress_hook(scope: CallScope, call: ToolCall) -> Callable[[float, float | None, str | None], None]:
    """Publishes the server's progress on this call for the tool row."""

    def report(progress: float, total: float | None, message: str | None) -> None:
        scope.bus.publish(
            ToolProgress(
                scope.agent_id, scope.turn_id, call.id, scope.round, call.name, progress, total, message or ""
            )
        )

    return report


def _ask_hook(scope: CallScope, call: ToolCall) -> AskHook | None:
    """None when no front end answers questions; a stop withdraws an open question."""
    if scope.questions is None:
        return None
    return scope.questions.hook(
        agent_id=scope.agent_id, turn_id=scope.turn_id, call_id=call.id, stopped=scope.stopped
    )


def tool_message(scope: CallScope, call: ToolCall, ret: ToolReturn) -> ChatMessage:
    """The tool-result message the model reads: the images ride on it."""
    text, images, caption = attach_images(
        ret.output.text,
        ret.output.images,
        tool=call.name,
        blocked=scope.images_blocked,
        language=scope.language,
    )
    return ChatMessage(
        role=Role.TOOL,
        text=text,
        attachments=images,
        attachment_caption=caption,
        tool_call_id=call.id,
        tool_name=call.name,
        is_error=ret.is_error,
    )


async def relay_stripped(
    relay: ImageRelay | None, messages: Sequence[ChatMessage], language: str
) -> tuple[list[ChatMessage], int]:
    """S70-15's strip (``core.image_rules.strip_tool_images``), each stripped result given its
    images' descriptions by ``relay`` where it has them; and how many images went."""
    out: list[ChatMessage] = []
    removed = 0
    for m in messages:
        if relay is not None and m.role is Role.TOOL and m.attachments:
            described = await relay.relayed(m.text, m.attachments, m.tool_name or "")
            if described is not None:
                removed += len(m.attachments)
                m = dataclasses.replace(m, text=described, attachments=[], attachment_caption=None)
        out.append(m)
    stripped, rest = strip_tool_images(out, language)
    return stripped, removed + rest


def _redacted(ret: ToolReturn) -> ToolReturn:
    """``ret`` without the registered secrets (``core.log``); image places follow the shorter text."""

    def clean(out: ToolOutput) -> ToolOutput:
        text = LOG.redact(out.text)
        if text == out.text:
            return out
        at = None if out.image_at is None else [len(LOG.redact(out.text[:i])) for i in out.image_at]
        return dataclasses.replace(out, text=text, image_at=at)

    full = None if ret.full is None else clean(ret.full)
    person = ret.for_person
    if person is not None:
        person = ForPerson(LOG.redact(person.text), person.images)
    return dataclasses.replace(ret, output=clean(ret.output), full=full, for_person=person)
