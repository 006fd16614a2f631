"""The companion as the desktop switches it (Settings › Village › Web companion, WC-14, WC-15).

``CompanionSwitch`` starts and stops one ``WebCompanion`` for the village: on 127.0.0.1 by default,
on every interface when the person opts into the local network (then the address shown is this
machine's LAN address, and that address is one the server answers to). A port once chosen is
kept for the session, so a sign-in link already on a phone still works after an off and on; if it
has been taken meanwhile, a new one is chosen. The token is the village's (``web.token``):
rotating it signs every page out.
"""

from __future__ import annotations

import socket

from core.conversations import Conversations
from core.village import Village
from core.watch.ports import WatchesLike
from web.server import WebCompanion, WebSettings
from web.token import VillageToken, sign_in_url

LOOPBACK = "127.0.0.1"
ANY = "0.0.0.0"  # every interface: the person chose the local network


def lan_address() -> str:
    """This machine's address on its local network (the route out's source address: a UDP
    socket's connect sends nothing), else the loopback address."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, only routed
            return str(probe.getsockname()[0])
        except OSError:
            return LOOPBACK


class CompanionSwitch:
    def __init__(
        self,
        village: Village,
        token: VillageToken,
        *,
        conversations: Conversations | None = None,
        watches: WatchesLike | None = None,
        port: int = 0,
    ) -> None:
        self.village = village
        self.token = token
        self.conversations = conversations
        self.watches = watches
        self.port = port
        self.lan = False
        self.companion: WebCompanion | None = None

    @property
    def running(self) -> bool:
        return self.companion is not None

    def address(self) -> str:
        """The page's address ("" while off)."""
        if self.companion is None:
            return ""
        host = lan_address() if self.lan else LOOPBACK
        return f"http://{host}:{self.companion.port}/"

    def sign_in_link(self) -> str:
        """The address with the token in its fragment ("" while off): for the QR code and Copy."""
        address = self.address()
        return sign_in_url(address, self.token.value()) if address else ""

    async def start(self, *, lan: bool = False) -> str:
        """Serve (again, after a change of ``lan``); the address. ``OSError`` when it cannot."""
        await self.stop()
        self.lan = lan
        for port in dict.fromkeys((self.port, 0)):
            companion = WebCompanion(
                self.village,
                token=self.token.value,
                conversations=self.conversations,
                watches=self.watches,
                settings=WebSettings(host=ANY if lan else LOOPBACK, port=port),
                extra_hosts=(lan_address(), socket.gethostname(), f"{socket.gethostname()}.local")
                if lan
                else (),
            )
            try:
                await companion.start()
            except OSError:
                if port == 0:
                    raise
                continue  # the session's port has been taken meanwhile: a new one
            self.companion, self.port = companion, companion.port
            break
        return self.address()

    async def stop(self) -> None:
        companion, self.companion = self.companion, None
        if companion is not None:
            await companion.stop()

    def rotate(self) -> str:
        """A new token: every page signed in with the old one must sign in again."""
        return self.token.rotate()
