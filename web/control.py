"""The companion as the desktop switches it (Settings › Village › Web companion, WC-14, WC-15).

``CompanionSwitch`` starts and stops one ``WebCompanion`` for the village: on 127.0.0.1 by default,
on every interface when the person opts into the local network (then the address shown is this
machine's LAN address, and that address is one the server answers to). A port once chosen is
kept for the session, so a sign-in link already on a phone still works after an off and on; if it
has been taken meanwhile, a new one is chosen. The token is the village's (``web.token``):
rotating it signs every page out.

With a ``CompanionMemory`` (``web.memory``) the person's switch is remembered for the village
(WC-40): ``start`` keeps on, the local network and the port, ``stop`` keeps off, and ``close``
(the app quitting) stops without changing what is kept; ``resume`` at the next start serves again
on the port kept, so a sign-in link or QR code already on a phone still works.
"""

from __future__ import annotations

import socket

from core.conversations import Conversations
from core.log import event
from core.village import Village
from core.watch.ports import WatchesLike
from web.memory import CompanionMemory, Remembered
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
        memory: CompanionMemory | None = None,
    ) -> None:
        self.village = village
        self.token = token
        self.conversations = conversations
        self.watches = watches
        self.port = port
        self.memory = memory
        self.lan = False
        self.recalled = False  # ``resume`` has looked at what is remembered
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
        await self.close()
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
        self._keep(Remembered(on=True, lan=lan, port=self.port))
        return self.address()

    async def stop(self) -> None:
        """Stop serving and remember it off (the person's switch)."""
        await self.close()
        self._keep(Remembered(on=False, lan=self.lan, port=self.port))

    async def close(self) -> None:
        """Stop serving, what is remembered unchanged (the app quitting)."""
        companion, self.companion = self.companion, None
        if companion is not None:
            await companion.stop()

    def _keep(self, state: Remembered) -> None:
        if self.memory is None:
            return
        try:
            self.memory.keep(self.village.config.village.id, state)
        except OSError as exc:  # the switch still works this session; the next start is as last kept
            event("web memory not kept", error=type(exc).__name__)

    async def resume(self) -> bool:
        """Serve again if the switch was left on (the app's start); whether it was. ``OSError``
        or a keyring error from ``start`` propagates, and the switch stays remembered on."""
        try:
            if self.memory is None:
                return False
            kept = self.memory.recall(self.village.config.village.id)
            if not kept.on:
                return False
            self.port = kept.port
            await self.start(lan=kept.lan)
            return True
        finally:
            self.recalled = True

    def rotate(self) -> str:
        """A new token: every page signed in with the old one must sign in again."""
        return self.token.rotate()
