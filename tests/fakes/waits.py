"""Awaiting a condition on the running loop (never a fixed sleep)."""

from __future__ import annotations

import asyncio
from typing import Any


async def until(cond: Any, within: float = 5.0) -> None:
    """Poll ``cond`` on the running loop (for state that has no asyncio event, e.g. Qt's)."""
    async with asyncio.timeout(within):
        while not cond():  # noqa: ASYNC110 - polls state that has no asyncio event
            await asyncio.sleep(0.01)
