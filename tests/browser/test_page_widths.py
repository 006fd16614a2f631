"""The companion's page in a real browser (issue 16): Debian's chromium through Playwright, on the
real web server over the app's real runtime. At each of the five widths the document is never
wider than the viewport and each preview fits its bubble; the download gives the image's bytes."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.fakes.images import jpeg
from tests.fakes.scripted import CameraTool, ScriptedBackend, call
from tests.fakes.web import TOKEN, served

pytestmark = pytest.mark.browser
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WIDTHS = (320, 390, 640, 768, 1280)
FRAME = jpeg(640, 480, (30, 160, 60))


def need_chromium() -> None:
    if not shutil.which(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail("chromium is missing on CI (dev.py's APT_TEST installs it)")
        pytest.skip("needs Debian's chromium (apt-get install chromium)")


@pytest.mark.asyncio
async def test_the_page_fits_every_width_and_the_download_is_the_image(tmp_path: Path) -> None:
    need_chromium()
    from playwright.async_api import async_playwright

    backend = ScriptedBackend([call("cam__live_view_image"), "I see green."])
    async with served(tmp_path, backend, tools=[CameraTool(FRAME)]) as s:
        await s.client.post("/api/agents/eye/messages", json={"text": "What do you see?"})
        await s.rt.village.wait_idle()
        async with async_playwright() as p:
            ctx = await p.chromium.launch_persistent_context(
                str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS, headless=True
            )
            try:
                page = await ctx.new_page()
                await page.goto(f"{s.base}/#token={TOKEN}")
                await page.wait_for_selector(".preview img")
                for width in WIDTHS:
                    await page.set_viewport_size({"width": width, "height": 800})
                    assert await page.evaluate("document.documentElement.scrollWidth") <= width
                    fits = await page.evaluate(
                        "[...document.querySelectorAll('.preview img')].every(i => {"
                        "const b = i.closest('.msg').getBoundingClientRect(), r = i.getBoundingClientRect();"
                        "return r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.width > 0; })"
                    )
                    assert fits, width
                async with page.expect_download() as info:
                    await page.click(".preview a.download")
                download = await info.value
                saved = tmp_path / "download"
                await download.save_as(saved)
                assert saved.read_bytes() == FRAME
                assert download.suggested_filename.endswith(".jpg")
            finally:
                await ctx.close()
