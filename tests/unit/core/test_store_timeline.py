"""The timeline's retention (WA-26): per watch keep_days and keep_mb over the keyframe blobs,
applied by the clean-up (core/store/gc.py collect), kept events keeping their keyframes."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.canonical import ChatMessage, ImageData, Role
from core.store import SqliteJournal, Store
from core.store.gc import collect
from core.store.timeline import MB, expire_timeline, timeline_bytes
from core.watch.model import CameraEvent, Watch
from tests.fakes.images import jpeg
from tests.fakes.logs import log_lines

VILLAGE = "v1"
NOW = 1_800_000_000.0
DAY = 86_400.0


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store.open(tmp_path)
    yield s
    s.close()


def watch(watch_id: str = "w1", **kw: object) -> Watch:
    return Watch(id=watch_id, agent_id="a1", instruction="birds", conversation_id="c-" + watch_id, **kw)  # type: ignore[arg-type]


def blob(store: Store, size: int, seed: int) -> str:
    data = bytes([seed]) * 16 + os.urandom(size - 16)
    sha = store.blobs.put(data)
    path = store.blobs.path(sha)
    os.utime(path, (NOW - 10 * DAY, NOW - 10 * DAY))  # old: the clean-up's grace period is over
    return sha


def add(store: Store, at: float, keyframe: str = "", watch_id: str = "w1") -> int:
    e = CameraEvent(
        0,
        watch_id,
        "a1",
        "c-" + watch_id,
        f"t-{watch_id}-{at}",
        "k",
        at,
        "t",
        "s",
        3,
        keyframe,
        "image/jpeg" if keyframe else "",
    )
    return store.add_camera_event(VILLAGE, e).id


def ids(store: Store) -> list[int]:
    return sorted(e.id for e in store.camera_events(VILLAGE))


def test_keep_days_deletes_older_events_and_the_clean_up_frees_their_keyframes(
    store: Store, event_log: Path
) -> None:
    store.save_watch(VILLAGE, watch(keep_days=7))
    old_sha, new_sha = blob(store, 5000, 1), blob(store, 5000, 2)
    old = add(store, NOW - 8 * DAY, old_sha)
    new = add(store, NOW - 6 * DAY, new_sha)
    report = collect(store, grace_s=60, now=NOW)
    assert report.timeline_removed == 1
    assert ids(store) == [new]
    assert old != new
    assert not store.blobs.path(old_sha).exists()
    assert store.blobs.path(new_sha).exists()
    gc_line = [line for line in log_lines(event_log) if line.startswith("store gc:")][-1]
    assert " timeline=1 " in gc_line


def test_keep_mb_keeps_the_newest_keyframes_under_the_cap(store: Store) -> None:
    store.save_watch(VILLAGE, watch(keep_mb=1))
    shas = [blob(store, 400_000, i) for i in range(4)]
    oldest = add(store, NOW - 4000, shas[0])
    third = add(store, NOW - 3000, shas[1])
    second = add(store, NOW - 2000, shas[2])
    shared = add(store, NOW - 1500, shas[3])  # the same frame twice: counted once
    newest = add(store, NOW - 1000, shas[3])
    no_picture = add(store, NOW - 500)
    assert timeline_bytes(store, "w1") == 4 * 400_000
    assert expire_timeline(store, NOW) == 2  # 0.8 MB kept (newest two frames); the third goes over
    assert ids(store) == sorted([second, shared, newest, no_picture])
    assert {oldest, third}.isdisjoint(ids(store))
    assert timeline_bytes(store, "w1") == 2 * 400_000 <= MB


def test_both_rules_and_other_watches(store: Store) -> None:
    store.save_watch(VILLAGE, watch("w1", keep_days=1, keep_mb=1))
    store.save_watch(VILLAGE, watch("w2"))  # the defaults: 30 days, no size cap
    big = [blob(store, 700_000, i) for i in range(2)]
    add(store, NOW - 2 * DAY, "", "w1")  # too old
    a = add(store, NOW - 100, big[0], "w1")  # 0.7 MB: over the cap with the newer one
    b = add(store, NOW - 50, big[1], "w1")
    c = add(store, NOW - 20 * DAY, big[0], "w2")
    d = add(store, NOW - 31 * DAY, "", "w2")
    assert expire_timeline(store, NOW) == 3
    assert ids(store) == [b, c]
    assert a not in ids(store) and d not in ids(store)


def test_no_rules_keep_everything(store: Store) -> None:
    store.save_watch(VILLAGE, watch(keep_days=0, keep_mb=0))
    kept = [add(store, NOW - 400 * DAY, blob(store, 100_000, 1)), add(store, NOW)]
    assert expire_timeline(store, NOW) == 0
    assert ids(store) == kept


def test_a_deleted_watchs_kept_timeline_and_an_unreadable_watch_are_kept(store: Store) -> None:
    store.save_watch(VILLAGE, watch("w1", keep_days=1))
    store.save_watch(VILLAGE, watch("w2", keep_days=1))
    first = add(store, NOW - 5 * DAY, "", "w1")
    second = add(store, NOW - 5 * DAY, "", "w2")
    store.delete_watch("w1", keep_timeline=True)
    with store._tx("test") as conn:
        conn.execute("UPDATE watches SET definition='{}' WHERE id='w2'")
    assert expire_timeline(store, NOW) == 0
    assert ids(store) == [first, second]


def test_a_dry_run_deletes_no_event(store: Store) -> None:
    store.save_watch(VILLAGE, watch(keep_days=1))
    e = add(store, NOW - 5 * DAY, blob(store, 1000, 1))
    assert collect(store, grace_s=60, now=NOW, dry_run=True).timeline_removed == 0
    assert ids(store) == [e]


def test_a_kept_event_keeps_its_keyframe_when_the_conversation_goes(store: Store) -> None:
    data = jpeg(64, 48)
    image = ImageData("image/jpeg", data, 64, 48)
    journal = SqliteJournal(store)
    journal.begin_turn("t1", "a1", ChatMessage(Role.USER, "look", attachments=[image]), "c-w1")
    sha = image.sha256
    assert store.blobs.path(sha).exists()
    os.utime(store.blobs.path(sha), (NOW - DAY, NOW - DAY))
    store.save_watch(VILLAGE, watch())
    e = add(store, NOW - 60, sha)
    store.delete_conversation("c-w1", grace_s=0)
    assert store.blobs.path(sha).exists()  # the timeline still names it
    collect(store, grace_s=60, now=NOW)
    assert store.blobs.path(sha).exists()
    assert ids(store) == [e]
    store.delete_watch("w1", keep_timeline=False)
    collect(store, grace_s=60, now=NOW)
    assert not store.blobs.path(sha).exists()  # nothing names it now
