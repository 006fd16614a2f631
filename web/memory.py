"""The companion's switch remembered across starts (WC-40, WC-41): per village, on or off, the
local network, the port.

Kept in ``web.json`` in the user config folder (next to ``window.ini``): it is this desktop's
choice, not the village's, so it is never in the village configuration file, and it holds no
secret (the token stays in the keyring). Its shape::

    {"version": 1, "villages": {"<village id>": {"on": true, "lan": false, "port": 8765}}}

A file that cannot be read as that (bad JSON, wrong types) is moved aside to ``web.json.bad``
(its bytes kept for the person) and every village starts from the defaults (off); ``recall``
says so once, for a visible note. Writes replace the file whole (a temporary file, then
``os.replace``), keeping the other villages' entries.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from core.log import event
from core.paths import config_dir, private_dir

MEMORY_FILE = "web.json"
VERSION = 1


@dataclass(frozen=True)
class Remembered:
    on: bool = False
    lan: bool = False
    port: int = 0  # 0: the system chooses


def memory_path() -> Path:
    return config_dir() / MEMORY_FILE


def parsed(raw: Any) -> dict[str, Remembered]:
    """The villages of a loaded file; ``ValueError`` when it is not the file's shape."""
    if not isinstance(raw, dict) or not isinstance(raw.get("villages"), dict):
        raise ValueError("no villages")
    found: dict[str, Remembered] = {}
    for village, entry in raw["villages"].items():
        if not isinstance(entry, dict):
            raise ValueError(f"village {village!r}: not an object")
        on, lan, port = entry.get("on", False), entry.get("lan", False), entry.get("port", 0)
        if not isinstance(on, bool) or not isinstance(lan, bool):
            raise ValueError(f"village {village!r}: on and lan must be true or false")
        if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
            raise ValueError(f"village {village!r}: port must be 0 to 65535")
        found[village] = Remembered(on, lan, port)
    return found


class CompanionMemory:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or memory_path()
        self.problem: str | None = None  # why the file could not be read (then ``kept``: its bytes)
        self.kept: Path | None = None
        self._villages: dict[str, Remembered] | None = None

    def _load(self) -> dict[str, Remembered]:
        if self._villages is not None:
            return self._villages
        try:
            self._villages = parsed(json.loads(self.path.read_text(encoding="utf-8")))
        except FileNotFoundError:
            self._villages = {}
        except (OSError, UnicodeDecodeError, ValueError) as exc:  # JSONDecodeError is a ValueError
            self._villages = {}
            self.problem = str(exc) or type(exc).__name__
            aside = self.path.with_name(self.path.name + ".bad")
            try:
                os.replace(self.path, aside)  # the bytes kept for the person, never overwritten
            except OSError:
                aside = self.path  # cannot be moved: it is replaced at the next write
            self.kept = aside
            event("web memory unreadable", path=self.path, error=type(exc).__name__, kept=aside)
        return self._villages

    def recall(self, village_id: str) -> Remembered:
        return self._load().get(village_id, Remembered())

    def keep(self, village_id: str, state: Remembered) -> None:
        """Remember ``state`` for the village (the others' entries stay); ``OSError`` propagates."""
        villages = {**self._load(), village_id: state}
        body = {"version": VERSION, "villages": {v: asdict(s) for v, s in sorted(villages.items())}}
        private_dir(self.path.parent)
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text(json.dumps(body, indent=2) + "\n", encoding="utf-8")
        os.replace(temporary, self.path)
        self._villages = villages
