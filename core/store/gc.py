"""Garbage collection of the durable store's blob files and of spill files (S02, S00-8).

A blob (a file, or a small text kept in the database) is kept when any record references it (a message text, a message image, a completion
result or result image, a turn's final text) or when it is younger than the grace period. The
grace period protects writes in flight: a blob is written (and a reused one has its mtime
refreshed by ``BlobStore.put``) before the transaction that references it commits, so a young
unreferenced blob may be about to be referenced. Stray temp files (``.tmp-*``) of cut writes go
after the same grace period.

A spill file (``<spill>/<sha256>.txt``) is kept when any stored message names it, or when it is
young; an attachment (``<spill>/attachments/<sha256>.<ext>``) is kept when a kept spill file
names it, or when it is young. Finding those names means reading stored texts; a text that
cannot be read (missing or corrupt) is reported and no spill file is removed in that run
(preserve on doubt: the unreadable text might have named one).

A media-cache file (``<config-stem>.tool-media/<sha256>.<ext>``, core/media_cache.py: with the
store, a hard link to the image's blob) is kept when a record references its image, or when it is
young; so removing an image frees its bytes from both places (issue 14: the clean-up covers every
place the store's images live). The media folders are the configurations' (``media_dirs``).

Retention (``keep_days``, the configuration's ``village.keep_days``): first the conversations not
updated for that many days are deleted with ``Store.delete_conversation``, except an agent's
current conversation and one with a cut or paused turn (recovery continues it); the sweep then
frees what they alone referenced. The timeline's events past their watch's own retention go
the same way, first (``core.store.timeline``, WA-26).

Blob and media files are all kept while a database moved aside as damaged
(``store.db.corrupt-*``) is in the store folder: that history's records may name any of them
(``blobs_kept=moved_aside``).

Synchronous and slow on a big store: run it off the event loop (``asyncio.to_thread``).
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from core.log import event
from core.store.blobs import BlobError, StoreError
from core.store.db import Store
from core.store.schema import moved_aside
from core.store.timeline import expire_timeline

DEFAULT_GRACE_S = 3600.0
_SHA = r"[0-9a-f]{64}"
_SPILL_NAME = re.compile(rf"^({_SHA})\.txt$")
_SPILL_REF = re.compile(rf"({_SHA})\.txt".encode())
_ATTACHMENT_NAME = re.compile(rf"^({_SHA})\.[a-z]+$")
_ATTACHMENT_REF = re.compile(rf"attachments[/\\]({_SHA})\.[a-z]+".encode())
_MEDIA_NAME = re.compile(rf"^({_SHA})\.(png|jpg|webp)$")  # core/media_cache.py
_OVERLAP = 200  # bytes carried between pages so a name cut by a page boundary is still seen


@dataclass
class GcReport:
    removed: list[Path] = field(default_factory=list)  # removed (or, dry run, to be removed)
    removed_bytes: int = 0
    kept: int = 0  # files looked at and kept (referenced or young)
    corrupt: list[str] = field(default_factory=list)  # sha256 of texts that could not be read
    spill_skipped: bool = False  # spill files kept because a stored text was unreadable
    errors: list[str] = field(default_factory=list)  # files that could not be removed
    expired: list[str] = field(default_factory=list)  # conversations deleted by retention
    media_removed: int = 0  # media-cache files among ``removed``
    texts_removed: int = 0  # small texts kept in the database, not in ``removed`` (no file)
    timeline_removed: int = 0  # camera events past their watch's retention (core/store/timeline.py)


def referenced_blobs(store: Store) -> set[str]:
    """Every blob name some record references."""
    return store.referenced_blob_names()


def _texts(store: Store) -> list[str]:
    rows = store._q(
        "SELECT text_blob AS sha256 FROM messages UNION SELECT result_blob FROM completions"
        " UNION SELECT final_text_blob FROM turns WHERE final_text_blob IS NOT NULL"
    )
    return sorted(str(r["sha256"]) for r in rows)


def _scan(store: Store, names: Iterable[str], pattern: re.Pattern[bytes], report: GcReport) -> set[str]:
    """Names matched by ``pattern`` in the verified texts ``names``; unreadable ones are reported."""
    found: set[str] = set()
    for sha in names:
        tail = b""
        try:
            for page in store.blobs.pages(sha):
                chunk = tail + page
                found.update(m.decode() for m in pattern.findall(chunk))
                tail = chunk[-_OVERLAP:]
        except BlobError as exc:
            store.report_corrupt(exc, kind="gc_scan")
            report.corrupt.append(sha)
    return found


def _file_refs(paths: Iterable[Path], pattern: re.Pattern[bytes]) -> set[str]:
    found: set[str] = set()
    for path in paths:
        try:
            data = path.read_bytes()
        except OSError:
            continue
        found.update(m.decode() for m in pattern.findall(data))
    return found


class _Sweep:
    def __init__(self, report: GcReport, now: float, grace_s: float, dry_run: bool) -> None:
        self.report = report
        self.now = now
        self.grace_s = grace_s
        self.dry_run = dry_run

    def young(self, path: Path) -> bool:
        try:
            return self.now - path.stat().st_mtime < self.grace_s
        except OSError:
            return True  # vanished or unreadable: not ours to judge

    def remove(self, path: Path) -> None:
        try:
            st = path.stat()
            size = st.st_size if st.st_nlink <= 1 else 0  # a hard link's bytes go with its last name
            if not self.dry_run:
                path.unlink()
        except FileNotFoundError:
            return
        except OSError as exc:
            self.report.errors.append(f"{path.name}: {type(exc).__name__}")
            return
        self.report.removed.append(path)
        self.report.removed_bytes += size

    def consider(self, path: Path, referenced: bool) -> None:
        if referenced or self.young(path):
            self.report.kept += 1
        else:
            self.remove(path)


def expired_conversations(store: Store, keep_days: int, now: float) -> list[str]:
    """The conversations retention deletes: not updated for ``keep_days`` days, not an agent's
    current one, no cut or paused turn."""
    if keep_days <= 0:
        return []
    rows = store._q(
        "SELECT id FROM conversations WHERE updated < ?"
        " AND id NOT IN (SELECT conversation_id FROM current_conversations)"
        " AND id NOT IN (SELECT conversation_id FROM turns WHERE state IN ('running', 'paused'))"
        " ORDER BY updated",
        (now - keep_days * 86400.0,),
    )
    return [str(r["id"]) for r in rows]


def _sweep_media(folders: Iterable[Path], referenced: set[str], keep_all: bool, sweep: _Sweep) -> None:
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.iterdir()):
            if path.name.startswith(".tmp-"):
                sweep.consider(path, referenced=False)
            elif _MEDIA_NAME.match(path.name):
                before = len(sweep.report.removed)
                sweep.consider(path, referenced=keep_all or path.name[:64] in referenced)
                sweep.report.media_removed += len(sweep.report.removed) - before


def _sweep_texts(store: Store, referenced: set[str], sweep: _Sweep) -> None:
    """The small texts kept in the database (core/store/blobs.py): kept when referenced, else
    their bytes dropped (written with the rows naming them, they have no write in flight)."""
    names = store.inline_blob_names()
    gone = [name for name in names if name not in referenced]
    sweep.report.kept += len(names) - len(gone)
    if gone and not sweep.dry_run:
        try:
            sweep.report.removed_bytes += store.drop_inline_blobs(gone)
        except (StoreError, sqlite3.Error) as exc:  # a read-only or full store: kept this time
            sweep.report.errors.append(f"texts: {type(exc).__name__}")
            return
    sweep.report.texts_removed = len(gone)


def collect(
    store: Store,
    *,
    spill_dir: Path | None = None,
    media_dirs: Iterable[Path] = (),
    keep_days: int = 0,
    grace_s: float = DEFAULT_GRACE_S,
    dry_run: bool = False,
    now: float | None = None,
) -> GcReport:
    """Delete the conversations past ``keep_days`` (0: none), then remove unreferenced blob
    files, media-cache files in ``media_dirs`` (and, with ``spill_dir``, unreferenced spill files
    and attachments) older than ``grace_s``. Logs ``store gc: removed=N bytes=M kept=K``."""
    media_dirs = list(media_dirs)
    report = GcReport()
    sweep = _Sweep(report, time.time() if now is None else now, grace_s, dry_run)
    started = time.monotonic()

    if not dry_run:
        for cid in expired_conversations(store, keep_days, sweep.now):
            store.delete_conversation(cid, grace_s=grace_s)
            report.expired.append(cid)
        report.timeline_removed = expire_timeline(store, sweep.now)  # before the blobs: it frees keyframes
    referenced = referenced_blobs(store)
    root = store.blobs.root
    keep_all = bool(moved_aside(store.root))  # a moved-aside history may reference any blob
    if root.is_dir():
        for sub in sorted(p for p in root.iterdir() if p.is_dir()):
            for path in sorted(sub.iterdir()):
                if path.name.startswith(".tmp-"):
                    sweep.consider(path, referenced=False)
                elif re.fullmatch(_SHA, path.name):
                    sweep.consider(path, referenced=keep_all or path.name in referenced)
    _sweep_media(media_dirs, referenced, keep_all, sweep)
    _sweep_texts(store, referenced, sweep)

    if spill_dir is not None and spill_dir.is_dir():
        spills = sorted(p for p in spill_dir.iterdir() if p.is_file() and _SPILL_NAME.match(p.name))
        attach_dir = spill_dir / "attachments"
        attachments = (
            sorted(p for p in attach_dir.iterdir() if p.is_file() and _ATTACHMENT_NAME.match(p.name))
            if attach_dir.is_dir()
            else []
        )
        for folder in (spill_dir, attach_dir):  # temp files of cut writes
            if folder.is_dir():
                for path in sorted(folder.glob(".tmp-*")):
                    sweep.consider(path, referenced=False)
        old_spills = [p for p in spills if not sweep.young(p)]
        named: set[str] = set()
        if old_spills:  # reading every stored text is only worth it when something could go
            named = _scan(store, _texts(store), _SPILL_REF, report)
        if report.corrupt:
            report.spill_skipped = True
            report.kept += len(spills) + len(attachments)
        else:
            kept_spills = []
            for path in spills:
                keep = path.name[:64] in named
                if keep or sweep.young(path):
                    kept_spills.append(path)
                sweep.consider(path, referenced=keep)
            in_kept = _file_refs(kept_spills, _ATTACHMENT_REF)
            for path in attachments:
                sweep.consider(path, referenced=path.name[:64] in in_kept)

    extra: dict[str, object] = {}
    if report.media_removed:
        extra["media"] = report.media_removed
    if report.expired:
        extra["expired"] = len(report.expired)
    if report.timeline_removed:
        extra["timeline"] = report.timeline_removed
    if keep_all:
        extra["blobs_kept"] = "moved_aside"
    event(
        "store gc",
        None,
        removed=len(report.removed) + report.texts_removed,
        bytes=report.removed_bytes,
        kept=report.kept,
        corrupt=len(report.corrupt),
        dry_run=dry_run,
        **extra,
        ms=int((time.monotonic() - started) * 1000),
    )
    return report
