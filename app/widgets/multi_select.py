"""A multi-select field of an elicitation form: one check box per option, in the options' order."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QVBoxLayout, QWidget


class MultiSelect(QWidget):
    """Any number of ``options`` (labelled ``titles``, the server's own words), ``chosen`` ticked.
    ``values()`` lists the ticked options in the options' order; ``changed`` fires on every tick."""

    changed = Signal()

    def __init__(
        self,
        options: Sequence[str],
        titles: Sequence[str],
        chosen: Iterable[str] = (),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        picked = set(chosen)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.boxes: dict[str, QCheckBox] = {}
        for value, title in zip(options, titles, strict=True):
            box = QCheckBox(title)
            box.setObjectName(f"multiSelectOption_{value}")
            box.setChecked(value in picked)
            box.toggled.connect(self.changed)
            layout.addWidget(box)
            self.boxes[value] = box

    def values(self) -> list[str]:
        return [value for value, box in self.boxes.items() if box.isChecked()]

    def set_values(self, values: Iterable[str]) -> None:
        picked = set(values)
        for value, box in self.boxes.items():
            box.setChecked(value in picked)
