"""Opening the durable store at start-up, and what went wrong with it as ``StoreProblem`` events.

Three start-up problems used to reach only the log, or nothing: a store that cannot be opened (the
app then runs without history: ``unavailable``), a damaged database that ``core.store.schema``
moved aside (``moved_aside``, naming the file set aside) and a database that is gone while the
blobs of earlier turns are still there (``missing``: someone deleted or lost ``store.db``; a
``store missing:`` line). ``open_store`` finds them by looking at the folder before and after
``Store.open``, so the store itself is not changed; the front end publishes them on the village's
bus once its window listens (``app.launcher.announce_store_problems``). Write failures during a
turn are taken from the journal by the turn engine (``core.journal.TurnJournal.take_problems``).
"""

from __future__ import annotations

from pathlib import Path

from core.events import StoreProblem
from core.log import event
from core.store import Store, StoreError
from core.store.schema import DB_NAME

STORE_FOLDER = "store"  # Store.open keeps its files in <data_dir>/store/


def _set_aside(root: Path) -> set[Path]:
    """The damaged databases moved aside so far (``store.db.corrupt-<time>``, without WAL files)."""
    if not root.is_dir():
        return set()
    return {p for p in root.glob(f"{DB_NAME}.corrupt-*") if not p.name.endswith(("-wal", "-shm"))}


def _blob_count(root: Path) -> int:
    """How many blob files are in ``<root>/blobs`` (stops counting at 1000: enough to tell)."""
    blobs = root / "blobs"
    if not blobs.is_dir():
        return 0
    count = 0
    for path in blobs.glob("*/*"):
        if path.is_file() and not path.name.startswith("."):
            count += 1
            if count >= 1000:
                break
    return count


def open_store(data_dir: Path) -> tuple[Store | None, list[StoreProblem]]:
    """The store under ``data_dir`` (``None`` when it cannot be opened) and its start-up problems."""
    root = data_dir / STORE_FOLDER
    db = root / DB_NAME
    try:
        before = _set_aside(root)
        blobs = 0 if db.exists() else _blob_count(root)
        store = Store.open(data_dir)
    except (OSError, StoreError) as exc:
        event("store unavailable", error=type(exc).__name__, reason=getattr(exc, "reason", "io"))
        return None, [StoreProblem("unavailable", str(exc)[:200] or type(exc).__name__, data_dir)]
    problems = [StoreProblem("moved_aside", "", p) for p in sorted(_set_aside(root) - before)]
    if blobs and not problems:
        event("store missing", file=DB_NAME, blobs=blobs, action="new_database")
        problems.append(StoreProblem("missing", "", db))
    return store, problems
