"""Notifications (WA-25): threshold, cooldown from the store, novelty against the watch's notified
events, marked notified, one log line per decision; over a real store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.events import WatchNotification
from core.store import Store
from core.watch.model import CameraEvent, Watch
from core.watch.notify import Decision, Notifier
from tests.fakes.logs import log_lines

VILLAGE = "v1"
T0 = 1_800_000_000.0
WATCH = Watch(
    id="w1", agent_id="a1", instruction="birds at the feeder", name="Feeder", notify_at=3, cooldown_s=300.0
)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store.open(tmp_path)
    yield s
    s.close()


def add(
    store: Store, at: float, title: str, summary: str, importance: int = 4, watch: str = "w1"
) -> CameraEvent:
    e = CameraEvent(0, watch, "a1", "c-" + watch, f"t{at}", "k", at, title, summary, importance)
    return store.add_camera_event(VILLAGE, e)


def watch_lines(log: Path) -> list[str]:
    return [line for line in log_lines(log) if line.startswith("watch:")]


def test_an_important_new_event_is_notified_and_marked(store: Store, event_log: Path) -> None:
    e = add(store, T0, "Bird at the feeder", "A small bird landed on the feeder.")
    d = Notifier(store, VILLAGE).consider(WATCH, e)
    assert d == Decision(
        WatchNotification(e.id, "w1", "a1", "Bird at the feeder", "A small bird landed on the feeder.", 4)
    )
    assert store.camera_event(e.id).notified is True  # type: ignore[union-attr]
    assert watch_lines(event_log) == [
        f"watch: watch=w1 agent=a1 action=notified event={e.id} importance=4 marked=true"
    ]


def test_below_the_threshold_is_not_notified(store: Store, event_log: Path) -> None:
    e = add(store, T0, "Leaf moved", "A leaf moved.", importance=2)
    assert Notifier(store, VILLAGE).consider(WATCH, e) == Decision(None, "below_threshold")
    assert store.camera_event(e.id).notified is False  # type: ignore[union-attr]
    assert watch_lines(event_log) == [
        f"watch: watch=w1 agent=a1 action=notify_skipped event={e.id} reason=below_threshold"
    ]


def test_the_cooldown_comes_from_the_store(store: Store, tmp_path: Path) -> None:
    first = add(store, T0, "Bird at the feeder", "A bird landed.")
    assert Notifier(store, VILLAGE).consider(WATCH, first).notification is not None
    store.close()
    again = Store.open(tmp_path)  # a restart: a new notifier over the reopened store
    try:
        cat = add(again, T0 + 299, "Cat on the wall", "A cat walks along the wall.")
        assert Notifier(again, VILLAGE).consider(WATCH, cat) == Decision(None, "cooldown")
        fox = add(again, T0 + 300, "Fox in the garden", "A fox crosses the lawn.")
        assert Notifier(again, VILLAGE).consider(WATCH, fox).notification is not None
    finally:
        again.close()


def test_the_cooldown_is_per_watch(store: Store) -> None:
    other = WATCH.with_(id="w2")
    n = Notifier(store, VILLAGE)
    assert n.consider(WATCH, add(store, T0, "Bird", "A bird landed.")).notification is not None
    assert (
        n.consider(other, add(store, T0 + 10, "Bird", "A bird landed.", watch="w2")).notification is not None
    )


def test_the_same_thing_after_the_cooldown_is_not_told_again(store: Store, event_log: Path) -> None:
    n = Notifier(store, VILLAGE)
    first = add(store, T0, "Bird at the feeder", "A small bird landed on the feeder.")
    assert n.consider(WATCH, first).notification is not None
    same = add(store, T0 + 600, "Bird on feeder", "A little bird is perched on the bird feeder.")
    assert n.consider(WATCH, same) == Decision(None, "same", first.id)
    assert (
        watch_lines(event_log)[-1]
        == f"watch: watch=w1 agent=a1 action=notify_skipped event={same.id} reason=same same_as={first.id}"
    )
    squirrel = add(store, T0 + 700, "Squirrel at the feeder", "A grey squirrel is climbing the feeder pole.")
    assert n.consider(WATCH, squirrel).notification is not None


def test_novelty_looks_back_one_hour(store: Store) -> None:
    n = Notifier(store, VILLAGE)
    assert n.consider(
        WATCH, add(store, T0, "Bird at the feeder", "A bird landed on the feeder.")
    ).notification
    later = add(store, T0 + 3601, "Bird at the feeder", "A bird landed on the feeder.")
    assert n.consider(WATCH, later).notification is not None


def test_only_notified_events_count_as_told(store: Store) -> None:
    n = Notifier(store, VILLAGE)
    quiet = add(store, T0, "Bird at the feeder", "A bird landed on the feeder.", importance=2)
    assert n.consider(WATCH, quiet).reason == "below_threshold"
    loud = add(store, T0 + 60, "Bird at the feeder", "A bird landed on the feeder.", importance=4)
    assert n.consider(WATCH, loud).notification is not None


def test_an_event_notified_before_is_never_notified_twice(store: Store) -> None:
    n = Notifier(store, VILLAGE)
    e = add(store, T0, "Bird", "A bird landed.")
    assert n(WATCH, e) is not None  # the service's Notify form
    resumed = store.add_camera_event(VILLAGE, e)  # the same (turn, call) stored again: handed back
    assert resumed.notified is True
    assert n(WATCH, resumed) is None
    assert n.consider(WATCH, resumed).reason == "already"


def test_never_notify_at_six(store: Store) -> None:
    e = add(store, T0, "Fire", "Smoke fills the room.", importance=5)
    assert Notifier(store, VILLAGE).consider(WATCH.with_(notify_at=6), e).reason == "below_threshold"


def test_the_notification_carries_the_events_own_words(store: Store) -> None:
    e = add(store, T0, "餌台に鳥", "小鳥が来ました。")
    d = Notifier(store, VILLAGE).consider(WATCH, e)
    assert d.notification == WatchNotification(e.id, "w1", "a1", "餌台に鳥", "小鳥が来ました。", 4)


class RefusingMarks:
    def __init__(self, store: Store) -> None:
        self.store = store

    def camera_events(self, village_id: str, **kw: Any) -> list[CameraEvent]:
        return self.store.camera_events(village_id, **kw)

    def mark_event_notified(self, event_id: int) -> None:
        from core.store.schema import StoreUnavailable

        raise StoreUnavailable("read_only")


def test_a_store_that_cannot_mark_still_notifies(store: Store, event_log: Path) -> None:
    e = add(store, T0, "Bird", "A bird landed.")
    assert Notifier(RefusingMarks(store), VILLAGE).consider(WATCH, e).notification is not None
    assert watch_lines(event_log)[-1].endswith("marked=false")
