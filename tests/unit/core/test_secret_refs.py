"""core.secret_refs: the one ``${secret:NAME}`` pattern (D-4) and its expansion."""

from __future__ import annotations

import pytest

from core.log import LOG
from core.secret_refs import SECRET_REF, MissingSecret, expand


def test_the_pattern_names_the_secret() -> None:
    assert SECRET_REF.fullmatch("${secret:CAM_TOKEN}") is not None
    assert SECRET_REF.findall("Bearer ${secret:a.b-c_1} and ${secret:X}") == ["a.b-c_1", "X"]
    assert SECRET_REF.fullmatch("${secret:}") is None
    assert SECRET_REF.fullmatch("${secret:has space}") is None
    assert SECRET_REF.fullmatch("x ${secret:A}") is None  # fullmatch: a reference, nothing else


@pytest.mark.asyncio
async def test_expand_replaces_every_reference_and_registers_the_values() -> None:
    values = {"one": "e3b0c44298fc1c149afb", "two": "7d865e959b2466918c98"}
    asked: list[str] = []

    def resolve(name: str) -> str | None:
        asked.append(name)
        return values.get(name)

    out = await expand(
        {"Authorization": "Bearer ${secret:one}", "X-Pair": "${secret:one}:${secret:two}", "Plain": "p"},
        resolve,
    )
    assert out == {
        "Authorization": "Bearer e3b0c44298fc1c149afb",
        "X-Pair": "e3b0c44298fc1c149afb:7d865e959b2466918c98",
        "Plain": "p",
    }
    assert asked == ["one", "one", "two"]
    assert LOG.sanitize("got 7d865e959b2466918c98") == "got [redacted]"


@pytest.mark.asyncio
async def test_a_missing_secret_is_named_with_where_it_was_looked_for() -> None:
    with pytest.raises(MissingSecret) as caught:
        await expand({"a": "ok", "b": "${secret:NOPE}"}, lambda name: None)
    assert caught.value.name == "NOPE"
    assert str(caught.value) == "secret NOPE is not set (keyring user mcp:NOPE or environment variable NOPE)"
