"""An MCP server's form answered from the page (issue 16: WC-17) and the page's words in the
village language (WC-18): the camera simulator (``--elicit``, a real subprocess over streamable
HTTP) asks for exposure settings in the middle of a tool call of a real turn; the page's stream
makes it a front end that answers; the form is listed, refused when its content does not fit,
accepted, and the server reports what it got."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.fakes.scripted import ScriptedBackend, call
from tests.fakes.servers import start_camera, stop
from tests.fakes.waits import until
from tests.fakes.web import TOKEN, WEB_CONFIG, frames, served
from web.api import TEXTS


@pytest.fixture(scope="module")
def camera() -> Iterator[str]:
    proc, url = start_camera("--elicit")
    yield url
    stop(proc)


def config(camera: str, language: str = "en") -> dict[str, Any]:
    agent = {**WEB_CONFIG["agents"][0], "mcp_servers": {"cam": {"type": "http", "url": camera}}}
    return {
        **WEB_CONFIG,
        "village": {**WEB_CONFIG["village"], "language": language},
        "agents": [agent],
        "mcp": {"call_timeout_s": 30, "connect_timeout_s": 20},
    }


class Page:
    """An open event stream read to its end in a task, as the page does (a stream left unread
    would be closed, and the page with it would stop being a front end)."""

    def __init__(self, live: Any) -> None:
        self.asked: list[dict[str, Any]] = []
        self.task = asyncio.create_task(self._read(live))

    async def _read(self, live: Any) -> None:
        async for f in frames(live):
            if f.event == "ElicitationAsked":
                self.asked.append(json.loads(f.data))

    async def form(self, n: int = 1) -> dict[str, Any]:
        await until(lambda: len(self.asked) >= n, within=20)
        return self.asked[n - 1]

    def close(self) -> None:
        self.task.cancel()


@pytest.mark.asyncio
async def test_a_servers_form_is_answered_from_the_page(tmp_path: Path, camera: str) -> None:
    backend = ScriptedBackend([call("cam__demo_ask_settings"), "Exposure set."])
    async with served(tmp_path, backend, config=config(camera)) as s:
        assert (await s.client.get("/api/forms")).json() == {"forms": []}
        async with s.client.stream("GET", "/api/stream") as live:
            await until(lambda: s.web.feed.clients == 1)
            page = Page(live)
            await s.client.post("/api/agents/eye/messages", json={"text": "Set it up"})
            asked = await page.form()
            assert asked["message"] == "Set the exposure for the next frame." and asked["server"] == "cam"
            assert [(f["name"], f["kind"], f["required"]) for f in asked["fields"]] == [
                ("exposure", "integer", True),
                ("confirm", "boolean", True),
                ("gain", "number", False),
                ("metering", "enum", False),
                ("note", "string", False),
            ]
            [listed] = (await s.client.get("/api/forms")).json()["forms"]
            assert {**listed, "type": "ElicitationAsked"} == asked
            rid = asked["request_id"]
            url = f"/api/forms/{rid}"
            bad = await s.client.post(f"{url}/accept", json={"content": {"exposure": 5000, "confirm": True}})
            assert bad.status_code == 400 and bad.json()["error"] == "bad_content"
            assert [p.split(":")[0] for p in bad.json()["problems"]] == ["exposure"]
            assert (await s.client.post(f"{url}/accept", json={"content": "x"})).status_code == 400
            assert (await s.client.post(f"{url}/maybe", json={})).status_code == 404
            assert (await s.client.post("/api/forms/e-nope/decline", json={})).status_code == 404
            foreign = await s.client.post(
                f"{url}/decline", json={}, headers={"Origin": "http://evil.example"}
            )
            assert foreign.status_code == 403  # still open: the page's answer below is taken
            content = {"exposure": 40, "confirm": True, "gain": 2.5, "metering": "spot"}
            ok = await s.client.post(f"{url}/accept", json={"content": content})
            assert ok.status_code == 200 and ok.json() == {"request_id": rid, "action": "accept"}
            await s.rt.village.wait_idle()
            page.close()
        assert "action=accept exposure=40 confirm=true gain=2.5 metering=spot note=-" in str(
            backend.requests[1].messages[-1]
        )
        again = await s.client.post(f"{url}/decline", json={})
        assert again.status_code == 404  # settled once
        assert (await s.client.get("/api/forms")).json() == {"forms": []}


@pytest.mark.asyncio
async def test_a_form_declined_or_cancelled_from_the_page(tmp_path: Path, camera: str) -> None:
    backend = ScriptedBackend(
        [call("cam__demo_ask_settings"), "No.", call("cam__demo_ask_settings"), "Never mind."]
    )
    async with served(tmp_path, backend, config=config(camera)) as s:
        async with s.client.stream("GET", "/api/stream") as live:
            await until(lambda: s.web.feed.clients == 1)
            page = Page(live)
            for n, action in enumerate(("decline", "cancel"), 1):
                await s.client.post("/api/agents/eye/messages", json={"text": "Set it up"})
                asked = await page.form(n)
                r = await s.client.post(f"/api/forms/{asked['request_id']}/{action}", json={})
                assert r.status_code == 200
                await s.rt.village.wait_idle()
            page.close()
        results = [str(r.messages[-1]) for r in backend.requests[1::2]]
        assert "action=decline" in results[0] and "action=cancel" in results[1]


@pytest.mark.asyncio
async def test_without_a_page_open_a_form_is_declined_without_asking(tmp_path: Path, camera: str) -> None:
    backend = ScriptedBackend([call("cam__demo_ask_settings"), "Nobody there."])
    async with served(tmp_path, backend, config=config(camera)) as s:
        await s.client.post("/api/agents/eye/messages", json={"text": "Set it up"})
        await s.rt.village.wait_idle()
        assert "action=decline" in str(backend.requests[1].messages[-1])


@pytest.mark.asyncio
@pytest.mark.parametrize("language", ["en", "ja", "zh"])
async def test_the_page_gets_its_words_in_the_village_language(
    tmp_path: Path, camera: str, language: str
) -> None:
    backend = ScriptedBackend(["-"])
    async with served(tmp_path, backend, config=config(camera, language)) as s:
        texts = (await s.client.get("/api/village")).json()["texts"]
    assert set(TEXTS["en"]) == set(TEXTS["ja"]) == set(TEXTS["zh"])
    assert texts == {**TEXTS[language], "image_missing": texts["image_missing"]}
    assert texts["send"] == {"en": "Send", "ja": "送信", "zh": "发送"}[language]
    assert texts["image_missing"].startswith(
        {"en": "(image omitted", "ja": "（画像", "zh": "（图片"}[language]
    )
    assert TOKEN not in json.dumps(texts)
