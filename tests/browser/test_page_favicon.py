"""Opening the page costs no refused attempt (WC-4, WC-13): a browser asks for ``/favicon.ico``
on every page load unless the page names its icon, and that request, carrying no token, would be
a 401 counted against the client, so ten loads within a minute would lock the person's own phone
out (429) for every request, the right token included."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.fakes.browser import signed_in
from tests.fakes.web import served

if TYPE_CHECKING:
    from playwright.async_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="module")]


async def test_loading_the_page_again_and_again_is_never_refused(browser: Browser, tmp_path: Path) -> None:
    async with served(tmp_path, None) as s:
        async with signed_in(browser, s.base) as page:
            said: list[str] = []
            page.on("console", lambda m: said.append(m.text))
            icons: list[tuple[str, int]] = []
            page.on("response", lambda r: icons.append((r.url, r.status)) if "icon" in r.url else None)
            await page.reload()
            await page.locator("#views").wait_for()
            for _ in range(11):
                await page.reload()
                await page.locator("#views").wait_for()
            await page.wait_for_timeout(200)
            assert [m for m in said if "Content Security Policy" in m] == []  # the icon is allowed
        assert (f"{s.base}/icon.svg", 200) in icons
        assert (await s.client.get("/api/village")).status_code == 200
        assert s.web.attempts.fail("127.0.0.1") == 1  # the first refused attempt: none before
