"""Qt translations of the GUI (``translations/fuseforks_<lang>.qm``), switched at run time.

Installing a translator sends ``QEvent.LanguageChange`` to every widget; each widget re-reads its
texts in ``retranslate()``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QLibraryInfo, QLocale, QTranslator

LANGUAGES = ("ja", "en", "zh")
_QT_LOCALE = {"ja": "ja", "en": "en", "zh": "zh_CN"}


_SHOWN: dict[str, str | None] = {"language": None}  # what the installed translator shows


def current_language() -> str | None:
    """The language the window shows now (the last ``Translations.set_language``); None while no
    language was set (the texts are the English source, and core lines stay as the core wrote them)."""
    return _SHOWN["language"]


def translations_dir() -> Path:
    base = getattr(sys, "_MEIPASS", None)  # PyInstaller bundle
    if base:
        return Path(base) / "translations"
    return Path(__file__).resolve().parents[1] / "translations"


def qm_path(language: str) -> Path:
    return translations_dir() / f"fuseforks_{language}.qm"


class Translations:
    def __init__(self, app: QCoreApplication) -> None:
        self.app = app
        self.language: str | None = None
        self._ours: QTranslator | None = None
        self._qt: QTranslator | None = None

    def uninstall(self) -> None:
        for old in (self._ours, self._qt):
            if old is not None:
                self.app.removeTranslator(old)
        self._ours = self._qt = None
        self.language = _SHOWN["language"] = None
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)

    def set_language(self, language: str) -> bool:
        """Switch the GUI to ``language``; returns whether our catalogue was found."""
        if language == self.language:
            return True
        self.uninstall()
        ours = QTranslator(self.app)
        found = ours.load(str(qm_path(language)))
        qt = QTranslator(self.app)
        if qt.load(
            QLocale(_QT_LOCALE.get(language, language)),
            "qtbase",
            "_",
            QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath),
        ):
            self.app.installTranslator(qt)
            self._qt = qt
        if found:
            self.app.installTranslator(ours)
            self._ours = ours
        self.language = _SHOWN["language"] = language
        # Deliver the posted LanguageChange events now (only those: no nested event loop under qasync).
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
        return found
