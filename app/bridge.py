"""The one bridge between the core and Qt: core events in, Qt signals out.

The core publishes plain dataclasses on its ``EventBus`` on the asyncio loop thread, which under
qasync is the Qt main thread, so the signals are emitted directly. Widgets connect to the signal
for the event type they show and take the dataclass as is.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from core.events import (
    AssistantMessage,
    CameraEventReported,
    ContextMeasured,
    ElicitationAsked,
    ElicitationSettled,
    Event,
    EventBus,
    Handoff,
    Notice,
    QuestionAsked,
    QuestionSettled,
    RetryScheduled,
    SamplingAsked,
    SamplingSettled,
    ServerStatusChanged,
    StoredCallState,
    StoreProblem,
    TextDelta,
    ToolFinished,
    ToolProgress,
    ToolStarted,
    TurnFailed,
    TurnFinished,
    TurnStarted,
    WatchChanged,
    WatchMetered,
    WatchNotification,
    WatchScored,
)


class EventBridge(QObject):
    turnStarted = Signal(object)  # TurnStarted
    textDelta = Signal(object)  # TextDelta
    assistantMessage = Signal(object)  # AssistantMessage
    toolStarted = Signal(object)  # ToolStarted
    toolProgress = Signal(object)  # ToolProgress
    toolFinished = Signal(object)  # ToolFinished
    handoff = Signal(object)  # Handoff
    turnFinished = Signal(object)  # TurnFinished
    turnFailed = Signal(object)  # TurnFailed
    notice = Signal(object)  # Notice
    storeProblem = Signal(object)  # StoreProblem
    questionAsked = Signal(object)  # QuestionAsked
    questionSettled = Signal(object)  # QuestionSettled
    elicitationAsked = Signal(object)  # ElicitationAsked
    elicitationSettled = Signal(object)  # ElicitationSettled
    samplingAsked = Signal(object)  # SamplingAsked
    samplingSettled = Signal(object)  # SamplingSettled
    storedCallState = Signal(object)  # StoredCallState (history)
    retryScheduled = Signal(object)  # RetryScheduled
    serverStatus = Signal(object)  # ServerStatusChanged
    contextMeasured = Signal(object)  # ContextMeasured
    watchChanged = Signal(object)  # WatchChanged (issue 15)
    watchScored = Signal(object)  # WatchScored
    watchMetered = Signal(object)  # WatchMetered
    cameraEvent = Signal(object)  # CameraEventReported
    watchNotification = Signal(object)  # WatchNotification
    anyEvent = Signal(object)  # every event, after its own signal

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._unsubscribe: Callable[[], None] | None = None
        # True for an event its own signal must not carry (a live event of a conversation that is
        # not shown, app/conversation_pane.py); ``anyEvent`` still carries it
        self.hide: Callable[[Event], bool] | None = None

    def attach(self, bus: EventBus) -> None:
        self.detach()
        self._unsubscribe = bus.subscribe(self.dispatch)

    def detach(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def dispatch(self, event: Event, *, quiet: bool = False) -> None:
        """Emit ``event``'s own signal, then ``anyEvent`` (not when ``quiet``: a replayed history,
        whose receiver refreshes once at its end)."""
        signal = {
            TurnStarted: self.turnStarted,
            TextDelta: self.textDelta,
            AssistantMessage: self.assistantMessage,
            ToolStarted: self.toolStarted,
            ToolProgress: self.toolProgress,
            ToolFinished: self.toolFinished,
            Handoff: self.handoff,
            TurnFinished: self.turnFinished,
            TurnFailed: self.turnFailed,
            Notice: self.notice,
            StoreProblem: self.storeProblem,
            QuestionAsked: self.questionAsked,
            QuestionSettled: self.questionSettled,
            ElicitationAsked: self.elicitationAsked,
            ElicitationSettled: self.elicitationSettled,
            SamplingAsked: self.samplingAsked,
            SamplingSettled: self.samplingSettled,
            StoredCallState: self.storedCallState,
            RetryScheduled: self.retryScheduled,
            ServerStatusChanged: self.serverStatus,
            ContextMeasured: self.contextMeasured,
            WatchChanged: self.watchChanged,
            WatchScored: self.watchScored,
            WatchMetered: self.watchMetered,
            CameraEventReported: self.cameraEvent,
            WatchNotification: self.watchNotification,
        }.get(type(event))
        if signal is not None and (self.hide is None or not self.hide(event)):
            signal.emit(event)
        if not quiet:
            self.anyEvent.emit(event)
