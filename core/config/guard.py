"""What any value of the file must be before it is read as settings (issue 11, defect 9).

A configuration is shallow text: UTF-8, nested at most ``MAX_DEPTH`` levels, numbers of at most
``MAX_DIGITS`` digits, finite, strings that are valid Unicode. ``decode`` turns the bytes of the file
into JSON and reports a file that breaks one of these with its line and column (before the JSON
decoder, which would raise ``UnicodeDecodeError``, ``RecursionError`` or ``ValueError``);
``value_problems`` checks decoded data (the Settings dialog's, a test's) and names the key path.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 64
MAX_DIGITS = 4300  # Python's own limit for int <-> str (sys.get_int_max_str_digits())
_DEEP = f"nested deeper than {MAX_DEPTH} levels"
_SURROGATE = re.compile(r"[\ud800-\udfff]")
# JSON tokens that matter here: a whole string (skipped), a bracket, an integer, a non-JSON constant
_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]|(?<![\w.+-])-?\d++(?![.eE])|NaN|-?Infinity')


class Refused(ValueError):
    """A value of the file that is not used: ``(key path, message)``; ``at`` is its ``(line,
    column)`` in the file when the bytes themselves are at fault (1-based)."""

    def __init__(self, problem: tuple[str, str], at: tuple[int, int] | None = None) -> None:
        super().__init__(problem[1])
        self.problem = problem
        self.at = at


def printable(text: str) -> str:
    """``text`` with every character that is not printable escaped (a key path stays one line)."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def sub(path: str, key: str) -> str:
    """The key path of ``key`` inside ``path`` (an empty key reads ``""``)."""
    key = key or '""'
    return f"{path}.{key}" if path else key


def digits(n: int) -> int:
    """How many decimal digits ``n`` has, without ``str(n)`` (refused beyond ``MAX_DIGITS``)."""
    n = abs(n)
    k = max(len(f"{n:x}") * 1233 >> 10, 1)  # about log10(16) per hex digit, never far off
    while k > 1 and n < 10 ** (k - 1):
        k -= 1
    while n >= 10**k:
        k += 1
    return k


def number_text(n: int | float) -> str:
    """How a number reads in a message (a huge one by its length)."""
    if isinstance(n, int) and digits(n) > 40:
        return f"a number of {digits(n)} digits"
    return json.dumps(n)


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


def _where(at: tuple[int, int]) -> str:
    return f"line {at[0]} column {at[1]}"


def _scan(text: str) -> tuple[str, tuple[int, int]] | None:
    """The first thing in ``text`` the JSON decoder must not see, with where it is."""
    depth = 0
    for m in _TOKEN.finditer(text):
        token = m.group()
        at = _position(text, m.start())
        if token[0] in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return f"{_DEEP} at {_where(at)}", at
        elif token[0] in "]}":
            depth -= 1
        elif token.endswith(("NaN", "Infinity")):
            return f"not valid JSON: {token} at {_where(at)}", at
        elif token[-1].isdigit() and len(token.lstrip("-")) > MAX_DIGITS:
            n = len(token.lstrip("-"))
            return (
                f"a number of {n} digits at {_where(at)}; numbers in this file have at most {MAX_DIGITS} digits",
                at,
            )
    return None


def _constant(name: str) -> Any:
    raise Refused(("", f"not valid JSON: {name}"))


def decode(raw: bytes) -> Any:
    """The JSON of the file's bytes; raises ``Refused`` (top level, with line and column)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise Refused(
            ("", f"not UTF-8 text: byte 0x{raw[exc.start]:02x} at line {line} column {column}"),
            (line, column),
        ) from exc
    found = _scan(text)
    if found:
        raise Refused(("", found[0]), found[1])
    try:
        return json.loads(text, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        at = (exc.lineno, exc.colno)
        raise Refused(("", f"not valid JSON: {exc.msg} at {_where(at)}"), at) from exc
    except (ValueError, RecursionError) as exc:  # what the scan missed: refused, never raised as is
        raise Refused(("", f"not valid JSON: {exc}")) from exc


def value_problems(data: object) -> list[tuple[str, str]]:
    """Every value of ``data`` that no file could hold, by key path (walked without recursion)."""
    out: list[tuple[str, str]] = []
    stack: list[tuple[object, str, int]] = [(data, "", 1)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                out.append((path, _DEEP))
                continue
            items = value.items() if isinstance(value, dict) else enumerate(value)
            children = []
            for key, child in items:
                if isinstance(value, list):
                    children.append((child, f"{path}[{key}]", depth + 1))
                    continue
                if not isinstance(key, str):
                    out.append((path, f"a key that is not text ({type(key).__name__})"))
                    continue
                where = sub(path, key)
                if _SURROGATE.search(key):
                    out.append((where, _unicode(key)))
                children.append((child, where, depth + 1))
            stack.extend(reversed(children))
        elif isinstance(value, str):
            if _SURROGATE.search(value):
                out.append((path, _unicode(value)))
        elif isinstance(value, bool) or value is None:
            pass
        elif isinstance(value, int):
            if digits(value) > MAX_DIGITS:
                out.append(
                    (path, f"{number_text(value)}; numbers in this file have at most {MAX_DIGITS} digits")
                )
        elif isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                out.append((path, f"not a finite number ({value})"))
        else:
            out.append((path, f"not a JSON value ({type(value).__name__})"))
    return out


def _unicode(text: str) -> str:
    m = _SURROGATE.search(text)
    assert m is not None
    return f"not valid Unicode text (a lone surrogate U+{ord(m.group()):04X})"
