"""Settings › Village › Web companion (issue 16, WC-14, WC-15, WC-42): the switch starts and stops the
real server at once, the local network on opt-in, the sign-in link copied, a new token, the QR code
of the sign-in link (read back module by module against segno's for the exact link)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
import segno
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.settings import SettingsDialog
from app.widgets.qr_code import QUIET
from tests.fakes.configs import settings_config
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.waits import until
from tests.fakes.web import served
from web.control import CompanionSwitch, lan_address
from web.token import VillageToken


def test_without_a_switch_the_box_is_disabled(qtbot: QtBot) -> None:
    dlg = SettingsDialog(settings_config(), KeyStore())
    qtbot.addWidget(dlg)
    assert not dlg.web_box.isEnabled() and dlg.web_box.address.text() == "Off"
    assert dlg.web_box.title() == "Web companion"
    dlg.close()


@pytest.mark.asyncio
async def test_the_switch_serves_the_village_at_once_and_a_new_token_signs_pages_out(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    async with served(tmp_path, ScriptedBackend.looping("anthropic", "claude-x", ["ok"])) as s:
        switch = CompanionSwitch(s.rt.village, VillageToken(KeyStore(), "web-village"))  # type: ignore[arg-type]
        dlg = SettingsDialog(settings_config(), KeyStore(), web=switch)
        qtbot.addWidget(dlg)
        dlg.show()
        box = dlg.web_box
        assert box.isEnabled() and not box.copy.isEnabled()
        box.on.setChecked(True)
        await until(lambda: switch.running and box.on.isEnabled())
        address = switch.address()
        assert box.address.text() == address and box.copy.isEnabled()
        box.copy.click()
        assert QGuiApplication.clipboard().text() == switch.sign_in_link()
        old = {"Authorization": f"Bearer {switch.token.value()}"}
        async with httpx.AsyncClient(base_url=address) as c:
            assert (await c.get("/api/village", headers=old)).status_code == 200
            box.new_token.click()
            assert (await c.get("/api/village", headers=old)).status_code == 401
            assert "sign in again" in box.status.text()
        box.lan.setChecked(True)
        await until(lambda: switch.lan and switch.running and box.on.isEnabled())
        assert switch.companion is not None and switch.companion.settings.host == "0.0.0.0"
        box.on.setChecked(False)
        await until(lambda: not switch.running and box.on.isEnabled())
        assert box.address.text() == "Off" and not box.copy.isEnabled()
        dlg.close()


class RefusingControl:
    """A control whose start fails as a taken address would."""

    running = False
    lan = False

    def address(self) -> str:
        return ""

    def sign_in_link(self) -> str:
        return ""

    async def start(self, *, lan: bool = False) -> str:
        raise OSError(98, "Address already in use")

    async def stop(self) -> None:
        return None

    def rotate(self) -> str:
        return "t"


@pytest.mark.asyncio
async def test_a_start_that_fails_is_said_and_the_switch_goes_back_off(qtbot: QtBot) -> None:
    dlg = SettingsDialog(settings_config(), KeyStore(), web=RefusingControl())
    qtbot.addWidget(dlg)
    box = dlg.web_box
    box.on.setChecked(True)
    await until(lambda: box.on.isEnabled())
    assert not box.on.isChecked() and "Address already in use" in box.status.text()
    assert box.status.text().startswith("The web companion could not start")
    dlg.close()


def drawn_modules(box: Any) -> list[list[bool]]:
    """The QR code the box shows, read back from its image: one pixel per module, quiet zone cut."""
    image = box.qr.image
    assert image is not None and not box.qr.isHidden()
    size = image.width() - 2 * QUIET
    assert image.pixelColor(0, 0).name() == "#ffffff"  # the quiet zone is white
    return [
        [image.pixelColor(x + QUIET, y + QUIET).name() == "#000000" for x in range(size)] for y in range(size)
    ]


def segno_modules(link: str) -> list[list[bool]]:
    return [[bool(m) for m in row] for row in segno.make(link, error="m", boost_error=False).matrix]


@pytest.mark.asyncio
async def test_the_qr_code_is_the_sign_in_link_shown_only_on_demand_lan_address_when_lan_is_on(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    async with served(tmp_path, ScriptedBackend.looping("anthropic", "claude-x", ["ok"])) as s:
        switch = CompanionSwitch(s.rt.village, VillageToken(KeyStore(), "web-village"))  # type: ignore[arg-type]
        dlg = SettingsDialog(settings_config(), KeyStore(), web=switch)
        qtbot.addWidget(dlg)
        dlg.show()
        box = dlg.web_box
        assert not box.show_qr.isEnabled() and box.qr.isHidden()
        box.on.setChecked(True)
        await until(lambda: switch.running and box.on.isEnabled())
        assert box.qr.isHidden() and box.qr.image is None  # the token is not on screen until asked
        assert box.show_qr.text() == "Show QR code"
        box.show_qr.click()
        token = switch.token.value()
        link = f"http://127.0.0.1:{switch.port}/#token={token}"
        assert drawn_modules(box) == segno_modules(link)
        assert box.show_qr.text() == "Hide QR code" and not box.qr_caption.isHidden()
        assert box.qr_caption.text() == (  # a phone cannot open 127.0.0.1: no "scan it" yet
            "This link opens on this computer only (127.0.0.1): for a phone, tick “Also on the local "
            "network” first. It carries the token: show it only to your own devices."
        )
        parts = urlsplit(link)  # the token only in the fragment, which a browser never sends
        assert parts.fragment == f"token={token}"
        assert token not in parts.netloc + parts.path + parts.query
        assert token not in box.address.text()
        box.lan.setChecked(True)
        await until(lambda: switch.lan and switch.running and box.on.isEnabled())
        lan_link = f"http://{lan_address()}:{switch.port}/#token={token}"
        assert drawn_modules(box) == segno_modules(lan_link)
        assert box.qr_caption.text() == (
            "Scan it with the phone's camera. It carries the token: show it only to your own devices."
        )
        box.new_token.click()  # the code carries the new token at once
        assert drawn_modules(box) == segno_modules(
            f"http://{lan_address()}:{switch.port}/#token={switch.token.value()}"
        )
        box.show_qr.click()
        assert box.qr.isHidden() and box.qr.image is None
        await switch.stop()
        dlg.close()
