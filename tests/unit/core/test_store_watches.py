"""The store's watches, spending and timeline (issue 15, WA-8, WA-10, WA-11), on a real SQLite file."""

from __future__ import annotations

from pathlib import Path

from core.store import Store
from core.store.gc import collect
from core.watch.model import CameraEvent, Rhythm, Watch, WatchState


def event(
    turn: str, call: str, at: float, title: str = "Bird", importance: int = 3, keyframe: str = ""
) -> CameraEvent:
    return CameraEvent(
        0, "w1", "eye", "watch-w1", turn, call, at, title, f"{title} on the feeder", importance, keyframe
    )


def test_a_watch_and_its_state_survive_a_reopen(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    w = Watch("w1", "eye", "bird at the feeder", rhythm=Rhythm("continuous", 0.5), conversation_id="watch-w1")
    store.save_watch("v1", w, WatchState())
    store.save_watch_state("w1", WatchState("paused", "budget_calls", 10.0, 9.0, 42.5, "ab" * 32, 11.0))
    store.save_watch("v2", Watch("w2", "eye", "another village's"), WatchState())
    store.close()
    store = Store.open(tmp_path)
    [(watch, state, wid, _)] = store.watches("v1")
    assert (watch, wid) == (w, "w1")
    assert state == WatchState("paused", "budget_calls", 10.0, 9.0, 42.5, "ab" * 32, 11.0)
    store.save_watch("v1", w.with_(instruction="a cat at the feeder"))  # an edit keeps the state
    [(watch, state, _, _)] = store.watches("v1")
    assert watch is not None and watch.instruction == "a cat at the feeder" and state.status == "paused"


def test_an_unreadable_definition_is_listed_without_a_watch(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    store.save_watch("v1", Watch("w1", "eye", "x"), WatchState())
    with store._tx("test") as conn:
        conn.execute('UPDATE watches SET definition=\'{"id": "w1"}\'')
    [(watch, _, wid, text)] = store.watches("v1")
    assert (watch, wid, text) == (None, "w1", '{"id": "w1"}')


def test_the_same_turn_and_call_is_one_event(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    first = store.add_camera_event("v1", event("t1", "c1", 100.0))
    again = store.add_camera_event("v1", event("t1", "c1", 200.0, "Cat"))
    assert first.id == again.id and again.title == "Bird" and again.at == 100.0
    assert len(store.camera_events("v1")) == 1


def test_events_filter_by_time_importance_text_and_watch(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    for i, (title, importance) in enumerate([("Bird", 2), ("Cat", 4), ("Bird again", 5), ("猫の影", 3)]):
        store.add_camera_event("v1", event(f"t{i}", "c", 100.0 + i, title, importance))
    store.add_camera_event("v2", event("other", "c", 101.0, "Bird"))
    titles = lambda **kw: [e.title for e in store.camera_events("v1", **kw)]  # noqa: E731
    assert titles() == ["猫の影", "Bird again", "Cat", "Bird"]  # newest first, this village only
    assert titles(since=101.0, until=103.0) == ["Bird again", "Cat"]
    assert titles(min_importance=4) == ["Bird again", "Cat"]
    assert titles(text="BIRD") == ["Bird again", "Bird"]
    assert titles(text="猫") == ["猫の影"]
    assert titles(text="100%") == [] and titles(text="_") == []  # LIKE's own characters are plain
    assert titles(watch_id="nope") == []
    assert titles(limit=1) == ["猫の影"]


def test_spending_sums_the_last_hour_and_the_day_and_old_rows_go(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    now = 1_000_000.0
    for at, tokens in [(now - 7200, 500), (now - 3000, 100), (now - 10, 50), (now - 3 * 86400, 9)]:
        store.add_watch_call("w1", tokens, "run", at)
    store.add_watch_call("w2", 1000, "run", now)
    assert store.watch_spent("w1", now - 3600, now - 86400) == (2, 650)
    assert store.watch_spent("w1", now - 3600, now - 3600) == (2, 150)
    assert store.prune_watch_calls(now) == 1
    assert store.watch_spent("w1", 0, 0) == (3, 650)


def test_a_deleted_watch_keeps_its_timeline_only_when_asked(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    for wid in ("w1", "w2"):
        store.save_watch("v1", Watch(wid, "eye", "x"), WatchState())
        store.add_watch_call(wid, 10)
    store.add_camera_event("v1", event("t1", "c1", 1.0))
    store.add_camera_event("v1", CameraEvent(0, "w2", "eye", "c", "t2", "c1", 2.0, "Cat", "s", 3))
    store.delete_watch("w1", keep_timeline=True)
    store.delete_watch("w2", keep_timeline=False)
    assert store.watches("v1") == []
    assert [e.watch_id for e in store.camera_events("v1")] == ["w1"]
    assert store.watch_spent("w1", 0, 0) == (0, 0)


def test_the_clean_up_keeps_the_keyframes_the_timeline_names(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    kept = store.blobs.put(b"\xff\xd8 the keyframe")
    gone = store.blobs.put(b"\xff\xd8 an orphan")
    store.add_camera_event("v1", event("t1", "c1", 1.0, keyframe=kept))
    collect(store, spill_dir=tmp_path / "spill", media_dirs=[], grace_s=0)
    assert store.blobs.path(kept).exists()
    assert not store.blobs.path(gone).exists()
    assert store.watch_keyframe_names() == {kept}
