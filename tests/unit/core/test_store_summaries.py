"""The summaries of left-out turns in the store (issue 14, core/store/summaries.py): by
conversation and range, replaced for the same range, gone with their conversation."""

from __future__ import annotations

from pathlib import Path

from core.store import Store


def test_summaries_are_kept_by_conversation_and_range_and_go_with_the_conversation(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    try:
        store.create_conversation("c1", "v1", "a1")
        store.create_conversation("c2", "v1", "a1")
        store.save_summary("c1", "a1", "range-a", 12, "first")
        store.save_summary("c1", "a1", "range-b", 20, "second")
        store.save_summary("c2", "a1", "range-a", 12, "other conversation")
        assert store.summary("c1", "range-a") == "first"
        assert store.summary("c1", "range-b") == "second"
        assert store.summary("c1", "range-c") is None
        store.save_summary("c1", "a1", "range-a", 12, "written again")
        assert store.summary("c1", "range-a") == "written again"
        store.delete_conversation("c1", grace_s=0)
        assert store.summary("c1", "range-a") is None and store.summary("c1", "range-b") is None
        assert store.summary("c2", "range-a") == "other conversation"
    finally:
        store.close()
    reopened = Store.open(tmp_path)  # an existing store opens with the table (CREATE IF NOT EXISTS)
    try:
        assert reopened.summary("c2", "range-a") == "other conversation"
    finally:
        reopened.close()
