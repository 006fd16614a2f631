"""The companion switched on and off from the desktop (web/control.py, WC-14, WC-15): loopback by
default, the same port after an off and on, the LAN on opt-in, a rotated token signs pages out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from app.keys import KeyStore
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.web import served
from web.control import CompanionSwitch, lan_address
from web.token import VillageToken


@pytest.mark.asyncio
async def test_on_off_on_keeps_the_port_and_a_rotated_token_signs_pages_out(
    tmp_path: Path, plaintext_keyring: Any
) -> None:
    async with served(tmp_path, ScriptedBackend.looping("anthropic", "claude-x", ["ok"])) as s:
        switch = CompanionSwitch(
            s.rt.village,  # type: ignore[arg-type]
            VillageToken(KeyStore(), "web-village"),
            conversations=s.rt.conversations,
            watches=s.rt.watches,
        )
        assert switch.address() == "" and switch.sign_in_link() == ""
        address = await switch.start()
        assert address.startswith("http://127.0.0.1:") and switch.running
        token = switch.token.value()
        assert switch.sign_in_link() == f"{address}#token={token}"
        auth = {"Authorization": f"Bearer {token}"}
        async with httpx.AsyncClient(base_url=address) as c:
            assert (await c.get("/api/village", headers=auth)).status_code == 200
            await switch.stop()
            assert not switch.running
            with pytest.raises(httpx.ConnectError):
                await c.get("/", headers=auth)
            assert await switch.start() == address  # a link already handed out still works
            new = switch.rotate()
            assert (await c.get("/api/village", headers=auth)).status_code == 401
            assert (
                await c.get("/api/village", headers={"Authorization": f"Bearer {new}"})
            ).status_code == 200
        await switch.stop()


@pytest.mark.asyncio
async def test_the_local_network_on_opt_in(tmp_path: Path, plaintext_keyring: Any) -> None:
    async with served(tmp_path, ScriptedBackend.looping("anthropic", "claude-x", ["ok"])) as s:
        switch = CompanionSwitch(s.rt.village, VillageToken(KeyStore(), "web-village"))  # type: ignore[arg-type]
        address = await switch.start(lan=True)
        assert address == f"http://{lan_address()}:{switch.port}/"
        assert switch.companion is not None and switch.companion.settings.host == "0.0.0.0"
        auth = {"Authorization": f"Bearer {switch.token.value()}"}
        async with httpx.AsyncClient() as c:
            assert (await c.get(address + "api/village", headers=auth)).status_code == 200
            loop = f"http://127.0.0.1:{switch.port}/api/village"
            assert (await c.get(loop, headers=auth)).status_code == 200
        await switch.start(lan=False)  # back to this computer only
        assert switch.companion.settings.host == "127.0.0.1"
        await switch.stop()
