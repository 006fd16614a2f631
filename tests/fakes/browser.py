"""What the browser tests share (issue 16): Debian's chromium through Playwright (never
``playwright install``: the gate's APT_TEST in dev.py installs the browser), a page signed in to a
served companion, and the layout checks the page must pass at every width."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

import pytest

from tests.fakes.web import TOKEN

if TYPE_CHECKING:
    from playwright.async_api import Browser, Page

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--font-render-hinting=none",
]
WIDTHS = (320, 390, 640, 768, 1280)


def need_chromium() -> None:
    """Skip without chromium, except on CI, where its absence is a failure."""
    if not shutil.which(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail("chromium is missing on CI (dev.py's APT_TEST installs it)")
        pytest.skip("needs Debian's chromium (apt-get install chromium)")


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    """One headless chromium for a module's tests (a launch is most of a short test's time)."""
    need_chromium()
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield browser
        finally:
            await browser.close()


@asynccontextmanager
async def signed_in(browser: Browser, base: str, width: int = 390, height: int = 800) -> AsyncIterator[Page]:
    """A page of its own (fresh storage) opened with the sign-in link's fragment; a wait that
    fails fails in 10 s, not Playwright's 30."""
    context = await browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    context.set_default_timeout(10_000)
    try:
        page = await context.new_page()
        await page.goto(f"{base}/#token={TOKEN}")
        yield page
    finally:
        await context.close()


# Every way the chat, the timeline or the watches can be wider than the phone, as readable lines (empty: none). The document's
# width is measured without the page's safety net (overflow-x: hidden on html and body would clip
# a box that is too wide, and hide it from scrollWidth, instead of making it fit). A text that
# cannot wrap shows up as a box wider than its client area (a <pre> with overflow scrolls
# sideways instead of overflowing, so its own scroll width is checked, not only its rectangle).
LAYOUT_PROBLEMS = """() => {
  const vw = window.innerWidth, out = [], eps = 0.5;
  const name = (e) => e.tagName.toLowerCase() + (e.className ? "." + String(e.className).split(" ").join(".") : "");
  const shown = (e) => e.getClientRects().length > 0 && e.checkVisibility();
  const nets = [document.documentElement, document.body];
  nets.forEach((e) => { e.style.overflowX = "visible"; });
  const doc = document.documentElement.scrollWidth;
  nets.forEach((e) => { e.style.overflowX = ""; });
  if (doc > vw) out.push(`document ${doc} px wide`);
  for (const b of document.querySelectorAll(".msg, .event-body, .card")) {
    const r = b.getBoundingClientRect();
    if (r.left < -eps || r.right > vw + eps) out.push(`${name(b)} ${r.left}..${r.right} outside the viewport`);
    for (const e of b.querySelectorAll("*")) {
      if (!shown(e)) continue;
      const c = e.getBoundingClientRect();
      if (c.left < r.left - eps || c.right > r.right + eps) out.push(`${name(e)} ${c.left}..${c.right} outside its bubble ${r.left}..${r.right}`);
    }
  }
  for (const e of document.querySelectorAll(".msg .text, .msg pre, .tool-name, .event h3, .event p")) {
    if (shown(e) && e.scrollWidth > e.clientWidth + 1) out.push(`${name(e)} does not wrap (${e.scrollWidth} > ${e.clientWidth})`);
  }
  for (const i of document.querySelectorAll(".preview img")) {
    if (!i.closest("[hidden]") && i.getBoundingClientRect().width < 1) out.push("a preview has no width");
  }
  return out;
}"""

# The Stop button of the running call: present, visible, its whole box inside the viewport.
STOP_PROBLEMS = """() => {
  const b = document.querySelector('.msg.tool[data-state="running"] button.stop');
  if (!b) return ["no Stop button"];
  b.scrollIntoView({ block: "center" });
  const r = b.getBoundingClientRect(), out = [];
  if (!b.checkVisibility({ opacityProperty: true, visibilityProperty: true })) out.push("Stop is hidden");
  if (r.width < 1 || r.height < 1) out.push("Stop has no size");
  if (r.left < 0 || r.right > window.innerWidth || r.top < 0 || r.bottom > window.innerHeight)
    out.push(`Stop at ${r.left}..${r.right} x ${r.top}..${r.bottom} is outside the viewport`);
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (hit !== b && !b.contains(hit)) out.push("Stop is covered by " + (hit ? hit.tagName : "nothing"));
  return out;
}"""
