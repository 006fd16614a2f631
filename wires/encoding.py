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
"""

from __future__ import annotations

import asyncio
import json

from core.canonical import ChatRequest
from wires.base import JSON, Wire

LARGE_BYTES = 64 * 1024
PER_MESSAGE = 160  # bytes a message costs beyond its text: keys, ids, replayed reasoning (estimate)


def estimated_bytes(request: ChatRequest) -> int:
    """A cheap upper-ish estimate of the body size (no encode): texts, images, per-message costs."""
    size = len(request.system) + sum(len(t.description) + 200 for t in request.tools)
    for m in request.messages:
        size += len(m.text) + PER_MESSAGE + sum(len(a.data) * 4 // 3 for a in m.attachments)
    return size


def is_large(request: ChatRequest, previous: int = 0) -> bool:
    """Whether the encode goes to a worker thread: any image, an estimated body over 64 KB, or a
    previous body (``previous`` bytes, the same backend's last request) over 64 KB — the history
    only grows between rounds, and the estimate cannot see replayed reasoning."""
    if previous > LARGE_BYTES or any(m.attachments for m in request.messages):
        return True
    return estimated_bytes(request) > LARGE_BYTES


def dumps_body(body: JSON) -> bytes:
    return json.dumps(body, ensure_ascii=False).encode("utf-8")


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
