"""Settings → Storage (issue 14): the store's disk use, the retention setting, Clean up now."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.settings import SettingsDialog
from app.settings.storage_page import store_care
from core.canonical import ImageData
from core.conversations import Conversations
from core.media_cache import MediaCache
from core.store import Store
from core.store.gc import GcReport
from tests.fakes.configs import settings_config, window_config
from tests.fakes.waits import until

ORPHAN = ImageData("image/jpeg", b"\xff\xd8\xff\xe0" + b"orphan" * 4000, 64, 48)


def test_retention_is_saved_with_the_settings_and_zero_is_not_written(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "fuseforks.json"
    dlg = SettingsDialog(settings_config(), KeyStore(), path=path)
    qtbot.addWidget(dlg)
    dlg.show()
    page = dlg.storage_page
    assert dlg.tabs.tabText(3) == "Storage"
    assert not page.clean.isEnabled()  # no store given: nothing to clean
    assert page.keep.value() == 0 and page.keep.text() == "For ever"
    assert dlg.save()
    assert "keep_days" not in json.loads(path.read_text(encoding="utf-8"))["village"]
    page.keep.setValue(30)
    assert dlg.save()
    assert json.loads(path.read_text(encoding="utf-8"))["village"]["keep_days"] == 30
    page.keep.setValue(0)
    assert dlg.save()
    assert "keep_days" not in json.loads(path.read_text(encoding="utf-8"))["village"]
    dlg.close()


@pytest.mark.asyncio
async def test_the_page_shows_disk_use_and_cleans_up_off_the_gui_thread(qtbot: QtBot, tmp_path: Path) -> None:
    config = window_config(tmp_path)
    store = Store.open(tmp_path / "data")
    media = MediaCache(config.media_dir(), store.blobs)
    media.put(ORPHAN)  # cached and stored as a blob, referenced by no record
    blob = store.blobs.path(ORPHAN.sha256)
    old = time.time() - 7200
    os.utime(blob, (old, old))
    care = store_care(Conversations(store, "v1", media=media), lambda: config)
    dlg = SettingsDialog(config, KeyStore(), path=tmp_path / "fuseforks.json", storage=care)
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.tabs.setCurrentIndex(3)
    page = dlg.storage_page
    await until(lambda: page.use is not None)
    assert page.use is not None and page.use.blobs >= len(ORPHAN.data) and page.use.media == 0
    assert page.values["total"].text().endswith(" MB")
    page.clean.click()
    await until(lambda: page.report is not None and page.clean.isEnabled())
    assert not blob.exists()
    assert not (config.media_dir() / f"{ORPHAN.sha256}.jpg").exists()  # type: ignore[operator]
    assert page.status.text().startswith("Freed 0.0 MB: 2 files, 0 conversations")
    await until(lambda: page.use is not None and page.use.blobs == 0)
    dlg.close()
    store.close()


@pytest.mark.asyncio
async def test_clean_up_now_applies_the_saved_retention_not_the_unsaved_box(
    qtbot: QtBot, tmp_path: Path
) -> None:
    config = window_config(tmp_path)  # saved: kept for ever
    store = Store.open(tmp_path / "data")
    care = store_care(Conversations(store, "v1"), lambda: config)
    assert care is not None
    asked: list[int | None] = []
    real = care.clean_up

    def clean_up(keep_days: int | None = None) -> GcReport:
        asked.append(keep_days)
        return real(keep_days)

    care.clean_up = clean_up  # type: ignore[method-assign]
    dlg = SettingsDialog(config, KeyStore(), path=tmp_path / "fuseforks.json", storage=care)
    qtbot.addWidget(dlg)
    dlg.show()
    page = dlg.storage_page
    page.keep.setValue(1)  # typed, not saved
    page.clean.click()
    await until(lambda: page.report is not None and page.clean.isEnabled())
    assert asked == [None] and page.report is not None and page.report.expired == []
    dlg.close()
    store.close()
