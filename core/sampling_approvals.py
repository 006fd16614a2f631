"""The sampling broker: MCP ``sampling/createMessage`` requests shown to the person for approval.

``core.mcp.sampling.Sampling`` asks ``SamplingApprovals.ask`` once per request that is within the
server's budget. The broker publishes ``SamplingAsked``, waits for a front end to call ``approve``
or ``decline`` with the event's ``request_id`` (from any thread), and publishes ``SamplingSettled``
exactly once whatever ends the wait: a reply, the timeout, the last front end detaching, or the
task being cancelled. Headless (no front end attached) every request is declined without asking.
"""

from __future__ import annotations

import asyncio

from core.events import EventBus, SamplingAsked, SamplingSettled
from core.open_requests import OpenRequests

DEFAULT_TIMEOUT_S = 300.0


class SamplingApprovals(OpenRequests[SamplingAsked, bool]):
    """Open sampling requests of one village; ``True``: the person approved."""

    def __init__(self, bus: EventBus, *, timeout_s: float = DEFAULT_TIMEOUT_S) -> None:
        super().__init__(bus, prefix="s", withdrawn=False)
        self.timeout_s = timeout_s

    # ------------------------------------------------------------------ front ends
    def approve(self, request_id: str) -> bool:
        """Approve ``request_id``; ``False`` when it is no longer open."""
        return self._settle(request_id, True)

    def decline(self, request_id: str) -> bool:
        """Deny ``request_id``; ``False`` when it is no longer open."""
        return self._settle(request_id, False)

    # ------------------------------------------------------------------ the MCP client's side
    def new_id(self) -> str:
        return self._new_id()

    async def ask(self, asked: SamplingAsked) -> bool:
        """Publish ``asked`` and wait for the person; ``False`` when headless, denied, withdrawn
        or timed out. ``SamplingSettled`` always follows a published ``SamplingAsked``."""
        if not self.available:
            return False
        future = self._open(asked.request_id, asked)
        outcome = "denied"
        try:
            self.bus.publish(asked)
            try:
                approved = await asyncio.wait_for(asyncio.shield(future), self.timeout_s)
            except TimeoutError:
                outcome = "timeout"
                return False
            outcome = "approved" if approved else "denied"
            return approved
        finally:
            self._close(asked.request_id)
            self.bus.publish(SamplingSettled(asked.agent_id, asked.server, asked.request_id, outcome))
