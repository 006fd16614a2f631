"""What a watch is (issue 15): its definition, its rhythm, its limits, its state and its events.

Plain values, no I/O. A watch belongs to one agent and lives in its own conversation; it is kept in
the store, not in the configuration (``core.store.watches``, WA-8): a watch is made at run time by
the person or by the agent, its state (paused, last run, the model's last frame) and its spending
change with every run and must be committed with the run's own records, and deleting one touches
its conversation and timeline, which are in the store too. The configuration stays the person's
declarative file.

A rhythm (WA-9) is one of:

* ``every``: a look every ``every_s`` seconds (at least ``MIN_EVERY_S``);
* ``times``: a look at each of the local times of day ``times`` ("07:30"), every day;
* ``continuous``: a frame every ``every_s`` seconds (at least ``MIN_FRAME_S``), each gated by
  change: only a changed frame reaches the model.

The change gate applies to every rhythm (a frame that did not change is never sent); the
sensitivity 100 lets every frame through.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Final, Literal

from core.watch.gate import DEFAULT_SENSITIVITY, Region

RhythmKind = Literal["every", "times", "continuous"]
RHYTHM_KINDS: Final = ("every", "times", "continuous")
MIN_EVERY_S: Final = 10.0
MIN_FRAME_S: Final = 0.2
DEFAULT_TOOL: Final = "live_view_image"
_TIME = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")

WatchStatus = Literal["running", "paused", "stopped"]
# why a watch is paused or stopped: the person, a budget, its end time, its template cannot read
# images and the village has no relay, its camera tool is gone, the store refused a write
PauseReason = Literal[
    "", "person", "budget_calls", "budget_tokens", "until", "no_vision", "no_tool", "store", "error"
]


class WatchInvalid(ValueError):
    """A watch definition that cannot run; ``field`` names the part (``rhythm``, ``times``, …)."""

    def __init__(self, field_name: str, detail: str) -> None:
        super().__init__(f"{field_name}: {detail}")
        self.field = field_name
        self.detail = detail


@dataclass(frozen=True)
class Rhythm:
    kind: RhythmKind = "every"
    every_s: float = 600.0  # "every": seconds between looks; "continuous": seconds between frames
    times: tuple[str, ...] = ()  # "times": local "HH:MM", sorted, unique

    def __post_init__(self) -> None:
        if self.kind not in RHYTHM_KINDS:
            raise WatchInvalid("rhythm", f"unknown kind {self.kind!r}")
        if not (isinstance(self.every_s, int | float) and math.isfinite(self.every_s)):
            raise WatchInvalid("every_s", f"not a number: {self.every_s!r}")
        least = MIN_FRAME_S if self.kind == "continuous" else MIN_EVERY_S
        if self.kind != "times" and self.every_s < least:
            raise WatchInvalid("every_s", f"{self.every_s} s is under the least {least} s")
        for t in self.times:
            if not _TIME.match(t):
                raise WatchInvalid("times", f"{t!r} is not a time of day HH:MM")
        if self.kind == "times" and not self.times:
            raise WatchInvalid("times", "no time of day given")
        object.__setattr__(self, "times", tuple(sorted(set(self.times))))

    def next_due(self, after: float, tz: dt.tzinfo | None = None) -> float:
        """The first look strictly after ``after`` (epoch seconds), in local time for ``times``
        (``tz``: the local zone when None)."""
        if self.kind != "times":
            return after + self.every_s
        zone = tz or dt.datetime.now().astimezone().tzinfo
        now = dt.datetime.fromtimestamp(after, zone)
        for days in range(3):
            day = (now + dt.timedelta(days=days)).date()
            for t in self.times:
                h, m = (int(x) for x in t.split(":"))
                at = dt.datetime(day.year, day.month, day.day, h, m, tzinfo=zone).timestamp()
                if at > after:
                    return at
        raise AssertionError("unreachable: a time of day comes within two days")


@dataclass(frozen=True)
class Limits:
    """A watch's budget (WA-10): model calls in any 60 minutes, tokens since local midnight."""

    calls_per_hour: int = 120
    tokens_per_day: int = 500_000

    def __post_init__(self) -> None:
        for name in ("calls_per_hour", "tokens_per_day"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise WatchInvalid(name, f"must be a whole number of at least 1, not {value!r}")


@dataclass(frozen=True)
class Watch:
    """One watch as the person (or the agent, confirmed by the person) defined it."""

    id: str
    agent_id: str
    instruction: str
    name: str = ""  # a short label; the instruction's start when empty
    tool: str = DEFAULT_TOOL  # the agent's tool: its full name, or a name a tool's ends with
    arguments: dict[str, Any] = field(default_factory=dict)
    rhythm: Rhythm = field(default_factory=Rhythm)
    sensitivity: float = DEFAULT_SENSITIVITY
    region: Region | None = None
    limits: Limits = field(default_factory=Limits)
    notify_at: int = 3  # importance (1 … 5) from which an event is notified
    cooldown_s: float = 300.0  # no second notification of this watch within this time
    until: float | None = None  # epoch seconds: the watch stops itself then
    keep_days: int = 30  # the timeline's events older than this go (0: kept)
    keep_mb: int = 0  # the timeline's keyframes over this size go, oldest first (0: no cap)
    compare_previous: bool = True  # a run is sent the model's previous keyframe too
    conversation_id: str = ""
    created: float = 0.0
    created_by: Literal["person", "agent"] = "person"

    def __post_init__(self) -> None:
        if not self.instruction.strip():
            raise WatchInvalid("instruction", "empty")
        if not self.tool.strip():
            raise WatchInvalid("tool", "empty")
        if not (isinstance(self.sensitivity, int | float) and 0 <= self.sensitivity <= 100):
            raise WatchInvalid("sensitivity", f"must be 0 … 100, not {self.sensitivity!r}")
        if not (isinstance(self.notify_at, int) and 1 <= self.notify_at <= 6):
            raise WatchInvalid("notify_at", f"must be 1 … 5 (6: never), not {self.notify_at!r}")
        if self.cooldown_s < 0 or self.keep_days < 0 or self.keep_mb < 0:
            raise WatchInvalid("limits", "cooldown, keep_days and keep_mb cannot be negative")

    @property
    def label(self) -> str:
        text = self.name.strip() or " ".join(self.instruction.split())
        return text if len(text) <= 40 else text[:39].rstrip() + "…"

    def to_json(self) -> dict[str, Any]:
        """The definition as stored (``core.store.watches``): plain JSON values."""
        out = asdict(self)
        out["rhythm"]["times"] = list(self.rhythm.times)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Watch:
        """Raises ``WatchInvalid`` (or ``ValueError`` from the region) on a bad definition."""
        d = dict(data)
        try:
            r = d.pop("rhythm", None) or {}
            rhythm = Rhythm(r.get("kind", "every"), float(r.get("every_s", 600.0)), tuple(r.get("times", ())))
            region = d.pop("region", None)
            limits = Limits(**(d.pop("limits", None) or {}))
            known = {f for f in cls.__dataclass_fields__}
            return cls(
                **{k: v for k, v in d.items() if k in known},
                rhythm=rhythm,
                region=None if region is None else Region(**region),
                limits=limits,
            )
        except TypeError as exc:
            raise WatchInvalid("definition", str(exc)) from exc

    def with_(self, **changes: Any) -> Watch:
        return replace(self, **changes)


@dataclass(frozen=True)
class WatchState:
    """What changes as a watch runs; stored beside its definition."""

    status: WatchStatus = "running"
    reason: PauseReason = ""
    last_frame: float = 0.0  # when the last frame was fetched (epoch)
    last_run: float = 0.0  # when the model last saw a frame
    last_score: float | None = None  # the last gated frame's change score
    keyframe: str = ""  # SHA-256 of the model's last frame (its blob)
    next_due: float = 0.0  # the next look (epoch; 0: now)


@dataclass(frozen=True)
class CameraEvent:
    """One reported event on the timeline (``report_event``), with its keyframe's blob."""

    id: int
    watch_id: str
    agent_id: str
    conversation_id: str
    turn_id: str
    call_id: str
    at: float  # epoch seconds
    title: str
    summary: str
    importance: int  # 1 … 5
    keyframe: str = ""  # SHA-256 of the frame the model saw when it reported (a blob), "" none
    keyframe_type: str = ""  # its media type
    notified: bool = False


@dataclass(frozen=True)
class Meter:
    """A watch's spending against its limits (WA-10): calls in the last 60 minutes, tokens since
    local midnight."""

    calls_hour: int
    calls_limit: int
    tokens_day: int
    tokens_limit: int

    @property
    def exhausted(self) -> PauseReason:
        if self.calls_hour >= self.calls_limit:
            return "budget_calls"
        if self.tokens_day >= self.tokens_limit:
            return "budget_tokens"
        return ""


@dataclass(frozen=True)
class WatchView:
    """A watch as the window lists it."""

    watch: Watch
    state: WatchState
    meter: Meter
    events: int = 0  # events on its timeline
    timeline_bytes: int = 0  # the disk its keyframes take (each once)
