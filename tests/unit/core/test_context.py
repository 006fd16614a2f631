"""Fitting a request into the context budget (issue 14, core/context.py): never over the budget by
the wire's estimate, always valid (first message a user message, tool calls paired), trimmed in
steps so the prefix stays byte-stable, the omitted-turns note in the village language."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.canonical import ChatMessage, ImageData, Role, ToolCall, ToolSpec
from core.config import Template
from core.context import (
    Budget,
    ContextState,
    Fitted,
    fit,
    fixed_tokens,
    message_tokens,
    omitted_note,
    split_turns,
    squeezed_target,
    too_long,
)
from core.llm import UNKNOWN_WINDOW, context_window, image_pricing
from core.request_check import check_request_messages

ANTHROPIC_IMAGES = image_pricing(Template("t", "anthropic", "claude-sonnet-4-5"))
TOOLS = [ToolSpec("cam", "Take a picture with the camera.", {"type": "object", "properties": {}})]
SYSTEM = "You watch the camera."


def image(w: int = 640, h: int = 480) -> ImageData:
    return ImageData("image/jpeg", b"\xff\xd8jpeg", w, h)


def turn(
    n: int, *, text: str = "look", tools: int = 1, images: int = 0, reply: str = "seen"
) -> list[ChatMessage]:
    """One earlier or current turn: the request, ``tools`` rounds of a call and its result, the reply."""
    out = [ChatMessage(Role.USER, f"{text} {n}", attachments=[image() for _ in range(images)])]
    for r in range(tools):
        cid = f"c{n}-{r}"
        out.append(ChatMessage(Role.ASSISTANT, "", tool_calls=[ToolCall(cid, "cam", {"n": n, "r": r})]))
        out.append(ChatMessage(Role.TOOL, f"frame {n}.{r} " * 5, tool_call_id=cid, tool_name="cam"))
    out.append(ChatMessage(Role.ASSISTANT, f"{reply} {n}"))
    return out


def request_tokens(messages: Sequence[ChatMessage]) -> int:
    """The request's tokens by the wire's estimate: text estimator + the route's image calculator."""
    return fixed_tokens(SYSTEM, TOOLS) + sum(message_tokens(m, ANTHROPIC_IMAGES) for m in messages)


# --------------------------------------------------------------------------- the property

turn_shapes = st.tuples(
    st.sampled_from(["look", "見て", "看看", "a much longer request " * 20, "写真をください。" * 30]),
    st.integers(0, 3),  # tool rounds
    st.integers(0, 2),  # the person's own pictures (kept in the history)
    st.sampled_from(["seen", "ok " * 100, "見ました。" * 50]),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    shapes=st.lists(turn_shapes, min_size=0, max_size=40),
    current_images=st.integers(0, 6),
    window=st.integers(6_000, 60_000),
    output=st.sampled_from([512, 2048, 8192]),
    reserve=st.sampled_from([0, 600]),
    language=st.sampled_from(["ja", "en", "zh"]),
)
def test_the_request_never_exceeds_the_budget_and_stays_valid(
    shapes: list[tuple[str, int, int, str]],
    current_images: int,
    window: int,
    output: int,
    reserve: int,
    language: str,
) -> None:
    history = [
        m
        for n, (text, tools, imgs, reply) in enumerate(shapes)
        for m in turn(n, text=text, tools=tools, images=imgs, reply=reply)
    ]
    current = turn(999, tools=1)[:-1]  # the request, a call, its result with pictures (capped at 20)
    current[-1] = ChatMessage(
        Role.TOOL,
        "frame",
        tool_call_id=current[-1].tool_call_id,
        tool_name="cam",
        attachments=[image(1280, 960)] * current_images,
    )
    budget = Budget(window, output)
    state = ContextState()
    fitted = fit(
        history,
        current,
        system=SYSTEM,
        tools=TOOLS,
        budget=budget,
        language=language,
        state=state,
        image_tokens=ANTHROPIC_IMAGES,
        summary_reserve=reserve,
    )
    alone = request_tokens(current)
    if alone + 200 + reserve <= budget.input * 0.65:  # the current turn itself fits: the request must
        assert request_tokens(fitted.messages) <= budget.input
        assert fitted.tokens <= budget.input
        assert fitted.with_summary("まとめ " * 5000, language).tokens <= budget.input
        assert request_tokens(fitted.with_summary("まとめ " * 5000, language).messages) <= budget.input
    assert fitted.messages[0].role is Role.USER
    assert check_request_messages(fitted.messages)
    assert fitted.messages[-len(current) + 1 :] == current[1:]  # the current turn goes whole
    assert fitted.omitted + fitted.text + fitted.whole - 1 == len(split_turns(history))
    if fitted.omitted:
        assert omitted_note(fitted.omitted, language) in fitted.messages[0].text
    assert fitted.stable == len(fitted.messages) - len(current)
    assert all(m.role is not Role.TOOL or not m.attachments for m in fitted.messages[: fitted.stable])


# --------------------------------------------------------------------------- steps and stability


def grow(turns: int, budget: Budget) -> list[tuple[int, list[ChatMessage], int]]:
    """A session of ``turns`` turns through one state: (cut, request messages, stable) per turn."""
    state, history, out = ContextState(), [], []
    for n in range(turns):
        current = turn(n)[:1]
        f = fit(history, current, system=SYSTEM, tools=TOOLS, budget=budget, language="en", state=state)
        out.append((f.omitted, f.messages, f.stable))
        history.extend(turn(n))
    return out


def test_turns_leave_in_steps_and_the_prefix_stays_byte_stable_between_steps() -> None:
    budget = Budget(8_000, 1_000)
    session = grow(300, budget)
    cuts = [cut for cut, _, _ in session]
    assert cuts == sorted(cuts)  # a turn once left out stays out
    steps = sum(1 for a, b in itertools.pairwise(cuts) if b != a)
    assert 0 < steps <= len(cuts) // 10  # in steps: many turns in a row keep the same cut
    for (cut_a, msgs_a, stable_a), (cut_b, msgs_b, stable_b) in itertools.pairwise(session):
        if cut_a == cut_b and cut_a:
            assert stable_b > stable_a
            # the earlier request's stable prefix is byte-identical at the start of the next one
            enc = [json.dumps([m.role, m.text, m.tool_call_id]) for m in msgs_a[:stable_a]]
            assert enc == [json.dumps([m.role, m.text, m.tool_call_id]) for m in msgs_b[:stable_a]]


def fit_wide(
    history: list[ChatMessage], current: list[ChatMessage], state: ContextState, **kw: Any
) -> Fitted:
    """``fit`` with the test's system and tools, in English, into a 200 k window."""
    return fit(
        history,
        current,
        system=SYSTEM,
        tools=TOOLS,
        budget=Budget(200_000, 8192),
        language="en",
        state=state,
        **kw,
    )


def test_a_history_that_fits_goes_whole_with_its_prefix_stable() -> None:
    history = [m for n in range(3) for m in turn(n)]
    f = fit_wide(history, turn(3)[:1], ContextState())
    assert f.messages == [*history, turn(3)[0]]
    assert (f.omitted, f.text, f.whole, f.stable) == (0, 3, 1, len(history))


def test_a_forced_target_leaves_at_least_one_more_turn_and_says_when_none_is_left() -> None:
    history = [m for n in range(10) for m in turn(n)]
    state = ContextState()
    first = fit_wide(history, turn(10)[:1], state)
    assert first.omitted == 0
    target = squeezed_target(
        first,
        too_long(400, "invalid_request_error", "prompt is too long: 250000 tokens > 200000 maximum")
        or pytest.fail("not read as too long"),
    )
    assert target < first.tokens * 0.45
    second = fit_wide(history, turn(10)[:1], state, target=target)
    assert second.stepped and second.omitted > 0 and second.tokens <= target
    everything = fit_wide(history, turn(10)[:1], state, target=0)
    assert everything.omitted == 10 and everything.messages[0].text.startswith(omitted_note(10, "en"))
    again = fit_wide(history, turn(10)[:1], state, target=0)
    assert not again.stepped  # nothing left: the turn does not send the same request again


# --------------------------------------------------------------------------- the note


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en", "(12 earlier turns of this conversation were left out to fit the model's context)"),
        ("ja", "（モデルのコンテキストに収めるため、この会話の以前のターン 12 件を省きました）"),
        ("zh", "（为适应模型的上下文，本对话省略了之前的 12 个回合）"),
    ],
)
def test_the_omitted_turns_note_is_in_the_village_language(language: str, text: str) -> None:
    history = [m for n in range(40) for m in turn(n, text="a much longer request " * 20)]
    f = fit(
        history,
        turn(40)[:1],
        system=SYSTEM,
        tools=TOOLS,
        budget=Budget(4_000, 500),
        language=language,
        state=ContextState(),
    )
    assert f.omitted > 1
    expected = text.replace("12", str(f.omitted))
    assert f.messages[0].role is Role.USER
    first_kept = turn(f.omitted, text="a much longer request " * 20)[0].text
    assert f.messages[0].text == f"{expected}\n\n{first_kept}"
    assert omitted_note(1, language) != omitted_note(2, language)


# --------------------------------------------------------------------------- "prompt too long"


@pytest.mark.parametrize(
    ("status", "code", "message", "said", "limit"),
    [
        (400, "invalid_request_error", "prompt is too long: 208734 tokens > 200000 maximum", 208734, 200000),
        (
            400,
            "context_length_exceeded",
            "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens.",
            130512,
            128000,
        ),
        (400, "context_length_exceeded", "Your input exceeds the context window of this model.", None, None),
        (
            400,
            "INVALID_ARGUMENT",
            "The input token count (1205000) exceeds the maximum number of tokens allowed (1048576).",
            1205000,
            1048576,
        ),
    ],
)
def test_prompt_too_long_answers_are_read(
    status: int, code: str, message: str, said: int | None, limit: int | None
) -> None:
    answer = too_long(status, code, message)
    assert answer is not None and (answer.said, answer.limit) == (said, limit)


@pytest.mark.parametrize(
    ("status", "code", "message"),
    [
        (400, "invalid_request_error", "messages.1.content.0.image.source: invalid image"),
        (429, "rate_limit_error", "prompt is too long"),  # not a 400: a retry class, not a trim
        (500, None, "exceeds the maximum number of tokens"),
    ],
)
def test_other_errors_are_not_too_long(status: int, code: str | None, message: str) -> None:
    assert too_long(status, code, message) is None


# --------------------------------------------------------------------------- the profiles


@pytest.mark.parametrize(
    ("protocol", "model", "window"),
    [
        ("anthropic", "claude-sonnet-4-5", 200_000),
        ("openai-responses", "gpt-4o-mini", 128_000),
        ("openai-responses", "gpt-4.1", 1_047_576),
        ("openai-responses", "gpt-5-mini", 400_000),
        ("gemini", "models/gemini-2.5-flash", 1_048_576),
        ("xai-responses", "grok-4", 256_000),
        ("openai-compat", "llama3.1:8b", UNKNOWN_WINDOW),
        ("anthropic", "some-new-name", UNKNOWN_WINDOW),
    ],
)
def test_default_windows_per_protocol_and_model_family(protocol: str, model: str, window: int) -> None:
    assert context_window(protocol, model) == window


def test_the_budget_leaves_room_for_the_answer_and_a_margin() -> None:
    b = Budget(200_000, 8192)
    assert b.input == 200_000 - 8192 - 10_000
    assert Budget(4096, 100_000).input == 4096 - 4096 // 2 - 256  # the answer's room is at most half
