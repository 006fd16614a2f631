"""Background operations of a widget, in the spirit of Anki's ``QueryOp`` / ``CollectionOp``.

Every coroutine the GUI starts on the qasync loop goes through ``Background.run`` (and work for a
worker thread through ``Background.in_thread``):

- the task is held strongly until it ends (the loop itself keeps only a weak reference);
- its result goes to ``success`` and its exception to ``failure`` on the GUI thread (the loop
  thread, under qasync), and only while the owner widget still exists: a row deleted while its
  picture decodes, or a closed window, gets no late callback;
- ``cancel`` ends what is still running (a window calls ``cancel_under(self)`` when it closes, which
  reaches the operations of every widget inside it);
- with no running loop (a widget used without one, in a synchronous test) nothing starts.

``Background`` is a ``QObject`` child of its owner, so it lives exactly as long as the owner does.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from functools import partial
from typing import Any, TypeVar

import shiboken6
from PySide6.QtCore import QObject

from core.log import event

T = TypeVar("T")

Failure = Callable[[BaseException], None]

# every running operation, held until it ends even when its owner (and its Background) is freed
# first: the loop itself keeps only weak references to tasks
_RUNNING: set[asyncio.Task[Any]] = set()


def log_failure(exc: BaseException) -> None:
    """The default ``failure``: a log line (a background failure never raises into Qt)."""
    event("gui task failed", error=type(exc).__name__)


class Background(QObject):
    """The background operations of one owner; ``failure`` is the default for ``run``."""

    def __init__(self, owner: QObject, failure: Failure = log_failure) -> None:
        super().__init__(owner)
        self.setObjectName("background")
        self.failure = failure
        self.tasks: set[asyncio.Task[Any]] = set()

    def run(
        self,
        work: Coroutine[Any, Any, T],
        success: Callable[[T], None] | None = None,
        failure: Failure | None = None,
    ) -> asyncio.Task[T] | None:
        """Start ``work``; None (and ``work`` closed) when no loop runs. Awaiting the returned
        task resumes after ``success`` or ``failure`` has been called."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            work.close()
            return None
        task = loop.create_task(work)
        self.tasks.add(task)
        _RUNNING.add(task)
        task.add_done_callback(partial(self._done, success, failure or self.failure))
        return task

    def in_thread(
        self,
        fn: Callable[..., T],
        *args: Any,
        success: Callable[[T], None] | None = None,
        failure: Failure | None = None,
    ) -> asyncio.Task[T] | None:
        """``fn(*args)`` in a worker thread (``asyncio.to_thread``); its result as in ``run``."""
        return self.run(asyncio.to_thread(fn, *args), success, failure)

    def _done(self, success: Callable[[Any], None] | None, failure: Failure, task: asyncio.Task[Any]) -> None:
        _RUNNING.discard(task)
        dropped = task not in self.tasks  # cancelled by ``cancel()``, possibly after it had finished
        self.tasks.discard(task)
        if task.cancelled():
            return
        if dropped:
            task.exception()  # retrieved: a dropped task's failure is not reported as unhandled
            return
        exc = task.exception()
        if not shiboken6.isValid(self):  # the owner is gone: nothing to show it in
            if exc is not None:
                log_failure(exc)
            return
        if exc is not None:
            failure(exc)
        elif success is not None:
            success(task.result())

    def cancel(self) -> None:
        """No task started so far calls back: also one that has finished but whose callback is
        still queued (``Task.cancel()`` does nothing to a finished task)."""
        tasks, self.tasks = self.tasks, set()
        for task in tasks:
            task.cancel()


def cancel_under(widget: QObject) -> None:
    """Cancel the background operations of ``widget`` and of every object inside it."""
    for background in widget.findChildren(Background):
        background.cancel()
