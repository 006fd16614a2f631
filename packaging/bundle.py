"""What the packaged app carries besides code: read by ``fuseforks.spec`` and by the tests.

Standard library only (PyInstaller imports it from the spec; ``dev.py`` and the tests import it).
Each entry of ``DATA_FILES`` is a glob under the repository root and the folder it goes to inside
the bundle, where the module that reads it finds it beside its own ``__file__`` (PK-1).
"""

from __future__ import annotations

from pathlib import Path

DATA_FILES: list[tuple[str, str]] = [
    ("translations/*.qm", "translations"),  # app.i18n.translations_dir
    ("core/catalogs/*.json", "core/catalogs"),  # core.notes
    ("web/page/*", "web/page"),  # web.server.PAGE_DIR
    ("web/texts.json", "web"),  # web.api.TEXTS
    ("resources/icons/*", "resources/icons"),  # app.launcher.RESOURCES
    ("resources/templates.json", "resources"),  # app.settings.presets
    ("PRIVACY.md", "."),
    ("PRIVACY.*.md", "."),  # its translations (ja, zh), when they exist
]
REQUIRED = [
    "translations/*.qm",
    "core/catalogs/*.json",
    "web/page/*",
    "web/texts.json",
    "resources/icons/*",
    "PRIVACY.md",
]

# keyring finds its backends through entry points and imports them lazily.
HIDDEN_IMPORTS = [
    "keyring.backends.SecretService",
    "keyring.backends.libsecret",
    "keyring.backends.kwallet",
    "keyring.backends.macOS",
    "keyring.backends.Windows",
    "keyring.backends.chainer",
    "keyring.backends.fail",
    "keyring.backends.null",
]
# Plaintext or file keyrings, and test-only packages: never inside the app.
EXCLUDES = ["keyrings", "keyrings.alt", "pytest", "hypothesis", "mypy", "ruff", "tkinter"]


def data_files(root: Path) -> list[tuple[str, str]]:
    """(source file, bundle folder) for every file that exists; a missing required one is an error."""
    out: list[tuple[str, str]] = []
    for pattern, dest in DATA_FILES:
        found = sorted(p for p in root.glob(pattern) if p.is_file())
        if not found and pattern in REQUIRED:
            raise FileNotFoundError(f"the package needs {pattern} (none found under {root})")
        out.extend((str(p), dest) for p in found)
    return out
