"""The fakes' prompt caches, kept the way the real APIs keep them, and their token estimate.

- Anthropic (explicit): the prompt is the blocks in the order ``tools → system → messages``; a
  ``cache_control`` breakpoint on a block names the prefix up to and including it. A request reads
  the longest prefix written before that ends at one of its breakpoints or up to 20 blocks before
  one (the lookback); it writes every breakpoint's prefix that reaches the minimum length and
  reports as written what is new up to its last breakpoint. ``input_tokens`` is the rest (it
  excludes reads and writes). A mark changes nothing in the prefix's identity (a string content
  and the same text as a marked block are one prefix).
- OpenAI Chat Completions / Responses and Gemini (implicit): the prompt text is the tools, the
  system and the history in order; a request reads the longest prefix it shares with an earlier
  prompt, in steps of 128 tokens, when that is at least the minimum; every prompt that reaches
  the minimum is kept. The provider's prompt count includes the cached tokens.

Tokens are estimated as ``ceil(characters / 4)`` of the JSON: simple and deterministic. The\naccounting serialises a request in a few pieces (not block by block), so a fake answering a\n4,000-message history stays cheap beside the client it serves.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

JSON = dict[str, Any]
LOOKBACK = 20  # Anthropic looks for a written prefix up to 20 blocks before each breakpoint
STEP = 128  # OpenAI: cache hits in 128-token increments


def shared_messages(a: list[JSON], b: list[JSON]) -> int:
    """How many leading messages two parsed bodies share. Freshly parsed values are never the same
    objects, so each comparison is a deep one: one pass to the first difference (a binary search
    over slices, ``core.canonical.common_prefix``, compares the shared part once per probe)."""
    n = min(len(a), len(b))
    for i in range(n):
        if a[i] != b[i]:
            return i
    return n


def estimate(text: str) -> int:
    return -(-len(text) // 4)


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _add(blocks: list[Any], marks: list[int], kind: str, block: Any) -> None:
    if isinstance(block, dict) and "cache_control" in block:
        marks.append(len(blocks))
        block = {k: v for k, v in block.items() if k != "cache_control"}
    blocks.append([kind, block])


def _message_blocks(msg: JSON, blocks: list[Any], marks: list[int]) -> None:
    content = msg.get("content")
    role = msg.get("role")
    if isinstance(content, str):
        _add(blocks, marks, f"{role}+", {"type": "text", "text": content})  # '+' opens a message
        return
    for j, block in enumerate(content or []):
        _add(blocks, marks, f"{role}{'' if j else '+'}", block)


class MessageBlocks:
    """``anthropic_blocks``'s messages part, kept for the messages the next body repeats (the
    same JSON values): a fake answering a long history turns only the new messages into blocks."""

    def __init__(self) -> None:
        self._messages: list[JSON] = []
        self._ends: list[int] = []  # the block count after each message
        self._blocks: list[Any] = []
        self._marks: list[int] = []
        self.visited = 0

    def of(self, messages: list[JSON]) -> tuple[list[Any], list[int]]:
        done = shared_messages(self._messages, messages)
        end = self._ends[done - 1] if done else 0
        blocks, ends = self._blocks[:end], self._ends[:done]
        marks = [m for m in self._marks if m < end]
        for msg in messages[done:]:
            _message_blocks(msg, blocks, marks)
            ends.append(len(blocks))
        self.visited += len(messages) - done
        self._messages, self._ends, self._blocks, self._marks = list(messages), ends, blocks, marks
        return blocks, marks


def anthropic_blocks(body: JSON, kept: MessageBlocks | None = None) -> tuple[list[Any], list[int]]:
    """The prompt as block identities in cache order (``[kind, block]``, the mark left out) and
    the positions of its breakpoints. A string content is one text block. ``kept``: the messages'
    blocks of the last body, reused for the messages this one repeats."""
    blocks: list[Any] = []
    marks: list[int] = []
    for tool in body.get("tools") or []:
        _add(blocks, marks, "tool", tool)
    system = body.get("system")
    for block in [{"type": "text", "text": system}] if isinstance(system, str) else system or []:
        _add(blocks, marks, "system", block)
    if kept is None:
        for msg in body.get("messages") or []:
            _message_blocks(msg, blocks, marks)
        return blocks, marks
    more, more_marks = kept.of(list(body.get("messages") or []))
    head = len(blocks)
    return blocks + more, marks + [head + m for m in more_marks]


def prefix_identities(
    model: str, blocks: list[Any], wanted: set[int]
) -> tuple[dict[int, str], dict[int, int]]:
    """The identity (a hash of everything up to and including it) and the token total of the
    prefix ending at each ``wanted`` block. The blocks between are serialised in one piece: the
    stream is the same however it is cut (``json.dumps`` puts ", " between list items)."""
    digest = hashlib.sha256(model.encode())
    identities: dict[int, str] = {}
    totals: dict[int, int] = {}
    chars = 0
    done = 0
    for n in sorted(wanted):
        text = json.dumps(blocks[done : n + 1], ensure_ascii=False)[1:-1]
        if done:
            text = ", " + text
        digest.update(text.encode())
        chars += len(text)
        identities[n], totals[n] = digest.hexdigest(), -(-chars // 4)
        done = n + 1
    return identities, totals


def implicit_prompt(family: str, body: JSON) -> str:
    """The prompt text an implicit cache compares: tools, system, then the history, in order (the
    next request's text extends this one's while the history only grows)."""
    if family == "gemini":
        pieces = [body.get("systemInstruction"), body.get("tools"), *(body.get("contents") or [])]
    elif family == "responses":
        pieces = [body.get("instructions"), body.get("tools"), *(body.get("input") or [])]
    else:
        pieces = [body.get("tools"), *(body.get("messages") or [])]
    return _compact(pieces)


def _common_prefix(a: str, b: str, chunk: int = 4096) -> int:
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i : i + chunk] == b[i : i + chunk]:  # chunks compare in C
        i += chunk
    lo, hi = min(i, n), min(i + chunk, n)
    while lo < hi:  # the longest k with a[:k] == b[:k], inside the differing chunk
        mid = (lo + hi + 1) // 2
        if a[i:mid] == b[i:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


class PromptCache:
    """One fake's cache. ``account`` answers (input, cache_read, cache_write) for a request body."""

    def __init__(self, family: str, min_tokens: int = 1024, keep: int = 8) -> None:
        self.family = family
        self.min_tokens = min_tokens
        self.keep = keep
        self.written: set[str] = set()  # Anthropic: prefix identities
        self.prompts: list[str] = []  # implicit: the latest prompts, newest last
        self.blocks = MessageBlocks()  # Anthropic: the last body's messages as blocks

    def account(self, body: JSON) -> tuple[int, int, int]:
        if self.family == "anthropic":
            return self._explicit(body)
        return self._implicit(body)

    def _explicit(self, body: JSON) -> tuple[int, int, int]:
        blocks, marks = anthropic_blocks(body, self.blocks)
        if not blocks:
            return 0, 0, 0
        wanted = {n for m in marks for n in range(max(m - LOOKBACK + 1, 0), m + 1)} | {len(blocks) - 1}
        identities, totals = prefix_identities(str(body.get("model")), blocks, wanted)
        total = totals[len(blocks) - 1]
        read_at = -1
        for mark in marks:  # the breakpoint itself, then up to 19 blocks before it
            hit = next(
                (n for n in range(mark, max(mark - LOOKBACK, -1), -1) if identities[n] in self.written), -1
            )
            read_at = max(read_at, hit)
        read = totals[read_at] if read_at >= 0 else 0
        write = 0
        if marks and totals[marks[-1]] >= self.min_tokens:
            self.written |= {identities[m] for m in marks if totals[m] >= self.min_tokens}
            write = max(totals[marks[-1]] - read, 0)
        return total - read - write, read, write

    def _implicit(self, body: JSON) -> tuple[int, int, int]:
        prompt = implicit_prompt(self.family, body)
        total = estimate(prompt)
        shared = max((_common_prefix(prompt, p) for p in self.prompts), default=0)
        read = shared // 4 // STEP * STEP
        if read < self.min_tokens:
            read = 0
        if total >= self.min_tokens:
            self.prompts = [*self.prompts[-(self.keep - 1) :], prompt]
        return total - read, read, 0


def breakpoint_error(body: JSON) -> str | None:
    """What Anthropic answers 400 for in the request's ``cache_control`` marks, else None."""
    found = 0
    for tool in body.get("tools") or []:
        found += "cache_control" in tool
    system = body.get("system")
    if system is not None and not isinstance(system, str | list):
        return "system: Input should be a valid string or list of text blocks"
    for block in system if isinstance(system, list) else []:
        if not isinstance(block, dict) or block.get("type") != "text" or not block.get("text"):
            return "system: every block must be a non-empty text block"
        found += "cache_control" in block
    for i, msg in enumerate(body.get("messages") or []):
        content = msg.get("content")
        for j, block in enumerate(content if isinstance(content, list) else []):
            if not isinstance(block, dict) or "cache_control" not in block:
                continue
            if block.get("type") in ("thinking", "redacted_thinking"):
                return (
                    f"messages.{i}.content.{j}.{block['type']}.cache_control: Extra inputs are not permitted"
                )
            if (block["cache_control"] or {}).get("type") != "ephemeral":
                return f"messages.{i}.content.{j}.cache_control.type: Input should be 'ephemeral'"
            found += 1
    if found > 4:
        return f"A maximum of 4 blocks with cache_control may be provided. Found {found}."
    return None
