"""The village's stable id (``village.id``): the key of its conversations in the store.

A configuration file without one gets a new UUID written into it (``ensure_village_id``), the rest
of the file kept as it was read (every key, known or not, in its order). The id is never derived
from the file's path while the file can be written: a moved or copied file keeps its
conversations, and another file whose agents have the same ids never sees them. Only a file that
cannot be written (read-only) runs under an id derived from its resolved path, the same on every
start, until it can be written.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path

from core.fsutil import write_atomic
from core.log import event

from .guard import Refused, decode
from .model import Config


def new_village_id() -> str:
    return str(uuid.uuid4())


def path_village_id(path: Path) -> str:
    """The id of a file that cannot be written: stable for its resolved path."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, path.resolve().as_uri()))


def write_village_id(path: Path, village_id: str) -> None:
    """Add ``village.id`` to the file at ``path``, keeping every other key and its order."""
    data = decode(path.read_bytes())
    if not isinstance(data, dict):
        raise ValueError("the top level is not an object")
    village = data.get("village")
    if village is None:
        data["village"] = village = {}
    if not isinstance(village, dict):
        raise ValueError("village is not an object")
    village["id"] = village_id
    write_atomic(path, (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))


def ensure_village_id(config: Config) -> Config:
    """``config`` with a village id: the file's own, else a new one written into the file (a
    ``config warning:`` line and an id from the path when the file cannot be written)."""
    if config.village.id:
        return config
    path = config.path
    if path is None:
        config.village.id = new_village_id()
        return config
    village_id = new_village_id()
    try:
        write_village_id(path, village_id)
    except FileNotFoundError:  # not saved yet: Settings' Save writes this id
        village_id = path_village_id(path)
    except (OSError, ValueError, Refused) as exc:
        village_id = path_village_id(path)
        event("config warning", tail=f"village.id: not written ({type(exc).__name__})", path=path)
    config.village.id = village_id
    return config
