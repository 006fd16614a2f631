"""Known secrets out of what is stored or shown (issue 11, defect 13): texts, JSON, streamed text
split anywhere, provider errors."""

from __future__ import annotations

import pytest

from core.canonical import ChatMessage, ChatRequest, ChatResponse, Role, ToolCall, Usage
from core.llm import ProviderHTTPError, complete_redacted
from core.log import REDACTED, EventLog

SECRET = "k-split-me-9f8e7d6c"


def log_with_secret() -> EventLog:
    log = EventLog()
    log.register_secret(SECRET)
    return log


def test_redact_and_redact_json() -> None:
    log = log_with_secret()
    assert log.redact(f"key={SECRET}.") == f"key={REDACTED}."
    assert log.redact_json({"a": [SECRET, 1, None], SECRET: {"b": f"x{SECRET}"}}) == {
        "a": [REDACTED, 1, None],
        REDACTED: {"b": f"x{REDACTED}"},
    }
    assert log.redact("Bearer abcdefghijkl") == "Bearer abcdefghijkl"  # model text keeps its words
    assert log.redact("Bearer abcdefghijkl", key_shapes=True) == REDACTED


@pytest.mark.parametrize("size", [1, 2, 3, 5, 7, 40])
def test_a_secret_split_across_stream_deltas_never_shows(size: int) -> None:
    text = f"the key is {SECRET} and k-split again {SECRET[:5]} end"
    redactor = log_with_secret().stream_redactor()
    pieces = [redactor.feed(text[i : i + size]) for i in range(0, len(text), size)]
    shown = "".join(pieces) + redactor.flush()
    assert shown == text.replace(SECRET, REDACTED)
    assert all(SECRET not in p for p in pieces)


class _Echo:
    backend = "echo"
    model = "m"

    def __init__(self, fail: bool) -> None:
        self.fail = fail

    async def complete(self, request: ChatRequest, on_text: object = None) -> ChatResponse:
        if self.fail:
            raise ProviderHTTPError(401, f"bad key {SECRET}", body=f'{{"key": "{SECRET}"}}')
        assert callable(on_text)
        for piece in ("a", SECRET[:4], SECRET[4:], "b"):
            on_text(piece)
        calls = [ToolCall("c1", "t", {"k": SECRET})]
        message = ChatMessage(Role.ASSISTANT, f"x{SECRET}", tool_calls=calls, provider_state={"p": [SECRET]})
        return ChatResponse(message, Usage(), "tool_use")


@pytest.mark.asyncio
async def test_complete_redacted_cleans_answer_stream_and_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import core.log

    monkeypatch.setattr(core.log, "LOG", log_with_secret())
    request = ChatRequest("m", "", [ChatMessage(Role.USER, "hi")], [])
    deltas: list[str] = []
    response = await complete_redacted(_Echo(False), request, deltas.append)
    assert "".join(deltas) == f"a{REDACTED}b"
    assert SECRET not in repr(response)
    with pytest.raises(ProviderHTTPError) as info:
        await complete_redacted(_Echo(True), request)
    assert SECRET not in f"{info.value} {info.value.message} {info.value.body}"
