"""The browser tests' chromium: launched once for each module (the module's tests share its event
loop, ``pytest.mark.asyncio(loop_scope="module")``), each test in a context of its own."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

import pytest_asyncio

from tests.fakes.browser import chromium

if TYPE_CHECKING:
    from playwright.async_api import Browser


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[Browser]:
    async with chromium() as launched:
        yield launched
