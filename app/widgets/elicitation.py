"""Forms an MCP server asks the person to fill (elicitation, form mode), shown as cards in the chat column.

``ElicitationArea`` attaches to the village's elicitation broker as an answerer (without one the
broker declines every request), shows an ``ElicitationCard`` for every ``ElicitationAsked`` and
removes it on ``ElicitationSettled``, whoever settled it. A card has one input per field:
``QLineEdit`` for strings, ``QSpinBox`` for integers, ``QDoubleSpinBox`` for numbers, ``QCheckBox``
for booleans, ``QComboBox`` for enums and ``MultiSelect`` (check boxes) for multi-selects; required
fields are marked with ``*`` and descriptions are tooltips. Accept is enabled only while the
content matches the schema (``core.elicitation.validate``): nothing of a wrong type is ever sent.
Under each field that breaks a rule its problem is named (``elicitation_problems.ProblemTexts``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from core.elicitation import Value
from core.elicitation_fields import Problem, problems
from core.events import ElicitationAsked, ElicitField

from .card_area import CardArea
from .elicitation_problems import ProblemTexts
from .multi_select import MultiSelect

INT_LIMIT = 2**31 - 1  # QSpinBox holds a C int
FLOAT_LIMIT = 1e15


class ElicitationBroker(Protocol):
    """The part of ``core.elicitation.Elicitations`` a front end uses."""

    def attach_answerer(self) -> Callable[[], None]: ...

    def pending(self) -> list[ElicitationAsked]: ...

    def answer(self, request_id: str, content: Mapping[str, Value]) -> bool: ...

    def decline(self, request_id: str) -> bool: ...

    def cancel(self, request_id: str) -> bool: ...


FieldWidget = QLineEdit | QSpinBox | QDoubleSpinBox | QCheckBox | QComboBox | MultiSelect


def _widget(f: ElicitField) -> FieldWidget:
    if f.kind == "multi":
        return MultiSelect(f.options, f.option_titles, f.default if isinstance(f.default, tuple) else ())
    if f.kind == "boolean":
        box = QCheckBox()
        box.setChecked(f.default is True)
        return box
    if f.kind == "enum":
        combo = QComboBox()
        if not f.required:
            combo.addItem("", None)  # leave it out
        for value, title in zip(f.options, f.option_titles, strict=True):
            combo.addItem(title, value)
        if f.default is not None:
            combo.setCurrentIndex(combo.findData(f.default))
        elif f.required:
            combo.setCurrentIndex(-1)  # a choice must be made
        return combo
    if f.kind == "integer":
        spin = QSpinBox()
        low = int(f.minimum) if f.minimum is not None else -INT_LIMIT
        high = int(f.maximum) if f.maximum is not None else INT_LIMIT
        spin.setRange(max(low, -INT_LIMIT), min(high, INT_LIMIT))
        if isinstance(f.default, int):
            spin.setValue(f.default)
        return spin
    if f.kind == "number":
        dspin = QDoubleSpinBox()
        dspin.setDecimals(6)
        dspin.setRange(
            f.minimum if f.minimum is not None else -FLOAT_LIMIT,
            f.maximum if f.maximum is not None else FLOAT_LIMIT,
        )
        if isinstance(f.default, int | float):
            dspin.setValue(float(f.default))
        return dspin
    line = QLineEdit()
    if isinstance(f.default, str):
        line.setText(f.default)
    if f.max_length is not None:
        line.setMaxLength(f.max_length)
    return line


class ElicitationCard(QFrame):
    """One open form: the server's message, one input per field, Accept, Decline and Cancel."""

    accepted = Signal(str, object)  # request id, content dict
    declined = Signal(str)  # request id
    cancelled = Signal(str)  # request id

    def __init__(self, asked: ElicitationAsked, agent_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.asked = asked
        self.agent_name = agent_name
        self.setObjectName("elicitationCard")
        self.header = QLabel()
        self.header.setObjectName("elicitationHeader")
        self.message = QLabel(asked.message)
        self.message.setObjectName("elicitationMessage")
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.form = form = QFormLayout()
        self.inputs: dict[str, FieldWidget] = {}
        self.labels: dict[str, QLabel] = {}
        self.errors: dict[str, QLabel] = {}
        self.problem_texts = ProblemTexts(self)
        for f in asked.fields:
            widget = _widget(f)
            widget.setObjectName(f"elicitationField_{f.name}")
            label = QLabel((f.title or f.name) + (" *" if f.required else ""))
            label.setTextFormat(Qt.TextFormat.PlainText)
            if f.description:
                label.setToolTip(f.description)
                widget.setToolTip(f.description)
            self._watch(widget)
            self.inputs[f.name] = widget
            self.labels[f.name] = label
            form.addRow(label, widget)
            error = QLabel("")
            error.setObjectName(f"elicitationError_{f.name}")
            error.setWordWrap(True)
            error.setTextFormat(Qt.TextFormat.PlainText)
            error.setProperty("problem", True)  # the settings dialog's problem colour (app/style.py)
            self.errors[f.name] = error
            form.addRow(QWidget(), error)  # under the input, not under the label
            form.setRowVisible(error, False)  # shown only while the field breaks a rule
        self.problem = QLabel("")
        self.problem.setObjectName("elicitationProblem")
        self.problem.setWordWrap(True)
        self.accept_button = QPushButton()
        self.accept_button.setObjectName("elicitationAcceptButton")
        self.accept_button.clicked.connect(self._accept)
        self.decline_button = QPushButton()
        self.decline_button.setObjectName("elicitationDeclineButton")
        self.decline_button.clicked.connect(lambda: self._reply("decline"))
        self.cancel_button = QPushButton()
        self.cancel_button.setObjectName("elicitationCancelButton")
        self.cancel_button.clicked.connect(lambda: self._reply("cancel"))
        row = QHBoxLayout()
        row.addWidget(self.problem, 1)
        row.addWidget(self.accept_button)
        row.addWidget(self.decline_button)
        row.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.addWidget(self.header)
        layout.addWidget(self.message)
        layout.addLayout(form)
        layout.addLayout(row)
        self.sent = False
        self.retranslate()
        self._sync()

    def _watch(self, widget: FieldWidget) -> None:
        if isinstance(widget, QLineEdit):
            widget.textChanged.connect(self._sync)
        elif isinstance(widget, QCheckBox):
            widget.toggled.connect(self._sync)
        elif isinstance(widget, QComboBox):
            widget.currentIndexChanged.connect(self._sync)
        elif isinstance(widget, MultiSelect):
            widget.changed.connect(self._sync)
        else:
            widget.valueChanged.connect(self._sync)

    def retranslate(self) -> None:
        self.header.setText(
            self.tr("{agent}: the MCP server {server} asks you:").format(
                agent=self.agent_name, server=self.asked.server
            )
        )
        self.accept_button.setText(self.tr("Accept"))
        self.decline_button.setText(self.tr("Decline"))
        self.cancel_button.setText(self.tr("Cancel"))
        self._sync()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def content(self) -> dict[str, Value]:
        """The typed values of the form; empty optional fields are left out."""
        out: dict[str, Value] = {}
        for f in self.asked.fields:
            w = self.inputs[f.name]
            if isinstance(w, QCheckBox):
                out[f.name] = w.isChecked()
            elif isinstance(w, QComboBox):
                data = w.currentData()
                if isinstance(data, str):
                    out[f.name] = data
            elif isinstance(w, QSpinBox):
                out[f.name] = int(w.value())
            elif isinstance(w, QDoubleSpinBox):
                out[f.name] = float(w.value())
            elif isinstance(w, MultiSelect):
                if w.values() or f.required:
                    out[f.name] = w.values()
            elif w.text() or f.required:
                out[f.name] = w.text()
        return out

    def field_problems(self) -> dict[str, list[Problem]]:
        """Each field's broken rules (schema order); a required field left empty is "required"."""
        content = self.content()
        out: dict[str, list[Problem]] = {}
        for f in self.asked.fields:
            value = content.get(f.name)
            if f.required and (value is None or value == ""):
                out[f.name] = [Problem("required")]
            else:
                out[f.name] = problems(f, value) if f.name in content else []
        return out

    def problems(self) -> list[str]:
        """The names of the fields whose value cannot be sent (schema order, each once)."""
        return [name for name, found in self.field_problems().items() if found]

    def _sync(self) -> None:
        found = self.field_problems()
        for name, error in self.errors.items():
            error.setText("; ".join(self.problem_texts.text(p) for p in found[name]))
            self.form.setRowVisible(error, bool(found[name]))
        problems = [name for name, items in found.items() if items]
        self.accept_button.setEnabled(not self.sent and not problems)
        titles = {f.name: f.title or f.name for f in self.asked.fields}
        self.problem.setText(
            self.tr("Check: {fields}").format(fields=", ".join(titles[n] for n in problems))
            if problems
            else ""
        )

    def _lock(self) -> None:
        """One reply per card: a second click must not answer twice."""
        self.sent = True
        for w in (*self.inputs.values(), self.accept_button, self.decline_button, self.cancel_button):
            w.setEnabled(False)

    def _accept(self) -> None:
        if self.sent or self.problems():
            return
        content = self.content()
        self._lock()
        self.accepted.emit(self.asked.request_id, content)

    def _reply(self, action: str) -> None:
        if self.sent:
            return
        self._lock()
        (self.declined if action == "decline" else self.cancelled).emit(self.asked.request_id)


class ElicitationArea(CardArea):
    """The open forms of every agent's servers, oldest first; hidden when there are none."""

    broker: ElicitationBroker | None

    def __init__(
        self,
        broker: ElicitationBroker | None,
        agent_name: Callable[[str], str] = lambda agent_id: agent_id,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(broker, agent_name, parent)
        self.setObjectName("elicitationArea")

    def make_card(self, e: ElicitationAsked) -> ElicitationCard:
        card = ElicitationCard(e, self.agent_name(e.agent_id))
        card.accepted.connect(self._accepted)
        card.declined.connect(self._declined)
        card.cancelled.connect(self._cancelled)
        return card

    def _accepted(self, request_id: str, content: dict[str, Value]) -> None:
        if self.broker is not None:
            self.broker.answer(request_id, content)

    def _cancelled(self, request_id: str) -> None:
        if self.broker is not None:
            self.broker.cancel(request_id)
