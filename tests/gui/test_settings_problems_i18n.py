"""A problem with the whole file is labelled "(file)" in the UI language (the string must be
extracted by lupdate, so it cannot sit inside an f-string expression)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.i18n import Translations
from app.keys import KeyStore
from app.settings import SettingsDialog
from tests.fakes.configs import settings_config


@pytest.fixture
def translations(qapp: QApplication) -> Iterator[Translations]:
    tr = Translations(qapp)
    yield tr
    tr.uninstall()


@pytest.mark.parametrize(
    ("language", "label"), [("en", "(file)"), ("ja", "（ファイル）"), ("zh", "（文件）")]
)
def test_file_level_problem_label_is_translated(
    qtbot: QtBot, tmp_path: Path, translations: Translations, language: str, label: str
) -> None:
    assert translations.set_language(language)
    dlg = SettingsDialog(settings_config(), KeyStore(), path=tmp_path / "config.json")
    qtbot.addWidget(dlg)
    dlg.show_problems([("", "not JSON"), ("agents[0].name", "empty")])
    assert dlg.problems_label.text() == f"{label}: not JSON\nagents[0].name: empty"
