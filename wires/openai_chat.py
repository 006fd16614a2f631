"""OpenAI-compatible Chat Completions (``POST /chat/completions``): OpenAI and local servers.

* Tool-result images use the fallback of S70-10: "For tool messages, only type `text` is
  supported" (OpenAPI spec), so ``role:"tool"`` carries the text only and ONE ``role:"user"``
  message after the run of consecutive tool messages carries, per tool message in order, its
  ``attachment_caption`` (when set) and its ``image_url`` parts. The adapter writes no sentence.
* No key (Ollama, LM Studio, llama.cpp, vLLM) → no Authorization header.
* Vendor replay extensions are echoed verbatim through ``provider_state["openai-compat"]``:
  ``tool_calls`` with ``extra_content.google.thought_signature`` (Gemini's OpenAI endpoint) and
  ``reasoning_content`` (DeepSeek, which rejects a tool follow-up without it).
* Usage: ``prompt_tokens`` minus ``prompt_tokens_details.cached_tokens`` is ``input``.
"""

from __future__ import annotations

import uuid
from typing import Any

from core.canonical import ChatMessage, ChatRequest, ChatResponse, Role, ToolCall, Usage, WebpSupport
from wires.base import (
    JSON,
    WireBase,
    data_url,
    dumps,
    event_json,
    parse_arguments,
    shape_guard,
    stream_cut,
    stream_error,
    text_and_images,
)
from wires.encoding import EntryCache, Item
from wires.errors import ProviderProtocolError
from wires.image_tokens import conservative_tokens, is_openai_model, openai_tokens

_STOP = {
    "stop": "end_turn",
    "tool_calls": "tool_use",
    "function_call": "tool_use",
    "length": "max_tokens",
    "content_filter": "refusal",
}


def _image_part(image: Any) -> JSON:
    return {"type": "image_url", "image_url": {"url": data_url(image)}}


class OpenAIChatWire(WireBase):
    name = "openai-compat"
    default_base_url = "https://api.openai.com/v1"
    # any server behind the URL (Ollama, vLLM, …): a 400 on a WebP is retried as JPEG (S70-17)
    webp: WebpSupport = "uncertain"

    def __init__(self) -> None:
        self.entries = EntryCache()  # each message encoded once (wires.encoding)

    def path(self, model: str, stream: bool) -> str:
        return "/chat/completions"

    def stream_body(self, body: JSON) -> JSON:
        return {**body, "stream": True, "stream_options": {"include_usage": True}}

    # ---- encode -----------------------------------------------------------------------------

    def encode(self, request: ChatRequest) -> JSON:
        messages = self.entries.entries(request.messages, self._item).entries
        if request.system:
            messages.insert_entry(0, {"role": "system", "content": request.system})
        body: JSON = {"model": request.model, "messages": messages}
        if request.max_tokens:
            body["max_tokens"] = request.max_tokens
        if request.tools:
            body["tools"] = [
                {
                    "type": "function",
                    "function": {"name": t.name, "description": t.description, "parameters": t.input_schema},
                }
                for t in request.tools
            ]
            if request.tool_choice == "none":
                body["tool_choice"] = "none"
        return body

    def _item(self, item: Item, known: set[str]) -> tuple[list[JSON], tuple[str, ...]]:
        if isinstance(item, list):
            return self._tool_run(item), ()
        if item.role is Role.ASSISTANT:
            return [self._assistant(item)], ()
        if item.role is Role.USER:
            return [{"role": "user", "content": self._user(item)}], ()
        if item.role is Role.SYSTEM:
            return [{"role": "system", "content": item.text}], ()
        raise AssertionError(item.role)  # pragma: no cover

    @staticmethod
    def _user(message: ChatMessage) -> str | list[JSON]:
        return text_and_images(message, "text", _image_part)

    @staticmethod
    def _assistant(message: ChatMessage) -> JSON:
        out: JSON = {"role": "assistant", "content": message.text or None}
        state = (message.provider_state or {}).get("openai-compat") or {}
        if "reasoning_content" in state:
            out["reasoning_content"] = state["reasoning_content"]
        if isinstance(state.get("tool_calls"), list):
            out["tool_calls"] = state["tool_calls"]  # shared: replay data is never mutated
        elif message.tool_calls:
            out["tool_calls"] = [
                {
                    "id": c.id,
                    "type": "function",
                    "function": {"name": c.name, "arguments": dumps(c.arguments)},
                }
                for c in message.tool_calls
            ]
        return out

    @staticmethod
    def _tool_run(run: list[ChatMessage]) -> list[JSON]:
        out: list[JSON] = [{"role": "tool", "tool_call_id": m.tool_call_id, "content": m.text} for m in run]
        parts: list[JSON] = []
        for m in run:
            if not m.attachments:
                continue
            if m.attachment_caption is not None:
                parts.append({"type": "text", "text": m.attachment_caption})
            parts += [_image_part(img) for img in m.attachments]
        if parts:
            out.append({"role": "user", "content": parts})
        return out

    # ---- decode -----------------------------------------------------------------------------

    @shape_guard
    def decode(self, body: JSON) -> ChatResponse:
        choices = body.get("choices")
        if not isinstance(choices, list) or not choices:
            raise ProviderProtocolError("openai-compat: response has no choices")
        choice = choices[0]
        raw = choice.get("message") or {}
        calls = [
            # a server that sends no call id (some local ones) gets a fresh one: never "" (the store
            # keys calls by id), never a counter that repeats in the next round
            ToolCall(
                c.get("id") or f"call_{uuid.uuid4().hex[:16]}",
                c["function"]["name"],
                parse_arguments(c["function"].get("arguments")),
            )
            for c in raw.get("tool_calls") or []
        ]
        state: JSON = {}
        if raw.get("reasoning_content"):
            state["reasoning_content"] = raw["reasoning_content"]
        if any(set(c) - {"id", "type", "function", "index"} for c in raw.get("tool_calls") or []):
            state["tool_calls"] = raw["tool_calls"]
        content = raw.get("content")
        text = content if isinstance(content, str) else ""
        message = ChatMessage(
            Role.ASSISTANT,
            text=text,
            tool_calls=calls,
            provider_state={"openai-compat": state} if state else None,
        )
        stop = _STOP.get(str(choice.get("finish_reason")), "other")
        if raw.get("refusal"):
            stop = "refusal"
        usage = body.get("usage") or {}
        cached = int(((usage.get("prompt_tokens_details") or {}).get("cached_tokens")) or 0)
        return ChatResponse(
            message,
            Usage(
                input=int(usage.get("prompt_tokens") or 0) - cached,
                output=int(usage.get("completion_tokens") or 0),
                cache_read=cached,
            ),
            stop,
        )

    def stream_decoder(self) -> OpenAIChatStream:
        return OpenAIChatStream(self)

    def image_tokens(self, width: int, height: int, model: str) -> int:
        if is_openai_model(model):
            return openai_tokens(width, height, model)
        return conservative_tokens(width, height, model)


class OpenAIChatStream:
    """``data: {chat.completion.chunk}`` frames, tool calls correlated by ``index``, ``[DONE]``."""

    def __init__(self, wire: OpenAIChatWire) -> None:
        self._wire = wire
        self._text: list[str] = []
        self._reasoning: list[str] = []
        self._calls: dict[int, JSON] = {}
        self._finish: str | None = None
        self._usage: JSON | None = None
        self._done = False
        self._refusal: list[str] = []

    @shape_guard
    def feed(self, event: str | None, data: str) -> str:
        if data.startswith("[DONE]"):
            self._done = True
            return ""
        chunk = event_json(data)
        if "error" in chunk and not chunk.get("choices"):
            info = self._wire.parse_error(500, data)
            raise stream_error(500, info)
        if chunk.get("usage"):
            self._usage = chunk["usage"]
        out = ""
        for choice in chunk.get("choices") or []:
            if choice.get("index", 0) != 0:
                continue
            delta = choice.get("delta") or {}
            if delta.get("content"):
                out += delta["content"]
                self._text.append(delta["content"])
            if delta.get("reasoning_content"):
                self._reasoning.append(delta["reasoning_content"])
            if delta.get("refusal"):
                self._refusal.append(delta["refusal"])
            for tc in delta.get("tool_calls") or []:
                self._merge_call(tc)
            if choice.get("finish_reason"):
                self._finish = choice["finish_reason"]
        return out

    def _merge_call(self, tc: JSON) -> None:
        index = int(tc.get("index", len(self._calls)))
        call = self._calls.setdefault(
            index, {"id": "", "type": "function", "function": {"name": "", "arguments": ""}}
        )
        for key, value in tc.items():
            if key == "index":
                continue
            if key == "function":
                fn = call["function"]
                if value.get("name"):
                    fn["name"] += value["name"]
                if value.get("arguments"):
                    fn["arguments"] += value["arguments"]
            elif key == "id":
                call["id"] = call["id"] or value
            elif key != "type":
                call[key] = value  # vendor extensions (extra_content) arrive whole

    @shape_guard
    def result(self) -> ChatResponse:
        if not self._done and self._finish is None:
            raise stream_cut(self._wire.name)
        message: JSON = {"role": "assistant", "content": "".join(self._text) or None}
        if self._calls:
            message["tool_calls"] = [self._calls[i] for i in sorted(self._calls)]
        if self._reasoning:
            message["reasoning_content"] = "".join(self._reasoning)
        if self._refusal:
            message["refusal"] = "".join(self._refusal)
        body: JSON = {"choices": [{"index": 0, "message": message, "finish_reason": self._finish}]}
        if self._usage:
            body["usage"] = self._usage
        return self._wire.decode(body)


WIRE = OpenAIChatWire()
