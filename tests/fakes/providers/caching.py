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

Tokens are estimated as ``ceil(characters / 4)`` of the compact JSON: simple and deterministic.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

JSON = dict[str, Any]
LOOKBACK = 20  # Anthropic looks for a written prefix up to 20 blocks before each breakpoint
STEP = 128  # OpenAI: cache hits in 128-token increments


def estimate(text: str) -> int:
    return -(-len(text) // 4)


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _unmarked(block: Any) -> Any:
    if isinstance(block, dict) and "cache_control" in block:
        return {k: v for k, v in block.items() if k != "cache_control"}
    return block


def anthropic_blocks(body: JSON) -> list[tuple[str, bool]]:
    """The prompt as (block identity, has a breakpoint), in cache order."""
    out: list[tuple[str, bool]] = []

    def add(kind: str, block: Any) -> None:
        marked = isinstance(block, dict) and "cache_control" in block
        out.append((_compact([kind, _unmarked(block)]), marked))

    for tool in body.get("tools") or []:
        add("tool", tool)
    system = body.get("system")
    for block in [{"type": "text", "text": system}] if isinstance(system, str) else system or []:
        add("system", block)
    for msg in body.get("messages") or []:
        content = msg.get("content")
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content or []
        for j, block in enumerate(blocks):
            add(f"{msg.get('role')}{'' if j else '+'}", block)  # '+' opens a message
    return out


def implicit_prompt(family: str, body: JSON) -> str:
    """The prompt text an implicit cache compares: tools, system, then the history, in order."""
    if family == "gemini":
        pieces = [body.get("systemInstruction"), body.get("tools"), *(body.get("contents") or [])]
    elif family == "responses":
        pieces = [body.get("instructions"), body.get("tools"), *(body.get("input") or [])]
    else:
        pieces = [body.get("tools"), *(body.get("messages") or [])]
    return "".join(_compact(p) for p in pieces)


def _common_prefix(a: str, b: str) -> int:
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:  # the longest k with a[:k] == b[:k]: slices compare in C
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


class PromptCache:
    """One fake's cache. ``account`` answers (input, cache_read, cache_write) for a request body."""

    def __init__(self, family: str, min_tokens: int = 1024, keep: int = 64) -> None:
        self.family = family
        self.min_tokens = min_tokens
        self.keep = keep
        self.written: set[str] = set()  # Anthropic: prefix hashes
        self.prompts: list[str] = []  # implicit: earlier prompts, newest last

    def account(self, body: JSON) -> tuple[int, int, int]:
        if self.family == "anthropic":
            return self._explicit(body)
        return self._implicit(body)

    def _explicit(self, body: JSON) -> tuple[int, int, int]:
        digest = hashlib.sha256(str(body.get("model")).encode()).digest()
        hashes: list[str] = []
        totals: list[int] = []
        marks: list[int] = []
        total = 0
        for n, (identity, marked) in enumerate(anthropic_blocks(body)):
            digest = hashlib.sha256(digest + identity.encode()).digest()
            total += estimate(identity)
            hashes.append(digest.hex())
            totals.append(total)
            if marked:
                marks.append(n)
        read_at = -1
        for mark in marks:
            for n in range(mark, max(mark - LOOKBACK, -1), -1):
                if hashes[n] in self.written:
                    read_at = max(read_at, n)
                    break
        read = totals[read_at] if read_at >= 0 else 0
        write = 0
        if marks and totals[marks[-1]] >= self.min_tokens:
            self.written |= {hashes[m] for m in marks if totals[m] >= self.min_tokens}
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
