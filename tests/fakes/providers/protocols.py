"""Per-protocol request checks (as strict as the real APIs where it matters) and answers.

Each family validates what the provider validates for our use: media types, base64, tool-call /
tool-result pairing, images in ``role:"tool"`` (OpenAI), replayed reasoning state (Anthropic
thinking signatures, Gemini ``thoughtSignature``, Responses reasoning items) → 400 with the
provider's own error JSON. Answers are the providers' real JSON and SSE shapes.

Over 400 lines: seven protocols in four families, each a small class; they share the helpers for
base64 images, pairing checks and SSE framing, which is why they are in one module.
"""

from __future__ import annotations

import base64
import binascii
import itertools
import json
import re
from typing import Any

from tests.fakes.providers import caching, routes
from tests.fakes.providers.script import Reply

JSON = dict[str, Any]
Event = tuple[str | None, str]
_DATA_URL = re.compile(r"^data:(image/[a-z+.-]+);base64,(.*)$", re.S)


class Invalid(Exception):
    """The request breaks a provider rule: answer 400 with this message."""


def _check_b64(data: Any, where: str) -> None:
    if not isinstance(data, str) or not data:
        raise Invalid(f"{where}: image data must be a non-empty base64 string")
    try:
        base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise Invalid(f"{where}: invalid base64 image data") from exc


def _check_data_url(url: Any, allowed: frozenset[str], where: str) -> str:
    m = _DATA_URL.match(url) if isinstance(url, str) else None
    if not m:
        raise Invalid(f"{where}: image_url must be a base64 data URL")
    if m.group(1) not in allowed:
        raise Invalid(f"{where}: unsupported image media type {m.group(1)}")
    _check_b64(m.group(2), where)
    return m.group(1)


class Family:
    name = ""
    base_path = "/v1"

    def __init__(self, flavour: str) -> None:
        self.flavour = flavour
        self.ids = itertools.count(1)
        self.issued: dict[str, str] = {}  # tool call id → replay token the server issued with it

    # -- routing / auth
    def matches(self, target: str) -> bool:
        """``target`` is the request's path with any query (tests/fakes/providers/routes.py)."""
        return routes.route_matches(self.name, self.flavour, target)

    def authorized(self, target: str, headers: dict[str, str], key: str | None) -> bool:
        return routes.authorized(self.name, target, headers, key)

    def wants_stream(self, path: str, body: JSON) -> bool:
        return body.get("stream") is True

    # -- checks
    def validate(self, body: JSON, reject_webp: bool, reject_images: bool) -> None:
        raise NotImplementedError

    def after_tool_result(self, body: JSON) -> bool:
        raise NotImplementedError

    # -- answers
    def error_body(self, reply: Reply) -> JSON:
        return {
            "error": {
                "message": reply.error_message,
                "type": "invalid_request_error",
                "code": reply.error_code,
            }
        }

    def render(self, reply: Reply, model: str) -> JSON:
        raise NotImplementedError

    def events(self, reply: Reply, model: str) -> list[Event]:
        raise NotImplementedError

    def _image_rules(self, media: str, reject_webp: bool, reject_images: bool, where: str) -> None:
        if reject_images:
            raise Invalid(f"{where}: this model does not support image input")
        if reject_webp and media == "image/webp":
            raise Invalid(f"{where}: image/webp is not supported")


# ================================================================================ Anthropic


class Anthropic(Family):
    name = "anthropic"
    MEDIA = frozenset({"image/jpeg", "image/png", "image/gif", "image/webp"})

    def __init__(self, flavour: str) -> None:
        super().__init__(flavour)
        self._valid: tuple[tuple[bool, bool], list[JSON]] = ((False, False), [])

    def validate(self, body: JSON, reject_webp: bool, reject_images: bool) -> None:
        if not isinstance(body.get("max_tokens"), int):
            raise Invalid("max_tokens: Field required")
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages:
            raise Invalid("messages: Field required")
        if (marks := caching.breakpoint_error(body)) is not None:
            raise Invalid(marks)
        # the messages the last valid request shares with this one were checked then (a check
        # depends on the message and the one before it): a long history is not checked again
        flags, checked = self._valid
        done = caching.shared_messages(checked, messages) if flags == (reject_webp, reject_images) else 0
        self._check(messages, done, reject_webp, reject_images)
        self._valid = ((reject_webp, reject_images), list(messages))

    def _check(self, messages: list[JSON], done: int, reject_webp: bool, reject_images: bool) -> None:
        previous = messages[done - 1] if done else {}
        pending: set[str] = set()
        if previous.get("role") == "assistant" and isinstance(previous.get("content"), list):
            pending = {b["id"] for b in previous["content"] if b.get("type") == "tool_use"}
        for i in range(done, len(messages)):
            msg = messages[i]
            where = f"messages.{i}"
            content = msg.get("content")
            blocks = content if isinstance(content, list) else []
            if not isinstance(content, str | list):
                raise Invalid(f"{where}.content: Input should be a valid list or string")
            results = [b.get("tool_use_id") for b in blocks if b.get("type") == "tool_result"]
            if pending:
                if msg.get("role") != "user" or set(results) != pending:
                    raise Invalid(
                        f"{where}: `tool_use` ids were found without `tool_result` blocks immediately after"
                    )
                first_other = next(
                    (j for j, b in enumerate(blocks) if b.get("type") != "tool_result"), len(blocks)
                )
                if any(b.get("type") == "tool_result" for b in blocks[first_other:]):
                    raise Invalid(f"{where}: tool_result blocks must come first in the content")
            elif results:
                raise Invalid(f"{where}: unexpected `tool_use_id` found in `tool_result` blocks")
            pending = set()
            for j, block in enumerate(blocks):
                self._block(block, f"{where}.content.{j}", reject_webp, reject_images)
            if msg.get("role") == "assistant":
                uses = [b for b in blocks if b.get("type") == "tool_use"]
                pending = {b["id"] for b in uses}
                for use in uses:
                    signature = self.issued.get(use["id"])
                    thinking = [b for b in blocks if b.get("type") == "thinking"]
                    if signature and not any(b.get("signature") == signature for b in thinking):
                        raise Invalid(
                            f"{where}.content: thinking blocks must be passed back unmodified "
                            "(missing or modified signature)"
                        )

    def _block(self, block: JSON, where: str, reject_webp: bool, reject_images: bool) -> None:
        kind = block.get("type")
        if kind == "text":
            if not block.get("text"):
                raise Invalid(f"{where}: text content blocks must be non-empty")
        elif kind == "image":
            src = block.get("source") or {}
            if src.get("media_type") not in self.MEDIA:
                raise Invalid(
                    f"{where}.source.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'"
                )
            self._image_rules(src["media_type"], reject_webp, reject_images, where)
            _check_b64(src.get("data"), where)
        elif kind == "tool_result":
            inner = block.get("content", "")
            if isinstance(inner, list):
                for k, b in enumerate(inner):
                    if b.get("type") not in ("text", "image"):
                        raise Invalid(f"{where}.content.{k}: unsupported block in tool_result")
                    self._block(b, f"{where}.content.{k}", reject_webp, reject_images)
            elif not isinstance(inner, str):
                raise Invalid(f"{where}.content: Input should be a valid list or string")
        elif kind == "thinking":
            if not block.get("signature"):
                raise Invalid(f"{where}.signature: Field required")
        elif kind not in ("tool_use", "redacted_thinking"):
            raise Invalid(f"{where}.type: unknown block type {kind!r}")

    def after_tool_result(self, body: JSON) -> bool:
        last = (body.get("messages") or [{}])[-1]
        content = last.get("content")
        return isinstance(content, list) and any(b.get("type") == "tool_result" for b in content)

    def error_body(self, reply: Reply) -> JSON:
        kind = reply.error_code or {
            400: "invalid_request_error",
            401: "authentication_error",
            429: "rate_limit_error",
            529: "overloaded_error",
        }.get(reply.status, "api_error")
        return {
            "type": "error",
            "error": {"type": kind, "message": reply.error_message},
            "request_id": "req_fake",
        }

    def _content(self, reply: Reply) -> list[JSON]:
        blocks: list[JSON] = []
        signature = f"sig-{next(self.ids)}"
        if reply.tool_calls and reply.reasoning:
            blocks.append({"type": "thinking", "thinking": "Using the tool.", "signature": signature})
        if reply.text:
            blocks.append({"type": "text", "text": reply.text})
        for name, args in reply.tool_calls:
            call_id = f"toolu_{next(self.ids):04d}"
            if reply.reasoning:
                self.issued[call_id] = signature
            blocks.append({"type": "tool_use", "id": call_id, "name": name, "input": args})
        return blocks

    @staticmethod
    def _usage(reply: Reply) -> JSON:  # input_tokens excludes the cache reads and writes
        return {
            "input_tokens": reply.uncached,
            "cache_creation_input_tokens": reply.cache_write,
            "cache_read_input_tokens": reply.cache_read,
        }

    def render(self, reply: Reply, model: str) -> JSON:
        return {
            "id": f"msg_{next(self.ids)}",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": self._content(reply),
            "stop_reason": "tool_use" if reply.tool_calls else "end_turn",
            "stop_sequence": None,
            "usage": {**self._usage(reply), "output_tokens": reply.output_tokens},
        }

    def events(self, reply: Reply, model: str) -> list[Event]:
        full = self.render(reply, model)
        out: list[JSON] = [
            {
                "type": "message_start",
                "message": {
                    **full,
                    "content": [],
                    "stop_reason": None,
                    "usage": {**self._usage(reply), "output_tokens": 1},
                },
            }
        ]
        for i, block in enumerate(full["content"]):
            kind = block["type"]
            if kind == "text":
                out.append(
                    {"type": "content_block_start", "index": i, "content_block": {"type": "text", "text": ""}}
                )
                for piece in _pieces(block["text"]):
                    out.append(
                        {
                            "type": "content_block_delta",
                            "index": i,
                            "delta": {"type": "text_delta", "text": piece},
                        }
                    )
            elif kind == "thinking":
                out.append(
                    {
                        "type": "content_block_start",
                        "index": i,
                        "content_block": {"type": "thinking", "thinking": "", "signature": ""},
                    }
                )
                out.append(
                    {
                        "type": "content_block_delta",
                        "index": i,
                        "delta": {"type": "thinking_delta", "thinking": block["thinking"]},
                    }
                )
                out.append(
                    {
                        "type": "content_block_delta",
                        "index": i,
                        "delta": {"type": "signature_delta", "signature": block["signature"]},
                    }
                )
            else:
                out.append(
                    {"type": "content_block_start", "index": i, "content_block": {**block, "input": {}}}
                )
                raw = json.dumps(block["input"])
                for piece in _pieces(raw):
                    out.append(
                        {
                            "type": "content_block_delta",
                            "index": i,
                            "delta": {"type": "input_json_delta", "partial_json": piece},
                        }
                    )
            out.append({"type": "content_block_stop", "index": i})
        out.append({"type": "ping"})
        out.append(
            {
                "type": "message_delta",
                "delta": {"stop_reason": full["stop_reason"], "stop_sequence": None},
                "usage": {"output_tokens": reply.output_tokens},
            }
        )
        out.append({"type": "message_stop"})
        return [(e["type"], json.dumps(e)) for e in out]


def _pieces(text: str, size: int = 4) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


# ================================================================================ OpenAI chat


class OpenAIChat(Family):
    name = "openai-compat"
    MEDIA = frozenset({"image/jpeg", "image/png", "image/webp", "image/gif"})
    thought_signatures = False  # Gemini's OpenAI endpoint: extra_content.google.thought_signature

    def validate(self, body: JSON, reject_webp: bool, reject_images: bool) -> None:
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages:
            raise Invalid("'messages' is a required property")
        pending: list[str] = []
        for i, msg in enumerate(messages):
            where = f"messages[{i}]"
            role = msg.get("role")
            content = msg.get("content")
            if role == "tool":
                if msg.get("tool_call_id") not in pending:
                    raise Invalid(
                        f"Invalid parameter: {where} with role 'tool' must be a response to a preceding "
                        "message with 'tool_calls'."
                    )
                pending.remove(msg["tool_call_id"])
                if isinstance(content, list):
                    for part in content:
                        if part.get("type") != "text":
                            raise Invalid(
                                f"Invalid value: '{part.get('type')}'. Supported values are: 'text' "
                                f"({where}.content, role tool)"
                            )
                elif not isinstance(content, str):
                    raise Invalid(f"{where}.content must be a string or text parts")
                continue
            if pending:
                raise Invalid(
                    "An assistant message with 'tool_calls' must be followed by tool messages responding "
                    f"to each 'tool_call_id'. The following tool_call_ids did not have response "
                    f"messages: {', '.join(pending)}"
                )
            if isinstance(content, list):
                for j, part in enumerate(content):
                    if part.get("type") == "image_url":
                        url = (part.get("image_url") or {}).get("url")
                        media = _check_data_url(url, self.MEDIA, f"{where}.content[{j}]")
                        self._image_rules(media, reject_webp, reject_images, f"{where}.content[{j}]")
                    elif part.get("type") != "text":
                        raise Invalid(f"{where}.content[{j}]: unknown part type")
            if role == "assistant":
                for call in msg.get("tool_calls") or []:
                    pending.append(call["id"])
                    token = self.issued.get(call["id"])
                    sent = ((call.get("extra_content") or {}).get("google") or {}).get("thought_signature")
                    if token and sent != token:
                        raise Invalid("Function call is missing a thought_signature in functionCall parts.")
        if pending:
            raise Invalid(f"tool_call_ids did not have response messages: {', '.join(pending)}")

    def after_tool_result(self, body: JSON) -> bool:
        msgs = body.get("messages") or []
        return bool(msgs) and (
            msgs[-1].get("role") == "tool" or (len(msgs) > 1 and msgs[-2].get("role") == "tool")
        )

    def _calls(self, reply: Reply) -> list[JSON]:
        calls = []
        for name, args in reply.tool_calls:
            call: JSON = {
                "id": f"call_{next(self.ids):04d}",
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(args)},
            }
            if self.thought_signatures and reply.reasoning:
                token = f"c2lnLQ{next(self.ids)}"
                call["extra_content"] = {"google": {"thought_signature": token}}
                self.issued[call["id"]] = token
            calls.append(call)
        return calls

    def _usage(self, reply: Reply) -> JSON:
        return {
            "prompt_tokens": reply.uncached + reply.cache_read,  # includes the cached tokens
            "completion_tokens": reply.output_tokens,
            "total_tokens": reply.uncached + reply.cache_read + reply.output_tokens,
            "prompt_tokens_details": {"cached_tokens": reply.cache_read},
        }

    def render(self, reply: Reply, model: str) -> JSON:
        message: JSON = {"role": "assistant", "content": reply.text or None}
        if reply.tool_calls:
            message["tool_calls"] = self._calls(reply)
        return {
            "id": f"chatcmpl-{next(self.ids)}",
            "object": "chat.completion",
            "model": model,
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "finish_reason": "tool_calls" if reply.tool_calls else "stop",
                }
            ],
            "usage": self._usage(reply),
        }

    def events(self, reply: Reply, model: str) -> list[Event]:
        def chunk(delta: JSON, finish: str | None = None) -> str:
            return json.dumps(
                {
                    "id": "chatcmpl-s",
                    "object": "chat.completion.chunk",
                    "model": model,
                    "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
                    "usage": None,
                }
            )

        out = [chunk({"role": "assistant", "content": ""})]
        out += [chunk({"content": p}) for p in _pieces(reply.text)] if reply.text else []
        for index, call in enumerate(self._calls(reply)):
            head = {k: v for k, v in call.items() if k != "function"}
            out.append(
                chunk(
                    {
                        "tool_calls": [
                            {
                                "index": index,
                                **head,
                                "function": {"name": call["function"]["name"], "arguments": ""},
                            }
                        ]
                    }
                )
            )
            for piece in _pieces(call["function"]["arguments"]):
                out.append(chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]}))
        out.append(chunk({}, "tool_calls" if reply.tool_calls else "stop"))
        out.append(
            json.dumps(
                {
                    "id": "chatcmpl-s",
                    "object": "chat.completion.chunk",
                    "choices": [],
                    "usage": self._usage(reply),
                }
            )
        )
        out.append("[DONE]")
        return [(None, d) for d in out]


# ================================================================================ Gemini


def _responses_only(content: JSON) -> bool:
    parts = content.get("parts") or []
    return bool(parts) and all("functionResponse" in p for p in parts)


class Gemini(Family):
    name = "gemini"
    base_path = "/v1beta"
    MEDIA = frozenset({"image/png", "image/jpeg", "image/webp", "image/heic", "image/heif"})

    def wants_stream(self, path: str, body: JSON) -> bool:
        return ":streamGenerateContent" in path

    def validate(self, body: JSON, reject_webp: bool, reject_images: bool) -> None:
        contents = body.get("contents")
        if not isinstance(contents, list) or not contents:
            raise Invalid("* GenerateContentRequest.contents: contents is not specified")
        expected: list[str] = []
        # Gemini 3 checks the signatures of the current turn only (from the last user message that
        # is not function responses): an earlier turn's calls may come from another model
        turn = max(
            (i for i, c in enumerate(contents) if c.get("role") == "user" and not _responses_only(c)),
            default=0,
        )
        for i, content in enumerate(contents):
            where = f"contents[{i}]"
            parts = content.get("parts") or []
            if not parts:
                raise Invalid(f"* GenerateContentRequest.{where}.parts: contents.parts must not be empty.")
            responses = [p["functionResponse"] for p in parts if "functionResponse" in p]
            if expected:
                if content.get("role") != "user" or [r.get("name") for r in responses] != expected:
                    raise Invalid(
                        "Please ensure that the number of function response parts is equal to the number "
                        "of function call parts of the function call turn."
                    )
            elif responses:
                raise Invalid(
                    "Please ensure that function response turn comes immediately after a function call turn."
                )
            expected = []
            for j, part in enumerate(parts):
                if "inlineData" in part:
                    self._inline(part["inlineData"], f"{where}.parts[{j}]", reject_webp, reject_images)
                if "functionResponse" in part:
                    fr = part["functionResponse"]
                    if not isinstance(fr.get("response"), dict):
                        raise Invalid(f"* {where}.parts[{j}].function_response.response: must be an object")
                    for k, sub in enumerate(fr.get("parts") or []):
                        if "inlineData" not in sub:
                            raise Invalid(
                                f"{where}.parts[{j}].functionResponse.parts[{k}]: must contain inlineData"
                            )
                        self._inline(
                            sub["inlineData"],
                            f"{where}.parts[{j}].functionResponse.parts[{k}]",
                            reject_webp,
                            reject_images,
                        )
            if content.get("role") == "model":
                calls = [p for p in parts if "functionCall" in p]
                expected = [p["functionCall"].get("name") for p in calls]
                if calls and i > turn:
                    name = calls[0]["functionCall"].get("name", "")
                    sig = calls[0].get("thoughtSignature")
                    if any(k.startswith(name + "#") for k in self.issued) and sig not in self.issued.values():
                        raise Invalid(
                            f"Function call is missing a thought_signature in functionCall parts. This is "
                            f"required for tools to work correctly. Additional data, function call "
                            f"`default_api:{name}` , position {i + 1}."
                        )
        if expected:
            raise Invalid(
                "Please ensure that the number of function response parts is equal to the number of "
                "function call parts of the function call turn."
            )

    def _inline(self, blob: JSON, where: str, reject_webp: bool, reject_images: bool) -> None:
        if blob.get("mimeType") not in self.MEDIA:
            raise Invalid(f"{where}: Unsupported MIME type: {blob.get('mimeType')}")
        self._image_rules(blob["mimeType"], reject_webp, reject_images, where)
        _check_b64(blob.get("data"), where)

    def after_tool_result(self, body: JSON) -> bool:
        last = (body.get("contents") or [{}])[-1]
        return any("functionResponse" in p for p in last.get("parts") or [])

    def error_body(self, reply: Reply) -> JSON:
        status = {
            400: "INVALID_ARGUMENT",
            401: "UNAUTHENTICATED",
            403: "PERMISSION_DENIED",
            429: "RESOURCE_EXHAUSTED",
            500: "INTERNAL",
            503: "UNAVAILABLE",
        }.get(reply.status, "UNKNOWN")
        err: JSON = {
            "code": reply.status,
            "message": reply.error_message,
            "status": reply.error_code or status,
        }
        if reply.retry_delay:
            err["details"] = [
                {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": reply.retry_delay}
            ]
        return {"error": err}

    def _parts(self, reply: Reply) -> list[JSON]:
        parts: list[JSON] = []
        if reply.text:
            parts.append({"text": reply.text})
        for i, (name, args) in enumerate(reply.tool_calls):
            part: JSON = {"functionCall": {"name": name, "args": args}}
            if i == 0 and reply.reasoning:  # only the first call of a parallel batch is signed
                token = f"R2VtaW5pU2ln{next(self.ids)}"
                self.issued[f"{name}#{next(self.ids)}"] = token
                part["thoughtSignature"] = token
            parts.append(part)
        return parts

    def _usage(self, reply: Reply) -> JSON:
        return {
            "promptTokenCount": reply.uncached + reply.cache_read,  # includes the cached tokens
            "candidatesTokenCount": reply.output_tokens,
            "totalTokenCount": reply.uncached + reply.cache_read + reply.output_tokens,
            **({"cachedContentTokenCount": reply.cache_read} if reply.cache_read else {}),
        }

    def render(self, reply: Reply, model: str) -> JSON:
        return {
            "candidates": [
                {
                    "content": {"role": "model", "parts": self._parts(reply)},
                    "finishReason": "STOP",
                    "index": 0,
                }
            ],
            "usageMetadata": self._usage(reply),
            "modelVersion": model,
        }

    def events(self, reply: Reply, model: str) -> list[Event]:
        parts = self._parts(reply)
        out: list[JSON] = []
        text_parts = [p for p in parts if "text" in p]
        for p in text_parts:
            for piece in _pieces(p["text"], 6):
                out.append(
                    {
                        "candidates": [
                            {"content": {"role": "model", "parts": [{"text": piece}]}, "index": 0}
                        ],
                        "modelVersion": model,
                    }
                )
        calls = [p for p in parts if "text" not in p]
        final_parts = calls or [{"text": ""}]
        out.append(
            {
                "candidates": [
                    {"content": {"role": "model", "parts": final_parts}, "finishReason": "STOP", "index": 0}
                ],
                "usageMetadata": self._usage(reply),
                "modelVersion": model,
            }
        )
        return [(None, json.dumps(e)) for e in out]


# ================================================================================ Responses


class Responses(Family):
    name = "responses"
    MEDIA = frozenset({"image/png", "image/jpeg", "image/webp", "image/gif"})

    def validate(self, body: JSON, reject_webp: bool, reject_images: bool) -> None:
        items = body.get("input")
        if not isinstance(items, list):
            raise Invalid("Missing required parameter: 'input'.")
        media = frozenset({"image/jpeg", "image/png"}) if self.flavour == "xai" else self.MEDIA
        if self.flavour == "meta" and body.get("tool_choice", "auto") != "auto":
            raise Invalid("tool_choice: only 'auto' is supported")
        if self.flavour == "perplexity":
            for key in ("include", "tool_choice", "parallel_tool_calls"):
                if key in body:
                    raise Invalid(f"Unrecognized request argument supplied: {key}")
        calls: set[str] = set()
        reasoning_seen: set[str] = set()
        for i, item in enumerate(items):
            where = f"input[{i}]"
            kind = item.get("type")
            if self.flavour == "perplexity" and kind not in (
                "message",
                "function_call",
                "function_call_output",
            ):
                raise Invalid(f"{where}.type: unsupported item type {kind!r}")
            if kind == "message":
                self._parts(item.get("content"), where, media, reject_webp, reject_images)
            elif kind == "reasoning":
                if not item.get("encrypted_content"):
                    raise Invalid(
                        f"Item with id '{item.get('id')}' not found. Items are not persisted when `store` "
                        "is set to false."
                    )
                reasoning_seen.add(item["encrypted_content"])
            elif kind == "function_call":
                if "id" in item and body.get("store") is False:
                    raise Invalid(
                        f"Item with id '{item['id']}' not found. Items are not persisted when `store` is "
                        "set to false."
                    )
                token = self.issued.get(item.get("call_id", ""))
                if token and token not in reasoning_seen:
                    raise Invalid(
                        f"Item '{item.get('call_id')}' of type 'function_call' was provided without its "
                        "required 'reasoning' item."
                    )
                calls.add(item.get("call_id", ""))
            elif kind == "function_call_output":
                if item.get("call_id") not in calls:
                    raise Invalid(
                        f"No tool call found for function call output with call_id {item.get('call_id')}."
                    )
                out = item.get("output")
                if isinstance(out, list):
                    self._parts(out, f"{where}.output", media, reject_webp, reject_images, output=True)
                elif not isinstance(out, str):
                    raise Invalid(f"{where}.output: must be a string or an array")
            else:
                raise Invalid(f"{where}.type: unsupported item type {kind!r}")

    def _parts(
        self,
        content: Any,
        where: str,
        media: frozenset[str],
        reject_webp: bool,
        reject_images: bool,
        output: bool = False,
    ) -> None:
        if isinstance(content, str):
            return
        if not isinstance(content, list):
            raise Invalid(f"{where}.content: must be a string or an array")
        allowed = (
            {"input_text", "input_image"}
            if (output or self.flavour == "perplexity")
            else {"input_text", "input_image", "output_text", "refusal"}
        )
        for j, part in enumerate(content):
            if part.get("type") not in allowed:
                raise Invalid(f"{where}[{j}].type: invalid value {part.get('type')!r}")
            if part.get("type") == "input_image":
                m = _check_data_url(part.get("image_url"), media, f"{where}[{j}]")
                self._image_rules(m, reject_webp, reject_images, f"{where}[{j}]")

    def after_tool_result(self, body: JSON) -> bool:
        items = body.get("input") or [{}]
        return items[-1].get("type") == "function_call_output"

    def _output(self, reply: Reply) -> list[JSON]:
        out: list[JSON] = []
        token = f"ENC-{next(self.ids)}=="
        if reply.reasoning and reply.tool_calls and self.flavour != "perplexity":
            out.append(
                {"type": "reasoning", "id": f"rs_{next(self.ids)}", "summary": [], "encrypted_content": token}
            )
        if reply.text:
            out.append(
                {
                    "type": "message",
                    "id": f"msg_{next(self.ids)}",
                    "status": "completed",
                    "role": "assistant",
                    "content": [{"type": "output_text", "text": reply.text, "annotations": []}],
                }
            )
        for name, args in reply.tool_calls:
            # the flavour in the id: the four Responses fakes never issue one another's ids (a
            # conversation moved from one to another is not taken for the other's own calls)
            call_id = f"call_{self.flavour}_{next(self.ids):04d}"
            if out and out[0]["type"] == "reasoning":
                self.issued[call_id] = token
            out.append(
                {
                    "type": "function_call",
                    "id": f"fc_{next(self.ids)}",
                    "call_id": call_id,
                    "name": name,
                    "arguments": json.dumps(args),
                    "status": "completed",
                }
            )
        return out

    def render(self, reply: Reply, model: str) -> JSON:
        return {
            "id": f"resp_{next(self.ids)}",
            "object": "response",
            "status": "completed",
            "model": model,
            "output": self._output(reply),
            "usage": {
                "input_tokens": reply.uncached + reply.cache_read,  # includes the cached tokens
                "input_tokens_details": {"cached_tokens": reply.cache_read},
                "output_tokens": reply.output_tokens,
                "output_tokens_details": {"reasoning_tokens": 0},
                "total_tokens": reply.uncached + reply.cache_read + reply.output_tokens,
            },
        }

    def events(self, reply: Reply, model: str) -> list[Event]:
        full = self.render(reply, model)
        seq = itertools.count()
        out: list[JSON] = [
            {"type": "response.created", "response": {**full, "status": "in_progress", "output": []}}
        ]
        for index, item in enumerate(full["output"]):
            out.append({"type": "response.output_item.added", "output_index": index, "item": item})
            if item["type"] == "message":
                for piece in _pieces(item["content"][0]["text"]):
                    out.append(
                        {
                            "type": "response.output_text.delta",
                            "output_index": index,
                            "content_index": 0,
                            "delta": piece,
                        }
                    )
            if item["type"] == "function_call":
                out.append(
                    {
                        "type": "response.function_call_arguments.delta",
                        "output_index": index,
                        "delta": item["arguments"],
                    }
                )
            out.append({"type": "response.output_item.done", "output_index": index, "item": item})
        out.append({"type": "response.completed", "response": full})
        return [(e["type"], json.dumps({**e, "sequence_number": next(seq)})) for e in out]


FAMILIES: dict[str, tuple[type[Family], str]] = {
    "anthropic": (Anthropic, ""),
    "openai-compat": (OpenAIChat, ""),
    "gemini": (Gemini, ""),
    "openai-responses": (Responses, "openai"),
    "xai-responses": (Responses, "xai"),
    "meta-responses": (Responses, "meta"),
    "perplexity-responses": (Responses, "perplexity"),
}
