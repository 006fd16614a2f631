"""Logs of acceptance runs for the reader's tests, written by the app's own ``EventLog`` (the real
file format, timestamps included), with the lines each item's turn writes in a real run (as the P4
camera turn test reads them: ``round:``, ``tool:``, ``round:``, ``turn:``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from core.acceptance import WIRE_ITEMS
from core.log import EventLog

AGENT = "agent_9"
ROUND_1_INPUT = 1200  # the request and the tools; round 2 adds the tool result (and the frame)


class RunLog:
    """A ``fuseforks.log`` in ``folder`` (``configure`` writes the launch separator and version line)."""

    def __init__(self, folder: Path) -> None:
        self.log = EventLog()
        self.path = self.log.configure(folder)

    def close(self) -> None:
        self.log.close()

    def line(self, kind: str, tail: str | None = None, **fields: object) -> str:
        return self.log.event(kind, tail, **fields)

    def round(self, number: int, input_tokens: int, agent: str = AGENT) -> str:
        return self.line(
            "round", agent=agent, round=number, input=input_tokens, output=14, cache_read=0, cache_write=0
        )

    def tool(self, name: str = "nik__live_view_image", *, images: int | None = 1, ok: bool = True) -> str:
        fields: dict[str, object] = {"agent": AGENT, "round": 1, "name": name, "ok": ok, "ms": 41}
        fields["body_chars"] = 96
        if images is not None:
            fields["images"] = images
        return self.line("tool", **fields)

    def turn(self, backend: str, stop: str = "-", rounds: int = 2, agent: str = AGENT) -> str:
        return self.line(
            "turn",
            agent=agent,
            backend=backend,
            stop=stop,
            input=2 * ROUND_1_INPUT,
            output=28,
            cache_read=0,
            cache_write=0,
            rounds=f"{rounds}/12",
            model=model(backend),
        )

    def wire_turn(
        self,
        wire: str,
        *,
        growth: int = 5210,
        images: int | None = 1,
        stop: str = "-",
        between: Callable[[RunLog], object] | None = None,
    ) -> None:
        """A camera turn on ``wire``: the frame taken in round 1, read in round 2 (``growth`` tokens
        more); ``between`` writes lines after the tool line (a retry, a fallback)."""
        self.round(1, ROUND_1_INPUT)
        self.tool(images=images)
        if between is not None:
            between(self)
        self.round(2, ROUND_1_INPUT + growth)
        self.turn(wire, stop)

    def fallback_turn(self, wire: str = "perplexity-responses", outcome: str = "ok", stop: str = "-") -> None:
        """A provider that answers 400 to images: stripped, resent once (AC-4)."""

        def refused(log: RunLog) -> None:
            log.line(
                "llm retry stop",
                model=model(wire),
                attempt="1/2",
                status=400,
                **{"class": "client_error"},
                code="invalid_request_error",
                hint="-",
                src="-",
            )
            log.line("tool image fallback", agent=AGENT, model=model(wire), removed=1, outcome=outcome)

        self.wire_turn(wire, growth=40, stop=stop, between=refused)

    def control_turn(self, wire: str = "anthropic") -> None:
        """The negative control: a camera tool that returns no image (AC-5)."""
        self.round(1, ROUND_1_INPUT)
        self.tool("nik__camera_status", images=None)
        self.round(2, ROUND_1_INPUT + 30)
        self.turn(wire)

    def full_run(self) -> None:
        """Every item as the person's run does them: the seven wires, the fallback, the control."""
        for wire in WIRE_ITEMS:
            self.wire_turn(wire)
        self.fallback_turn()
        self.control_turn()


def model(wire: str) -> str:
    return f"{wire}-vision"
