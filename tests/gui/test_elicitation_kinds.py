"""Every elicitation field kind the MCP SDK defines, filled in a card: multi-select in both forms,
strings with formats, bounded integers and numbers, booleans, titled and legacy single choices.
Each broken rule is named under its field; the reply is typed (lists of strings, int, float, bool)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QPoint, Qt, QTranslator
from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QLabel, QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from app.widgets.elicitation import ElicitationCard
from app.widgets.multi_select import MultiSelect
from core.elicitation import parse_schema, validate
from core.events import ElicitationAsked

ROOT = Path(__file__).resolve().parents[2]
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "cams": {
            "type": "array",
            "title": "Cameras",
            "items": {"type": "string", "enum": ["front", "back", "garden"]},
            "minItems": 1,
            "maxItems": 2,
        },
        "colours": {
            "type": "array",
            "items": {
                "anyOf": [{"const": "r", "title": "Red"}, {"const": "g", "title": "Green"}, {"const": "b"}]
            },
            "default": ["g"],
        },
        "mail": {"type": "string", "format": "email"},
        "site": {"type": "string", "format": "uri"},
        "day": {"type": "string", "format": "date"},
        "at": {"type": "string", "format": "date-time"},
        "count": {"type": "integer", "minimum": 1, "maximum": 9, "default": 3},
        "ratio": {"type": "number", "minimum": 0.5, "maximum": 2.5},
        "on": {"type": "boolean"},
        "size": {
            "type": "string",
            "oneOf": [{"const": "s", "title": "Small"}, {"const": "l", "title": "Large"}],
        },
        "legacy": {"type": "string", "enum": ["x", "y"], "enumNames": ["Ex", "Why"]},
    },
    "required": ["cams", "count"],
}
FORMAT_ERRORS = {
    "mail": ("nope", "Enter an email address, like name@example.com", "a@b.io"),
    "site": ("example", "Enter an address with its scheme, like https://example.com", "https://example.org"),
    "day": ("1.12.2026", "Enter a date as YYYY-MM-DD", "2026-12-01"),
    "at": ("2026-12-01", "Enter a date and time as YYYY-MM-DDThh:mm", "2026-12-01T12:30"),
}


def card_for(qtbot: QtBot) -> tuple[ElicitationCard, list[tuple[str, object]]]:
    card = ElicitationCard(ElicitationAsked("a1", "cam", "e-7", "Set it up.", parse_schema(SCHEMA)), "Ava")
    qtbot.addWidget(card)
    card.show()
    sent: list[tuple[str, object]] = []
    card.accepted.connect(lambda rid, content: sent.append((rid, content)))
    return card, sent


def tick(qtbot: QtBot, box: QCheckBox) -> None:
    """Click the box's indicator (a click far right of its text is outside its click area)."""
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(6, box.height() // 2))


def error(card: ElicitationCard, name: str) -> str:
    label = card.errors[name]
    assert isinstance(label, QLabel)
    return label.text() if label.isVisible() else ""


def test_each_kind_gets_its_input(qtbot: QtBot) -> None:
    card, _sent = card_for(qtbot)
    cams, colours = card.inputs["cams"], card.inputs["colours"]
    assert isinstance(cams, MultiSelect) and [b.text() for b in cams.boxes.values()] == [
        "front",
        "back",
        "garden",
    ]
    assert isinstance(colours, MultiSelect) and [b.text() for b in colours.boxes.values()] == [
        "Red",
        "Green",
        "b",
    ]
    assert colours.values() == ["g"]  # the schema's default
    assert all(isinstance(card.inputs[n], QLineEdit) for n in FORMAT_ERRORS)
    count, ratio = card.inputs["count"], card.inputs["ratio"]
    assert isinstance(count, QSpinBox) and (count.minimum(), count.maximum(), count.value()) == (1, 9, 3)
    assert isinstance(ratio, QDoubleSpinBox) and (ratio.minimum(), ratio.maximum()) == (0.5, 2.5)
    assert isinstance(card.inputs["on"], QCheckBox)
    size, legacy = card.inputs["size"], card.inputs["legacy"]
    assert isinstance(size, QComboBox) and [size.itemText(i) for i in range(size.count())] == [
        "",
        "Small",
        "Large",
    ]
    assert isinstance(legacy, QComboBox) and [legacy.itemText(i) for i in range(legacy.count())] == [
        "",
        "Ex",
        "Why",
    ]


def test_broken_rules_are_named_under_their_fields_and_the_reply_is_typed(qtbot: QtBot) -> None:
    card, sent = card_for(qtbot)
    cams = card.inputs["cams"]
    assert isinstance(cams, MultiSelect)
    assert error(card, "cams") == "Choose at least 1"  # required, minItems 1
    assert card.problem.text() == "Check: Cameras" and not card.accept_button.isEnabled()
    for value in ("front", "back", "garden"):
        tick(qtbot, cams.boxes[value])
    assert error(card, "cams") == "Choose at most 2"
    tick(qtbot, cams.boxes["garden"])
    assert error(card, "cams") == "" and card.accept_button.isEnabled()
    for name, (bad, message, good) in FORMAT_ERRORS.items():
        line = card.inputs[name]
        assert isinstance(line, QLineEdit)
        qtbot.keyClicks(line, bad)
        assert error(card, name) == message
        assert not card.accept_button.isEnabled()
        line.clear()
        qtbot.keyClicks(line, good)
        assert error(card, name) == ""
    colours = card.inputs["colours"]
    assert isinstance(colours, MultiSelect)
    tick(qtbot, colours.boxes["r"])
    count, ratio, on, size, legacy = (card.inputs[n] for n in ("count", "ratio", "on", "size", "legacy"))
    assert isinstance(count, QSpinBox) and isinstance(ratio, QDoubleSpinBox) and isinstance(on, QCheckBox)
    assert isinstance(size, QComboBox) and isinstance(legacy, QComboBox)
    count.setValue(7)
    ratio.setValue(1.25)
    tick(qtbot, on)
    size.setCurrentIndex(size.findText("Large"))
    legacy.setCurrentIndex(legacy.findText("Why"))
    assert card.problem.text() == "" and all(error(card, n) == "" for n in card.errors)
    qtbot.mouseClick(card.accept_button, Qt.MouseButton.LeftButton)
    [(request_id, content)] = sent
    assert request_id == "e-7"
    assert content == {
        "cams": ["front", "back"],
        "colours": ["r", "g"],
        "mail": "a@b.io",
        "site": "https://example.org",
        "day": "2026-12-01",
        "at": "2026-12-01T12:30",
        "count": 7,
        "ratio": 1.25,
        "on": True,
        "size": "l",
        "legacy": "y",
    }
    assert isinstance(content, dict) and type(content["count"]) is int and type(content["cams"]) is list
    assert validate(card.asked.fields, content) == []  # the broker would send it as it is


def test_an_optional_multi_select_left_empty_is_left_out(qtbot: QtBot) -> None:
    card, _sent = card_for(qtbot)
    cams, colours = card.inputs["cams"], card.inputs["colours"]
    assert isinstance(cams, MultiSelect) and isinstance(colours, MultiSelect)
    cams.set_values(["back"])
    colours.set_values([])
    content = card.content()
    assert content["cams"] == ["back"] and "colours" not in content


def test_field_problems_in_japanese(qtbot: QtBot) -> None:
    translator = QTranslator()
    assert translator.load(str(ROOT / "translations" / "fuseforks_ja.qm"))
    QCoreApplication.installTranslator(translator)
    try:
        card, _sent = card_for(qtbot)
        assert error(card, "cams") == "1 個以上選んでください"
        line = card.inputs["day"]
        assert isinstance(line, QLineEdit)
        qtbot.keyClicks(line, "soon")
        assert error(card, "day") == "日付を YYYY-MM-DD の形で入力してください"
    finally:
        QCoreApplication.removeTranslator(translator)
