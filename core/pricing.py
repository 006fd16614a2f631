"""The text token estimator (S00-3): heuristic, cheap, and fair to CJK text.

Provider usage is authoritative; this only has to compare text with image costs and keep a result
within its budget. Costs are counted in quarter tokens per code point, by UTF-8 length:
ASCII (1 byte) 1/4 token, 2-byte scripts (Latin accents, Greek, Cyrillic, Arabic, Hebrew) 1/2,
3-byte (CJK ideographs, kana, hangul, most other BMP scripts) 1 token, 4-byte (emoji, rare CJK)
1 token. A byte-based estimate (bytes / 4) would charge a Chinese character 3/4 token, and a
character-based one (chars / 4) 1/4, both far below what tokenizers use for CJK.

Counting runs at C speed: ``bytes.translate`` maps each UTF-8 byte to its class and
``bytes.count`` tallies the classes, so pricing a 50 MB result costs a few passes over it.
"""

from __future__ import annotations

QUARTERS_PER_TOKEN = 4
_Q_BY_LEN = {1: 1, 2: 2, 3: 4, 4: 4}

# lead byte classes: a = 1-byte, b = 2-byte lead, c = 3-byte lead, d = 4-byte lead, x = continuation
_TABLE = bytes(
    ord("a")
    if b < 0x80
    else ord("x")
    if b < 0xC0
    else ord("b")
    if b < 0xE0
    else ord("c")
    if b < 0xF0
    else ord("d")
    for b in range(256)
)


def text_quarters(text: str) -> int:
    """The estimated cost of ``text`` in quarter tokens."""
    if text.isascii():
        return len(text)
    classes = text.encode("utf-8", errors="surrogatepass").translate(_TABLE)
    return classes.count(b"a") + 2 * classes.count(b"b") + 4 * (classes.count(b"c") + classes.count(b"d"))


def char_quarters(ch: str) -> int:
    o = ord(ch)
    return 1 if o < 0x80 else 2 if o < 0x800 else 4


def estimate_tokens(text: str) -> int:
    """Estimated tokens of ``text`` (rounded up)."""
    return -(-text_quarters(text) // QUARTERS_PER_TOKEN)


def prefix_within(text: str, quarters: int) -> int:
    """The length (in code points) of the longest prefix of ``text`` costing at most ``quarters``."""
    if quarters <= 0:
        return 0
    # every code point costs at least one quarter, so the prefix is at most `quarters` long
    window = text[:quarters]
    if window.isascii():
        return len(window)
    used = 0
    for i, ch in enumerate(window):
        used += char_quarters(ch)
        if used > quarters:
            return i
    return len(window)


def suffix_within(text: str, quarters: int) -> int:
    """The length (in code points) of the longest suffix of ``text`` costing at most ``quarters``."""
    if quarters <= 0:
        return 0
    window = text[-quarters:]
    if window.isascii():
        return len(window)
    used = 0
    for i, ch in enumerate(reversed(window)):
        used += char_quarters(ch)
        if used > quarters:
            return i
    return len(window)
