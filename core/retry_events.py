"""A turn's model retries as events: ``publish_retries`` makes the HTTP backend's retry waits
(``core.llm.RETRY_HOOK``) ``RetryScheduled`` events of that turn, so a front end shows "retrying in
4 s, attempt 2/3" while the wait runs.

The hook is a context variable set in the turn's own task: the model calls it starts inherit it,
other turns (other tasks) have their own, and a model call outside a turn (MCP sampling) has none.
"""

from __future__ import annotations

from core.events import EventBus, RetryScheduled
from core.llm import RETRY_HOOK, RetryWait


def publish_retries(bus: EventBus, agent_id: str, turn_id: str) -> None:
    """From now on in the current task, a retry wait publishes ``RetryScheduled`` on ``bus``."""

    def told(wait: RetryWait) -> None:
        bus.publish(
            RetryScheduled(
                agent_id, turn_id, wait.attempt, wait.attempts, wait.wait_s, wait.reason, wait.status
            )
        )

    RETRY_HOOK.set(told)
