"""Is a new camera event the same thing as a recent one? (issue 15, WA-23)

Models describe one bird on the feeder in many words ("A bird landed on the feeder", "Small bird
perched at the bird feeder"), so comparing the texts as strings says nothing. A notification is
held back when the new event's title and summary share most of their *content* with a recent event
of the same watch. No model call, no embedding: plain, cheap, predictable sets of features.

How the features are made (``features``):

* The text is NFKC-normalised and lower-cased (full-width letters and digits become ASCII).
* **Latin scripts** (and any other script written with spaces: Cyrillic, Greek, …): words of
  letters; a small list of function words ("the", "a", "is", "on", …, English, French, German,
  Spanish) is dropped, and each word is crudely stemmed by cutting one common English suffix
  ("-ing", "-ed", "-ly" when at least three letters remain; "-es" after s, x, z, ch, sh; else a
  plural "-s") and a doubled last letter: "landed", "lands" and "landing" all become "land",
  "sitting" "sit". Digits are dropped (a count or a time is not what an event *is*).
* **CJK** (kanji / hanzi, katakana, hangul): a run of those characters gives its character bigrams
  and trigrams; hiragana (Japanese particles and verb endings: に, が, ました) splits runs and is
  not kept, and neither are a few Chinese function characters and measure words (的, 了, 在, 是, 有, 一, 只, …). A run of one
  character keeps that character. "餌台に鳥が来ました" → {餌台, 鳥, 来}; "鳥が餌台にとまっている"
  → {鳥, 餌台}.

The score (``similarity``) is the Dice coefficient of the two feature sets, 2·|A∩B| / (|A|+|B|),
0 … 1. Two events are the same thing (``same_thing``) when it reaches ``SAME_AT`` (0.4): the
paraphrase pairs in tests/unit/core/test_watch_novelty.py (en, ja, zh) score 0.46 … 1.0, truly
different events of the same camera 0 … 0.29 (they share the place words: "feeder", "餌台").
An event with no features at all (an empty or all-digit text) is never "the same": the person
rather gets one notification too many than misses one.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Final

SAME_AT: Final = 0.4

_WORD = re.compile(r"[^\W\d_]+")
# kanji/hanzi (CJK unified + extension A + compatibility), katakana (with the prolonged sound
# mark), hangul syllables
_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u30a0-\u30ff\u31f0-\u31ff\uac00-\ud7af]+")
_CJK_ANY = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_ZH_FUNCTION = frozenset("的了在是有和与及也就都而着过吗呢吧啊这那一个只位条")  # and measure words
_STOP_WORDS = """
    a an the and or but of in on at to from by for with without into onto over under near
    is are was were be been being am has have had do does did it its this that these those there
    here now still just also very some any no not one two as than then so up down out off again
    le la les un une des du de et ou est sont dans sur au aux avec pour par
    der die das ein eine und oder ist sind im am auf mit von zu vor
    el los las una unos y o es en con por para del al
"""
_STOP = frozenset(_STOP_WORDS.split())
_SUFFIXES: Final = ("ing", "ed", "ly")
_SIBILANT_ES = re.compile(r"(?:s|x|z|ch|sh)es$")


def _stem(word: str) -> str:
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    else:
        if _SIBILANT_ES.search(word) and len(word) >= 5:  # "boxes", "watches" (not "times")
            word = word[:-2]
        elif word.endswith("s") and not word.endswith("ss") and len(word) >= 4:
            word = word[:-1]
    if len(word) >= 4 and word[-1] == word[-2]:  # "sitt" (sitting) → "sit", "stopp" → "stop"
        word = word[:-1]
    return word


def _cjk_grams(run: str) -> Iterable[str]:
    kept = "".join(ch for ch in run if ch not in _ZH_FUNCTION)
    if len(kept) == 1:
        yield kept
    for n in (2, 3):
        for i in range(len(kept) - n + 1):
            yield kept[i : i + n]


def features(text: str) -> frozenset[str]:
    """The content features of ``text`` (see the module docstring): stemmed words and CJK n-grams."""
    norm = unicodedata.normalize("NFKC", text).lower()
    out: set[str] = set()
    for run in _CJK_RUN.findall(norm):
        out.update(_cjk_grams(run))
    for word in _WORD.findall(norm):
        if _CJK_ANY.search(word):  # a CJK run (or hiragana) matched as a "word": done above
            continue
        if word not in _STOP and len(word) > 1:
            out.add(_stem(word))
    return frozenset(out)


def similarity(a: str, b: str) -> float:
    """The Dice coefficient of the two texts' features, 0 … 1 (0 when either has none)."""
    fa, fb = features(a), features(b)
    if not fa or not fb:
        return 0.0
    return 2 * len(fa & fb) / (len(fa) + len(fb))


def same_thing(a: str, b: str, *, threshold: float = SAME_AT) -> bool:
    """Whether two event texts (title and summary) describe the same thing."""
    return similarity(a, b) >= threshold


def event_text(title: str, summary: str) -> str:
    """What is compared of an event: its title and summary together."""
    return f"{title}\n{summary}"
