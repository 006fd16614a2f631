"""Pause and Resume in the window (S02-5): the turn ends resumable at its next step, pending tool
calls are kept (not run), and Resume continues it; a paused turn from an earlier session waits for
the person instead of continuing on its own."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from app.launcher import Runtime, resume_cut_turns
from app.main_window import MainWindow
from core.canonical import ChatMessage, Role, ToolCall
from core.events import ToolFinished, ToolStarted
from core.journal import ResumePoint
from core.store import SqliteJournal, Store
from core.tool import ToolContext, ToolReturn
from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.images import jpeg
from tests.fakes.logs import log_lines
from tests.fakes.scripted import CameraTool, ScriptedBackend
from tests.fakes.waits import until
from tests.fakes.windows import window


class CountingCamera(CameraTool):
    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.runs = 0

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        self.runs += 1
        return await super().call(args, ctx)


@pytest.mark.asyncio
async def test_pause_then_resume_runs_the_pending_call_once(
    qtbot: QtBot, tmp_path: Path, event_log: Path
) -> None:
    gate = asyncio.Event()
    script: list[str | ToolCall] = [ToolCall("c1", "cam__live_view_image", {}), "A red frame."]
    backend = ScriptedBackend.looping("anthropic", "m", script, gate=gate)
    village = Village(window_config(tmp_path), backend_factory=lambda t: backend)
    camera = CountingCamera(jpeg())
    village.add_tools("a1", [camera])
    win = window(qtbot, village)
    assert (win.pause_button.text(), win.pause_button.isEnabled()) == ("Pause", False)
    before = len(ScriptedBackend.calls)
    handle = win.send_text("a1", "watch")
    assert win.pause_button.isEnabled()
    await until(lambda: len(ScriptedBackend.calls) > before)  # the model is answering
    win.pause_button.click()  # takes effect before the tool call it answers with runs
    assert not win.pause_button.isEnabled()
    gate.set()
    outcome = await asyncio.wait_for(handle.wait(), 10)
    assert outcome.stop == "paused" and outcome.resume is not None
    await until(lambda: not win.handles)
    assert camera.runs == 0
    assert win.chats["a1"].bubbles[-1].text == "Paused. Press Resume to continue."
    assert (win.pause_button.text(), win.pause_button.isEnabled()) == ("Resume", True)
    assert not win.stop_button.isEnabled()

    win.pause_button.click()
    resumed = win.handles["a1"]
    done = await asyncio.wait_for(resumed.wait(), 10)
    await until(lambda: not win.handles)
    assert (done.stop, done.text) == ("-", "A red frame.")
    assert camera.runs == 1
    assert (win.pause_button.text(), win.pause_button.isEnabled()) == ("Pause", False)
    assert win.chats["a1"].bubbles[-1].text == "A red frame."
    turns = [ln for ln in log_lines(event_log) if ln.startswith("turn:")]
    assert [t.split(" stop=")[1].split(" ")[0] for t in turns] == ["paused", "-"]
    await village.close()


@pytest.mark.asyncio
async def test_a_paused_turn_from_an_earlier_session_waits_for_the_person(
    qtbot: QtBot, tmp_path: Path
) -> None:
    store = Store.open(tmp_path / "data")
    config = window_config(tmp_path)
    gate = asyncio.Event()
    first = ScriptedBackend.looping(
        "anthropic", "m", [ToolCall("c1", "cam__live_view_image", {}), "unused"], gate=gate
    )
    earlier = Village(config, backend_factory=lambda t: first, journal=SqliteJournal(store))
    camera = CountingCamera(jpeg())
    earlier.add_tools("a1", [camera])
    before = len(ScriptedBackend.calls)
    handle = earlier.send("a1", "watch")
    await until(lambda: len(ScriptedBackend.calls) > before)  # the model is answering
    handle.pause()
    gate.set()
    assert (await asyncio.wait_for(handle.wait(), 10)).stop == "paused"
    await earlier.close()

    # the next session: the paused turn is offered, not continued on its own
    later_backend = ScriptedBackend.looping("anthropic", "m", ["A red frame."])
    village = Village(config, backend_factory=lambda t: later_backend, journal=SqliteJournal(store))
    village.add_tools("a1", [camera])
    win: MainWindow = window(qtbot, village)
    rt = Runtime(village=village, provider=None, store=store, history=None)  # type: ignore[arg-type]
    assert resume_cut_turns(rt, config, keep_paused=win.add_paused) == 0
    assert list(win.paused) == ["a1"] and win.paused["a1"].turn_id == handle.turn_id
    assert win.chats["a1"].bubbles[-1].text == "A paused turn is waiting. Press Resume to continue it."
    assert (win.pause_button.text(), win.pause_button.isEnabled()) == ("Resume", True)
    assert camera.runs == 0
    win.pause_button.click()
    done = await asyncio.wait_for(win.handles["a1"].wait(), 10)
    assert (done.stop, done.text, camera.runs) == ("-", "A red frame.", 1)
    await until(lambda: not win.handles)
    await village.close()
    store.close()


@pytest.mark.asyncio
async def test_a_resumed_turn_is_not_shown_twice_and_can_be_stopped(qtbot: QtBot, tmp_path: Path) -> None:
    """A turn resumed outside the window (at start-up) gets Stop/Pause; its request and a call it
    reuses (completed before the cut) are not shown a second time."""
    gate = asyncio.Event()
    backend = ScriptedBackend.looping("anthropic", "m", ["Two frames."], gate=gate)
    village = Village(window_config(tmp_path), backend_factory=lambda t: backend)
    camera = CountingCamera(jpeg())
    village.add_tools("a1", [camera])
    win = window(qtbot, village)
    first = ToolCall("c1", "cam__live_view_image", {})
    second = ToolCall("c2", "cam__live_view_image", {})
    # what the window showed before the cut: the request and the first, completed call
    win.chats["a1"].add_bubble("user", "watch")
    done_before = await camera.call({}, ToolContext(agent_id="a1", language="en"))
    turn_id = "t-cut"
    win.on_tool_started(ToolStarted("a1", turn_id, "c1", 1, first.name, {}))
    win.on_tool_finished(
        ToolFinished(
            "a1",
            turn_id,
            "c1",
            1,
            first.name,
            True,
            5,
            "frame 1",
            "(1 image)",
            tuple(done_before.output.images),
        )
    )
    point = ResumePoint(
        turn_id,
        "a1",
        ChatMessage(Role.USER, text="watch"),
        messages=[ChatMessage(Role.ASSISTANT, tool_calls=[first, second])],
        completed={"c1": done_before},
        rounds_done=1,
    )
    handle = village.resume(point)  # as resume_cut_turns does at start-up: not through the window
    await until(lambda: "a1" in win.handles)
    assert win.handles["a1"] is handle
    assert win.stop_button.isEnabled() and win.pause_button.isEnabled()
    gate.set()
    outcome = await asyncio.wait_for(handle.wait(), 10)
    await until(lambda: not win.handles)
    assert (outcome.stop, outcome.text, camera.runs) == ("-", "Two frames.", 2)  # c1 reused, c2 ran
    assert [b.text for b in win.chats["a1"].bubbles if b.role == "user"] == ["watch"]
    assert "Continuing the turn where it stopped." in [b.text for b in win.chats["a1"].bubbles]
    assert list(win.panels["a1"].calls) == ["c1", "c2"]
    assert len(win.panels["a1"].rows) == 2
    assert sum(1 for e in win.chats["a1"].entries if e.kind == "preview") == 2  # c1's once, c2's
    await village.close()


@pytest.mark.asyncio
async def test_pause_stays_disabled_while_the_turn_is_pausing(qtbot: QtBot, tmp_path: Path) -> None:
    """Pause was pressed: the button stays off until the turn has paused, also when events of the
    still-running step refresh the window in between (the handle says it is pausing)."""
    gate = asyncio.Event()
    script: list[str | ToolCall] = [ToolCall("c1", "cam__live_view_image", {}), "x"]
    backend = ScriptedBackend.looping("anthropic", "m", script, gate=gate)
    village = Village(window_config(tmp_path), backend_factory=lambda t: backend)
    village.add_tools("a1", [CountingCamera(jpeg())])
    win = window(qtbot, village)
    before = len(ScriptedBackend.calls)
    handle = win.send_text("a1", "watch")
    await until(lambda: len(ScriptedBackend.calls) > before)  # the model is answering
    win.pause_button.click()
    assert handle.pausing
    win.refresh_agents()  # what every event of the running step does
    assert (win.pause_button.text(), win.pause_button.isEnabled()) == ("Pause", False)
    gate.set()
    assert (await asyncio.wait_for(handle.wait(), 10)).stop == "paused"
    await until(lambda: not win.handles)
    assert (win.pause_button.text(), win.pause_button.isEnabled()) == ("Resume", True)
    await village.close()
