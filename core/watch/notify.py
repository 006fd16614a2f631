"""Which reported events the person is told of on the desktop (issue 15, WA-25).

``Notifier.consider(watch, event)`` decides for one stored event, in this order:

1. ``already``: the event was notified before (a resumed turn that stored the same call's event
   again hands it back: never a second notification);
2. ``below_threshold``: its importance is under the watch's ``notify_at``;
3. ``cooldown``: the watch's last notified event (read from the store, so a restart keeps it) is
   less than ``cooldown_s`` before this one;
4. ``same``: it is the same thing as one of the watch's events notified within the last
   ``novelty_window_s`` (an hour): title and summary compared by ``core.watch.novelty``. Only
   *notified* events count: a thing first reported below the threshold and then again above it
   was never told, so it is told now.

Otherwise the event is marked notified in the store and a ``WatchNotification`` is returned for
the caller to publish. Each decision is one log line, ``watch: … action=notified …`` or
``watch: … action=notify_skipped … reason=…`` (``same_as=`` names the earlier event). Synchronous,
a few small reads: call it off the event loop with the runner's other store work.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol

from core.events import WatchNotification
from core.log import event
from core.store.blobs import StoreError
from core.watch.model import CameraEvent, Watch
from core.watch.novelty import SAME_AT, event_text, similarity

NOVELTY_WINDOW_S: Final = 3600.0
RECENT_LIMIT: Final = 200

SkipReason = Literal["", "already", "below_threshold", "cooldown", "same"]


class Timeline(Protocol):
    def camera_events(
        self, village_id: str, *, watch_id: str | None = None, since: float | None = None, limit: int = 200
    ) -> list[CameraEvent]: ...

    def mark_event_notified(self, event_id: int) -> None: ...


@dataclass(frozen=True)
class Decision:
    notification: WatchNotification | None
    reason: SkipReason = ""  # why not ("" when notified)
    same_as: int = 0  # the earlier notified event it repeats (reason "same")


class Notifier:
    def __init__(
        self,
        store: Timeline,
        village_id: str,
        *,
        novelty_window_s: float = NOVELTY_WINDOW_S,
        same_at: float = SAME_AT,
    ) -> None:
        self.store = store
        self.village_id = village_id
        self.novelty_window_s = novelty_window_s
        self.same_at = same_at

    def _notified_before(self, watch: Watch, e: CameraEvent) -> list[CameraEvent]:
        """The watch's notified events before ``e`` within the cooldown or the novelty window,
        newest first."""
        span = max(watch.cooldown_s, self.novelty_window_s)
        recent = self.store.camera_events(
            self.village_id, watch_id=watch.id, since=e.at - span, limit=RECENT_LIMIT
        )
        return [r for r in recent if r.notified and r.id != e.id and r.at <= e.at]

    def _decide(self, watch: Watch, e: CameraEvent) -> tuple[SkipReason, int]:
        if e.notified:
            return "already", 0
        if e.importance < watch.notify_at:
            return "below_threshold", 0
        told = self._notified_before(watch, e)
        if told and e.at - told[0].at < watch.cooldown_s:
            return "cooldown", told[0].id
        text = event_text(e.title, e.summary)
        for r in told:  # all within the novelty window: the cooldown, when longer, took the rest
            if similarity(text, event_text(r.title, r.summary)) >= self.same_at:
                return "same", r.id
        return "", 0

    def __call__(self, watch: Watch, e: CameraEvent) -> WatchNotification | None:
        """The service's ``Notify``: the notification, or None (the reason is in the log)."""
        return self.consider(watch, e).notification

    def consider(self, watch: Watch, e: CameraEvent) -> Decision:
        reason, other = self._decide(watch, e)
        if reason:
            fields: dict[str, Any] = {"same_as": other} if reason == "same" else {}
            event(
                "watch",
                watch=watch.id,
                agent=e.agent_id,
                action="notify_skipped",
                event=e.id,
                reason=reason,
                **fields,
            )
            return Decision(None, reason, other if reason == "same" else 0)
        marked = True
        try:
            self.store.mark_event_notified(e.id)
        except (StoreError, sqlite3.Error):
            marked = False  # told all the same: a missed notification is worse than a second one
        event(
            "watch",
            watch=watch.id,
            agent=e.agent_id,
            action="notified",
            event=e.id,
            importance=e.importance,
            marked=marked,
        )
        # the event's own words: the window adds the watch's name beside them (``watch_id``)
        return Decision(WatchNotification(e.id, watch.id, e.agent_id, e.title, e.summary, e.importance))
