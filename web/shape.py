"""The core's values as JSON for the page: images as short same-origin references, never bytes
(S03-3, WC-6).

A tool image is ``/tool-media/<sha256>.<ext>`` (the media cache's name for it); a reference whose
cache file is gone becomes the ``image_omitted`` note in the village language (S03-5).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.canonical import ImageData
from core.media_cache import EXT_BY_TYPE
from core.notes import note
from core.store.records import ConversationInfo, ImageRef, StoredMessage
from core.watch.model import CameraEvent, Meter, WatchView

MEDIA_PREFIX = "/tool-media/"
EVENT_TEXT = 8000  # characters of one text field of a streamed event: the ring stays small (WC-11)

Exists = Callable[[str], bool]  # is this media basename in the cache


def media_name(sha256: str, media_type: str) -> str | None:
    """The media cache's basename of an image, or None for a type it never keeps."""
    ext = EXT_BY_TYPE.get(media_type)
    return None if ext is None else f"{sha256}.{ext}"


def image_json(sha256: str, media_type: str, width: int, height: int, size: int) -> dict[str, Any]:
    name = media_name(sha256, media_type)
    return {
        "src": "" if name is None else MEDIA_PREFIX + name,
        "type": media_type,
        "width": width,
        "height": height,
        "size": size,
    }


def ref_json(ref: ImageRef, exists: Exists, language: str) -> dict[str, Any]:
    out = image_json(ref.sha256, ref.media_type, ref.width, ref.height, ref.size)
    name = media_name(ref.sha256, ref.media_type)
    if name is None or not exists(name):
        out["src"] = ""
        out["omitted"] = note("image_omitted", language)
    return out


def plain(value: Any) -> Any:
    """Any event field as JSON: dataclasses by field, images as references (no bytes), enums by
    value, paths as text."""
    if isinstance(value, ImageData):
        return image_json(value.sha256, value.media_type, value.width, value.height, len(value.data))
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    if isinstance(value, bytes):
        return None  # never bytes on the wire
    if isinstance(value, Path):
        return str(value)
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def event_json(ev: object) -> dict[str, Any]:
    """A core event as ``{"type": <class name>, ...its fields}``; a text field over
    ``EVENT_TEXT`` characters (a tool's long result) is cut, and ``cut`` names it: the page reads
    the whole message through the API."""
    body = plain(ev)
    out: dict[str, Any] = {"type": type(ev).__name__, **(body if isinstance(body, dict) else {})}
    cut = [k for k, v in out.items() if isinstance(v, str) and len(v) > EVENT_TEXT]
    for key in cut:
        out[key] = out[key][:EVENT_TEXT]
    if cut:
        out["cut"] = cut
    return out


def conversation_json(info: ConversationInfo) -> dict[str, Any]:
    return {
        "id": info.id,
        "agent_id": info.agent_id,
        "title": info.title,
        "created": info.created,
        "updated": info.updated,
        "turns": info.turns,
        "messages": info.messages,
    }


def message_json(msg: StoredMessage, exists: Exists, language: str) -> dict[str, Any]:
    return {
        "id": msg.id,
        "turn_id": msg.turn_id,
        "kind": msg.kind,
        "round": msg.round,
        "role": msg.role.value,
        "text": msg.text,
        "text_complete": msg.text_complete,
        "images": [ref_json(r, exists, language) for r in msg.images],
        "tool_calls": [
            {"id": c.call_id, "name": c.name, "arguments": plain(c.arguments), "state": c.state}
            for c in msg.tool_calls
        ],
        "tool_call_id": msg.tool_call_id,
        "tool_name": msg.tool_name,
        "is_error": msg.is_error,
        "call_state": msg.call_state,
        "notes": list(msg.notes),
    }


def meter_json(meter: Meter) -> dict[str, Any]:
    return {**plain(meter), "exhausted": meter.exhausted}


def watch_json(view: WatchView) -> dict[str, Any]:
    return {
        "watch": view.watch.to_json(),
        "state": plain(view.state),
        "meter": meter_json(view.meter),
        "events": view.events,
    }


def camera_event_json(ev: CameraEvent, exists: Exists) -> dict[str, Any]:
    """A timeline event; its keyframe from the media cache when it is there, else from the store
    through ``/api/events/<id>/keyframe``."""
    out = plain(ev)
    name = media_name(ev.keyframe, ev.keyframe_type) if ev.keyframe else None
    if name is not None and exists(name):
        out["keyframe_src"] = MEDIA_PREFIX + name
    elif ev.keyframe:
        out["keyframe_src"] = f"/api/events/{ev.id}/keyframe"
    else:
        out["keyframe_src"] = ""
    return out
