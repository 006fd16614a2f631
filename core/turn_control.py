"""What steers a turn from outside its loop: Stop and Pause (``TurnControl``), and the repeat guard.

Both are small pieces of state the turn engine (``core.turn``) consults at its round boundaries; a
front end holds the ``TurnControl`` of a running turn through its ``core.handle.TurnHandle``.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterable, Mapping

from core.journal import PauseGate

REPEAT_LIMIT = 3  # S70-14: the third identical result stops the loop


class TurnControl:
    """Cooperative stop (D-5): the turn ends at its next round boundary, or at once while it
    waits for the model (a retry wait included). Pause (S02-5): the turn ends resumable at its
    next boundary."""

    def __init__(self) -> None:
        self._stop = asyncio.Event()
        self.requested_at: float | None = None
        self.gate = PauseGate()

    def pause(self) -> None:
        self.gate.request()

    @property
    def pausing(self) -> bool:
        return self.gate.requested

    def stop(self) -> None:
        if not self._stop.is_set():
            self.requested_at = time.monotonic()
            self._stop.set()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    async def wait(self) -> None:
        """Return once a stop is requested (an open user question is withdrawn then)."""
        await self._stop.wait()


def _args_key(arguments: Mapping[str, object]) -> str:
    return json.dumps(arguments, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)


class RepeatGuard:
    """Counts identical results by (tool name, arguments, body text, sent-image SHA-256s)."""

    def __init__(self, limit: int = REPEAT_LIMIT) -> None:
        self.limit = limit
        self._counts: dict[tuple[str, str, str, tuple[str, ...]], int] = {}

    def observe(
        self, name: str, arguments: Mapping[str, object], body: str, image_hashes: Iterable[str]
    ) -> int:
        key = (name, _args_key(arguments), body, tuple(image_hashes))
        self._counts[key] = self._counts.get(key, 0) + 1
        return self._counts[key]

    def tripped(self, count: int) -> bool:
        return count >= self.limit
