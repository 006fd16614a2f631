"""Store health problems become typed events (defect 10 of issue 11): a damaged database moved
aside, a deleted database with its blobs still there, a store that cannot be opened, and a journal
write that fails during a turn. Real files, a real SQLite store."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.canonical import ChatMessage, ChatRequest, ChatResponse, Role, Usage
from core.events import EventBus, StoreProblem
from core.store import SqliteJournal, Store
from core.store_health import open_store
from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.logs import log_lines
from tests.fakes.scripted import ScriptedBackend, reply
from tests.fakes.stores import stored_call


def test_a_fresh_data_folder_has_no_problem(tmp_path: Path) -> None:
    store, problems = open_store(tmp_path / "data")
    assert store is not None and problems == []
    store.close()
    store, problems = open_store(tmp_path / "data")  # the second start: still none
    assert store is not None and problems == []
    store.close()


def test_a_garbage_database_is_reported_moved_aside(tmp_path: Path) -> None:
    root = tmp_path / "data" / "store"
    root.mkdir(parents=True)
    (root / "store.db").write_bytes(b"this is not a database at all" * 100)
    store, problems = open_store(tmp_path / "data")
    assert store is not None
    store.close()
    [problem] = problems
    assert problem.kind == "moved_aside"
    assert problem.path.parent == root and problem.path.name.startswith("store.db.corrupt-")
    assert problem.path.read_bytes().startswith(b"this is not a database")


def test_a_deleted_database_with_blobs_left_is_reported_missing(tmp_path: Path, event_log: Path) -> None:
    stored_call(tmp_path / "data").close()
    root = tmp_path / "data" / "store"
    for name in ("store.db", "store.db-wal", "store.db-shm"):
        (root / name).unlink(missing_ok=True)
    store, problems = open_store(tmp_path / "data")
    assert store is not None
    store.close()
    assert [(p.kind, p.path) for p in problems] == [("missing", root / "store.db")]
    [line] = [x for x in log_lines(event_log) if x.startswith("store missing:")]
    assert "file=store.db" in line and "blobs=" in line


def test_a_store_that_cannot_be_opened_is_reported_unavailable(tmp_path: Path, event_log: Path) -> None:
    (tmp_path / "data").write_text("a file where the data folder should be")
    store, problems = open_store(tmp_path / "data")
    assert store is None
    [problem] = problems
    assert (problem.kind, problem.path) == ("unavailable", tmp_path / "data")
    assert problem.detail
    assert any(x.startswith("store unavailable:") for x in log_lines(event_log))


def test_a_failed_journal_write_is_taken_once_as_a_problem(tmp_path: Path, event_log: Path) -> None:
    store = Store.open(tmp_path)
    j = SqliteJournal(store)
    j.begin_turn("t1", "a1", ChatMessage(Role.USER, "go"))
    assert j.take_problems() == []
    store._q("PRAGMA query_only=ON")  # the database refuses every write from now on
    j.model_message("t1", 1, ChatMessage(Role.ASSISTANT, "x"), Usage())
    [problem] = j.take_problems()
    assert (problem.kind, problem.turn_id, problem.path) == ("write_failed", "t1", store.root / "store.db")
    assert "readonly" in problem.detail
    assert j.take_problems() == []
    store.close()


@pytest.mark.asyncio
async def test_a_write_failing_during_a_turn_is_published_and_the_turn_goes_on(tmp_path: Path) -> None:
    store = Store.open(tmp_path)

    def refuse_writes_then_answer(request: ChatRequest) -> ChatResponse:
        store._q("PRAGMA query_only=ON")  # mid-turn: after begin_turn, before the model message
        return reply("still here")

    backend = ScriptedBackend([refuse_writes_then_answer])
    bus = EventBus()
    seen: list[StoreProblem] = []
    bus.subscribe(lambda e: seen.append(e) if isinstance(e, StoreProblem) else None)
    village = Village(
        window_config(tmp_path), backend_factory=lambda t: backend, bus=bus, journal=SqliteJournal(store)
    )
    try:
        handle = village.send("a1", "look")
        outcome = await handle.wait()
        assert outcome.text == "still here"
        assert seen and {p.kind for p in seen} == {"write_failed"}
        assert {p.turn_id for p in seen} == {handle.turn_id}
    finally:
        await village.close()
        store.close()
