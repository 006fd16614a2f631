"""The companion's screenshots (issue 16), taken by the browser on the real server: the chat with
a tool's preview and the timeline with keyframes, at 390 px (a phone) and 1280 px. Taken into a
temporary folder on every run (each checked for its size); also written to the folder named by
``FUSEFORKS_WEB_SCREENSHOTS`` when it is set, as docs/screenshots/README.md says:

    FUSEFORKS_WEB_SCREENSHOTS=docs/screenshots .venv/bin/python -m pytest tests/browser/test_page_screenshots.py

The pictures are the camera simulator's garden (``app.demo_camera.scenes``) and the desktop
timeline screenshot's events (``app.screenshot_timeline``), so the two sets tell one story. On the
same page the timeline and the watches (their newest frames) fit the five widths, and each event
names its watch."""

from __future__ import annotations

import os
import shutil
import struct
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from app.screenshot_timeline import EVENTS, WATCHES, frame
from core.watch.model import CameraEvent
from tests.fakes.browser import LAYOUT_PROBLEMS, WIDTHS, signed_in
from tests.fakes.scripted import EchoTool, ScriptedBackend, call
from tests.fakes.web import WEB_VILLAGE, Served, served

if TYPE_CHECKING:
    from playwright.async_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="module")]
OUT = "FUSEFORKS_WEB_SCREENSHOTS"
CONFIG = {
    "village": {"id": WEB_VILLAGE, "language": "en", "name": "Garden"},
    "templates": [{"name": "Claude", "protocol": "anthropic", "model": "claude-sonnet-4-5"}],
    "agents": [{"id": "ava", "name": "Ava", "template": "Claude"}],
}
QUESTION = "Is anyone at the feeder?"
ANSWER = (
    "Yes: a robin is on the feeder tray, eating. The lawn around it is empty and the house window is dark."
)
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
SHOTS = {  # file, view, size
    "17-web-chat-390.png": ("chat", "phone"),
    "18-web-chat-1280.png": ("chat", "desktop"),
    "19-web-timeline-390.png": ("timeline", "phone"),
    "20-web-timeline-1280.png": ("timeline", "desktop"),
}
LOADED = """([list, n]) => { const all = [...document.querySelectorAll(list + ' .preview img')];
  return all.length === n && all.every((i) => i.complete && i.naturalWidth > 0); }"""


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", head[16:24])
    return width, height


async def stage_timeline(s: Served) -> None:
    """The desktop screenshot's two watches (paused) and five events, their keyframes in the store."""
    watches, store = s.rt.watches, s.rt.store
    assert watches is not None and store is not None
    made = {}
    for w in WATCHES:
        new = watches.new_watch("ava", w.instruction).with_(name=w.name, tool="cam__live_view_image")
        made[w.id] = await watches.create(new, start=False)
    now = time.time()
    for i, (minutes, watch, title, summary, importance, scene) in enumerate(EVENTS, 1):
        w, key = made[watch], store.blobs.put(frame(scene).data)
        at = now - minutes * 60
        event = CameraEvent(
            0,
            w.id,
            "ava",
            w.conversation_id,
            f"t{i}",
            f"c{i}",
            at,
            title,
            summary,
            importance,
            key,
            "image/jpeg",
        )
        store.add_camera_event(WEB_VILLAGE, event)


async def shoot(page: Page, view: str, size: str, path: Path) -> None:
    width, height = SIZES[size]
    await page.set_viewport_size({"width": width, "height": height})
    await page.click(f"#view-{view}")
    await page.wait_for_function(
        LOADED, arg=["#messages", 1] if view == "chat" else ["#event-list", len(EVENTS)]
    )
    await page.evaluate("window.scrollTo(0, 0)" if view == "timeline" else "window.scrollTo(0, 1e6)")
    await page.screenshot(path=str(path), animations="disabled", caret="hide")


async def fits_every_width(page: Page) -> None:
    for width in WIDTHS:
        await page.set_viewport_size({"width": width, "height": 800})
        assert await page.evaluate(LAYOUT_PROBLEMS) == [], width


async def test_the_chat_and_the_timeline_at_390_and_1280_px(browser: Browser, tmp_path: Path) -> None:
    camera = EchoTool("cam__live_view_image", '{"seq": 41, "camera": "garden"}', images=[frame("bird")])
    backend = ScriptedBackend([call("cam__live_view_image"), ANSWER])
    async with served(tmp_path, backend, tools=[camera], config=CONFIG) as s:
        await s.client.post("/api/agents/ava/messages", json={"text": QUESTION})
        await s.rt.village.wait_idle()
        await stage_timeline(s)
        async with signed_in(browser, s.base) as page:
            await page.locator(".msg.assistant", has_text="a robin").wait_for()
            # the watches' conversations are newer: on a phone the chat's is scrolled into its row
            chip = await page.locator("#conversations li.current").bounding_box()
            assert chip is not None and chip["x"] >= 0 and chip["x"] + chip["width"] <= 390, chip
            for name, (view, size) in SHOTS.items():
                await shoot(page, view, size, tmp_path / name)
            metas = await page.locator("#event-list time").all_text_contents()
            by_id = {w.id: w.name for w in WATCHES}
            assert [m.split(" · ")[-1] for m in metas] == [by_id[e[1]] for e in reversed(EVENTS)]
            await fits_every_width(page)  # the timeline (the chat's widths: test_page_widths)
            await page.click("#view-watches")
            await page.wait_for_function(LOADED, arg=["#watch-list", len(WATCHES)])  # their newest frames
            assert await page.locator("#watch-list h3").all_text_contents() == [w.name for w in WATCHES]
            await fits_every_width(page)
    for name, (_, size) in SHOTS.items():
        taken = tmp_path / name
        assert png_size(taken) == SIZES[size] and taken.stat().st_size > 20_000, name
        if os.environ.get(OUT):
            shutil.copyfile(taken, Path(os.environ[OUT]) / name)
