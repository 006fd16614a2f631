"""How much disk the store takes, and its clean-up on demand (issue 14; Settings → Storage).

``disk_use`` counts allocated bytes (``st_blocks * 512``), each file once by its inode, so a
media-cache file that is a hard link to its blob (core/media_cache.py) costs nothing more, and a
copy (another file system) shows as ``media``. The split: ``database`` (``store.db`` with its WAL
and shared-memory files, and the call markers), ``blobs`` (images and message texts,
content-addressed), ``spill`` (large tool results kept as files, core/spill.py), ``media`` (media
cache bytes not shared with a blob).

``StoreCare`` is what a front end holds: the store, its spill folder, the configuration's media
folder and retention, with ``usage()`` and ``clean_up()``. Both are synchronous and walk the
disk: run them off the GUI thread (``asyncio.to_thread``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from core.store.db import Store
from core.store.gc import GcReport, collect


@dataclass(frozen=True)
class DiskUse:
    database: int = 0
    blobs: int = 0
    spill: int = 0
    media: int = 0

    @property
    def total(self) -> int:
        return self.database + self.blobs + self.spill + self.media


def _allocated(root: Path, seen: set[tuple[int, int]]) -> int:
    """Allocated bytes of the files under ``root`` not in ``seen`` (which gains them)."""
    total = 0
    if root.is_file():
        paths: Iterable[Path] = [root]
    elif root.is_dir():
        paths = (Path(d) / f for d, _dirs, files in os.walk(root) for f in files)
    else:
        return 0
    for path in paths:
        try:
            st = path.lstat()
        except OSError:
            continue
        key = (st.st_dev, st.st_ino)
        if key not in seen:
            seen.add(key)
            total += st.st_blocks * 512
    return total


def disk_use(store_root: Path, spill_dir: Path | None = None, media_dirs: Iterable[Path] = ()) -> DiskUse:
    """The disk the store at ``store_root`` takes (see the module docstring)."""
    seen: set[tuple[int, int]] = set()
    blobs = _allocated(store_root / "blobs", seen)
    database = (
        sum(_allocated(p, seen) for p in store_root.iterdir() if p.is_file()) if store_root.is_dir() else 0
    )
    spill = _allocated(spill_dir, seen) if spill_dir is not None else 0
    media = sum(_allocated(d, seen) for d in media_dirs)
    return DiskUse(database, blobs, spill, media)


class StoreCare:
    """The store's disk use and clean-up for a front end. ``media_dir`` and ``keep_days`` are
    read on each call (the configuration may change while the app runs)."""

    def __init__(
        self,
        store: Store,
        *,
        spill_dir: Path | None = None,
        media_dir: Callable[[], Path | None] = lambda: None,
        keep_days: Callable[[], int] = lambda: 0,
    ) -> None:
        self.store = store
        self.spill_dir = spill_dir
        self.media_dir = media_dir
        self.keep_days = keep_days

    def _media(self) -> list[Path]:
        folder = self.media_dir()
        return [] if folder is None else [folder]

    def usage(self) -> DiskUse:
        return disk_use(self.store.root, self.spill_dir, self._media())

    def clean_up(self, keep_days: int | None = None) -> GcReport:
        """Run the clean-up now: retention (``keep_days``, else the configuration's), then every
        unreferenced blob, media-cache and spill file."""
        days = self.keep_days() if keep_days is None else keep_days
        return collect(self.store, spill_dir=self.spill_dir, media_dirs=self._media(), keep_days=days)
