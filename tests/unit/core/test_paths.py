"""core.paths: the platform folders of ``fuseforks`` and the keyring service, in one place."""

from __future__ import annotations

import os
import stat
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


def test_private_dir_makes_every_missing_folder_0700_whatever_the_umask(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    shared.chmod(0o755)
    old = os.umask(0o022)
    try:
        made = paths.private_dir(shared / "a" / "b")
        assert paths.private_dir(made) == made  # an existing folder: nothing to do
    finally:
        os.umask(old)
    assert [stat.S_IMODE(p.stat().st_mode) for p in (shared, shared / "a", made)] == [0o755, 0o700, 0o700]
    (tmp_path / "file").write_text("x")
    with pytest.raises(FileExistsError):
        paths.private_dir(tmp_path / "file")


def test_private_umask() -> None:
    old = paths.private_umask()
    try:
        assert os.umask(0o077) == 0o077
    finally:
        os.umask(old)
