"""The companion's API and live events over the app's real runtime (issue 16: WC-6, WC-8 … WC-12,
S03-3, S03-5): a message sent from the page runs a turn whose tool image comes back as a
reference; a missing cache file is the omitted note; Stop; the watches and the timeline; the
event stream resumed with ``Last-Event-ID``."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import time
from pathlib import Path

import pytest

from core.events import TurnFinished
from core.notes import note
from core.stops import Stop
from core.watch.model import CameraEvent
from tests.fakes.images import jpeg
from tests.fakes.scripted import CameraTool, ScriptedBackend, call
from tests.fakes.waits import until
from tests.fakes.web import WEB_VILLAGE, Served, SseFrame, frames, served

FRAME = jpeg(320, 240, (30, 160, 60))


def looking_backend() -> ScriptedBackend:
    """Each turn: one look through the camera, then the answer."""
    return ScriptedBackend(
        [call("cam__live_view_image"), "I see green.", call("cam__live_view_image"), "Still green."]
    )


async def current_messages(s: Served) -> list[dict[str, object]]:
    convs = (await s.client.get("/api/agents/eye/conversations")).json()
    r = await s.client.get(f"/api/conversations/{convs['current']}/messages")
    assert r.status_code == 200
    messages: list[dict[str, object]] = r.json()["messages"]
    return messages


@pytest.mark.asyncio
async def test_a_message_from_the_page_runs_a_turn_whose_image_is_a_reference(tmp_path: Path) -> None:
    async with served(tmp_path, looking_backend(), tools=[CameraTool(FRAME)]) as s:
        r = await s.client.post("/api/agents/eye/messages", json={"text": "What do you see?"})
        assert r.status_code == 202 and r.json()["turn_id"]
        await s.rt.village.wait_idle()
        village = (await s.client.get("/api/village")).json()
        assert village["id"] == WEB_VILLAGE and [a["agent_id"] for a in village["agents"]] == ["eye"]
        convs = (await s.client.get("/api/agents/eye/conversations")).json()
        r = await s.client.get(f"/api/conversations/{convs['current']}/messages")
        messages = r.json()["messages"]
        assert [m["kind"] for m in messages] == ["input", "model", "tool", "model"]
        assert messages[0]["text"] == "What do you see?" and messages[-1]["text"] == "I see green."
        [image] = messages[2]["images"]
        assert image["src"].startswith("/tool-media/") and image["type"] == "image/jpeg"
        assert base64.b64encode(FRAME)[:60].decode() not in r.text and len(r.content) < 8000  # no bytes
        got = await s.client.get(image["src"])
        assert got.status_code == 200 and got.headers["content-type"] == "image/jpeg"
        assert hashlib.sha256(got.content).hexdigest() == image["src"].split("/")[-1].split(".")[0]

        (s.media_dir / image["src"].split("/")[-1]).unlink()  # the cache file is gone (S03-5)
        [gone] = (await current_messages(s))[2]["images"]  # type: ignore[index]
        assert gone["src"] == "" and gone["omitted"] == note("image_omitted", "en")
        assert (await s.client.get(image["src"])).status_code == 404
        r = await s.client.post("/api/agents/eye/messages", json={"text": "And now?"})
        await s.rt.village.wait_idle()
        assert (await current_messages(s))[-1]["text"] == "Still green."  # the conversation goes on
        newest = await s.client.get(f"/api/conversations/{convs['current']}/messages?last_turns=1")
        assert newest.json()["messages"][0]["text"] == "And now?"  # the newest turn only
        assert (
            await s.client.get(f"/api/conversations/{convs['current']}/messages?last_turns=-1")
        ).status_code == 400

        assert (await s.client.get("/api/conversations/nope/messages")).status_code == 404
        assert s.rt.store is not None
        s.rt.store.create_conversation("elsewhere", "other-village", "eye")
        assert (await s.client.get("/api/conversations/elsewhere/messages")).status_code == 404
        assert (await s.client.get("/api/agents/nobody/conversations")).status_code == 404
        bad = await s.client.post("/api/agents/eye/messages", json={"text": "  "})
        assert bad.status_code == 400


@pytest.mark.asyncio
async def test_stop_from_the_page_ends_the_running_turn(tmp_path: Path) -> None:
    backend = ScriptedBackend.looping("anthropic", "claude-x", ["never"], gate=asyncio.Event())
    async with served(tmp_path, backend) as s:
        ended: list[TurnFinished] = []
        s.rt.village.bus.subscribe(lambda e: ended.append(e) if isinstance(e, TurnFinished) else None)
        turn = (await s.client.post("/api/agents/eye/messages", json={"text": "wait"})).json()["turn_id"]
        await until(lambda: len(backend.requests) == 1)
        running = (await s.client.get("/api/village")).json()["running"]
        assert running == [{"turn_id": turn, "agent_id": "eye"}]
        assert (await s.client.post("/api/turns/other/stop", json={})).status_code == 404
        assert (await s.client.post(f"/api/turns/{turn}/stop", json={})).status_code == 202
        await s.rt.village.wait_idle()
        assert [(e.turn_id, e.stop) for e in ended] == [(turn, Stop.INTERRUPTED)]


@pytest.mark.asyncio
async def test_the_watches_and_the_timeline_with_keyframes(tmp_path: Path) -> None:
    async with served(tmp_path, looking_backend(), tools=[CameraTool(FRAME)]) as s:
        assert s.rt.watches is not None and s.rt.store is not None
        w = s.rt.watches.new_watch("eye", "Tell me when a bird comes.")
        w = await s.rt.watches.create(w.with_(tool="cam__live_view_image"), start=False)
        [listed] = (await s.client.get("/api/watches")).json()["watches"]
        assert listed["watch"]["id"] == w.id and listed["state"]["status"] == "paused"
        assert listed["meter"]["calls_hour"] == 0 and listed["meter"]["exhausted"] == ""
        sha = s.rt.store.blobs.put(FRAME)
        stored = s.rt.store.add_camera_event(
            WEB_VILLAGE,
            CameraEvent(
                0,
                w.id,
                "eye",
                w.conversation_id,
                "t1",
                "c1",
                time.time(),
                "A bird",
                "at the feeder",
                4,
                sha,
                "image/jpeg",
            ),
        )
        [ev] = (await s.client.get("/api/timeline", params={"watch": w.id})).json()["events"]
        assert ev["title"] == "A bird" and ev["importance"] == 4
        assert ev["keyframe_src"] == f"/api/events/{stored.id}/keyframe"  # not in the cache: the store's
        key = await s.client.get(ev["keyframe_src"])
        assert (
            key.status_code == 200
            and key.content == FRAME
            and key.headers["x-content-type-options"] == "nosniff"
        )
        s.media_dir.mkdir(parents=True, exist_ok=True)
        (s.media_dir / f"{sha}.jpg").write_bytes(FRAME)
        [ev] = (await s.client.get("/api/timeline")).json()["events"]
        assert ev["keyframe_src"] == f"/tool-media/{sha}.jpg"
        assert (await s.client.get("/api/timeline", params={"min_importance": 5})).json()["events"] == []
        assert (await s.client.get("/api/timeline", params={"since": "soon"})).status_code == 400
        assert (await s.client.get("/api/events/999/keyframe")).status_code == 404
        assert (await s.client.post(f"/api/watches/{w.id}/explode", json={})).status_code == 404
        assert (await s.client.post("/api/watches/nope/stop", json={})).status_code == 404
        assert (await s.client.post(f"/api/watches/{w.id}/stop", json={})).status_code == 200
        await until(lambda: s.rt.watches is not None and s.rt.watches.view(w.id).state.status == "stopped")  # type: ignore[union-attr]
        assert (await s.client.get(f"/api/watches/{w.id}")).json()["state"]["status"] == "stopped"


async def read_until(s: Served, last_id: str | None, stop_at: str) -> list[SseFrame]:
    """The frames of one connection to the stream, up to the first of event ``stop_at``."""
    headers = {} if last_id is None else {"Last-Event-ID": last_id}
    got: list[SseFrame] = []
    async with asyncio.timeout(10), s.client.stream("GET", "/api/stream", headers=headers) as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        async for f in frames(r):
            got.append(f)
            if f.event == stop_at:
                break
    return got


@pytest.mark.asyncio
async def test_the_event_stream_resumes_after_a_dropped_connection(tmp_path: Path) -> None:
    async with served(tmp_path, looking_backend(), tools=[CameraTool(FRAME)]) as s:
        first = asyncio.ensure_future(read_until(s, None, "TurnFinished"))
        await until(lambda: s.web.feed.clients == 1)  # its request reached the server: its place is taken
        await s.client.post("/api/agents/eye/messages", json={"text": "What do you see?"})
        seen = await first
        kinds = [f.event for f in seen]
        assert kinds[0] == "TurnStarted" and "ToolFinished" in kinds and kinds[-1] == "TurnFinished"
        tool = json.loads(next(f.data for f in seen if f.event == "ToolFinished"))
        assert tool["images"][0]["src"].startswith("/tool-media/") and "data" not in tool["images"][0]
        numbers = [int(f.id.rsplit("-", 1)[1]) for f in seen]
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))

        cut = seen[len(seen) // 2]  # the connection dropped here: the rest, and a whole turn, missed
        await s.client.post("/api/agents/eye/messages", json={"text": "And now?"})
        await s.rt.village.wait_idle()
        resumed = await read_until(s, cut.id, "TurnFinished")
        assert [f.id for f in resumed[: len(seen) - len(seen) // 2 - 1]] == [
            f.id for f in seen[len(seen) // 2 + 1 :]
        ]
        again = await read_until(s, seen[-1].id, "TurnFinished")
        started = json.loads(again[0].data)
        assert again[0].event == "TurnStarted" and started["user_text"] == "And now?"
        assert int(again[0].id.rsplit("-", 1)[1]) == numbers[-1] + 1

        stale = await read_until(s, "feedbeef-3", "reset")
        assert [f.event for f in stale] == ["reset"]


@pytest.mark.asyncio
async def test_a_question_of_the_agent_is_answered_from_the_page(tmp_path: Path) -> None:
    backend = ScriptedBackend(
        [call("ask_user_question", {"question": "Which colour?", "options": ["red", "blue"]}), "Blue it is."]
    )
    async with served(tmp_path, backend) as s:
        no_page = await s.client.get("/api/questions")
        assert no_page.json() == {"questions": []}
        async with s.client.stream("GET", "/api/stream") as live:
            await until(lambda: s.web.feed.clients == 1)
            await s.client.post("/api/agents/eye/messages", json={"text": "Pick one"})
            async with asyncio.timeout(10):
                async for f in frames(live):
                    if f.event == "QuestionAsked":
                        asked = json.loads(f.data)
                        break
            assert asked["question"] == "Which colour?" and asked["options"] == ["red", "blue"]
            [pending] = (await s.client.get("/api/questions")).json()["questions"]
            assert pending["request_id"] == asked["request_id"]
            gone = await s.client.post("/api/questions/q-nope/answer", json={"text": "blue"})
            assert gone.status_code == 404
            r = await s.client.post(f"/api/questions/{asked['request_id']}/answer", json={"text": "blue"})
            assert r.status_code == 200
            await s.rt.village.wait_idle()
        assert (await current_messages(s))[-1]["text"] == "Blue it is."
        assert "blue" in str(backend.requests[1].messages[-1].text)
        again = await s.client.post(f"/api/questions/{asked['request_id']}/answer", json={"text": "red"})
        assert again.status_code == 404  # answered once
