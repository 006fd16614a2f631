"""Watching a camera (issue 15): the parts a watch is built from. Pure asyncio, no Qt."""

from core.watch.gate import (
    DEFAULT_SENSITIVITY,
    ChangeGate,
    GateError,
    GateResult,
    Region,
    Thumb,
    UndecodableFrame,
)

__all__ = [
    "DEFAULT_SENSITIVITY",
    "ChangeGate",
    "GateError",
    "GateResult",
    "Region",
    "Thumb",
    "UndecodableFrame",
]
