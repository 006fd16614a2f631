"""Per-request work that does not grow with the history (issue 14): the pairing check and the
context fit visit only the messages added since the last request (counted, never timed), and
give what the whole-history functions give."""

from __future__ import annotations

from dataclasses import replace

from core.canonical import ChatMessage, Role, ToolCall, ToolSpec
from core.context import Budget, ContextState, fit, split_turns
from core.request_check import PairCheck, pair_tool_messages

TOOLS = [ToolSpec("cam", "Take a picture.", {"type": "object", "properties": {}})]


def turn(n: int) -> list[ChatMessage]:
    cid = f"c{n}"
    return [
        ChatMessage(Role.USER, f"look {n}"),
        ChatMessage(Role.ASSISTANT, "", tool_calls=[ToolCall(cid, "cam", {"n": n})]),
        ChatMessage(Role.TOOL, f"frame {n} " * 20, tool_call_id=cid, tool_name="cam"),
        ChatMessage(Role.ASSISTANT, f"seen {n}"),
    ]


def test_the_pair_check_visits_only_the_new_messages() -> None:
    check = PairCheck()
    history = [m for n in range(200) for m in turn(n)]
    assert not check.check(history).repaired
    assert check.visited == 800
    history = [*history, *turn(200)]
    assert check.check(history).messages == history
    assert check.visited == 804  # the four new messages only
    history = [*history, ChatMessage(Role.TOOL, "stray", tool_call_id="nobody", tool_name="cam")]
    got, whole = check.check(history), pair_tool_messages(history)
    assert (got.messages, got.dropped, got.added) == (whole.messages, whole.dropped, whole.added)
    assert check.visited == 805


def test_a_list_that_is_no_extension_is_checked_whole() -> None:
    check = PairCheck()
    history = [m for n in range(10) for m in turn(n)]
    check.check(history)
    changed = [replace(history[0], text="other"), *history[1:]]
    assert not check.check(changed).repaired
    assert check.visited == 80
    open_end = history[:-2]  # a call left unanswered, then a new user message
    got, whole = check.check(open_end), pair_tool_messages(open_end)
    assert got.added == whole.added == ["c9"] and got.messages == whole.messages


def test_an_open_call_before_the_new_part_is_closed_as_before() -> None:
    check = PairCheck()
    history = [m for n in range(3) for m in turn(n)][:-2]  # ends with an open call
    first = check.check(history)
    assert first.added == ["c2"]
    more = [*history, ChatMessage(Role.USER, "next")]
    got, whole = check.check(more), pair_tool_messages(more)
    assert (got.messages, got.added) == (whole.messages, whole.added)
    assert check.visited == len(history) + 1


def test_the_fit_prices_only_the_new_turn() -> None:
    state = ContextState()
    budget = Budget(window=1_000_000, output=1024)
    history: list[ChatMessage] = []
    for n in range(300):
        current = turn(n)
        kwargs = dict(system="s", tools=TOOLS, budget=budget, language="en", state=state)
        fitted = fit(history, current, **kwargs)  # type: ignore[arg-type]
        assert fitted.messages == [*history, *current] and fitted.text == len(split_turns(history))
        history = [*history, *current]
    assert state.index.visited == 299 * 4  # every earlier message priced once, when it was new


def test_a_stepped_cut_keeps_the_noted_head_the_same_object() -> None:
    state = ContextState()
    budget = Budget(window=3_000, output=512)
    history: list[ChatMessage] = []
    heads = []
    for n in range(60):
        kwargs = dict(system="s", tools=TOOLS, budget=budget, language="en", state=state)
        fitted = fit(history, turn(n), **kwargs)  # type: ignore[arg-type]
        again = fit(history, turn(n), **kwargs)  # type: ignore[arg-type]
        if fitted.omitted and fitted.omitted == again.omitted:
            heads.append(again.messages[again.head] is fitted.messages[fitted.head])
        history = [*history, *turn(n)]
    assert heads and all(heads)
    assert state.index.visited < 60 * 4 + 4 * 4  # the last turn re-priced at most when it grew


def test_the_head_with_a_summary_stays_the_same_object_too() -> None:
    state = ContextState()
    budget = Budget(window=3_000, output=512)
    history = [m for n in range(60) for m in turn(n)]
    kwargs = dict(system="s", tools=TOOLS, budget=budget, language="en", state=state, summary_reserve=200)
    heads = []
    for _ in range(3):
        fitted = fit(history, turn(60), **kwargs).with_summary("Desks, lamps.", "en", state)  # type: ignore[arg-type]
        assert fitted.omitted and "Desks, lamps." in fitted.messages[fitted.head].text
        heads.append(fitted.messages[fitted.head])
    assert heads[0] is heads[1] is heads[2]
