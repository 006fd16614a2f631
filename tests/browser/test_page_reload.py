"""The page after a reload (issue 16, S03-4, S03-5), in a real browser on the real server: a
tool's preview and its download link sit outside the tool's details, so a reload (which folds the
details again) brings both back; an image whose media-cache file was removed is the "image
omitted" note in the village language, and the next turn sent from the page still works, its
new preview shown."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from core.notes import note
from tests.fakes.browser import signed_in
from tests.fakes.images import jpeg
from tests.fakes.scripted import CameraTool, ScriptedBackend, call
from tests.fakes.web import WEB_CONFIG, served

if TYPE_CHECKING:
    from playwright.async_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="module")]
GREEN = jpeg(640, 480, (30, 160, 60))
BLUE = jpeg(640, 480, (30, 60, 160))
CARD = ".msg.tool"


async def test_after_expanding_and_a_reload_the_preview_and_its_download_return(
    browser: Browser, tmp_path: Path
) -> None:
    backend = ScriptedBackend([call("cam__live_view_image"), "I see green."])
    async with served(tmp_path, backend, tools=[CameraTool(GREEN)]) as s:
        await s.client.post("/api/agents/eye/messages", json={"text": "What do you see?"})
        await s.rt.village.wait_idle()
        async with signed_in(browser, s.base) as page:
            card = page.locator(CARD)
            await card.locator("summary").click()
            assert await card.locator("details").get_attribute("open") == ""
            await page.reload()
            await card.locator(".preview img").wait_for()
            assert await card.locator("details").get_attribute("open") is None  # folded again
            assert await card.locator("details .preview").count() == 0
            link = card.locator(".preview a.download")
            assert await link.is_visible() and await link.text_content() == "Download"
            async with page.expect_download() as info:
                await link.click()
            saved = tmp_path / "download"
            await (await info.value).save_as(saved)
            assert saved.read_bytes() == GREEN


async def test_a_removed_cache_file_is_the_omitted_note_and_the_next_turn_works(
    browser: Browser, tmp_path: Path
) -> None:
    config = {**WEB_CONFIG, "village": {**WEB_CONFIG["village"], "language": "ja"}}
    camera = CameraTool(GREEN)
    look = call("cam__live_view_image")
    backend = ScriptedBackend([look, "緑が見えます。", look, "青が見えます。"])
    async with served(tmp_path, backend, tools=[camera], config=config) as s:
        await s.client.post("/api/agents/eye/messages", json={"text": "何が見えますか？"})
        await s.rt.village.wait_idle()
        [cached] = list(s.media_dir.iterdir())
        cached.unlink()
        camera.data = BLUE
        async with signed_in(browser, s.base) as page:
            omitted = page.locator(f"{CARD} .note.omitted")
            await omitted.wait_for()
            assert await omitted.text_content() == note("image_omitted", "ja")
            assert await page.locator(".preview").count() == 0
            await page.fill("#text", "今は？")
            await page.click("#send")
            await page.locator(".msg.assistant", has_text="青が見えます。").wait_for()
            await page.locator(f"{CARD} .preview img").wait_for()
            assert await page.locator(CARD).count() == 2
            assert await page.locator(CARD).nth(0).locator(".note.omitted").count() == 1
            assert await page.locator(CARD).nth(1).locator(".preview img").count() == 1
            assert await page.locator("#send").text_content() == "送信"
        [fresh] = list(s.media_dir.iterdir())  # the new frame's file; the removed one stays gone
        assert fresh.name != cached.name
