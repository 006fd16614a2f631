"""What the page draws live from the event stream (issue 16), in a real browser on the real
server: a turn of another conversation of the agent (a watch's, or the person's other chat) is not
drawn into the conversation shown, neither its streamed words nor its running tool; the streamed
words of two turns in a row are two bubbles, not one."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from core.conversations import new_conversation_id
from tests.fakes.browser import signed_in
from tests.fakes.scripted import EchoTool, ScriptedBackend, call
from tests.fakes.waits import until
from tests.fakes.web import WEB_VILLAGE, served

if TYPE_CHECKING:
    from playwright.async_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="module")]
# every chat item the page adds, as [data-call, data-turn, data-live]
RECORD = """() => {
  window.added = [];
  new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes)
    if (n.nodeType === 1 && n.matches(".msg")) window.added.push([n.dataset.call || "", n.dataset.turn || "", n.dataset.live || ""]);
  }).observe(document.getElementById("messages"), { childList: true });
}"""


async def test_a_turn_of_another_conversation_is_not_drawn_and_two_turns_are_two_bubbles(
    browser: Browser, tmp_path: Path
) -> None:
    gate = asyncio.Event()
    slow = EchoTool("slow", "seen", gate=gate)
    script = [call("slow", text="Looking at the feeder."), "Nothing there.", "One.", "Two."]
    async with served(tmp_path, ScriptedBackend(script), tools=[slow]) as s:
        assert s.rt.store is not None
        other = new_conversation_id()
        s.rt.store.create_conversation(other, WEB_VILLAGE, "eye", "Watch: Feeder")
        async with signed_in(browser, s.base) as page:
            await page.locator(".messages .empty").wait_for()
            await page.evaluate(RECORD)
            # the page has read the conversations again on the turn's events
            async with page.expect_request(lambda r: r.url == f"{s.base}/api/agents/eye/conversations"):
                s.rt.village.send("eye", "Is a bird there?", conversation=other)
            await until(slow.running.is_set)
            assert await page.evaluate("window.added") == []
            assert await page.locator(".messages .empty").count() == 1
            gate.set()
            await s.rt.village.wait_idle()

            await page.evaluate("window.added = []")
            first = s.rt.village.send("eye", "Count.").turn_id
            second = s.rt.village.send("eye", "Again.").turn_id
            await s.rt.village.wait_idle()
            await page.locator(".msg.assistant", has_text="Two.").wait_for()
            live = [turn for _, _, turn in await page.evaluate("window.added") if turn]
            assert live == [first, second]


async def test_another_conversations_turn_reads_the_list_not_the_shown_messages(
    browser: Browser, tmp_path: Path
) -> None:
    """A watch runs a frame or two a second in a conversation of its own: the page reads the
    conversation list again on its turns' events, never the messages of the one shown."""
    script = ["Shown.", call("echo", text="Looking."), "Nothing there."]
    async with served(tmp_path, ScriptedBackend(script), tools=[EchoTool("echo", "seen")]) as s:
        assert s.rt.store is not None
        s.rt.village.send("eye", "Hello.")
        await s.rt.village.wait_idle()
        other = new_conversation_id()
        s.rt.store.create_conversation(other, WEB_VILLAGE, "eye", "Watch: Feeder")
        async with signed_in(browser, s.base) as page:
            await page.locator(".msg.assistant", has_text="Shown.").wait_for()
            reads: list[str] = []
            page.on("request", lambda r: reads.append(r.url.removeprefix(s.base)))
            async with page.expect_request(lambda r: r.url == f"{s.base}/api/agents/eye/conversations"):
                s.rt.village.send("eye", "Is a bird there?", conversation=other)
                await s.rt.village.wait_idle()
            await page.wait_for_timeout(400)  # past the 120 ms a burst of events waits
            assert [u for u in reads if "/messages" in u] == []
            assert "/api/agents/eye/conversations" in reads
            assert await page.locator(".msg.assistant", has_text="Shown.").count() == 1


async def test_another_conversations_turn_leaves_the_phones_conversation_row_where_it_was(
    browser: Browser, tmp_path: Path
) -> None:
    """On a phone the conversations are one row that scrolls sideways: a watch's runs read the
    list again a frame or two a second, and the row stays where the person scrolled it (it was
    drawn again from its start and brought back to the current one at each read)."""
    async with served(tmp_path, ScriptedBackend(["Shown.", "Nothing there."])) as s:
        assert s.rt.store is not None
        s.rt.village.send("eye", "Hello.")
        await s.rt.village.wait_idle()
        others = [new_conversation_id() for _ in range(8)]
        for n, other in enumerate(others):
            s.rt.store.create_conversation(other, WEB_VILLAGE, "eye", f"Watch: Feeder {n}")
        async with signed_in(browser, s.base) as page:
            await page.locator(".msg.assistant", has_text="Shown.").wait_for()
            row = page.locator("#conversations")
            assert await row.evaluate("(e) => e.scrollWidth > e.clientWidth")  # a row that scrolls
            shown = await row.evaluate("(e) => e.scrollLeft")
            left = await row.evaluate(
                "(e) => { e.scrollLeft = e.scrollLeft > 0 ? 0 : e.scrollWidth; return e.scrollLeft; }"
            )
            assert left != shown  # the person scrolled it away from the current one
            async with page.expect_request(lambda r: r.url == f"{s.base}/api/agents/eye/conversations"):
                s.rt.village.send("eye", "Is a bird there?", conversation=others[0])
                await s.rt.village.wait_idle()
            await page.wait_for_timeout(400)  # past the 120 ms a burst of events waits
            assert await row.evaluate("(e) => e.scrollLeft") == left
