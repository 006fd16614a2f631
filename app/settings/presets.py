"""The presets Settings > Templates > Add from preset offers, and the protocols by their names.

``resources/templates.json`` ships two lists: ``templates`` (one per protocol, the providers' own
endpoints, each naming a keyring entry) and ``local`` (servers on this computer that speak the
OpenAI-compatible protocol: Ollama, LM Studio, vLLM, llama.cpp, at their default local addresses,
with no key). A preset becomes a template with every default filled in (``new_template``).
``ProtocolBox`` shows each protocol under a friendly, translated name and keeps the protocol id as
the item's data.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QMenu, QWidget

from core.config import PROTOCOLS, new_template

PRESETS_FILE = Path(__file__).resolve().parents[2] / "resources" / "templates.json"


def _load(group: str) -> list[dict[str, Any]]:
    try:
        data = json.loads(PRESETS_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [t for t in data.get(group, []) if isinstance(t, dict)]


def default_templates() -> list[dict[str, Any]]:
    """The providers' presets (no keys, only entry names)."""
    return _load("templates")


def local_presets() -> list[dict[str, Any]]:
    """The local servers' presets (no key)."""
    return _load("local")


def from_preset(preset: dict[str, Any], name: str) -> dict[str, Any]:
    """A template's JSON from ``preset``: every default, then the preset's values, then ``name``."""
    out = new_template(name, preset.get("key"))
    out.update({k: copy.deepcopy(v) for k, v in preset.items() if k in out})
    out["name"] = name
    return out


class ProtocolBox(QComboBox):
    """The protocol choice: friendly names on screen, the protocol id as each item's data."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        for protocol in PROTOCOLS:
            self.addItem(protocol, protocol)

    def labels(self) -> dict[str, str]:
        return {
            "anthropic": self.tr("Anthropic Messages (Claude)"),
            "openai-compat": self.tr("OpenAI-compatible Chat Completions"),
            "gemini": self.tr("Google Gemini"),
            "openai-responses": self.tr("OpenAI Responses"),
            "xai-responses": self.tr("xAI Responses (Grok)"),
            "meta-responses": self.tr("Meta Llama API (Responses)"),
            "perplexity-responses": self.tr("Perplexity Agent API (Responses)"),
            "offline-demo": self.tr("Offline demo (no AI)"),
        }

    def label(self, protocol: str) -> str:
        return self.labels().get(protocol, protocol)

    def retranslate(self) -> None:
        for i in range(self.count()):
            self.setItemText(i, self.label(self.itemData(i)))

    def protocol(self) -> str:
        return str(self.currentData())

    def setCurrentText(self, text: str) -> None:
        """Select by protocol id (what the configuration says), or by the name on screen."""
        index = self.findData(text)
        self.setCurrentIndex(index if index >= 0 else self.findText(text, Qt.MatchFlag.MatchExactly))


class PresetMenu(QMenu):
    """Providers first, then local servers; ``chosen(preset)`` on a click."""

    def __init__(
        self,
        label: Callable[[str], str],
        chosen: Callable[[dict[str, Any]], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("presetMenu")
        self.label = label
        self.chosen = chosen

    def retranslate(self) -> None:
        self.clear()
        self.addSection(self.tr("Providers"))
        for preset in default_templates():
            self._add(preset)
        self.addSection(self.tr("Servers on this computer (no key)"))
        for preset in local_presets():
            self._add(preset)

    def _add(self, preset: dict[str, Any]) -> None:
        action = self.addAction(f"{preset.get('name', '')} — {self.label(str(preset.get('protocol')))}")
        action.setData(preset.get("name"))
        action.triggered.connect(lambda _checked=False, p=preset: self.chosen(p))
