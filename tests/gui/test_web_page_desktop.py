"""The page and the desktop window on one village (issue 16): a message sent from the page (in
Debian's chromium through Playwright) appears in the real main window's chat with its answer, and
one sent from the window's own input appears on the page live, over the event stream, without a
reload.

Playwright's asyncio API runs on the test's qasync loop, the loop the window, the village and the
companion's server share in the app: one loop and one thread, so no hand-over between threads to
get wrong and no sync API blocking the loop the server needs (Playwright talks to its driver over
subprocess pipes, which qasync serves as it serves the app's MCP stdio servers)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import expect
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from tests.fakes.browser import chromium, signed_in
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.waits import until
from tests.fakes.web import served
from tests.fakes.windows import window

pytestmark = pytest.mark.browser
TEXTS = ".msg.user .text, .msg.assistant .text"


def chat_texts(win: MainWindow) -> list[str]:
    return [b.text for b in win.chats["eye"].bubbles]


@pytest.mark.asyncio
async def test_a_message_from_the_page_is_in_the_window_and_one_from_the_window_on_the_page(
    qtbot: QtBot, tmp_path: Path
) -> None:
    backend = ScriptedBackend(["Hello, couch.", "Hello, desk."])
    async with served(tmp_path, backend) as s, chromium() as browser:
        win = window(qtbot, s.rt.village, history=s.rt.history, conversations=s.rt.conversations)  # type: ignore[arg-type]
        async with signed_in(browser, s.base) as page:
            await page.locator(".messages .empty").wait_for()
            await page.evaluate("window.sameDocument = true")
            await page.fill("#text", "From the couch")
            await page.click("#send")
            await until(lambda: chat_texts(win) == ["From the couch", "Hello, couch."])
            await until(lambda: "eye" not in win.handles)
            await expect(page.locator(TEXTS)).to_have_text(["From the couch", "Hello, couch."])

            win.input.setPlainText("From the desk")
            qtbot.mouseClick(win.send_button, Qt.MouseButton.LeftButton)
            both = ["From the couch", "Hello, couch.", "From the desk", "Hello, desk."]
            await expect(page.locator(TEXTS)).to_have_text(both)
            assert await page.evaluate("window.sameDocument") is True  # live, not reloaded
            await until(lambda: "eye" not in win.handles)
        assert chat_texts(win) == both
        win.close()
