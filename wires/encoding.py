"""A request's bytes: the wire's encode and the JSON, on the event loop or off it.

``request_bytes`` is what ``wires.http`` posts: the wire's body (its stream form when streaming)
as UTF-8 JSON. The same history always gives the same bytes: every wire builds its dicts in a
fixed key order, replay data is echoed in the order it arrived and nothing that varies per
request (an id, a time) is written before the history — what the implicit prompt caches of
OpenAI and Gemini need (a byte-stable prefix).

``encoded`` runs that in a worker thread (``asyncio.to_thread``) when the request is large, so a
long history or a request with images never holds the event loop (the GUI thread under qasync);
a small one stays on the loop, where it costs less than the thread hop. Large means: any image,
an estimated body over ``LARGE_BYTES``, or a previous body of the same backend over it. The
encoders and ``json.dumps`` only read the request and its replay data (shared, never copied), so
a request encoded in a thread is not touched by the loop meanwhile: the turn waits for its call.

Measured on the shared 2-core machine (tests/bench/encode_cost.py, CPU time): the thread hop
≈0.07–0.13 ms; encode + JSON of a 1 KB body ≈0.03 ms, of a 74 KB one ≈1.1–1.3 ms, of the 742 KB
Anthropic body at frame 1,000 ≈16–27 ms. Below 64 KB the hop would be a large share of the work;
above it, a millisecond or more stays off the loop.

Each wire encodes a message once (``EntryCache``): a request's list of wire entries (Anthropic's
and Chat Completions' ``messages``, Responses' ``input``, Gemini's ``contents``) keeps, for the
messages it repeats from a recent request (``core.canonical.common_prefix``), that request's
entries and their JSON texts, and encodes only the rest; ``dumps_body`` joins the texts with
``json.dumps``'s own separators, so the bytes are exactly those of ``json.dumps`` of the whole
body. Entries whose encoding depends on their place (Anthropic's cache breakpoints) are the
wire's to encode again (``Encoded.replace``). The size estimate keeps its sums the same way.
"""

from __future__ import annotations

import asyncio
import json
import threading
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from core.canonical import ChatMessage, ChatRequest, Role, common_prefix
from wires.base import JSON, Wire, tool_runs

LARGE_BYTES = 64 * 1024
PER_MESSAGE = 160  # bytes a message costs beyond its text: keys, ids, replayed reasoning (estimate)


def _message_bytes(m: ChatMessage) -> int:
    return len(m.text) + PER_MESSAGE + sum(len(a.data) * 4 // 3 for a in m.attachments)


class _Sizes:
    """The messages' estimate of a recent request, as running sums: a request that repeats them
    adds only its new messages' (``visited`` counts the messages measured)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seen: list[ChatMessage] = []
        self._sums: list[int] = [0]  # _sums[i]: the estimate of the first i messages
        self._pictured: list[int] = [0]  # _pictured[i]: how many of the first i carry images
        self.visited = 0

    def of(self, messages: Sequence[ChatMessage]) -> tuple[int, bool]:
        """The messages' estimated bytes, and whether any carries an image."""
        with self._lock:
            seen, sums, pictured = self._seen, self._sums, self._pictured
        k = common_prefix(seen, messages)
        sums, pictured = sums[: k + 1], pictured[: k + 1]
        for m in messages[k:]:
            sums.append(sums[-1] + _message_bytes(m))
            pictured.append(pictured[-1] + bool(m.attachments))
        with self._lock:
            self.visited += len(messages) - k
            self._seen, self._sums, self._pictured = list(messages), sums, pictured
        return sums[-1], pictured[-1] > 0


SIZES = _Sizes()


def _estimate(request: ChatRequest) -> tuple[int, bool]:
    size, pictured = SIZES.of(request.messages)
    return size + len(request.system) + sum(len(t.description) + 200 for t in request.tools), pictured


def estimated_bytes(request: ChatRequest) -> int:
    """A cheap upper-ish estimate of the body size (no encode): texts, images, per-message costs."""
    return _estimate(request)[0]


def is_large(request: ChatRequest, previous: int = 0) -> bool:
    """Whether the encode goes to a worker thread: any image, an estimated body over 64 KB, or a
    previous body (``previous`` bytes, the same backend's last request) over 64 KB — the history
    only grows between rounds, and the estimate cannot see replayed reasoning."""
    if previous > LARGE_BYTES:
        return True
    size, pictured = _estimate(request)
    return pictured or size > LARGE_BYTES


# ------------------------------------------------------------------------------ entries, once

Item = ChatMessage | list[ChatMessage]  # what ``wires.base.tool_runs`` yields
# a wire's encoding of one item: its entries, given the tool-call ids made known before it (Gemini
# names a result's call only when it is known), and the ids it makes known
ItemEncoder = Callable[[Item, set[str]], tuple[list[JSON], tuple[str, ...]]]


def _text(entry: Any) -> str:
    return json.dumps(entry, ensure_ascii=False)


class Encoded(list[Any]):
    """A body's list of wire entries with each entry's JSON text: ``dumps_body`` joins the texts
    (the same bytes as ``json.dumps`` of the list). Equal to the plain list of the entries. Change
    it through ``replace``/``insert_entry`` only (a list whose length no longer matches its texts
    is dumped whole)."""

    def __init__(self, entries: list[JSON], texts: list[str]) -> None:
        super().__init__(entries)
        self.texts = texts

    def replace(self, index: int, entry: JSON) -> None:
        """``entry`` at ``index`` (a place-dependent encoding, e.g. a cache breakpoint)."""
        self[index] = entry
        self.texts[index] = _text(entry)

    def insert_entry(self, index: int, entry: JSON) -> None:
        """``entry`` inserted at ``index`` (e.g. the system message before the history)."""
        self.insert(index, entry)
        self.texts.insert(index, _text(entry))


@dataclass(frozen=True)
class _Memo:
    messages: list[ChatMessage]
    ends: list[int]  # ends[i]: the message index after item i
    offsets: list[int]  # offsets[i]: the entry index after item i's entries
    entries: list[JSON]
    texts: list[str]
    ids: list[tuple[int, str]]  # (item, id): the ids the items made known, in order


@dataclass(frozen=True)
class Entries:
    """A request's wire entries, and where each item (``tool_runs``) ends among the messages and
    among the entries."""

    entries: Encoded
    ends: list[int]
    offsets: list[int]


class EntryCache:
    """One wire's entries of recent requests (``MEMOS``: a few agents or rounds at once), reused
    for the messages a new request repeats. ``encoded`` counts the items encoded (tests count).
    Thread-safe: encodes run on the loop and in worker threads."""

    MEMOS = 6

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._memos: list[_Memo] = []
        self.encoded = 0

    def entries(self, messages: Sequence[ChatMessage], encode: ItemEncoder) -> Entries:
        with self._lock:
            memos = list(self._memos)
        best, shared = None, 0
        for memo in memos:
            k = common_prefix(memo.messages, messages) if memo.messages[:1] == messages[:1] else 0
            if k > shared:
                best, shared = memo, k
        items = 0  # the items of ``best`` reused: those within the shared part, but a run of
        if best is not None:  # tool results that the next message (a result too) continues
            ends, n = best.ends, len(messages)
            items = bisect_right(ends, shared)
            if items and ends[items - 1] < n and messages[ends[items - 1]].role is Role.TOOL:
                items -= messages[ends[items - 1] - 1].role is Role.TOOL
        if best is None or not items:
            ends, offsets, entries, texts, ids = [], [], [], [], []
        else:
            cut = best.offsets[items - 1]
            ends, offsets = best.ends[:items], best.offsets[:items]
            ids = best.ids[: bisect_left(best.ids, (items, ""))]
            entries, texts = best.entries[:cut], best.texts[:cut]
        known = {i for _, i in ids}
        start = ends[-1] if ends else 0
        for item in tool_runs(list(messages[start:])):
            made_entries, made = encode(item, known)
            known.update(made)
            ids += [(len(ends), i) for i in made]
            entries += made_entries
            texts += [_text(e) for e in made_entries]
            start += len(item) if isinstance(item, list) else 1
            ends.append(start)
            offsets.append(len(entries))
        memo = _Memo(list(messages), ends, offsets, entries, texts, ids)
        with self._lock:
            self.encoded += len(ends) - items
            self._memos = [memo, *(m for m in self._memos if m is not best)][: self.MEMOS]
        return Entries(Encoded(entries, list(texts)), list(ends), list(offsets))


def dumps_body(body: JSON) -> bytes:
    """``json.dumps(body, ensure_ascii=False)`` as UTF-8, an ``Encoded`` list by its texts."""
    if not any(isinstance(v, Encoded) for v in body.values()):
        return json.dumps(body, ensure_ascii=False).encode("utf-8")
    parts: list[str] = []  # one join of the whole body: the texts are not copied twice
    for key, value in body.items():
        parts.append(", " if parts else "{")
        parts.append(_text(key) + ": ")
        texts = value.texts if isinstance(value, Encoded) and len(value.texts) == len(value) else None
        if texts is None:
            parts.append(_text(value))
        else:
            parts += ["[", ", ".join(texts), "]"]
    parts.append("}" if parts else "{}")
    return "".join(parts).encode("utf-8")


def request_bytes(wire: Wire, request: ChatRequest, stream: bool) -> bytes:
    body = wire.encode(request)
    if stream:
        body = wire.stream_body(body)
    return dumps_body(body)


async def encoded(wire: Wire, request: ChatRequest, stream: bool, previous: int = 0) -> bytes:
    """``request_bytes``, off the event loop when the request is large (``is_large``)."""
    if is_large(request, previous):
        return await asyncio.to_thread(request_bytes, wire, request, stream)
    return request_bytes(wire, request, stream)
