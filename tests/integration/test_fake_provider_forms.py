"""The fake provider servers accept every request form the real APIs accept (issue 12, defect 8).

Raw httpx requests in the exact forms the official SDKs and REST docs send: the Anthropic SDK's beta
client (``/v1/messages?beta=true``) and its ``auth_token`` (``Authorization: Bearer``); OpenAI's
Bearer; Azure OpenAI's ``api-key`` header with ``?api-version=``; Gemini's ``x-goog-api-key``
header and ``?key=`` query (google-genai, REST docs); Perplexity's ``/v1/agent``. Each form answers
200 with the provider's body; a wrong key in the same form answers 401; a wrong path 404.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.fakes.providers import FakeProvider, Scenario

KEY = "k-forms-1"
JSON = dict[str, Any]

ANTHROPIC_BODY = {
    "model": "claude-sonnet-4-5",
    "max_tokens": 64,
    "messages": [{"role": "user", "content": "hi"}],
}
CHAT_BODY = {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}
RESPONSES_BODY = {"model": "gpt-5", "input": [{"type": "message", "role": "user", "content": "hi"}]}
GEMINI_BODY = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}
ANTHROPIC_HEADERS = {"anthropic-version": "2023-06-01", "content-type": "application/json"}


def anthropic_text(body: JSON) -> str:
    assert (body["type"], body["role"]) == ("message", "assistant")
    return str(body["content"][0]["text"])


def chat_text(body: JSON) -> str:
    assert body["object"] == "chat.completion"
    return str(body["choices"][0]["message"]["content"])


def responses_text(body: JSON) -> str:
    assert (body["object"], body["status"]) == ("response", "completed")
    return str(body["output"][0]["content"][0]["text"])


def gemini_text(body: JSON) -> str:
    assert body["candidates"][0]["content"]["role"] == "model"
    return str(body["candidates"][0]["content"]["parts"][0]["text"])


@dataclass(frozen=True)
class Form:
    """One request form: ``{key}`` in the target or a header value is the key."""

    protocol: str
    target: str
    headers: dict[str, str]
    body: JSON
    text: Callable[[JSON], str]

    def request(self, port: int, key: str) -> httpx.Response:
        headers = {name: value.format(key=key) for name, value in self.headers.items()}
        url = f"http://127.0.0.1:{port}{self.target.format(key=key)}"
        return httpx.post(url, content=json.dumps(self.body), headers=headers, timeout=20.0)


FORMS = {
    "anthropic x-api-key": Form(
        "anthropic",
        "/v1/messages",
        {**ANTHROPIC_HEADERS, "X-Api-Key": "{key}"},
        ANTHROPIC_BODY,
        anthropic_text,
    ),
    "anthropic beta client ?beta=true": Form(
        "anthropic",
        "/v1/messages?beta=true",
        {**ANTHROPIC_HEADERS, "X-Api-Key": "{key}", "anthropic-beta": "interleaved-thinking-2025-05-14"},
        ANTHROPIC_BODY,
        anthropic_text,
    ),
    "anthropic auth_token Bearer": Form(
        "anthropic",
        "/v1/messages",
        {**ANTHROPIC_HEADERS, "Authorization": "Bearer {key}"},
        ANTHROPIC_BODY,
        anthropic_text,
    ),
    "openai Bearer": Form(
        "openai-compat", "/v1/chat/completions", {"Authorization": "Bearer {key}"}, CHAT_BODY, chat_text
    ),
    "gemini openai endpoint Bearer": Form(
        "openai-compat",
        "/v1beta/openai/chat/completions",
        {"Authorization": "Bearer {key}"},
        CHAT_BODY,
        chat_text,
    ),
    "azure deployment api-key ?api-version": Form(
        "openai-compat",
        "/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21",
        {"api-key": "{key}"},
        CHAT_BODY,
        chat_text,
    ),
    "azure v1 api-key": Form(
        "openai-compat", "/openai/v1/chat/completions", {"api-key": "{key}"}, CHAT_BODY, chat_text
    ),
    "azure deployment Entra Bearer": Form(
        "openai-compat",
        "/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21",
        {"Authorization": "Bearer {key}"},
        CHAT_BODY,
        chat_text,
    ),
    "responses Bearer": Form(
        "openai-responses", "/v1/responses", {"Authorization": "Bearer {key}"}, RESPONSES_BODY, responses_text
    ),
    "azure responses api-key ?api-version": Form(
        "openai-responses",
        "/openai/responses?api-version=2025-04-01-preview",
        {"api-key": "{key}"},
        RESPONSES_BODY,
        responses_text,
    ),
    "xai responses Bearer": Form(
        "xai-responses", "/v1/responses", {"Authorization": "Bearer {key}"}, RESPONSES_BODY, responses_text
    ),
    "perplexity /v1/agent": Form(
        "perplexity-responses", "/v1/agent", {"Authorization": "Bearer {key}"}, RESPONSES_BODY, responses_text
    ),
    "gemini x-goog-api-key": Form(
        "gemini",
        "/v1beta/models/gemini-2.5-flash:generateContent",
        {"x-goog-api-key": "{key}"},
        GEMINI_BODY,
        gemini_text,
    ),
    "gemini ?key=": Form(
        "gemini", "/v1beta/models/gemini-2.5-flash:generateContent?key={key}", {}, GEMINI_BODY, gemini_text
    ),
    "gemini v1 x-goog-api-key": Form(
        "gemini",
        "/v1/models/gemini-2.5-flash:generateContent",
        {"x-goog-api-key": "{key}"},
        GEMINI_BODY,
        gemini_text,
    ),
}


@pytest.mark.parametrize("name", FORMS)
def test_every_form_the_real_api_accepts_is_answered(name: str) -> None:
    form = FORMS[name]
    with FakeProvider(form.protocol, key=KEY, scenario=Scenario(say=f"said {name}")) as fake:
        response = form.request(fake.port, KEY)
        assert response.status_code == 200, response.text
        assert form.text(response.json()) == f"said {name}"
        assert fake.requests[-1].status == 200
        assert fake.requests[-1].path == form.target.format(key=KEY)


@pytest.mark.parametrize("name", FORMS)
def test_a_wrong_key_in_the_same_form_is_401(name: str) -> None:
    form = FORMS[name]
    with FakeProvider(form.protocol, key=KEY) as fake:
        response = form.request(fake.port, "k-wrong")
        assert response.status_code == 401
        assert "error" in response.json()


def test_the_azure_api_key_header_is_read_only_on_azure_paths() -> None:
    with FakeProvider("openai-compat", key=KEY) as fake:
        response = httpx.post(fake.url + "/chat/completions", json=CHAT_BODY, headers={"api-key": KEY})
        assert response.status_code == 401  # api.openai.com reads only Authorization


@pytest.mark.parametrize(
    ("protocol", "target"),
    [
        ("anthropic", "/v1/message?beta=true"),
        ("openai-compat", "/v1/chat/completion"),
        ("gemini", "/v1beta/models/gemini-2.5-flash:countTokens?key=k"),
        ("openai-responses", "/v1/agent"),
    ],
)
def test_a_path_the_real_api_does_not_serve_is_404(protocol: str, target: str) -> None:
    with FakeProvider(protocol) as fake:
        response = httpx.post(f"http://127.0.0.1:{fake.port}{target}", json={})
        assert response.status_code == 404
        assert response.json()["error"]["message"] == f"no route {target}"


def test_gemini_stream_with_alt_sse_and_query_key() -> None:
    with FakeProvider("gemini", key=KEY, scenario=Scenario(say="streamed")) as fake:
        target = f"/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse&key={KEY}"
        response = httpx.post(f"http://127.0.0.1:{fake.port}{target}", json=GEMINI_BODY, timeout=20.0)
        assert response.status_code == 200
        assert response.headers["content-type"] == "text/event-stream"
        chunks = [json.loads(line[6:]) for line in response.text.splitlines() if line.startswith("data: ")]
        assert (
            "".join(p["text"] for c in chunks for p in c["candidates"][0]["content"]["parts"]) == "streamed"
        )
