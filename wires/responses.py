"""The Responses API family: OpenAI, xAI, Meta and Perplexity share one encoder.

* Tool-result images are native on all four (S70-10): ``function_call_output.output`` =
  ``input_text`` then ``input_image`` parts; a result without images is a plain string.
* Stateless replay (``store: false``): the ``output`` items of each response are kept in
  ``provider_state[<wire name>]["items"]`` and replayed in order before the tool outputs
  (reasoning items with ``encrypted_content``, requested through ``include``). Server-side item ids
  are stripped from replayed message/function-call items because with ``store: false`` nothing is
  persisted ("Item with id … not found"); reasoning items without ``encrypted_content`` cannot be
  replayed and are dropped. State is keyed by wire name, so one vendor's items are never replayed
  to another.

Where the providers differ (a ``ResponsesProfile`` each):

* OpenAI / xAI: ``include: ["reasoning.encrypted_content"]``, ``tool_choice: "none"`` honoured.
  xAI: "When sending images, it is advised to not store request/response history" → ``store: false``
  is sent always.
* xAI accepts JPEG and PNG images only (``webp = "refused"``).
* Meta: ``tool_choice`` accepts only ``"auto"`` (anything else is a 400), so a no-tools summary call
  sends no tools at all.
* Perplexity (Agent API): no ``include``/``tool_choice``; reasoning items are not replayed; the
  summary call sends no tools.
* Image tokens: OpenAI's published formula on ``openai-responses``; the documented conservative
  default on the three others (no published formula).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.canonical import ChatMessage, ChatRequest, ChatResponse, Role, ToolCall, Usage, WebpSupport
from wires.base import (
    JSON,
    ErrorInfo,
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
from wires.image_tokens import conservative_tokens, openai_tokens

_STREAM_ERROR_STATUS = {"rate_limit_exceeded": 429, "server_error": 500, "invalid_request_error": 400}


@dataclass(frozen=True)
class ResponsesProfile:
    name: str
    default_base_url: str
    webp: WebpSupport = "accepted"
    include_encrypted_reasoning: bool = True
    tool_choice_none: bool = True  # False: the provider rejects tool_choice "none" → omit tools
    replay_reasoning: bool = True
    replay_output_text: bool = True  # False: replayed assistant messages become plain text content
    openai_image_formula: bool = False
    models_path: str | None = "/models"  # None: no model list under the base URL


def _image_part(image: Any) -> JSON:
    return {"type": "input_image", "image_url": data_url(image)}


class ResponsesWire(WireBase):
    def __init__(self, profile: ResponsesProfile) -> None:
        self.profile = profile
        self.name = profile.name
        self.default_base_url = profile.default_base_url
        self.webp = profile.webp
        self.models_path = profile.models_path
        self.entries = EntryCache()  # each message encoded once (wires.encoding)

    def path(self, model: str, stream: bool) -> str:
        return "/responses"

    # ---- encode -----------------------------------------------------------------------------

    def encode(self, request: ChatRequest) -> JSON:
        items = self.entries.entries(request.messages, self._item).entries
        body: JSON = {"model": request.model}
        if request.system:
            body["instructions"] = request.system
        body["input"] = items
        offer_tools = bool(request.tools) and (request.tool_choice == "auto" or self.profile.tool_choice_none)
        if offer_tools:
            body["tools"] = [
                {
                    "type": "function",
                    "name": t.name,
                    "description": t.description,
                    "parameters": t.input_schema,
                }
                for t in request.tools
            ]
            if request.tool_choice == "none":
                body["tool_choice"] = "none"
        if request.max_tokens:
            body["max_output_tokens"] = request.max_tokens
        body["store"] = False
        if self.profile.include_encrypted_reasoning:
            body["include"] = ["reasoning.encrypted_content"]
        return body

    def _item(self, item: Item, known: set[str]) -> tuple[list[JSON], tuple[str, ...]]:
        if isinstance(item, list):
            return [self._output(m) for m in item], ()
        if item.role is Role.ASSISTANT:
            return self._assistant(item), ()
        if item.role is Role.USER:
            return [{"type": "message", "role": "user", "content": self._user(item)}], ()
        if item.role is Role.SYSTEM:
            return [{"type": "message", "role": "system", "content": item.text}], ()
        raise AssertionError(item.role)  # pragma: no cover

    @staticmethod
    def _user(message: ChatMessage) -> str | list[JSON]:
        return text_and_images(message, "input_text", _image_part)

    def _assistant(self, message: ChatMessage) -> list[JSON]:
        state = (message.provider_state or {}).get(self.name)
        if isinstance(state, dict) and isinstance(state.get("items"), list):
            return [r for r in (self._replay(i) for i in state["items"]) if r is not None]
        out: list[JSON] = []
        if message.text:
            out.append({"type": "message", "role": "assistant", "content": message.text})
        out += [
            {"type": "function_call", "call_id": c.id, "name": c.name, "arguments": dumps(c.arguments)}
            for c in message.tool_calls
        ]
        return out

    def _replay(self, item: JSON) -> JSON | None:
        kind = item.get("type")
        if kind == "reasoning":
            if not self.profile.replay_reasoning or not item.get("encrypted_content"):
                return None
            return item  # shared: replay items are never mutated
        out = dict(item)  # a shallow copy without the server-side id (the values are shared)
        out.pop("id", None)
        if kind == "message" and not self.profile.replay_output_text:
            # Perplexity rejects replayed output_text parts: send the text as plain content
            text = "".join(p.get("text", "") for p in item.get("content") or [] if isinstance(p, dict))
            return {"type": "message", "role": "assistant", "content": text}
        return out

    @staticmethod
    def _output(message: ChatMessage) -> JSON:
        output = text_and_images(message, "input_text", _image_part)
        return {"type": "function_call_output", "call_id": message.tool_call_id, "output": output}

    # ---- decode -----------------------------------------------------------------------------

    @shape_guard
    def decode(self, body: JSON) -> ChatResponse:
        output = body.get("output")
        if not isinstance(output, list):
            raise ProviderProtocolError(f"{self.name}: response has no output array")
        texts: list[str] = []
        calls: list[ToolCall] = []
        refused = False
        for item in output:
            kind = item.get("type")
            if kind == "message":
                for part in item.get("content") or []:
                    if part.get("type") == "output_text":
                        texts.append(part.get("text", ""))
                    elif part.get("type") == "refusal":
                        refused = True
            elif kind == "function_call":
                calls.append(ToolCall(item["call_id"], item["name"], parse_arguments(item.get("arguments"))))
        status = body.get("status")
        reason = (body.get("incomplete_details") or {}).get("reason")
        if refused or reason == "content_filter":
            stop = "refusal"
        elif calls:
            stop = "tool_use"
        elif status == "incomplete" and reason == "max_output_tokens":
            stop = "max_tokens"
        elif status in ("completed", None):
            stop = "end_turn"
        else:
            stop = "other"
        usage = body.get("usage") or {}
        details = usage.get("input_tokens_details") or {}
        cached = int(details.get("cached_tokens") or 0)
        written = int(details.get("cache_write_tokens") or 0)
        message = ChatMessage(
            Role.ASSISTANT,
            text="".join(texts),
            tool_calls=calls,
            provider_state={self.name: {"items": output}},
        )
        return ChatResponse(
            message,
            Usage(
                input=int(usage.get("input_tokens") or 0) - cached - written,
                output=int(usage.get("output_tokens") or 0),
                cache_read=cached,
                cache_write=written,
            ),
            stop,
        )

    def stream_decoder(self) -> ResponsesStream:
        return ResponsesStream(self)

    def image_tokens(self, width: int, height: int, model: str) -> int:
        if self.profile.openai_image_formula:
            return openai_tokens(width, height, model)
        return conservative_tokens(width, height, model)


class ResponsesStream:
    """Typed events; the final ``response.completed``/``response.incomplete`` carries the whole
    response. Items from ``response.output_item.done`` (complete ``encrypted_content``, unlike
    ``.added``) stand in when the final event's ``output`` is empty."""

    def __init__(self, wire: ResponsesWire) -> None:
        self._wire = wire
        self._items: dict[int, JSON] = {}
        self._final: JSON | None = None

    @shape_guard
    def feed(self, event: str | None, data: str) -> str:
        ev = event_json(data)
        kind = ev.get("type", event)
        if kind == "response.output_text.delta":
            return str(ev.get("delta", ""))
        if kind == "response.output_item.done":
            self._items[int(ev.get("output_index", len(self._items)))] = ev["item"]
        elif kind in ("response.completed", "response.incomplete"):
            self._final = dict(ev.get("response") or {})
        elif kind == "response.failed":
            err = (ev.get("response") or {}).get("error") or {}
            code = str(err.get("code") or "server_error")
            raise stream_error(
                _STREAM_ERROR_STATUS.get(code, 500), ErrorInfo(code, str(err.get("message", "")))
            )
        elif kind == "error":
            code = str(ev.get("code") or "server_error")
            raise stream_error(
                _STREAM_ERROR_STATUS.get(code, 500), ErrorInfo(code, str(ev.get("message", "")))
            )
        return ""

    @shape_guard
    def result(self) -> ChatResponse:
        if self._final is None:
            raise stream_cut(self._wire.name)
        body = self._final
        if not body.get("output") and self._items:
            body = {**body, "output": [self._items[i] for i in sorted(self._items)]}
        return self._wire.decode(body)


OPENAI = ResponsesWire(
    ResponsesProfile("openai-responses", "https://api.openai.com/v1", openai_image_formula=True)
)
XAI = ResponsesWire(ResponsesProfile("xai-responses", "https://api.x.ai/v1", webp="refused"))
META = ResponsesWire(ResponsesProfile("meta-responses", "https://api.meta.ai/v1", tool_choice_none=False))
PERPLEXITY = ResponsesWire(
    ResponsesProfile(
        "perplexity-responses",
        "https://api.perplexity.ai/v1",
        include_encrypted_reasoning=False,
        tool_choice_none=False,
        replay_reasoning=False,
        replay_output_text=False,
        models_path=None,  # its list is at /router/v1/models, outside the base URL
    )
)
