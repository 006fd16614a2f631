"""After a restart the models remember earlier turns, and history previews fall back to the media
cache: blob → ``<config-stem>.tool-media/<sha256>.<ext>`` → "image omitted" note (S03-5)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from app.keys import KeyStore
from app.launcher import Runtime, make_runtime
from core.canonical import ImageData, Role
from core.config import Config, parse_config
from core.events import Notice, ToolFinished, TurnStarted
from core.notes import note
from core.village import Village
from tests.fakes.logs import log_lines
from tests.fakes.runtimes import stop
from tests.fakes.scripted import EchoTool, ScriptedBackend, call, reply
from tests.fakes.stores import CRASHED_CFG, crashed_store

CFG = {
    "templates": [{"name": "c", "protocol": "anthropic", "model": "claude-x"}],
    "agents": [{"id": "agent_9", "template": "c"}, {"id": "agent_2", "template": "c"}],
}


def frame() -> ImageData:
    buf = io.BytesIO()
    Image.new("RGB", (320, 240), (200, 30, 30)).save(buf, "JPEG", quality=85)
    return ImageData("image/jpeg", buf.getvalue(), 320, 240)


IMG = frame()


def config(tmp_path: Path) -> Config:
    return parse_config(CFG, tmp_path / "village.json")


STARTS = iter(range(1, 100))


def runtime(tmp_path: Path, backend: ScriptedBackend) -> tuple[Runtime, Village, EchoTool]:
    rt = make_runtime(config(tmp_path), KeyStore(), store_dir=tmp_path / "data")
    assert isinstance(rt.village, Village)
    # Turn ids are "<start second>-<n>": two starts within one second reuse ids (reported to the
    # lead: the second start's turn would merge into the first's record). Each start here is distinct.
    rt.village._stamp = f"start{next(STARTS)}"
    rt.village._backend_factory = lambda t: backend
    tool = EchoTool("cam__live_view_image", "frame 1", images=[IMG])
    rt.village.add_tools("agent_9", [tool])
    return rt, rt.village, tool


async def first_run(tmp_path: Path) -> None:
    backend = ScriptedBackend([call("cam__live_view_image", call_id="c1"), reply("I see red.")])
    rt, village, tool = runtime(tmp_path, backend)
    try:
        outcome = await village.send("agent_9", "look").wait()
        assert (outcome.text, tool.runs) == ("I see red.", 1)
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_after_a_restart_the_model_gets_the_earlier_conversation(tmp_path: Path) -> None:
    await first_run(tmp_path)
    backend = ScriptedBackend([reply("Still red.")])
    rt, village, tool = runtime(tmp_path, backend)  # the restart: same store dir, new runtime
    try:
        await village.send("agent_9", "and now?").wait()
        msgs = backend.requests[0].messages
        earlier = note("images_earlier_turn", "en", count=1)
        assert [(m.role, m.text) for m in msgs] == [
            (Role.USER, "look"),
            (Role.ASSISTANT, ""),
            (Role.TOOL, f"frame 1\n{earlier}"),
            (Role.ASSISTANT, "I see red."),
            (Role.USER, "and now?"),
        ]
        assert [c.id for c in msgs[1].tool_calls] == ["c1"]
        assert (msgs[2].tool_call_id, msgs[2].attachments, msgs[2].attachment_caption) == ("c1", [], None)
        assert tool.runs == 0
        assert village.history("agent_2") == []  # each agent its own conversation
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_a_third_start_has_both_earlier_turns_once(tmp_path: Path) -> None:
    await first_run(tmp_path)
    rt, village, _ = runtime(tmp_path, ScriptedBackend([reply("Still red.")]))
    try:
        await village.send("agent_9", "and now?").wait()
    finally:
        await stop(rt)
    backend = ScriptedBackend([reply("Yes.")])
    rt, village, _ = runtime(tmp_path, backend)
    try:
        await village.send("agent_9", "sure?").wait()
        texts = [m.text for m in backend.requests[0].messages if m.role is not Role.TOOL]
        assert texts == ["look", "", "I see red.", "and now?", "Still red.", "sure?"]
    finally:
        await stop(rt)


def tool_events(rt: Runtime) -> tuple[list[ToolFinished], list[str]]:
    assert rt.history is not None
    events = list(rt.history.history("agent_9"))
    return [e for e in events if isinstance(e, ToolFinished)], [
        e.text for e in events if isinstance(e, Notice)
    ]


@pytest.mark.asyncio
async def test_history_preview_falls_back_to_the_media_cache_then_the_note(
    tmp_path: Path, event_log: Path
) -> None:
    await first_run(tmp_path)
    cached = tmp_path / "village.tool-media" / f"{IMG.sha256}.jpg"
    assert cached.read_bytes() == IMG.data
    rt, _village, _ = runtime(tmp_path, ScriptedBackend())
    try:
        assert rt.store is not None
        blob = rt.store.blobs.path(IMG.sha256)
        [done], notices = tool_events(rt)  # 1. from the blob
        assert (done.images, notices) == ((IMG,), [])

        blob.unlink()  # 2. blob gone: the media cache file
        [done], notices = tool_events(rt)
        assert (done.images, done.display_line, notices) == (
            (IMG,),
            f"(1 image: JPEG {len(IMG.data) // 1000} KB)",
            [],
        )

        blob.write_bytes(b"not the image")  # 2b. blob corrupt: reported, then the media cache file
        [done], notices = tool_events(rt)
        assert (done.images, notices) == ((IMG,), [])
        assert f"store corrupt: blob={IMG.sha256[:16]} kind=image error=corrupt message=3 turn=" in "\n".join(
            log_lines(event_log)
        )

        cached.unlink()  # 3. both gone: the note, the text stays
        [done], notices = tool_events(rt)
        assert (done.images, done.body, done.display_line) == ((), "frame 1", "")
        assert notices == [note("image_omitted", "en")]
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_a_cut_turn_is_not_seeded_it_resumes(tmp_path: Path) -> None:
    from app.launcher import resume_cut_turns

    crashed_store(tmp_path, final="done before the crash").close()  # its turn never ended
    rt = make_runtime(parse_config(CRASHED_CFG), KeyStore(), store_dir=tmp_path)
    assert isinstance(rt.village, Village)
    try:
        assert rt.village.history("agent_9") == []  # recovery finishes it, then it is history
        assert resume_cut_turns(rt, parse_config(CRASHED_CFG)) == 1
        await rt.village.wait_idle()
        assert [m.text for m in rt.village.history("agent_9")] == [
            "look twice",
            "",
            "first result",
            "B",
            "done before the crash",
        ]
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_restart_seeds_only_the_newest_turns_and_reads_no_image(
    tmp_path: Path, event_log: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import app.launcher

    monkeypatch.setattr(app.launcher, "SEED_TURNS", 2)
    for i in range(3):
        backend = ScriptedBackend([call("cam__live_view_image", call_id=f"c{i}"), reply(f"seen {i}")])
        rt, village, _ = runtime(tmp_path, backend)
        try:
            await village.send("agent_9", f"look {i}").wait()
        finally:
            await stop(rt)
    for blob in (tmp_path / "data").rglob("*"):  # every image blob gone: seeding must not need one
        if blob.is_file() and blob.read_bytes() == IMG.data:
            blob.unlink()
    backend = ScriptedBackend([reply("ok")])
    rt, village, _ = runtime(tmp_path, backend)
    try:
        await village.send("agent_9", "now?").wait()
    finally:
        await stop(rt)
    users = [m.text for m in backend.requests[0].messages if m.role is Role.USER]
    assert users == ["look 1", "look 2", "now?"]  # the newest two finished turns, then the new one
    tools = [m for m in backend.requests[0].messages if m.role is Role.TOOL]
    assert [t.text for t in tools] == ["frame 1\n" + note("images_earlier_turn", "en", count=1)] * 2
    assert all(t.attachments == [] and t.attachment_caption is None for t in tools)
    assert not [ln for ln in log_lines(event_log) if ln.startswith("store corrupt:")]


@pytest.mark.asyncio
async def test_the_window_replays_only_the_newest_turns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import core.history

    for i in range(3):
        rt, village, _ = runtime(tmp_path, ScriptedBackend([reply(f"answer {i}")]))
        try:
            await village.send("agent_9", f"question {i}").wait()
        finally:
            await stop(rt)
    monkeypatch.setattr(core.history, "HISTORY_TURNS", 2)
    rt, _, _ = runtime(tmp_path, ScriptedBackend([reply("-")]))
    try:
        assert rt.history is not None
        started = [e.user_text for e in rt.history.history("agent_9") if isinstance(e, TurnStarted)]
    finally:
        await stop(rt)
    assert started == ["question 1", "question 2"]
