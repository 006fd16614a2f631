"""The web companion back on at the app's start when the person left it on (WC-40, WC-41).

Run by the launcher after the watches resumed: the switch (``web.control.CompanionSwitch``)
serves again on the remembered port and network. What goes wrong is a visible note in the
window (a ``Notice`` on the village's bus, in the village language), never a failed start: a
remembered file that could not be read (moved aside, the companion off), or a server that could
not start again (the port, the keyring; the switch stays remembered on for the next start).
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from core.events import EventBus, Notice
from core.log import event
from web.control import CompanionSwitch


class CompanionResume(QObject):
    def __init__(self, switch: CompanionSwitch, bus: EventBus) -> None:
        super().__init__()
        self.switch = switch
        self.bus = bus

    async def run(self) -> bool:
        """Resume the companion if it was on; whether it serves now."""
        try:
            resumed = await self.switch.resume()
        except Exception as exc:  # a taken port, a keyring that refuses: said, the app goes on
            event("web resume failed", error=type(exc).__name__)
            self.note(
                self.tr("The web companion was on but could not start again: {error}").format(error=exc)
            )
            resumed = False
        memory = self.switch.memory
        if memory is not None and memory.problem is not None and memory.kept is not None:
            self.note(
                self.tr(
                    "The web companion's remembered switch could not be read ({problem}). "
                    "It is off; the file was kept as {path}."
                ).format(problem=memory.problem, path=memory.kept)
            )
        return resumed

    def note(self, text: str) -> None:
        self.bus.publish(Notice(None, "warning", text))
