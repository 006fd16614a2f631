"""A configuration the app cannot use opens a dialog instead of exiting silently (issue 13, defect
2): a syntax error with its line, column and the offending line; invalid values with their key
paths; unknown keys as warnings (Continue); a ``--config`` path that does not exist. Real files,
the launcher's own path (``run_app`` and the ``settle`` it calls), each button's effect."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.demo import demo_config
from app.keys import KeyStore
from app.launcher import run_app
from app.settings import SettingsDialog
from app.startup_problems import Loaded, settle, unattended
from app.widgets.startup_dialog import StartupProblemDialog, ask_in_dialog
from tests.fakes.logs import log_lines
from tests.fakes.waits import until
from tests.fakes.windows import shown_windows, start_app

GOOD = {
    "village": {"language": "en", "name": "Fixed village"},
    "templates": [{"name": "c", "protocol": "anthropic", "model": "claude-x"}],
    "agents": [{"id": "muse", "template": "c"}],
}
BROKEN = '{\n  "village": {"language": "en"}\n  "agents": []\n}\n'  # a comma missing at line 3


def dialogs() -> list[StartupProblemDialog]:
    return [
        w for w in QApplication.topLevelWidgets() if isinstance(w, StartupProblemDialog) and w.isVisible()
    ]


async def shown_dialog() -> StartupProblemDialog:
    await until(lambda: len(dialogs()) == 1)
    [dialog] = dialogs()
    return dialog


@pytest.mark.asyncio
@pytest.mark.usefixtures("app_state")
async def test_a_syntax_error_shows_line_column_and_the_line_and_quit_exits_2(
    qtbot: QtBot, tmp_path: Path, event_log: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "village.json"
    path.write_text(BROKEN, encoding="utf-8")
    run = start_app(path, ask_in_dialog)
    dialog = await shown_dialog()
    heading, explanation, details = dialog.texts()
    assert heading == "village.json is not valid JSON"
    assert explanation.startswith("Fuseforks cannot read this configuration file.")
    assert dialog.file_label.text() == f"File: {path}"
    assert details == (
        "Line 3, column 3:\n"
        "not valid JSON: Expecting ',' delimiter at line 3 column 3\n"
        "\n"
        '      "agents": []\n'
        "      ^"
    )
    assert not dialog.continue_button.isVisible()  # nothing to continue with
    assert dialog.windowTitle() == "Configuration problem"
    dialog.quit_button.click()
    assert await run == 2
    assert shown_windows() == [] and dialogs() == []
    assert f"{path}: (top level): not valid JSON: Expecting ',' delimiter at line 3 column 3" in (
        capsys.readouterr().err
    )
    lines = log_lines(event_log)
    assert f"config invalid: path={path} problems=1" in lines
    assert "config problem: kind=syntax choice=quit" in lines


@pytest.mark.asyncio
@pytest.mark.usefixtures("app_state")
async def test_try_again_after_fixing_the_file_opens_the_window_on_it(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "village.json"
    path.write_text(BROKEN, encoding="utf-8")
    run = start_app(path, ask_in_dialog)
    dialog = await shown_dialog()
    dialog.again_button.click()  # not fixed yet: the same problem again
    dialog = await shown_dialog()
    assert dialog.texts()[0] == "village.json is not valid JSON"
    path.write_text(json.dumps(GOOD), encoding="utf-8")
    dialog.again_button.click()
    await until(lambda: len(shown_windows()) == 1)
    [win] = shown_windows()
    assert not win.demo and win.village.config.village.name == "Fixed village"
    assert dialogs() == []
    win.close()
    assert await run == 0


@pytest.mark.asyncio
async def test_invalid_values_are_listed_by_their_key_paths(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "fuseforks.json"
    bad = {**GOOD, "village": {"language": "fr"}, "agents": [{"id": "muse", "template": "nope"}]}
    path.write_text(json.dumps(bad), encoding="utf-8")
    settling = asyncio.ensure_future(settle(path, explicit=False, ask=ask_in_dialog))
    dialog = await shown_dialog()
    heading, _, details = dialog.texts()
    assert heading == "fuseforks.json has values Fuseforks cannot use"
    assert details.splitlines() == [
        'village.language: expected one of ja, en, zh, got the string "fr"',
        "agents[0].template: no template named 'nope' (known: c)",
    ]
    opened: list[QUrl] = []
    dialog.open_url = lambda url: opened.append(url) or True
    dialog.open_file_button.click()
    dialog.open_folder_button.click()
    assert opened == [QUrl.fromLocalFile(str(path)), QUrl.fromLocalFile(str(tmp_path))]
    assert not settling.done()  # opening the file or its folder does not start anything
    dialog.demo_button.click()
    assert await settling == Loaded(None, True)


@pytest.mark.asyncio
async def test_unknown_keys_are_warnings_the_person_can_continue_past(
    qtbot: QtBot, tmp_path: Path, event_log: Path
) -> None:
    path = tmp_path / "fuseforks.json"
    path.write_text(json.dumps({**GOOD, "colour": "blue"}), encoding="utf-8")
    settling = asyncio.ensure_future(settle(path, explicit=True, ask=ask_in_dialog))
    dialog = await shown_dialog()
    heading, explanation, details = dialog.texts()
    assert heading == "fuseforks.json has settings Fuseforks does not know"
    assert explanation.startswith("They are ignored (and kept when Settings saves the file).")
    assert details == "colour: unknown key (ignored)"
    assert dialog.continue_button.isVisible() and dialog.continue_button.isDefault()
    dialog.continue_button.click()
    settled = await settling
    assert isinstance(settled, Loaded) and not settled.demo
    assert settled.config is not None and settled.config.village.name == "Fixed village"
    assert "config problem: kind=warnings choice=continue" in log_lines(event_log)


@pytest.mark.asyncio
@pytest.mark.usefixtures("app_state")
async def test_a_missing_config_path_is_a_problem_not_the_demo_village(
    qtbot: QtBot, tmp_path: Path, event_log: Path
) -> None:
    path = tmp_path / "typo" / "fuseforks.json"
    settling = start_app(path, ask_in_dialog)
    dialog = await shown_dialog()
    heading, explanation, _ = dialog.texts()
    assert heading == "fuseforks.json was not found"
    assert explanation == (
        "There is no configuration file at this path. Check the path given with --config, or start "
        "the demo village."
    )
    assert not dialog.details.isVisible() and not dialog.open_file_button.isEnabled()
    opened: list[QUrl] = []
    dialog.open_url = lambda url: opened.append(url) or True
    dialog.open_folder_button.click()  # the folder does not exist: the nearest one that does
    assert opened == [QUrl.fromLocalFile(str(tmp_path))]
    dialog.reject()  # Esc, or the title bar's close button: Quit
    assert await settling == 2
    assert shown_windows() == []  # no demo village
    assert f"config missing: path={path}" in log_lines(event_log)


@pytest.mark.asyncio
async def test_the_default_path_missing_is_the_first_run(qtbot: QtBot, tmp_path: Path) -> None:
    asked: list[object] = []

    def ask(problem: object) -> asyncio.Future[str]:
        asked.append(problem)
        raise AssertionError("no dialog on a first run")

    assert await settle(tmp_path / "fuseforks.json", explicit=False, ask=ask) == Loaded(None, True)  # type: ignore[arg-type]
    assert asked == []


@pytest.mark.asyncio
@pytest.mark.usefixtures("app_state")
async def test_without_a_screen_a_bad_file_exits_2_and_warnings_go_on(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The offscreen platform (CI, a script): nobody to ask, so the app does what it did before."""
    path = tmp_path / "village.json"
    path.write_text(BROKEN, encoding="utf-8")
    assert await run_app(QApplication.instance(), path) == 2  # type: ignore[arg-type]
    assert dialogs() == [] and shown_windows() == []
    assert "not valid JSON: Expecting ',' delimiter at line 3 column 3" in capsys.readouterr().err
    path.write_text(json.dumps({**GOOD, "colour": "blue"}), encoding="utf-8")
    settled = await settle(path, explicit=True, ask=unattended)
    assert isinstance(settled, Loaded) and settled.config is not None and not settled.demo
    assert await settle(tmp_path / "missing.json", explicit=True, ask=unattended) == 2


def test_settings_never_replace_the_broken_file_the_demo_started_over(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "fuseforks.json"
    path.write_text(BROKEN)
    dialog = SettingsDialog(demo_config("http://127.0.0.1:1/mcp", path=path), KeyStore())
    qtbot.addWidget(dialog)
    assert dialog.save() is False
    assert path.read_text() == BROKEN  # the person's text is kept
    assert dialog.problems_label.text() == (
        f"(file): {path} is not a configuration the app can read (not valid JSON: Expecting ',' delimiter"
        " at line 3 column 3). Fix it in an editor or move it aside, then Save again: Settings does not replace it."
    )
    path.unlink()  # moved aside: now Save writes the file
    assert dialog.save() is True
    assert json.loads(path.read_text())["agents"][0]["id"] == "muse"
