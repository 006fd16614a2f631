"""The companion's page in a real browser (issue 16, S03-6): Debian's chromium through Playwright,
on the real web server over the app's real runtime. At each of the five widths, with a tool name
of 80 characters without a space, a result of a 3,000-character word and a long paragraph, a
preview and a call still running: the document is never wider than the viewport, every box of a
bubble (the preview too) stays inside it, the long texts wrap, and the running call's Stop is
visible inside the viewport; pressing it stops the turn. The download gives the image's bytes."""

from __future__ import annotations

import asyncio
import string
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from core.events import TurnFinished
from core.stops import Stop
from tests.fakes.browser import LAYOUT_PROBLEMS, STOP_PROBLEMS, WIDTHS, signed_in
from tests.fakes.images import jpeg
from tests.fakes.scripted import CameraTool, EchoTool, ScriptedBackend, call
from tests.fakes.waits import until
from tests.fakes.web import served

if TYPE_CHECKING:
    from playwright.async_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="module")]
FRAME = jpeg(640, 480, (30, 160, 60))
LONG_NAME = "cam__" + "".join(string.ascii_lowercase[i % 26] for i in range(75))  # 80 characters
WORD = "".join(string.ascii_letters[i % 52] for i in range(3000))
PARAGRAPH = " ".join(["The feeder is empty; the lawn is wet and the fence by the shed is still."] * 12)
ANSWER = "I see green. " + PARAGRAPH + " " + WORD[:300]


async def test_the_page_fits_every_width_and_the_download_is_the_image(
    browser: Browser, tmp_path: Path
) -> None:
    assert len(LONG_NAME) == 80
    gate = asyncio.Event()
    slow = EchoTool("slow", "done", gate=gate)
    script = [call("cam__live_view_image"), call(LONG_NAME), ANSWER, call("slow"), "Released."]
    tools = [CameraTool(FRAME), EchoTool(LONG_NAME, WORD + "\n\n" + PARAGRAPH), slow]
    async with served(tmp_path, ScriptedBackend(script), tools=tools) as s:
        await s.client.post("/api/agents/eye/messages", json={"text": "What do you see?"})
        await s.rt.village.wait_idle()
        ended: list[TurnFinished] = []
        s.rt.village.bus.subscribe(lambda e: ended.append(e) if isinstance(e, TurnFinished) else None)
        waiting = await s.client.post("/api/agents/eye/messages", json={"text": "Wait for it."})
        await until(slow.running.is_set)
        try:
            async with signed_in(browser, s.base) as page:
                await page.wait_for_selector(".preview img")
                await page.wait_for_selector('.msg.tool[data-state="running"] button.stop', state="attached")
                long_card = page.locator(".msg.tool", has=page.locator(".tool-name", has_text=LONG_NAME))
                await long_card.locator("summary").click()
                await long_card.locator("pre.result").wait_for()
                for width in WIDTHS:
                    await page.set_viewport_size({"width": width, "height": 800})
                    assert await page.evaluate(LAYOUT_PROBLEMS) == [], width
                    assert await page.evaluate(STOP_PROBLEMS) == [], width
                async with page.expect_download() as info:
                    await page.click(".preview a.download")
                download = await info.value
                saved = tmp_path / "download"
                await download.save_as(saved)
                assert saved.read_bytes() == FRAME
                assert download.suggested_filename.endswith(".jpg")
                async with page.expect_request(lambda r: r.url.endswith("/stop")):
                    await page.click(".msg.tool button.stop")
        finally:
            gate.set()  # the tool answers; the stopped turn asks the model nothing more
            await s.rt.village.wait_idle()
        assert [(e.turn_id, e.stop) for e in ended] == [(waiting.json()["turn_id"], Stop.INTERRUPTED)]
