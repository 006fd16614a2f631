"""core.paths: the platform folders of ``fuseforks`` and the keyring service, in one place."""

from __future__ import annotations

from pathlib import Path

import pytest

from core import paths


def test_the_folders_follow_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert paths.config_dir() == tmp_path / "config" / "fuseforks"
    assert paths.data_dir() == tmp_path / "data" / "fuseforks"
    assert paths.spill_dir() == tmp_path / "data" / "fuseforks" / "spill"
    assert paths.log_dir() == tmp_path / "state" / "fuseforks" / "log"


def test_one_name_for_the_app_and_its_keyring_service() -> None:
    assert paths.APP_NAME == "fuseforks"
    assert paths.KEYRING_SERVICE == "fuseforks"  # stored keys and tokens stay where they were
