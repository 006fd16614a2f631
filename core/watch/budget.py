"""A watch's budget (issue 15, WA-30 … WA-33): what it spent, what a run will cost, whether it may.

* the meter (``WatchBudget.meter``, WA-30): model calls in the last 3600 s and tokens since local
  midnight, summed from the store's ``watch_calls`` rows (``core.store.watches``), so a restart
  never resets what was spent;
* the estimate (``estimate``, WA-31): a run's tokens before it is sent, priced as the context fit
  prices a request (``core.context.message_tokens``): text with ``core.pricing``, each image with
  the route's own calculator (``core.llm.image_pricing``: the wire's ``image_tokens``, the spill
  policy's pricing), plus room for the reply;
* the check (``WatchBudget.check``, WA-32): before a run, ``budget_calls`` when one more call would
  pass the calls-per-hour limit, ``budget_tokens`` when the estimate would pass the tokens-per-day
  limit, else ``""``;
* the record (``WatchBudget.record``, WA-33): one row per model call, with the provider's usage
  (input, output, cache reads and writes), or the estimate when the provider reported none.

The store methods are short SQLite transactions: the runner calls them from a worker thread.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from core.canonical import ChatMessage, ToolSpec, Usage
from core.context import fixed_tokens, message_tokens
from core.llm import Route, image_pricing
from core.watch.model import Meter, PauseReason, Watch

HOUR_S: Final = 3600.0
REPLY_TOKENS: Final = 300  # a run's answer: a report_event call or a short "nothing new"


class SpendStore(Protocol):
    """What the budget needs of the store (``core.store.watches.StoreWatches``)."""

    def add_watch_call(
        self, watch_id: str, tokens: int, kind: str = "run", at: float | None = None
    ) -> None: ...

    def watch_spent(self, watch_id: str, since_calls: float, since_tokens: float) -> tuple[int, int]: ...


def local_midnight(now: float, tz: dt.tzinfo | None = None) -> float:
    """The epoch seconds of the start of ``now``'s day in ``tz`` (the local zone when None),
    daylight-saving changes included."""
    if tz is None:
        day = dt.datetime.fromtimestamp(now)  # naive local time: .timestamp() reads it as local
        return day.replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
    day = dt.datetime.fromtimestamp(now, tz)
    return day.replace(hour=0, minute=0, second=0, microsecond=0).timestamp()


def usage_tokens(usage: Usage) -> int:
    """Every token a call was billed for: uncached input, output, cache reads and writes."""
    return usage.input + usage.output + usage.cache_read + usage.cache_write


def estimate(
    messages: Sequence[ChatMessage],
    route: Route | None,
    *,
    system: str = "",
    tools: Sequence[ToolSpec] = (),
    reply_tokens: int = REPLY_TOKENS,
) -> int:
    """The estimated tokens of a request of ``messages`` (history included) with ``system`` and
    ``tools`` to ``route`` (a template), and its reply. An image is priced by the route's wire
    (``image_tokens(width, height, model)``); with no route or no calculator, as
    ``core.context.IMAGE_FALLBACK``."""
    pricing = None if route is None else image_pricing(route)
    cost = fixed_tokens(system, list(tools)) + sum(message_tokens(m, pricing) for m in messages)
    return cost + max(0, reply_tokens)


class WatchBudget:
    """The meter, check and record of every watch over one store. ``clock``: epoch seconds;
    ``tz``: the zone whose midnight starts a day (the local zone when None)."""

    def __init__(
        self, store: SpendStore, *, clock: Callable[[], float] = time.time, tz: dt.tzinfo | None = None
    ) -> None:
        self.store = store
        self.clock = clock
        self.tz = tz

    def meter(self, watch: Watch) -> Meter:
        """The watch's spending against its limits now."""
        now = self.clock()
        calls, tokens = self.store.watch_spent(watch.id, now - HOUR_S, local_midnight(now, self.tz))
        limits = watch.limits
        return Meter(calls, limits.calls_per_hour, tokens, limits.tokens_per_day)

    def check(self, watch: Watch, estimate: int) -> PauseReason:
        """Whether a run estimated at ``estimate`` tokens may go: ``""``, or the pause reason
        (``budget_calls`` first: one more call would pass the hour's limit; ``budget_tokens``: the
        day's tokens plus the estimate would pass its limit)."""
        m = self.meter(watch)
        if m.calls_hour + 1 > m.calls_limit:
            return "budget_calls"
        if m.tokens_day + max(0, estimate) > m.tokens_limit:
            return "budget_tokens"
        return ""

    def record(
        self, watch: Watch, usage: Usage | int, *, kind: str = "run", estimate: int = 0, calls: int = 1
    ) -> Meter:
        """``calls`` model calls of the watch (``kind``: ``run``, ``relay``, ``summary``; a run's
        turn may have made several: each counts against the hour) with their summed ``usage`` (or
        a token count; on the first row); when that is 0 (the provider reported none),
        ``estimate``. Returns the meter after them."""
        tokens = usage if isinstance(usage, int) else usage_tokens(usage)
        if tokens <= 0:
            tokens = max(0, estimate)
        at = self.clock()
        for i in range(max(1, calls)):
            self.store.add_watch_call(watch.id, tokens if i == 0 else 0, kind, at)
        return self.meter(watch)
