"""Gemini native API (``models/{model}:generateContent`` / ``:streamGenerateContent?alt=sse``).

* Tool-result images are native (S70-10): ``functionResponse.parts`` with ``inlineData``; a result
  without images has no ``parts`` key at all. ``response`` is always an object
  (``{"output": text}``).
* Consecutive tool messages become one ``user`` content of ``functionResponse`` parts, in call
  order (interleaving calls and responses is a 400).
* Reasoning replay: the model ``content.parts`` are kept verbatim in
  ``provider_state["gemini"]["parts"]`` — including ``thoughtSignature`` beside ``functionCall``
  and empty-text parts that only carry a signature — and echoed unchanged (Gemini 3 answers 400
  "Function call is missing a thought_signature" otherwise).
* Tools use ``parametersJsonSchema`` (full JSON Schema; ``parameters`` is an OpenAPI subset that
  rejects keys such as ``additionalProperties`` common in MCP schemas).
* ``tool_choice="none"`` → ``toolConfig.functionCallingConfig.mode = "NONE"``.
* Usage: ``promptTokenCount`` includes cached tokens; thoughts count as output.
"""

from __future__ import annotations

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
from wires.image_tokens import gemini_tokens

_REFUSALS = {"SAFETY", "RECITATION", "PROHIBITED_CONTENT", "BLOCKLIST", "SPII", "IMAGE_SAFETY"}
_STATUS_OF = {"INVALID_ARGUMENT": 400, "RESOURCE_EXHAUSTED": 429, "UNAVAILABLE": 503, "INTERNAL": 500}


def _inline(image: Any) -> JSON:
    return {"inlineData": {"mimeType": image.media_type, "data": b64(image)}}


def _duration_s(value: Any) -> float | None:
    """``"56s"`` / ``"1.5s"`` (google.protobuf.Duration in JSON) → seconds."""
    if isinstance(value, str) and value.endswith("s"):
        try:
            return float(value[:-1])
        except ValueError:
            return None
    return None


class GeminiWire(WireBase):
    name = "gemini"
    default_base_url = "https://generativelanguage.googleapis.com/v1beta"

    def __init__(self) -> None:
        self.entries = EntryCache()  # each message encoded once (wires.encoding)

    def path(self, model: str, stream: bool) -> str:
        if stream:
            return f"/models/{model}:streamGenerateContent?alt=sse"
        return f"/models/{model}:generateContent"

    def headers(self, key: str | None) -> dict[str, str]:
        return {"x-goog-api-key": key} if key else {}

    def stream_body(self, body: JSON) -> JSON:
        return body  # streaming is chosen by the path

    models_path: str | None = "/models?pageSize=1000"  # at most 1000 a page (one page is plenty)

    def parse_models(self, body: JSON) -> list[str]:
        """``{"models": [{"name": "models/…", "supportedGenerationMethods": […]}]}``: the models
        that answer ``generateContent``, without the ``models/`` prefix."""
        models = body.get("models")
        if not isinstance(models, list):
            raise ProviderProtocolError(f"{self.name}: the model list has no models array")
        return sorted(
            str(m["name"]).removeprefix("models/")
            for m in models
            if isinstance(m, dict)
            and m.get("name")
            and "generateContent" in (m.get("supportedGenerationMethods") or ["generateContent"])
        )

    def parse_error(self, status: int, text: str) -> ErrorInfo:
        body = loads_or_none(text)
        if isinstance(body, list) and body:  # streamed errors may arrive wrapped in a list
            body = body[0]
        err = body.get("error") if isinstance(body, dict) else None
        if not isinstance(err, dict):
            return ErrorInfo(None, text[:500])
        hint = None
        for detail in err.get("details") or []:
            if isinstance(detail, dict) and str(detail.get("@type", "")).endswith("google.rpc.RetryInfo"):
                hint = _duration_s(detail.get("retryDelay"))
        return ErrorInfo(err.get("status"), str(err.get("message") or ""), hint)

    # ---- encode -----------------------------------------------------------------------------

    def encode(self, request: ChatRequest) -> JSON:
        contents = self.entries.entries(request.messages, self._item).entries
        body: JSON = {"contents": contents}
        if request.system:
            body["systemInstruction"] = {"parts": [{"text": request.system}]}
        if request.tools:
            body["tools"] = [
                {
                    "functionDeclarations": [
                        {"name": t.name, "description": t.description, "parametersJsonSchema": t.input_schema}
                        for t in request.tools
                    ]
                }
            ]
            if request.tool_choice == "none":
                body["toolConfig"] = {"functionCallingConfig": {"mode": "NONE"}}
        if request.max_tokens:
            body["generationConfig"] = {"maxOutputTokens": request.max_tokens}
        return body

    def _item(self, item: Item, known_ids: set[str]) -> tuple[list[JSON], tuple[str, ...]]:
        if isinstance(item, list):
            return [{"role": "user", "parts": [self._response(m, known_ids) for m in item]}], ()
        if item.role is Role.ASSISTANT:
            parts = self._model_parts(item)
            made = tuple(
                p["functionCall"]["id"] for p in parts if "functionCall" in p and "id" in p["functionCall"]
            )
            return [{"role": "model", "parts": parts}], made
        if item.role in (Role.USER, Role.SYSTEM):
            parts = [_inline(img) for img in item.attachments]
            if item.text or not parts:
                parts.append({"text": item.text})
            return [{"role": "user", "parts": parts}], ()
        raise AssertionError(item.role)  # pragma: no cover

    @staticmethod
    def _model_parts(message: ChatMessage) -> list[JSON]:
        state = (message.provider_state or {}).get("gemini")
        if isinstance(state, dict) and isinstance(state.get("parts"), list):
            return state["parts"]  # shared: replayed parts are never mutated
        parts: list[JSON] = []
        if message.text:
            parts.append({"text": message.text})
        parts += [{"functionCall": {"name": c.name, "args": c.arguments}} for c in message.tool_calls]
        return parts or [{"text": ""}]

    @staticmethod
    def _response(message: ChatMessage, known_ids: set[str]) -> JSON:
        fr: JSON = {"name": message.tool_name or "", "response": {"output": message.text}}
        if message.tool_call_id in known_ids:
            fr["id"] = message.tool_call_id
        if message.attachments:
            fr["parts"] = [_inline(img) for img in message.attachments]
        return {"functionResponse": fr}

    # ---- decode -----------------------------------------------------------------------------

    @shape_guard
    def decode(self, body: JSON) -> ChatResponse:
        candidates = body.get("candidates")
        usage = _usage(body.get("usageMetadata") or {})
        if not isinstance(candidates, list) or not candidates:
            feedback = body.get("promptFeedback") or {}
            if feedback.get("blockReason"):
                return ChatResponse(ChatMessage(Role.ASSISTANT), usage, "refusal")
            raise ProviderProtocolError("gemini: response has no candidates")
        cand = candidates[0]
        parts = list((cand.get("content") or {}).get("parts") or [])
        texts: list[str] = []
        calls: list[ToolCall] = []
        for part in parts:
            if "functionCall" in part:
                fc = part["functionCall"]
                call_id = fc.get("id") or f"gemini_call_{len(calls) + 1}"
                calls.append(ToolCall(call_id, fc.get("name", ""), parse_arguments(fc.get("args"))))
            elif "text" in part and not part.get("thought"):
                texts.append(part["text"])
        finish = str(cand.get("finishReason") or "")
        if calls:
            stop = "tool_use"
        elif finish == "STOP":
            stop = "end_turn"
        elif finish == "MAX_TOKENS":
            stop = "max_tokens"
        elif finish in _REFUSALS:
            stop = "refusal"
        else:
            stop = "other"
        message = ChatMessage(
            Role.ASSISTANT,
            text="".join(texts),
            tool_calls=calls,
            provider_state={"gemini": {"parts": parts}},
        )
        return ChatResponse(message, usage, stop)

    def stream_decoder(self) -> GeminiStream:
        return GeminiStream(self)

    def image_tokens(self, width: int, height: int, model: str) -> int:
        return gemini_tokens(width, height, model)


def _usage(meta: JSON) -> Usage:
    cached = int(meta.get("cachedContentTokenCount") or 0)
    return Usage(
        input=int(meta.get("promptTokenCount") or 0) - cached,
        output=int(meta.get("candidatesTokenCount") or 0) + int(meta.get("thoughtsTokenCount") or 0),
        cache_read=cached,
    )


def _plain_text(part: JSON) -> bool:
    return set(part) == {"text"}


def _mergeable(part: JSON) -> bool:
    """A text part (maybe signed) that may extend the plain text before it."""
    return bool(part.get("text")) and set(part) <= {"text", "thoughtSignature"}


class GeminiStream:
    """Each frame is a ``GenerateContentResponse``; parts are appended, adjacent plain text
    merged; the last ``usageMetadata`` and ``finishReason`` win. A signature may arrive on an
    empty-text part, so every part is kept until ``finishReason``."""

    def __init__(self, wire: GeminiWire) -> None:
        self._wire = wire
        self._parts: list[JSON] = []
        self._finish: str | None = None
        self._usage: JSON = {}
        self._feedback: JSON | None = None

    @shape_guard
    def feed(self, event: str | None, data: str) -> str:
        chunk = event_json(data)
        if "error" in chunk:
            info = self._wire.parse_error(500, data)
            status = int((chunk["error"] or {}).get("code") or _STATUS_OF.get(str(info.code), 500))
            raise stream_error(status, info)
        if chunk.get("usageMetadata"):
            self._usage = chunk["usageMetadata"]
        if chunk.get("promptFeedback", {}).get("blockReason"):
            self._feedback = chunk["promptFeedback"]
            self._finish = "BLOCKED"
        out = ""
        for cand in chunk.get("candidates") or []:
            for part in (cand.get("content") or {}).get("parts") or []:
                if "text" in part and not part.get("thought"):
                    out += part["text"]
                if _mergeable(part) and self._parts and _plain_text(self._parts[-1]):
                    self._parts[-1] = {**part, "text": self._parts[-1]["text"] + part["text"]}
                else:
                    self._parts.append(dict(part))
            if cand.get("finishReason"):
                self._finish = cand["finishReason"]
        return out

    @shape_guard
    def result(self) -> ChatResponse:
        if self._finish is None:
            raise stream_cut(self._wire.name)
        if self._feedback is not None:
            return self._wire.decode({"promptFeedback": self._feedback, "usageMetadata": self._usage})
        body: JSON = {
            "candidates": [
                {"content": {"role": "model", "parts": self._parts}, "finishReason": self._finish}
            ],
            "usageMetadata": self._usage,
        }
        return self._wire.decode(body)


WIRE = GeminiWire()
