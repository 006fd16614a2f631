"""The turn engine, driven by a scripted backend (no network)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from core.canonical import ChatMessage, Role, ToolCall, Usage
from core.events import EventBus, ToolFinished, ToolStarted
from core.image_rules import MAX_TOOL_IMAGES_PER_REQUEST
from core.journal import ResumePoint
from core.llm import ProviderHTTPError
from core.notes import note
from core.tool import ToolOutput, ToolReturn
from core.turn import TurnError
from core.turn_control import RepeatGuard, TurnControl
from tests.fakes.images import frame
from tests.fakes.logs import log_lines
from tests.fakes.scripted import CounterTool, EchoTool, RaisingTool, ScriptedBackend, call, calls, reply
from tests.fakes.turns import make_turn


@pytest.mark.asyncio
async def test_plain_reply_writes_the_turn_line(event_log: Path) -> None:
    backend = ScriptedBackend([reply("hello", usage=Usage(12, 3, 4, 5))])
    outcome = await make_turn(backend, []).run()
    assert (outcome.text, outcome.stop, outcome.rounds) == ("hello", "-", 1)
    assert log_lines(event_log)[-1] == (
        "turn: agent=agent_9 backend=scripted stop=- input=12 output=3 cache_read=4 cache_write=5 "
        "rounds=1/12 model=scripted-1"
    )


@pytest.mark.asyncio
async def test_round_runs_calls_concurrently_and_keeps_call_order(event_log: Path) -> None:
    slow, fast = EchoTool("slow", "S", delay=0.3), EchoTool("fast", "F", delay=0.0)
    backend = ScriptedBackend([calls([("slow", {}), ("fast", {})]), reply("done")])
    outcome = await make_turn(backend, [slow, fast]).run()
    assert outcome.stop == "-"
    # both started before the slow one could have finished
    assert abs(slow.started[0] - fast.started[0]) < 0.2
    second = backend.requests[1].messages
    assert [(m.role, m.tool_name, m.text) for m in second[-2:]] == [
        (Role.TOOL, "slow", "S"),
        (Role.TOOL, "fast", "F"),
    ]
    tool_lines = [x for x in log_lines(event_log) if x.startswith("tool:")]
    # lines are written as each call finishes (the fast one first); messages keep call order
    assert [x.split(" ms=")[0] for x in tool_lines] == [
        "tool: agent=agent_9 round=1 name=fast ok=true",
        "tool: agent=agent_9 round=1 name=slow ok=true",
    ]
    assert all(x.endswith(" body_chars=1") for x in tool_lines)  # no images= for text-only tools


@pytest.mark.asyncio
async def test_three_identical_results_stop_the_loop_with_one_summary_call(event_log: Path) -> None:
    tool = EchoTool("poll", "same")
    backend = ScriptedBackend([call("poll", {"q": 1})] * 3 + [reply("summary")])
    outcome = await make_turn(backend, [tool]).run()
    assert tool.runs == 3
    assert (outcome.stop, outcome.text) == ("repeat", "summary")
    assert len(backend.requests) == 4
    summary = backend.requests[-1]
    assert summary.tool_choice == "none" and [t.name for t in summary.tools] == ["poll"]
    assert summary.system == "be brief\n\n" + note("repeat_summary", "en")
    assert [r.tool_choice for r in backend.requests[:3]] == ["auto"] * 3
    lines = log_lines(event_log)
    assert "turn cut: agent=agent_9 round=3 reason=repeat tool=poll" in lines
    assert lines[-1].startswith("turn: agent=agent_9 backend=scripted stop=repeat ")


@pytest.mark.asyncio
async def test_different_images_are_not_a_repeat() -> None:
    cam = CounterTool("cam")
    backend = ScriptedBackend([call("cam")] * 4 + [reply("four frames")])
    outcome = await make_turn(backend, [cam]).run()
    assert (outcome.stop, cam.runs) == ("-", 4)


def test_repeat_guard_keys_on_name_args_body_and_images() -> None:
    g = RepeatGuard()
    assert g.observe("t", {"a": 1, "b": 2}, "x", ["h1"]) == 1
    assert g.observe("t", {"b": 2, "a": 1}, "x", ["h1"]) == 2  # key order does not matter
    assert g.observe("t", {"a": 1, "b": 2}, "x", ["h2"]) == 1
    assert g.observe("t", {"a": 1, "b": 2}, "y", ["h1"]) == 1
    assert g.observe("u", {"a": 1, "b": 2}, "x", ["h1"]) == 1
    assert g.tripped(g.observe("t", {"a": 1, "b": 2}, "x", ["h1"]))


@pytest.mark.asyncio
async def test_tool_limit_triggers_exactly_one_summary_call(event_log: Path) -> None:
    cam = CounterTool("cam")
    backend = ScriptedBackend(default=call("cam"))
    backend.steps = [call("cam"), call("cam"), reply("summary after limit")]
    outcome = await make_turn(backend, [cam], max_tool_rounds=2, language="ja").run()
    assert (outcome.stop, outcome.text, cam.runs) == ("tool_limit", "summary after limit", 2)
    assert len(backend.requests) == 3
    assert backend.requests[-1].tool_choice == "none"
    assert backend.requests[-1].system.endswith(note("tool_limit_summary", "ja", limit=2))
    assert "stop=tool_limit" in log_lines(event_log)[-1]
    assert " rounds=2/2 " in log_lines(event_log)[-1]
    # AC-6 (docs/log-lines.md): a round: line per model answer, the summary call is round n+1
    rounds = [x.split(" ")[2] for x in log_lines(event_log) if x.startswith("round:")]
    assert rounds == ["round=1", "round=2", "round=3"]


@pytest.mark.asyncio
async def test_summary_tool_calls_are_never_executed() -> None:
    tool = EchoTool("poll", "same")
    backend = ScriptedBackend([call("poll")] * 3 + [call("poll", text="I would call again")])
    outcome = await make_turn(backend, [tool]).run()
    assert tool.runs == 3 and outcome.messages[-1].tool_calls == []


@pytest.mark.asyncio
async def test_stop_ends_at_the_next_boundary_keeping_history(event_log: Path) -> None:
    control = TurnControl()
    gate = asyncio.Event()
    slow = EchoTool("slow", "frame", gate=gate)
    backend = ScriptedBackend([call("slow"), reply("never")])
    turn = make_turn(backend, [slow], control=control)
    task = asyncio.create_task(turn.run())
    await slow.running.wait()
    control.stop()  # while the tool runs: the running call completes, no further model call
    gate.set()
    outcome = await task
    assert outcome.stop == "interrupted"
    assert len(backend.requests) == 1 and slow.runs == 1
    assert [m.role for m in outcome.messages] == [Role.USER, Role.ASSISTANT, Role.TOOL]
    assert outcome.messages[-1].text == "frame"
    lines = log_lines(event_log)
    assert any(x.startswith("turn interrupted: agent=agent_9 rounds=1 elapsed_ms=") for x in lines)
    assert "stop=interrupted" in lines[-1]


@pytest.mark.asyncio
async def test_tool_exception_and_unknown_tool_become_error_results(event_log: Path) -> None:
    backend = ScriptedBackend([calls([("broken", {}), ("nope", {})]), reply("sorry")])
    outcome = await make_turn(backend, [RaisingTool()]).run()
    assert outcome.stop == "-"
    results = backend.requests[1].messages[-2:]
    assert results[0].text == "tool execution failed: RuntimeError: disk on fire" and results[0].is_error
    assert results[1].text == "tool execution failed: there is no tool named nope" and results[1].is_error
    lines = log_lines(event_log)
    assert "tool unknown: agent=agent_9 round=1 name=nope" in lines
    assert any(x.startswith("tool: agent=agent_9 round=1 name=broken ok=false ") for x in lines)


@pytest.mark.asyncio
async def test_provider_error_fails_the_turn_with_lines(event_log: Path) -> None:
    backend = ScriptedBackend([ProviderHTTPError(401, "bad key", provider_code="invalid_api_key")])
    with pytest.raises(TurnError) as info:
        await make_turn(backend, []).run()
    assert info.value.code == "http_401"
    lines = log_lines(event_log)
    assert lines[-2].startswith("turn: agent=agent_9 backend=scripted stop=error input=0 output=0 ")
    assert lines[-1] == "turn failed: agent=agent_9 code=http_401 fatal=false: HTTP 401: bad key"


@pytest.mark.asyncio
async def test_images_ride_on_the_tool_message_with_a_caption(event_log: Path) -> None:
    img = frame(1)
    tool = EchoTool("nik__live_view_image", '{"seq":1}', images=[img])
    bus = EventBus()
    seen: list[object] = []
    bus.subscribe(seen.append)
    backend = ScriptedBackend([call("nik__live_view_image"), reply("a desk")])
    await make_turn(backend, [tool], bus=bus).run()
    result = backend.requests[1].messages[-1]
    assert result.attachments == [img]
    assert result.attachment_caption == "(1 image from the nik__live_view_image result)"
    assert result.text == '{"seq":1}'
    line = next(x for x in log_lines(event_log) if x.startswith("tool:"))
    assert line.endswith(" body_chars=9 images=1")
    finished = [e for e in seen if isinstance(e, ToolFinished)]
    assert finished[0].display_line == "(1 image: JPEG 1 KB)" and finished[0].images == (img,)
    assert any(isinstance(e, ToolStarted) for e in seen)


@pytest.mark.asyncio
async def test_request_cap_keeps_the_newest_twenty_images(event_log: Path) -> None:
    cam = EchoTool("cam", "frames", images=[frame(i) for i in range(4)])
    backend = ScriptedBackend([call("cam", {"n": i}) for i in range(6)] + [reply("done")])
    await make_turn(backend, [cam]).run()
    counts = [sum(len(m.attachments) for m in r.messages) for r in backend.requests]
    assert counts == [0, 4, 8, 12, 16, 20, MAX_TOOL_IMAGES_PER_REQUEST]
    last = [m for m in backend.requests[-1].messages if m.role is Role.TOOL]
    capped = note("images_capped", "en")
    assert [len(m.attachments) for m in last] == [0, 4, 4, 4, 4, 4]
    assert last[0].text == f"frames\n{capped}" and last[0].attachment_caption is None
    assert [m.text.count(capped) for m in last] == [1, 0, 0, 0, 0, 0]
    capped_lines = [x for x in log_lines(event_log) if x.startswith("tool image capped:")]
    assert capped_lines == ["tool image capped: agent=agent_9 removed=4"]


@pytest.mark.asyncio
async def test_400_with_images_strips_them_and_resends_once(event_log: Path) -> None:
    cam = EchoTool("cam", "frame", images=[frame(1)])
    backend = ScriptedBackend(
        [
            call("cam"),
            ProviderHTTPError(400, "image input not supported"),
            call("cam", {"again": 1}),
            reply("no eyes"),
        ]
    )
    outcome = await make_turn(backend, [cam], language="zh").run()
    assert outcome.text == "no eyes"
    resent = backend.requests[2].messages[-1]
    assert resent.attachments == [] and resent.text == "frame\n" + note("images_not_sent", "zh")
    # for the rest of the turn new images are not attached: the note is added instead
    later = backend.requests[3].messages[-1]
    assert later.attachments == [] and later.text.endswith(note("images_not_sent", "zh"))
    lines = log_lines(event_log)
    assert "tool image fallback: agent=agent_9 model=scripted-1 removed=1 outcome=ok" in lines


@pytest.mark.asyncio
async def test_400_without_images_is_not_retried(event_log: Path) -> None:
    backend = ScriptedBackend([call("echo"), ProviderHTTPError(400, "bad")])
    with pytest.raises(TurnError):
        await make_turn(backend, [EchoTool()]).run()
    assert len(backend.requests) == 2


@pytest.mark.asyncio
async def test_second_400_after_stripping_fails_with_outcome_error(event_log: Path) -> None:
    cam = EchoTool("cam", "frame", images=[frame(1)])
    backend = ScriptedBackend([call("cam"), ProviderHTTPError(400, "no"), ProviderHTTPError(400, "still no")])
    with pytest.raises(TurnError):
        await make_turn(backend, [cam]).run()
    assert len(backend.requests) == 3
    assert "tool image fallback: agent=agent_9 model=scripted-1 removed=1 outcome=error" in log_lines(
        event_log
    )


@pytest.mark.asyncio
async def test_model_that_cannot_read_images_gets_the_note_without_a_400() -> None:
    cam = EchoTool("cam", "frame", images=[frame(1)])
    backend = ScriptedBackend([call("cam"), reply("ok")])
    await make_turn(backend, [cam], reads_images=False, language="ja").run()
    result = backend.requests[1].messages[-1]
    assert result.attachments == [] and result.text == "frame\n" + note("images_not_sent", "ja")


@pytest.mark.asyncio
async def test_tools_off_sends_no_tools() -> None:
    backend = ScriptedBackend([reply("plain")])
    await make_turn(backend, [EchoTool()], tools_enabled=False).run()
    assert backend.requests[0].tools == []


@pytest.mark.asyncio
async def test_resume_reuses_completed_calls_and_runs_the_rest() -> None:
    first, second = EchoTool("first", "A"), EchoTool("second", "B")
    assistant = ChatMessage(
        Role.ASSISTANT, "", tool_calls=[ToolCall("c1", "first", {}), ToolCall("c2", "second", {})]
    )
    stored = ToolReturn(ToolOutput("A from before the crash"))
    point = ResumePoint(
        "t1", "agent_9", ChatMessage(Role.USER, "look"), [assistant], {"c1": stored}, rounds_done=1
    )
    backend = ScriptedBackend([reply("resumed")])
    outcome = await make_turn(backend, [first, second], resume=point).run()
    assert (first.runs, second.runs) == (0, 1)
    assert outcome.text == "resumed"
    msgs = backend.requests[0].messages
    assert [m.text for m in msgs[-2:]] == ["A from before the crash", "B"]


@pytest.mark.asyncio
async def test_cap_drops_the_oldest_images_first_and_recounts_the_caption() -> None:
    frames = [frame(i) for i in range(3)]
    cam = EchoTool("cam", "three", images=frames)
    backend = ScriptedBackend([call("cam", {"n": i}) for i in range(7)] + [reply("done")])
    await make_turn(backend, [cam]).run()
    oldest = next(m for m in backend.requests[-1].messages if m.role is Role.TOOL)
    assert oldest.attachments == frames[:2]  # 21 images: one goes, from the end of the oldest result
    assert oldest.attachment_caption == "(2 images from the cam result)"
    assert oldest.text == "three\n" + note("images_capped", "en")


@pytest.mark.asyncio
async def test_pipeline_sees_every_result_before_the_model() -> None:
    class Redact:
        def __init__(self) -> None:
            self.seen: list[str] = []

        async def process(self, call: ToolCall, result: ToolReturn, ctx: object) -> ToolReturn:
            self.seen.append(call.name)
            return ToolReturn(ToolOutput(result.output.text.replace("secret", "[x]")), result.is_error)

    pipe = Redact()
    backend = ScriptedBackend([calls([("a", {}), ("broken", {})]), reply("ok")])
    await make_turn(backend, [EchoTool("a", "a secret"), RaisingTool()], pipeline=pipe).run()
    assert sorted(pipe.seen) == ["a", "broken"]
    assert backend.requests[1].messages[-2].text == "a [x]"


@pytest.mark.asyncio
async def test_a_request_never_carries_results_that_answer_no_call(event_log: Path) -> None:
    backend = ScriptedBackend([reply("fine")])
    turn = make_turn(backend, [])
    orphan = ChatMessage(Role.TOOL, "lost its call", tool_call_id="gone")
    turn.history = [ChatMessage(Role.USER, "earlier"), orphan, ChatMessage(Role.ASSISTANT, "ok")]
    await turn.run()
    [request] = backend.requests
    assert [m.tool_call_id for m in request.messages] == [None, None, None]
    assert any("request repaired:" in line and "dropped=1" in line for line in log_lines(event_log))
