"""The timeline's retention and disk use, per watch (issue 15, WA-26).

Each watch says how long its events stay (``keep_days``, 0: always) and how much room their
keyframes may take (``keep_mb``, 0: no cap). ``expire_timeline`` deletes the events past either
rule: older than ``keep_days`` days, and, newest first, every event from the one whose keyframe
would take the watch's keyframes over ``keep_mb`` MB onwards (oldest go first; a keyframe shared by
several events is counted once). Only the rows go here; the clean-up (``core.store.gc.collect``
calls this first) then frees the blobs no record references any more, so a kept event keeps its
keyframe (``referenced_blob_names`` names it) even when the watch's conversation is gone.

An event whose watch was deleted with "keep the timeline" has no rules left: it is kept until the
person deletes it. A watch whose stored definition no longer reads is skipped (preserve on doubt).
"""

from __future__ import annotations

import json
from typing import Final

from core.store.blobs import BlobError
from core.store.db import Store
from core.watch.model import Watch

MB: Final = 1024 * 1024


def _watches(store: Store) -> list[Watch]:
    out: list[Watch] = []
    for r in store._q("SELECT definition FROM watches ORDER BY created, id"):
        try:
            out.append(Watch.from_json(json.loads(r["definition"])))
        except (ValueError, TypeError, KeyError):
            continue
    return out


def _size(store: Store, sha256: str) -> int:
    try:
        return store.blobs.size(sha256)
    except BlobError:  # a lost keyframe takes no room
        return 0


def timeline_bytes(store: Store, watch_id: str) -> int:
    """The bytes the watch's events' keyframes take (each blob once): the disk use shown."""
    rows = store._q(
        "SELECT DISTINCT keyframe FROM camera_events WHERE watch_id=? AND keyframe != ''", (watch_id,)
    )
    return sum(_size(store, str(r["keyframe"])) for r in rows)


def expired_events(store: Store, watch: Watch, now: float) -> list[int]:
    """The ids of the watch's events its retention rules let go, oldest rule first."""
    gone: list[int] = []
    if watch.keep_days > 0:
        rows = store._q(
            "SELECT id FROM camera_events WHERE watch_id=? AND at < ? ORDER BY at, id",
            (watch.id, now - watch.keep_days * 86_400.0),
        )
        gone = [int(r["id"]) for r in rows]
    if watch.keep_mb > 0:
        cap = watch.keep_mb * MB
        total = 0
        seen: set[str] = set()
        over = False
        taken = set(gone)
        for r in store._q(
            "SELECT id, keyframe FROM camera_events WHERE watch_id=? ORDER BY at DESC, id DESC", (watch.id,)
        ):
            event_id, sha = int(r["id"]), str(r["keyframe"])
            if event_id in taken:
                continue
            if not over and sha and sha not in seen:
                seen.add(sha)
                total += _size(store, sha)
                over = total > cap
            if over:
                gone.append(event_id)
    return gone


def expire_timeline(store: Store, now: float) -> int:
    """Delete the events every watch's retention lets go; how many went."""
    removed = 0
    for watch in _watches(store):
        ids = expired_events(store, watch, now)
        if ids:
            removed += store.delete_camera_events(ids)
    return removed
