"""Fuseforks desktop app (PySide6 + qasync). The only package that imports Qt.

Qt's GUI thread pool is turned off before anything paints (``QT_NO_GUI_THREADPOOL``, read once,
when Qt first wants the pool): with it, Qt splits every fill taller than ~96 lines (a scroll bar's
gradient, a bubble's rounded frame, a preview's picture) over worker threads and waits for them on
the GUI thread. On the two cores this app shares with its engine that made a 14 × 500 px scroll
bar cost 1.4–7 ms a paint instead of 0.2 ms, and the window's paints half its CPU per live-view
turn (issue 14; tests/bench/window_cost.py). A person's own setting wins (``setdefault``).
"""

import os

from core import __version__

os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")

__all__ = ["__version__"]
