"""core/watch/budget.py: the meter over a real store, the estimate with the route's image pricing,
the check before a run and the record after it (WA-30 … WA-34)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from core.canonical import ChatMessage, Role, ToolCall, ToolSpec, Usage
from core.config import Template, parse_config
from core.context import IMAGE_FALLBACK, MESSAGE_TOKENS
from core.pricing import estimate_tokens
from core.store import Store
from core.watch.budget import HOUR_S, REPLY_TOKENS, WatchBudget, estimate, local_midnight
from core.watch.model import Limits, Meter, Watch
from tests.fakes.images import frame

TOKYO = ZoneInfo("Asia/Tokyo")
NEW_YORK = ZoneInfo("America/New_York")
# 2026-12-02 10:00 in Tokyo; its day began at 2026-12-01 15:00 UTC
NOW = dt.datetime(2026, 12, 2, 10, 0, tzinfo=TOKYO).timestamp()
MIDNIGHT = dt.datetime(2026, 12, 2, 0, 0, tzinfo=TOKYO).timestamp()


def watch(calls: int = 3, tokens: int = 1_000, watch_id: str = "w1") -> Watch:
    return Watch(watch_id, "agent_9", "tell me when a bird is at the feeder", limits=Limits(calls, tokens))


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = Store.open(tmp_path)
    yield s  # type: ignore[misc]
    s.close()


def test_local_midnight_in_a_zone_and_across_a_daylight_saving_change() -> None:
    assert local_midnight(NOW, TOKYO) == MIDNIGHT
    assert local_midnight(MIDNIGHT, TOKYO) == MIDNIGHT  # midnight itself starts its own day
    assert local_midnight(MIDNIGHT - 1, TOKYO) == MIDNIGHT - 86_400
    # 2026-03-08: New York's clocks go from 02:00 to 03:00; its midnight was still at UTC-5
    noon = dt.datetime(2026, 3, 8, 12, 0, tzinfo=NEW_YORK).timestamp()
    assert local_midnight(noon, NEW_YORK) == dt.datetime(2026, 3, 8, 5, 0, tzinfo=dt.UTC).timestamp()
    assert noon - local_midnight(noon, NEW_YORK) == 11 * 3600  # a 23-hour day: 11 hours, not 12


def test_the_meter_counts_calls_of_the_last_hour_and_tokens_since_local_midnight(store: Store) -> None:
    w = watch(calls=120, tokens=500_000)
    for at, tokens in (
        (MIDNIGHT - 1, 9_000),  # yesterday: neither
        (NOW - HOUR_S - 1, 100),  # today, over an hour ago: tokens only
        (NOW - HOUR_S, 200),  # exactly an hour ago: both
        (NOW - 60, 300),
    ):
        store.add_watch_call(w.id, tokens, "run", at)
    store.add_watch_call("other", 5_000, "run", NOW - 5)  # another watch's spending is not this one's
    budget = WatchBudget(store, clock=Clock(NOW), tz=TOKYO)
    assert budget.meter(w) == Meter(calls_hour=2, calls_limit=120, tokens_day=600, tokens_limit=500_000)


def test_check_pauses_at_the_calls_limit_and_before_the_tokens_limit(store: Store) -> None:
    clock = Clock(NOW)
    budget = WatchBudget(store, clock=clock, tz=TOKYO)
    w = watch(calls=3, tokens=1_000)
    assert budget.check(w, 1_000) == ""  # exactly the day's limit still goes
    assert budget.check(w, 1_001) == "budget_tokens"  # a run that would pass it is not sent
    budget.record(w, Usage(input=400, output=50, cache_read=30, cache_write=20))  # 500
    budget.record(w, 100)
    assert budget.meter(w) == Meter(2, 3, 600, 1_000)
    assert budget.check(w, 400) == ""
    assert budget.check(w, 401) == "budget_tokens"
    budget.record(w, 1)
    assert budget.check(w, 0) == "budget_calls"  # three calls this hour: a fourth would pass it
    assert budget.check(w, 10_000) == "budget_calls"  # both over: the calls are named first
    clock.now = NOW + HOUR_S + 1  # an hour later the calls are free again, the day's tokens are not
    assert budget.meter(w) == Meter(0, 3, 601, 1_000)
    assert budget.check(w, 399) == ""
    assert budget.check(w, 400) == "budget_tokens"


def test_a_call_the_provider_reported_no_usage_for_is_recorded_at_its_estimate(store: Store) -> None:
    budget = WatchBudget(store, clock=Clock(NOW), tz=TOKYO)
    w = watch()
    assert budget.record(w, Usage(), estimate=420) == Meter(1, 3, 420, 1_000)
    assert budget.record(w, Usage(input=5), estimate=420) == Meter(2, 3, 425, 1_000)  # reported: as is
    budget.record(w, 9, kind="relay")
    kinds = [r["kind"] for r in store._q("SELECT kind FROM watch_calls ORDER BY rowid")]
    assert kinds == ["run", "run", "relay"]


def test_a_run_of_several_model_calls_counts_each_against_the_hour(store: Store) -> None:
    budget = WatchBudget(store, clock=Clock(NOW), tz=TOKYO)
    w = watch(calls=3, tokens=1_000)
    assert budget.record(w, Usage(input=200, output=40), calls=2) == Meter(2, 3, 240, 1_000)
    rows = [(r["tokens"], r["kind"]) for r in store._q("SELECT tokens, kind FROM watch_calls ORDER BY rowid")]
    assert rows == [(240, "run"), (0, "run")]
    assert budget.check(w, 0) == ""
    budget.record(w, 10)
    assert budget.check(w, 0) == "budget_calls"


def test_a_restart_does_not_reset_what_was_spent(tmp_path: Path) -> None:
    w = watch(calls=2, tokens=10_000)
    first = Store.open(tmp_path)
    WatchBudget(first, clock=Clock(NOW), tz=TOKYO).record(w, 700)
    WatchBudget(first, clock=Clock(NOW + 1), tz=TOKYO).record(w, 800)
    first.close()
    again = Store.open(tmp_path)
    try:
        budget = WatchBudget(again, clock=Clock(NOW + 2), tz=TOKYO)
        assert budget.meter(w) == Meter(2, 2, 1_500, 10_000)
        assert budget.check(w, 0) == "budget_calls"
    finally:
        again.close()


def _route(protocol: str, model: str) -> Template:
    config = parse_config({"templates": [{"name": "t", "protocol": protocol, "model": model}]})
    return config.template("t")


def test_the_estimate_prices_images_with_the_route_and_text_with_the_estimator() -> None:
    instruction = "Tell me when a bird is at the feeder."
    call = ToolCall("c1", "cam__live_view_image", {})
    messages = [
        ChatMessage(role=Role.USER, text=instruction),
        ChatMessage(role=Role.ASSISTANT, text="", tool_calls=[call]),
        ChatMessage(role=Role.TOOL, text="frame 1", attachments=[frame(1)], tool_call_id="c1"),
    ]
    call_text = estimate_tokens("c1cam__live_view_image{}")
    text = MESSAGE_TOKENS * 3 + estimate_tokens(instruction) + call_text + estimate_tokens("frame 1")
    claude = _route("anthropic", "claude-sonnet-4-5")
    # 640×424 on Anthropic: ceil(640/28) × ceil(424/28) = 23 × 16 patches
    assert estimate(messages, claude, reply_tokens=0) == text + 368
    assert estimate(messages, _route("gemini", "gemini-3-pro"), reply_tokens=0) == text + 1_120
    assert estimate(messages, None, reply_tokens=0) == text + IMAGE_FALLBACK  # no route: the fallback
    assert estimate(messages, claude) == text + 368 + REPLY_TOKENS
    spec = ToolSpec("report_event", "Report an event", {"type": "object"})
    with_fixed = estimate(messages, claude, system="見張り", tools=[spec], reply_tokens=0)
    assert with_fixed > text + 368 + estimate_tokens("見張り")
