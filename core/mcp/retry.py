"""Retrying an MCP server that failed to connect (issue 13, defect 7).

A server that failed at start, or whose reconnect failed, is tried again after 1 s, 2 s, 4 s …
(``Backoff``: doubled each time, at most 60 s, with jitter so many agents' servers do not retry in
step) until it connects or the configuration drops it (``cancel_agent``). ``now`` attempts at once
(Settings saved, the window's Reconnect, a restart after repeated timeouts: ``core.mcp.restart``)
and the backoff starts over when that attempt fails. An attempt of the backoff's own never opens
a sign-in page: a server that wants the person to sign in again waits for Reconnect. Each attempt goes through the provider's one
reconnect path (``McpToolProvider._connection``); the clock (``Clock``) is injectable so a test of
the schedule runs in milliseconds.

Lines written: ``mcp server retry: agent= server= attempt= in_ms= error=`` when an attempt is
scheduled after a failure.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from core.log import LOG

# One attempt at (agent id, server, asked): ``asked`` when the person (or a restart) asked for it
# now, not the backoff. The error when it failed (try again later); None when there is nothing
# more to do automatically (connected, no longer configured, or waiting for the person's sign-in).
Attempt = Callable[[str, str, bool], Awaitable[str | None]]
Changed = Callable[[str, str], None]
Key = tuple[str, str]  # (agent id, server name)


@dataclass(frozen=True)
class Backoff:
    """``first_s`` · ``factor``^(attempt-1), at most ``cap_s``, times a random factor within
    ±``jitter`` (never over ``cap_s``)."""

    first_s: float = 1.0
    factor: float = 2.0
    cap_s: float = 60.0
    jitter: float = 0.2

    def delay(self, attempt: int, unit: float) -> float:
        """The wait before ``attempt`` (1-based); ``unit`` is a random number in [0, 1)."""
        base = min(self.cap_s, self.first_s * self.factor ** max(0, attempt - 1))
        return min(self.cap_s, base * (1.0 - self.jitter + 2.0 * self.jitter * unit))


@dataclass(frozen=True)
class Clock:
    """What the retries read time from and wait with (a test gives its own)."""

    now: Callable[[], float] = time.monotonic
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep
    random: Callable[[], float] = random.random


@dataclass
class _Pending:
    attempt: int = 0  # attempts made since the last success
    retry_at: float | None = None  # when the next attempt is due (``Clock.now``), None while one runs
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None


class Retries:
    """The pending retries of one provider's servers, one task per (agent, server)."""

    def __init__(
        self, attempt: Attempt, *, backoff: Backoff | None = None, clock: Clock | None = None
    ) -> None:
        """``attempt(agent_id, server)`` tries once; ``changed(agent_id, server)`` (``on_changed``)
        is told whenever a retry is scheduled or starts."""
        self._attempt = attempt
        self.backoff = backoff or Backoff()
        self.clock = clock or Clock()
        self.on_changed: Changed | None = None
        self._pending: dict[Key, _Pending] = {}

    def schedule(self, agent_id: str, server: str, error: str) -> None:
        """Retry ``server`` after the backoff (nothing new when a retry is already pending)."""
        if (agent_id, server) not in self._pending:
            self._start((agent_id, server), immediate=False, error=error)

    def now(self, agent_id: str, server: str) -> None:
        """Attempt at once (a pending wait is cut short)."""
        pending = self._pending.get((agent_id, server))
        if pending is None:
            self._start((agent_id, server), immediate=True, error="")
        else:
            pending.wake.set()

    def retry_in(self, agent_id: str, server: str) -> float | None:
        """Seconds until the next attempt (0.0 while one runs), None when none is pending."""
        pending = self._pending.get((agent_id, server))
        if pending is None:
            return None
        if pending.retry_at is None:
            return 0.0
        return max(0.0, pending.retry_at - self.clock.now())

    def attempts(self, agent_id: str, server: str) -> int:
        pending = self._pending.get((agent_id, server))
        return 0 if pending is None else pending.attempt

    def pending(self, agent_id: str) -> list[str]:
        return [s for a, s in self._pending if a == agent_id]

    async def cancel_agent(self, agent_id: str) -> None:
        """Stop the agent's retries (its servers are closed or no longer configured)."""
        await self._cancel([k for k in self._pending if k[0] == agent_id])

    async def close(self) -> None:
        await self._cancel(list(self._pending))

    # -- internals --------------------------------------------------------------------------------

    def _start(self, key: Key, *, immediate: bool, error: str) -> None:
        pending = self._pending[key] = _Pending()
        delay = None if immediate else self._arm(key, pending, error)
        pending.task = asyncio.create_task(self._run(key, pending, delay))

    async def _cancel(self, keys: list[Key]) -> None:
        tasks = [t for k in keys if (t := self._pending.pop(k).task) is not None]
        me = asyncio.current_task()
        for task in tasks:
            if task is not me:
                task.cancel()
        await asyncio.gather(*(t for t in tasks if t is not me), return_exceptions=True)

    def _changed(self, key: Key) -> None:
        if self.on_changed is not None:
            self.on_changed(*key)

    async def _run(self, key: Key, pending: _Pending, delay: float | None) -> None:
        try:
            while True:
                asked = delay is None or await self._wait(pending, delay)
                pending.retry_at = None
                pending.wake.clear()
                self._changed(key)
                failed = await self._attempt(*key, asked)
                if failed is None:
                    return
                delay = self._arm(key, pending, failed)
        finally:
            if self._pending.get(key) is pending:
                del self._pending[key]
                self._changed(key)

    def _arm(self, key: Key, pending: _Pending, error: str) -> float:
        """The next attempt's delay, noted (``retry_in``), logged and told."""
        pending.attempt += 1
        delay = self.backoff.delay(pending.attempt, self.clock.random())
        pending.retry_at = self.clock.now() + delay
        LOG.event(
            "mcp server retry",
            agent=key[0],
            server=key[1],
            attempt=pending.attempt,
            in_ms=round(delay * 1000),
            error=error,
        )
        self._changed(key)
        return delay

    async def _wait(self, pending: _Pending, delay: float) -> bool:
        """Sleep ``delay``; True when ``now`` cut it short."""
        sleeper = asyncio.ensure_future(self.clock.sleep(delay))
        woken = asyncio.ensure_future(pending.wake.wait())
        try:
            await asyncio.wait({sleeper, woken}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            sleeper.cancel()
            woken.cancel()
        if woken.done() and not woken.cancelled():
            pending.attempt = 0  # asked for at once: the backoff starts over after this attempt
            return True
        return False
