"""The reader that walks the JSON and checks each value against its declared kind.

It collects every problem instead of stopping at the first; unknown keys become warnings and are
kept (``Reader.section`` returns them) so the writer can put them back.
"""

from __future__ import annotations

import json
from typing import Any, assert_never

from core.secret_refs import SECRET_REF

from .guard import digits, number_text, printable, sub
from .kinds import (
    REQUIRED,
    Bool,
    Choice,
    Int,
    Kind,
    Names,
    Seconds,
    Section,
    Special,
    Str,
    StrList,
    StrMap,
)
from .literal_secrets import KEY_LIKE, KEY_SHAPE

_DECLARED: Any = object()  # "the declared default" (``Reader.get`` without a default)
_FORBIDDEN_KEY_NAMES = {"api_key", "apikey", "apiKey", "api-key", "secret", "password", "token"}


def describe(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {json.dumps(value)}"
    if isinstance(value, int) and digits(value) > 40:
        return number_text(value)  # "a number of 5001 digits"
    if isinstance(value, int | float):
        return f"the number {number_text(value)}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the string {json.dumps(shown, ensure_ascii=False)}"
    if isinstance(value, list):
        return "a list"
    return "an object"


class Reader:
    """Walks the JSON collecting every problem instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[tuple[str, str]] = []
        self.warnings: list[str] = []

    def fail(self, path: str, msg: str) -> None:
        self.problems.append((printable(path), msg))

    def refuse_secret(self, path: str, msg: str) -> None:
        """A literal secret at ``path`` (once: ``check_no_keys`` may have found it already)."""
        if all(key != printable(path) for key, _ in self.problems):
            self.fail(path, msg)

    def obj(self, value: object, path: str, section: Section) -> tuple[dict[str, Any], dict[str, Any]]:
        """``(the object, its keys outside the declarations)``; each unknown key is a warning, the
        kept ones (``$schema``) are not."""
        if not isinstance(value, dict):
            self.fail(path, f"expected an object, got {describe(value)}")
            return {}, {}
        known, kept = section.keys, section.kept()
        extra: dict[str, Any] = {}
        for key in value:
            if key not in known:
                self.warnings.append(f"{printable(sub(path, key))}: unknown key (ignored)")
            if key not in known or key in kept:
                extra[key] = value[key]
        return value, extra

    def get(self, d: dict[str, Any], section: Section, key: str, path: str, default: Any = _DECLARED) -> Any:
        """``d[key]`` checked against the declaration of ``key``; ``default`` (else the declared
        one) when absent or wrong."""
        if default is _DECLARED:
            default = section.default(key)
        if default is REQUIRED:  # a required string present but wrong reads as "" (the problem is recorded)
            default = ""
        if key not in d:
            return default
        got = self.read(section.setting(key).kind, d[key], sub(path, key))
        return default if got is None else got

    def values(
        self,
        d: dict[str, Any],
        section: Section,
        path: str,
        given: dict[str, Any] | None = None,
        defaults: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Every written key of ``section`` by key, checked in declaration order; ``given``: values
        already read, ``defaults``: defaults that depend on other values."""
        given, defaults = given or {}, defaults or {}
        return {
            key: given[key] if key in given else self.get(d, section, key, path, defaults.get(key, _DECLARED))
            for key in section.written
        }

    def read(self, kind: Kind, v: object, path: str) -> Any:
        """``v`` if it is of ``kind``, else ``None`` with the problem recorded."""
        match kind:
            case Bool():
                if isinstance(v, bool):
                    return v
                return self._bad(path, "a JSON boolean (true or false)", v)
            case Str(nonempty=nonempty, nullable=nullable):
                if v is None and nullable:
                    return None
                if not isinstance(v, str):
                    return self._bad(path, "a string", v)
                if nonempty and not v.strip():
                    self.fail(path, "expected a non-empty string")
                    return None
                return v
            case Int(lo=lo, hi=hi, nullable=nullable):
                if v is None and nullable:
                    return None
                expected = f"a whole number from {lo} to {hi}"
                if isinstance(v, bool) or not isinstance(v, int):
                    return self._bad(path, expected, v)
                if not lo <= v <= hi:
                    self.fail(path, f"expected {expected}, got {number_text(v)}")
                    return None
                return v
            case Seconds(lo=lo, hi=hi):
                expected = f"a number of seconds from {lo} to {hi}"
                if isinstance(v, bool) or not isinstance(v, int | float):
                    return self._bad(path, expected, v)
                if not lo <= v <= hi:
                    self.fail(path, f"expected {expected}, got {number_text(v)}")
                    return None
                return float(v)
            case Choice(options=options):
                if isinstance(v, str) and v in options:
                    return v
                return self._bad(path, f"one of {', '.join(options)}", v)
            case Names(options=options):
                return self._names(v, path, options)
            case StrList():
                if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                    return self._bad(path, "a list of strings", v)
                return list(v)
            case StrMap():
                if not isinstance(v, dict) or not all(isinstance(x, str) for x in v.values()):
                    return self._bad(path, "an object of string values", v)
                return dict(v)
            case Special():
                return v
            case _:
                assert_never(kind)

    def _bad(self, path: str, expected: str, v: object) -> None:
        self.fail(path, f"expected {expected}, got {describe(v)}")

    def _names(self, v: object, path: str, options: tuple[str, ...]) -> list[str] | None:
        """A list of distinct names out of ``options`` (``[]`` is allowed)."""
        names = self.read(StrList(), v, path)
        if names is None:
            return None
        ok = True
        for i, name in enumerate(names):
            if name not in options:
                self.fail(f"{path}[{i}]", f"expected one of {', '.join(options)}, got {describe(name)}")
                ok = False
            elif name in names[:i]:
                self.fail(f"{path}[{i}]", f"duplicate built-in tool {name!r}")
                ok = False
        return names if ok else None

    def check_no_keys(self, value: object, path: str) -> None:
        """No API key may ever appear in the file, under any key."""
        if isinstance(value, dict):
            for k, v in value.items():
                key_path = sub(path, str(k))
                if k in _FORBIDDEN_KEY_NAMES and isinstance(v, str) and v and not SECRET_REF.fullmatch(v):
                    self.fail(
                        key_path,
                        "secrets do not belong in this file; store the key in the keyring "
                        'and reference it by name ("key": "NAME" or ${secret:NAME})',
                    )
                else:
                    self.check_no_keys(v, key_path)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                self.check_no_keys(v, f"{path}[{i}]")
        elif isinstance(value, str) and KEY_SHAPE.fullmatch(value.strip()):
            self.fail(path, KEY_LIKE)
