"""Anthropic Messages API (``POST /v1/messages``).

* Tool-result images are native (S70-10): ``tool_result.content`` = image blocks, then the text
  block. A result without images is a plain string.
* Consecutive tool messages become one ``user`` message of ``tool_result`` blocks (they must come
  first in the user content and right after the ``tool_use`` turn).
* Reasoning replay: the assistant ``content`` array is kept verbatim in
  ``provider_state["anthropic"]["content"]`` (thinking/redacted_thinking blocks with signatures) and
  echoed unchanged ("Thinking blocks must be passed back unmodified and in their original order").
* Prompt caching (cache_control, at most 4 breakpoints): the last tool definition and the system
  (then a text block) always; when the request has a stable history (``stable_messages``), also
  the last block of its last message and the last block of the request's last message, so the
  next round and the next turn read what this one wrote. A round that adds 20 blocks or more
  (the lookback) also marks the previous round's last message; the tools then go unmarked when
  the system is (its prefix holds them). Thinking blocks cannot carry a mark: the last markable
  block of a message gets it. A string content becomes a block list only where a mark is
  needed. Replayed blocks are shared, never copied: a marked block is a new dict.
* Usage: ``input_tokens`` already excludes cache reads/writes.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

from core.canonical import ChatMessage, ChatRequest, ChatResponse, Role, ToolCall, Usage
from wires.base import (
    JSON,
    ErrorInfo,
    WireBase,
    b64,
    event_json,
    loads_or_none,
    parse_arguments,
    shape_guard,
    stream_cut,
    stream_error,
)
from wires.encoding import EntryCache, Item
from wires.errors import ProviderProtocolError
from wires.image_tokens import anthropic_tokens

API_VERSION = "2023-06-01"
DEFAULT_MAX_TOKENS = 8192  # the API requires max_tokens
_STOP = {
    "end_turn": "end_turn",
    "stop_sequence": "end_turn",
    "tool_use": "tool_use",
    "max_tokens": "max_tokens",
    "refusal": "refusal",
}
# in-stream ``error`` events carry a type, not a status (api/errors)
ERROR_STATUS = {
    "invalid_request_error": 400,
    "authentication_error": 401,
    "permission_error": 403,
    "not_found_error": 404,
    "request_too_large": 413,
    "rate_limit_error": 429,
    "api_error": 500,
    "overloaded_error": 529,
}


def _ephemeral() -> JSON:
    return {"type": "ephemeral"}  # the default 5-minute cache (a fresh dict: bodies share nothing)


_UNMARKABLE = {"thinking", "redacted_thinking"}  # "not placeable on thinking blocks"
MAX_BREAKPOINTS = 4  # per request
LOOKBACK = 20  # a breakpoint finds a written prefix up to 20 blocks before it


def _image_block(image: Any) -> JSON:
    return {"type": "image", "source": {"type": "base64", "media_type": image.media_type, "data": b64(image)}}


def _blocks(message: JSON) -> int:
    content = message["content"]
    return 1 if isinstance(content, str) else len(content)


def _targets(out: list[JSON], stable_end: int) -> set[int]:
    """The messages that get a breakpoint: the end of the stable history and the last message;
    and, when this round added ``LOOKBACK`` blocks or more (many parallel calls), the previous
    round's last message too, which the last breakpoint's lookback would not reach."""
    last = len(out) - 1
    targets = {last} | ({stable_end} if stable_end >= 0 else set())
    if last - 2 > stable_end and _blocks(out[last]) + _blocks(out[last - 1]) >= LOOKBACK:
        targets.add(last - 2)
    return targets


def _marked(message: JSON) -> JSON:
    """``message`` with a cache breakpoint on its last block that may carry one (a new dict; the
    content list and the marked block are new, the other blocks shared). Unchanged when no block
    can carry it (only thinking, or empty text)."""
    content = message["content"]
    if isinstance(content, str):
        if not content:
            return message
        return {**message, "content": [{"type": "text", "text": content, "cache_control": _ephemeral()}]}
    for i in range(len(content) - 1, -1, -1):
        block = content[i]
        if isinstance(block, dict) and block.get("type") not in _UNMARKABLE:
            blocks = list(content)
            blocks[i] = {**block, "cache_control": _ephemeral()}
            return {**message, "content": blocks}
    return message


class AnthropicWire(WireBase):
    name = "anthropic"
    default_base_url = "https://api.anthropic.com/v1"

    def __init__(self) -> None:
        self.entries = EntryCache()  # each message encoded once (wires.encoding)

    def path(self, model: str, stream: bool) -> str:
        return "/messages"

    def headers(self, key: str | None) -> dict[str, str]:
        h = {"anthropic-version": API_VERSION}
        if key:
            h["x-api-key"] = key
        return h

    def parse_error(self, status: int, text: str) -> ErrorInfo:
        body = loads_or_none(text)
        err = body.get("error") if isinstance(body, dict) else None
        if isinstance(err, dict):
            return ErrorInfo(err.get("type"), str(err.get("message") or ""))
        return ErrorInfo(None, text[:500])

    # ---- encode -----------------------------------------------------------------------------

    def encode(self, request: ChatRequest) -> JSON:
        body: JSON = {
            "model": request.model,
            "max_tokens": request.max_tokens or DEFAULT_MAX_TOKENS,
        }
        if request.system:
            body["system"] = [{"type": "text", "text": request.system, "cache_control": _ephemeral()}]
        body["messages"], marks = self._messages(request.messages, request.stable_messages)
        if request.tools:
            tools: list[JSON] = [
                {"name": t.name, "description": t.description, "input_schema": t.input_schema}
                for t in request.tools
            ]
            if marks + bool(request.system) < MAX_BREAKPOINTS:  # else the system's mark covers them
                tools[-1]["cache_control"] = _ephemeral()
            body["tools"] = tools
            if request.tool_choice == "none":
                body["tool_choice"] = {"type": "none"}
        return body

    def _messages(self, messages: list[ChatMessage], stable: int = 0) -> tuple[list[JSON], int]:
        """The wire messages and how many breakpoints they carry. One wire message per item of
        ``tool_runs``, kept encoded (``EntryCache``); a marked one is encoded again."""
        got = self.entries.entries(messages, self._item)
        out = got.entries
        stable_end = bisect_right(got.ends, stable) - 1  # the last wire message of stable messages only
        marks = 0
        for index in _targets(out, stable_end) if stable > 0 and out else ():
            marked = _marked(out[index])
            if marked is not out[index]:
                marks += 1
                out.replace(index, marked)
        return out, marks

    def _item(self, item: Item, known: set[str]) -> tuple[list[JSON], tuple[str, ...]]:
        if isinstance(item, list):
            return [{"role": "user", "content": [self._tool_result(m) for m in item]}], ()
        if item.role is Role.ASSISTANT:
            return [{"role": "assistant", "content": self._assistant(item)}], ()
        if item.role in (Role.USER, Role.SYSTEM):
            return [{"role": "user", "content": self._user(item)}], ()
        raise AssertionError(item.role)  # pragma: no cover - tool messages are grouped

    @staticmethod
    def _user(message: ChatMessage) -> str | list[JSON]:
        if not message.attachments:
            return message.text
        # "Claude works best when images come before text" (vision guide)
        blocks = [_image_block(img) for img in message.attachments]
        if message.text:
            blocks.append({"type": "text", "text": message.text})
        return blocks

    @staticmethod
    def _assistant(message: ChatMessage) -> str | list[JSON]:
        state = (message.provider_state or {}).get("anthropic")
        if isinstance(state, dict) and isinstance(state.get("content"), list):
            return state["content"]  # shared: replay blocks are never mutated (a mark copies)
        if not message.tool_calls:
            return message.text
        blocks: list[JSON] = []
        if message.text:
            blocks.append({"type": "text", "text": message.text})
        blocks += [
            {"type": "tool_use", "id": c.id, "name": c.name, "input": c.arguments} for c in message.tool_calls
        ]
        return blocks

    @staticmethod
    def _tool_result(message: ChatMessage) -> JSON:
        block: JSON = {"type": "tool_result", "tool_use_id": message.tool_call_id}
        if message.attachments:
            content: list[JSON] = [_image_block(img) for img in message.attachments]
            if message.text:
                content.append({"type": "text", "text": message.text})
            block["content"] = content
        else:
            block["content"] = message.text
        if message.is_error:
            block["is_error"] = True
        return block

    # ---- decode -----------------------------------------------------------------------------

    @shape_guard
    def decode(self, body: JSON) -> ChatResponse:
        content = body.get("content")
        if not isinstance(content, list):
            raise ProviderProtocolError("anthropic: response has no content array")
        texts: list[str] = []
        calls: list[ToolCall] = []
        for block in content:
            if not isinstance(block, dict):
                raise ProviderProtocolError("anthropic: a content item is not a block")
            kind = block.get("type")
            if kind == "text":
                texts.append(block.get("text", ""))
            elif kind == "tool_use":
                if not block.get("id") or not block.get("name"):
                    raise ProviderProtocolError("anthropic: a tool_use block has no id or name")
                calls.append(ToolCall(block["id"], block["name"], parse_arguments(block.get("input"))))
        usage = body.get("usage") or {}
        message = ChatMessage(
            Role.ASSISTANT,
            text="".join(texts),
            tool_calls=calls,
            provider_state={"anthropic": {"content": content}},
        )
        stop = _STOP.get(str(body.get("stop_reason")), "other")
        return ChatResponse(
            message,
            Usage(
                input=int(usage.get("input_tokens") or 0),
                output=int(usage.get("output_tokens") or 0),
                cache_read=int(usage.get("cache_read_input_tokens") or 0),
                cache_write=int(usage.get("cache_creation_input_tokens") or 0),
            ),
            stop,
        )

    def stream_decoder(self) -> AnthropicStream:
        return AnthropicStream(self)

    def image_tokens(self, width: int, height: int, model: str) -> int:
        return anthropic_tokens(width, height, model)


def _index(ev: JSON) -> int:
    index = ev.get("index")
    if not isinstance(index, int) or isinstance(index, bool):
        raise ProviderProtocolError(f"anthropic: {ev.get('type')} event without a block index")
    return index


class AnthropicStream:
    """message_start → content_block_start/delta/stop … → message_delta → message_stop."""

    def __init__(self, wire: AnthropicWire) -> None:
        self._wire = wire
        self._message: JSON | None = None
        self._blocks: dict[int, JSON] = {}
        self._partial_json: dict[int, str] = {}
        self._done = False

    @shape_guard
    def feed(self, event: str | None, data: str) -> str:
        ev = event_json(data)
        kind = ev.get("type", event)
        if kind == "message_start":
            self._message = dict(ev.get("message") or {})
            self._message["content"] = []
        elif kind == "content_block_start":
            block = dict(ev.get("content_block") or {})
            if block.get("type") == "tool_use":
                block["input"] = {}
            self._blocks[_index(ev)] = block
        elif kind == "content_block_delta":
            return self._delta(self._known(_index(ev)), ev.get("delta") or {})
        elif kind == "content_block_stop":
            index = self._known(_index(ev))
            if index in self._partial_json:
                self._blocks[index]["input"] = parse_arguments(self._partial_json.pop(index))
        elif kind == "message_delta":
            msg = self._require()
            delta = ev.get("delta") or {}
            if "stop_reason" in delta:
                msg["stop_reason"] = delta["stop_reason"]
            usage = dict(msg.get("usage") or {})
            usage.update(ev.get("usage") or {})  # cumulative counts (messages-streaming)
            msg["usage"] = usage
        elif kind == "message_stop":
            self._done = True
        elif kind == "error":
            err = ev.get("error") or {}
            etype = str(err.get("type") or "api_error")
            raise stream_error(ERROR_STATUS.get(etype, 500), ErrorInfo(etype, str(err.get("message") or "")))
        return ""  # ping and unknown events are ignored, as the docs ask

    def _delta(self, index: int, delta: JSON) -> str:
        block = self._blocks[index]
        kind = delta.get("type")
        if kind == "text_delta":
            block["text"] = block.get("text", "") + delta.get("text", "")
            return str(delta.get("text", ""))
        if kind == "input_json_delta":
            self._partial_json[index] = self._partial_json.get(index, "") + delta.get("partial_json", "")
        elif kind == "thinking_delta":
            block["thinking"] = block.get("thinking", "") + delta.get("thinking", "")
        elif kind == "signature_delta":
            block["signature"] = block.get("signature", "") + delta.get("signature", "")
        return ""

    def _known(self, index: int) -> int:
        if index not in self._blocks:
            raise ProviderProtocolError(f"anthropic: stream event for unknown block index {index}")
        return index

    def _require(self) -> JSON:
        if self._message is None:
            raise ProviderProtocolError("anthropic: stream event before message_start")
        return self._message

    @shape_guard
    def result(self) -> ChatResponse:
        if not self._done:
            raise stream_cut(self._wire.name)
        msg = self._require()
        msg["content"] = [self._blocks[i] for i in sorted(self._blocks)]
        return self._wire.decode(msg)


WIRE = AnthropicWire()
