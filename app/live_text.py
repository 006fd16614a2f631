"""Lines the core wrote once, shown again in the window's language after a live switch.

A ``ToolFinished`` carries its display line ("(1 image: JPEG 19 KB)") in the village language of
the moment it was written; a row keeps the event (the data) and asks here for the words, so a
switch of language re-renders the line from the images instead of keeping the old language.
"""

from __future__ import annotations

from core.events import ToolFinished
from core.notes import LANGUAGES
from core.tool_image import display_suffix

from .i18n import current_language


def display_line(event: ToolFinished) -> str:
    """The call's display line in the language shown now (as the core wrote it while none is set)."""
    language = current_language()
    if language not in LANGUAGES or not event.images:
        return event.display_line
    return display_suffix(list(event.images), language)


def picture_caption(event: ToolFinished) -> str:
    """The caption under a picture of the call in the chat: its tool name and display line."""
    return f"{event.name}  {display_line(event)}".strip()
