"""The retry schedule of a server that failed to connect (core/mcp/retry.py), on an injected clock."""

from __future__ import annotations

import asyncio

import pytest

from core.mcp.retry import Backoff, Clock, Retries


class FakeClock:
    """Time moves only when a retry sleeps: by exactly the time it asked for."""

    def __init__(self) -> None:
        self.t = 100.0
        self.sleeps: list[float] = []

    def now(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(round(seconds, 3))
        self.t += seconds
        await asyncio.sleep(0)


def test_the_backoff_doubles_from_one_second_to_a_minute() -> None:
    backoff = Backoff()
    assert [backoff.delay(n, 0.5) for n in range(1, 10)] == [1, 2, 4, 8, 16, 32, 60, 60, 60]


def test_the_jitter_stays_within_a_fifth_and_under_the_cap() -> None:
    backoff = Backoff()
    assert backoff.delay(1, 0.0) == pytest.approx(0.8)
    assert backoff.delay(1, 0.999999) == pytest.approx(1.2)
    assert backoff.delay(3, 0.0) == pytest.approx(3.2)
    assert backoff.delay(7, 0.999999) == 60.0  # jitter never passes the cap


@pytest.mark.asyncio
async def test_retries_follow_the_backoff_until_the_server_connects() -> None:
    clock = FakeClock()
    tried: list[tuple[str, str, bool, float]] = []

    async def attempt(agent_id: str, server: str, asked: bool) -> str | None:
        tried.append((agent_id, server, asked, clock.t))
        return None if len(tried) == 8 else "ConnectError: refused"

    retries = Retries(attempt, clock=Clock(now=clock.now, sleep=clock.sleep, random=lambda: 0.5))
    changes: list[tuple[str, str]] = []
    retries.on_changed = lambda a, s: changes.append((a, s))
    retries.schedule("a1", "cam", "ConnectError: refused")
    assert retries.retry_in("a1", "cam") == 1.0
    retries.schedule("a1", "cam", "again")  # already pending: nothing new
    await asyncio.wait_for(_drained(retries), 5)
    assert clock.sleeps == [1, 2, 4, 8, 16, 32, 60, 60]
    assert [t for *_, t in tried] == [101, 103, 107, 115, 131, 163, 223, 283]
    assert not any(asked for _, _, asked, _ in tried)  # the backoff's own: no sign-in page
    assert retries.retry_in("a1", "cam") is None and retries.attempts("a1", "cam") == 0
    assert set(changes) == {("a1", "cam")} and len(changes) == 17  # 8 waits, 8 attempts, the end


async def _drained(retries: Retries) -> None:
    while retries.pending("a1"):  # noqa: ASYNC110 - the fake clock has no event to wait on
        await asyncio.sleep(0)


@pytest.mark.asyncio
async def test_now_cuts_the_wait_short_and_the_backoff_starts_over() -> None:
    sleeping = asyncio.Event()
    sleeps: list[float] = []

    async def held(seconds: float) -> None:
        sleeps.append(seconds)
        sleeping.set()
        await asyncio.Event().wait()

    results = iter(["down", "down", None])
    asks: list[bool] = []

    async def attempt(agent_id: str, server: str, asked: bool) -> str | None:
        asks.append(asked)
        return next(results)

    retries = Retries(attempt, clock=Clock(sleep=held, random=lambda: 0.5))
    retries.now("a1", "cam")  # attempt 1 at once; it fails: wait 1 s
    await asyncio.wait_for(sleeping.wait(), 5)
    sleeping.clear()
    retries.now("a1", "cam")  # attempt 2 at once; it fails: the backoff starts over at 1 s
    await asyncio.wait_for(sleeping.wait(), 5)
    assert sleeps == [1.0, 1.0]
    assert asks == [True, True]  # both asked for: a sign-in page may open
    assert retries.attempts("a1", "cam") == 1
    await retries.cancel_agent("a1")
    assert retries.pending("a1") == [] and retries.retry_in("a1", "cam") is None
