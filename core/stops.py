"""How a turn ended: the one vocabulary of ``stop`` values.

``TurnOutcome.stop``, ``TurnFinished.stop``, the ``stop=`` field of the ``turn:`` log line and the
store's ``turns.stop`` column all use these values. ``Stop`` is a ``StrEnum``, so each member equals
(and prints as) its string: log lines and stored values read the same as plain strings.
"""

from __future__ import annotations

from enum import StrEnum


class Stop(StrEnum):
    NONE = "-"  # the model answered
    TOOL_LIMIT = "tool_limit"  # the tool-round limit ended the loop (one summary call followed)
    REPEAT = "repeat"  # the repeat guard ended the loop (S70-14; one summary call followed)
    INTERRUPTED = "interrupted"  # Stop (D-5)
    PAUSED = "paused"  # Pause (S02-5): resumable, its pending calls kept
    ERROR = "error"  # the provider failed (``TurnFailed`` is published instead of ``TurnFinished``)
