"""``watch_camera``: the agent starts a watch when the person asks in chat (issue 15, WA-24).

``watch_camera(instruction, every_minutes | times | continuous, until)`` builds the watch (the
service's ``new_watch`` with the rhythm and end the model gave; ``continuous`` when none is
given: the change gate keeps the unchanged frames from the model), then asks the person to confirm
it through ``ToolContext.ask_user`` with two options, by ``ask_user_question``'s own path (the
question card; its timeout and outcomes). Only the "start" option makes it, through the injected
async ``create`` (the service's ``Watches.create``). A decline, another answer, a timeout or a
withdrawn question is a plain result that says no watch was made; no front end (or a
non-interactive one) is an error result, and so is a refusal (``WatchRefused``, its sentence).
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Awaitable, Callable
from typing import Any, Final

from core.builtin_tools import AskUserQuestion
from core.log import event
from core.notes import note
from core.tool import AgentTool, ToolContext, ToolReturn
from core.watch.model import MIN_EVERY_S, Rhythm, Watch, WatchInvalid
from core.watch.ports import WatchesLike, WatchRefused
from core.watch.tools import SUMMARY_MAX, bad_argument, text_argument
from core.watch.when import BadMoment, format_local, parse_moment

MAX_EVERY_MINUTES: Final = 24 * 60
CONTINUOUS_FRAME_S: Final = 2.0  # the frame interval of a watch the agent starts "continuous"
CONFIRM_TIMEOUT_S: Final = 600.0


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
            return bad_argument("rhythm", note("expect.one_rhythm", lang), lang)
        if "continuous" in args and not isinstance(args["continuous"], bool):
            return bad_argument("continuous", note("expect.boolean", lang), lang)
        if given == ["every_minutes"]:
            minutes = args["every_minutes"]
            least = max(1.0, MIN_EVERY_S / 60)  # the person thinks in minutes here
            if (
                isinstance(minutes, bool)
                or not isinstance(minutes, int | float)
                or not least <= minutes <= MAX_EVERY_MINUTES
            ):
                expected = note("expect.minutes", lang, min=f"{least:g}", max=MAX_EVERY_MINUTES)
                return bad_argument("every_minutes", expected, lang)
            return Rhythm("every", float(minutes) * 60.0)
        if given == ["times"]:
            times = args["times"]
            try:
                if not isinstance(times, list) or not all(isinstance(t, str) for t in times):
                    raise WatchInvalid("times", "not a list of texts")
                return Rhythm("times", times=tuple(t.strip().zfill(5) for t in times))
            except WatchInvalid:
                return bad_argument("times", note("expect.times_of_day", lang), lang)
        return Rhythm("continuous", CONTINUOUS_FRAME_S)

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        lang = ctx.language
        instruction = text_argument(args, "instruction", SUMMARY_MAX)
        if instruction is None:
            return bad_argument("instruction", note("expect.text_up_to", lang, max=SUMMARY_MAX), lang)
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
                return bad_argument("until", note("expect.future_moment", lang), lang)
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
        event("watch", watch=watch.id, agent=ctx.agent_id, action="confirm", outcome=outcome)
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


def watch_camera_tool(watches: WatchesLike, language: str) -> WatchCamera:
    """``watch_camera`` over the service: a confirmed watch is made with ``watches.create``."""
    return WatchCamera(watches.new_watch, watches.create, language=language)
