"""Novelty (WA-23): paraphrases of one event are the same thing in en, ja and zh; different events
of the same camera are not."""

from __future__ import annotations

import pytest

from core.watch.novelty import SAME_AT, event_text, features, same_thing, similarity

BIRD_EN = event_text("Bird at the feeder", "A small bird landed on the feeder.")
BIRD_JA = event_text("餌台に鳥", "餌台に小さな鳥が来ました。")
BIRD_ZH = event_text("喂食器上有鸟", "一只小鸟落在喂食器上。")

PARAPHRASES = [
    (BIRD_EN, event_text("Bird on feeder", "A little bird is perched on the bird feeder.")),
    (
        event_text("Person at the door", "Someone is standing at the front door."),
        event_text("Visitor at front door", "A person is standing in front of the door."),
    ),
    (
        event_text("Window light on", "The light in the window turned on."),
        event_text("Light turned on", "The window light is now on."),
    ),
    (BIRD_JA, event_text("鳥が餌台にいる", "小鳥が餌台にとまっている。")),
    (
        event_text("玄関に人", "玄関の前に人が立っています。"),
        event_text("玄関前の人物", "人が玄関に立っている。"),
    ),
    (BIRD_ZH, event_text("鸟在喂食器", "喂食器上有一只小鸟停着。")),
    (
        event_text("门口有人", "有人站在前门口。"),
        event_text("前门有访客", "一个人站在前门口。"),
    ),
]

DIFFERENT = [
    (BIRD_EN, event_text("Squirrel at the feeder", "A grey squirrel is climbing the feeder pole.")),
    (BIRD_EN, event_text("Kitchen light on", "The kitchen light was switched on.")),
    (
        event_text("Person at the door", "Someone is standing at the front door."),
        event_text("Parcel delivered", "A package was left on the doorstep."),
    ),
    (BIRD_JA, event_text("台所の電気", "台所の電気がつきました。")),
    (BIRD_JA, event_text("餌台にリス", "リスが餌台に登っています。")),
    (BIRD_ZH, event_text("厨房灯亮了", "厨房的灯打开了。")),
    (BIRD_ZH, event_text("松鼠在喂食器", "一只松鼠爬上了喂食器。")),
    (BIRD_EN, BIRD_JA),  # another language shares no words: told again rather than missed
]


@pytest.mark.parametrize(("a", "b"), PARAPHRASES)
def test_paraphrases_are_the_same_thing(a: str, b: str) -> None:
    assert same_thing(a, b) and same_thing(b, a)
    assert similarity(a, b) >= SAME_AT + 0.05  # not by a hair


@pytest.mark.parametrize(("a", "b"), DIFFERENT)
def test_different_events_are_not(a: str, b: str) -> None:
    assert not same_thing(a, b)
    assert similarity(a, b) <= SAME_AT - 0.1


def test_the_features() -> None:
    assert features("The birds landed, landing on the Feeder!") == {"bird", "land", "feeder"}
    assert features("Ｂｉｒｄ sitting 12 times") == {"bird", "sit", "time"}  # NFKC, digits dropped
    assert features("餌台に鳥が来ました") == {"餌台", "鳥", "来"}  # hiragana splits, single kanji kept
    assert features("一只小鸟") == {"小鸟"}  # 一 and 只 are function characters
    assert features("カメラの前") == {"カメ", "メラ", "カメラ", "前"}


def test_no_content_is_never_the_same() -> None:
    assert similarity("", "") == 0.0
    assert not same_thing("123", "123")
    assert not same_thing("the a on", "the a on")


def test_identical_texts_score_one() -> None:
    assert similarity(BIRD_EN, BIRD_EN) == 1.0
    assert similarity(BIRD_ZH, BIRD_ZH) == 1.0
