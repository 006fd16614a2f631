"""The vocabulary of the declarations: the kinds of value, ``Setting`` and ``Section``.

A kind is data (its bounds, its options); ``core.config.reader`` checks a value against it and
``doc()`` is how it reads in ``docs/configuration.md``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Bool:
    def doc(self) -> str:
        return "bool"


@dataclass(frozen=True)
class Str:
    """A string; ``nonempty``: not blank; ``nullable``: ``null`` allowed."""

    nonempty: bool = True
    nullable: bool = False

    def doc(self) -> str:
        return ("str" if self.nonempty else "text") + (" or null" if self.nullable else "")


@dataclass(frozen=True)
class Int:
    lo: int = 1
    hi: int = 10**9
    nullable: bool = False

    def doc(self) -> str:
        return f"int {self.lo}..{self.hi}" + (" or null" if self.nullable else "")


@dataclass(frozen=True)
class Seconds:
    lo: float = 0.001
    hi: float = 86400.0

    def doc(self) -> str:
        return f"seconds {self.lo:g}..{self.hi:g}"


@dataclass(frozen=True)
class Choice:
    options: tuple[str, ...]

    def doc(self) -> str:
        return "one of " + ", ".join(f"`{o}`" for o in self.options)


@dataclass(frozen=True)
class Names:
    """A list of distinct names out of ``options``."""

    options: tuple[str, ...]

    def doc(self) -> str:
        return "list of " + ", ".join(f"`{o}`" for o in self.options)


@dataclass(frozen=True)
class StrList:
    def doc(self) -> str:
        return "list of str"


@dataclass(frozen=True)
class StrMap:
    def doc(self) -> str:
        return "object of str"


@dataclass(frozen=True)
class Special:
    """Read by its own code (named in ``shape``); ``kept``: accepted and written back as is."""

    shape: str
    kept: bool = False

    def doc(self) -> str:
        return self.shape


Kind = Bool | Str | Int | Seconds | Choice | Names | StrList | StrMap | Special


class Required:
    """The default of a setting that has none: the key must be present."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = Required()


@dataclass(frozen=True)
class Setting:
    key: str
    kind: Kind
    default: Any
    doc: str
    default_doc: str | None = None  # how the default reads in the docs, when not the value itself
    written: bool = True  # False: an alias, read but written back under another key

    def default_text(self) -> str:
        if self.default_doc is not None:
            return self.default_doc
        if self.default is REQUIRED:
            return "required"
        if self.default is None:
            return "`null`"
        if isinstance(self.default, bool):
            return "`true`" if self.default else "`false`"
        if isinstance(self.default, str):
            return f'`"{self.default}"`'
        if isinstance(self.default, tuple | list):
            return "`[" + ", ".join(f'"{x}"' for x in self.default) + "]`"
        if isinstance(self.default, float):
            return f"`{self.default:g}`"
        return f"`{self.default!r}`"


@dataclass(frozen=True)
class Section:
    """One JSON object of the configuration (``[]``: each entry of a list, ``{}``: of a map by name)."""

    path: str
    doc: str
    settings: tuple[Setting, ...]

    @property
    def keys(self) -> frozenset[str]:
        return frozenset(s.key for s in self.settings)

    @property
    def written(self) -> tuple[str, ...]:
        """The keys written back, in their order."""
        return tuple(s.key for s in self.settings if s.written and not _kept(s))

    def setting(self, key: str) -> Setting:
        for s in self.settings:
            if s.key == key:
                return s
        raise KeyError(key)

    def default(self, key: str) -> Any:
        """The default of ``key`` (a fresh copy for lists and objects)."""
        value = self.setting(key).default
        if isinstance(value, tuple):
            return list(value)
        return copy.deepcopy(value) if isinstance(value, list | dict) else value

    def kept(self) -> frozenset[str]:
        """Keys accepted without a warning and written back as they were."""
        return frozenset(s.key for s in self.settings if _kept(s))


def _kept(s: Setting) -> bool:
    return isinstance(s.kind, Special) and s.kind.kept
