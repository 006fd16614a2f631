"""The Qt binding keeps Python's singletons alive: a call that returns nothing hands back ``None``
with its own reference. PySide6 6.12.0 does not (1,000 calls of a top-level widget's
``parentWidget()`` take 1,000 references from ``None``); before Python 3.12 ``None``, ``True`` and
``False`` are not immortal, so a long session aborts with "Fatal Python error: none_dealloc".
pyproject.toml keeps PySide6 below 6.12 for that reason; this test fails on a binding that leaks."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest
from PySide6.QtWidgets import QFormLayout, QLabel, QTreeWidget, QWidget
from pytestqt.qtbot import QtBot

CALLS = 1_000


def top_level_parent(qtbot: QtBot) -> Callable[[], object]:
    widget = QWidget()
    qtbot.addWidget(widget)
    return widget.parentWidget  # None


def label_of_a_stranger(qtbot: QtBot) -> Callable[[], object]:
    top = QWidget()
    qtbot.addWidget(top)
    form = QFormLayout(top)
    stranger = QLabel()
    qtbot.addWidget(stranger)
    return lambda keep=(top, stranger): form.labelForField(stranger)  # None


def item_past_the_end(qtbot: QtBot) -> Callable[[], object]:
    tree = QTreeWidget()
    qtbot.addWidget(tree)
    return lambda: tree.topLevelItem(5)  # None


def hidden_flag(qtbot: QtBot) -> Callable[[], object]:
    widget = QWidget()
    qtbot.addWidget(widget)
    return widget.isVisible  # False


@pytest.mark.parametrize("make", [top_level_parent, label_of_a_stranger, item_past_the_end, hidden_flag])
def test_calls_that_return_a_singleton_keep_its_references(
    make: Callable[[QtBot], Callable[[], object]], qtbot: QtBot
) -> None:
    call = make(qtbot)
    result = call()
    assert result is None or result is False
    before = sys.getrefcount(result)
    for _ in range(CALLS):
        call()
    lost = before - sys.getrefcount(result)
    assert lost < CALLS // 10  # unrelated objects come and go; a leaking binding loses one per call
