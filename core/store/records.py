"""The store's record values (what reads return) and the converters between rows and values.

Rows are ``sqlite3.Row`` (the store's connection sets that row factory): every field is read by
its column name. JSON columns are written by ``dump`` (compact, sorted keys) so equal values are
equal bytes.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from core.canonical import Role, Usage
from core.store.blobs import PAGE_SIZE

Fields = sqlite3.Row | Mapping[str, Any]  # a row, or a JSON object with the same keys


@dataclass(frozen=True)
class ImageRef:
    """A stored image: its blob name and what the display needs without loading the bytes."""

    sha256: str
    media_type: str
    width: int
    height: int
    size: int


@dataclass(frozen=True)
class CompletionRecord:
    """Where a completed call's whole result is stored (``Store.completion``)."""

    message_id: int  # the tool message: what the model read
    result_sha256: str
    result_size: int  # bytes of UTF-8
    images: list[ImageRef]
    is_error: bool
    interrupted: bool


@dataclass
class StoredToolCall:
    call_id: str
    name: str
    arguments: dict[str, Any]
    state: str
    round: int


@dataclass(frozen=True)
class CallRecord:
    """A call's stored state and times (wall clock, ``time.time()``; None when never written).
    ``interrupted``: its completion was written by recovery (the call was cut while running; its
    ``finished`` is then the recovery's time, not the call's)."""

    state: str
    started: float | None
    finished: float | None
    interrupted: bool = False


@dataclass(frozen=True)
class TurnFailure:
    """Why a turn failed (``turn_failures``): the error code and message of its ``TurnFailed``."""

    code: str
    message: str


@dataclass
class StoredMessage:
    """One message as the GUI shows it when a conversation is reopened."""

    id: int
    turn_id: str
    conversation_id: str
    kind: str  # "input" | "model" | "tool"
    round: int
    role: Role
    text: str  # the first page (whole text when text_complete)
    text_sha256: str
    text_size: int  # bytes of UTF-8
    text_complete: bool
    images: list[ImageRef] = field(default_factory=list)
    attachment_caption: str | None = None
    tool_calls: list[StoredToolCall] = field(default_factory=list)
    tool_call_id: str | None = None
    tool_name: str | None = None
    is_error: bool = False
    call_state: str | None = None  # tool messages: state of their call
    notes: list[str] = field(default_factory=list)  # display notes (corrupt/missing content)


@dataclass
class ConversationInfo:
    id: str
    agent_id: str
    title: str
    created: float
    updated: float
    turns: int
    messages: int
    village_id: str | None = None  # None: a version 1 store's, its village not known


def dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def usage_json(u: Usage) -> str:
    return dump(
        {"input": u.input, "output": u.output, "cache_read": u.cache_read, "cache_write": u.cache_write}
    )


def usage_from(raw: str) -> Usage:
    d = json.loads(raw or "{}")
    return Usage(d.get("input", 0), d.get("output", 0), d.get("cache_read", 0), d.get("cache_write", 0))


def cut_utf8(data: bytes) -> str:
    """Decode a page that may end inside a code point (drops the partial tail)."""
    return data.decode("utf-8", errors="ignore") if len(data) < 4 else _decode_prefix(data)


def _decode_prefix(data: bytes) -> str:
    for cut in range(4):
        try:
            return data[: len(data) - cut].decode("utf-8")
        except UnicodeDecodeError:
            continue
    return data.decode("utf-8", errors="replace")


def image_ref(r: Fields) -> ImageRef:
    """From a ``message_images`` row joined with its blob's size, or a ``result_images`` entry."""
    return ImageRef(r["sha256"], r["media_type"], r["width"], r["height"], r["size"])


def stored_tool_call(r: sqlite3.Row) -> StoredToolCall:
    """From a ``tool_calls`` row."""
    return StoredToolCall(r["call_id"], r["name"], json.loads(r["arguments"]), r["state"], r["round"])


def conversation_info(r: sqlite3.Row) -> ConversationInfo:
    """From a ``conversations`` row with its ``turns`` and ``messages`` counts."""
    return ConversationInfo(
        r["id"],
        r["agent_id"],
        r["title"],
        r["created"],
        r["updated"],
        r["turns"],
        r["messages"],
        r["village_id"],
    )


def stored_message(r: sqlite3.Row) -> StoredMessage:
    """From a ``messages`` row (``MESSAGE_COLUMNS``); text, images and calls are filled in by
    the read (``Store.messages``)."""
    return StoredMessage(
        id=r["id"],
        turn_id=r["turn_id"],
        conversation_id=r["conversation_id"],
        kind=r["kind"],
        round=r["round"],
        role=Role(r["role"]),
        text="",
        text_sha256=r["text_blob"],
        text_size=r["text_size"],
        text_complete=r["text_size"] <= PAGE_SIZE,
        attachment_caption=r["attachment_caption"],
        tool_call_id=r["tool_call_id"],
        tool_name=r["tool_name"],
        is_error=bool(r["is_error"]),
    )


MESSAGE_COLUMNS = (
    "id",
    "turn_id",
    "conversation_id",
    "kind",
    "round",
    "role",
    "text_blob",
    "text_size",
    "attachment_caption",
    "tool_calls",
    "tool_call_id",
    "tool_name",
    "is_error",
    "provider_state",
    "usage",
    "pos",
)


def message_columns(alias: str = "") -> str:
    """The ``SELECT`` list of a ``messages`` row; with ``alias``, qualified and named the same."""
    return ", ".join(f"{alias}.{c} AS {c}" if alias else c for c in MESSAGE_COLUMNS)
