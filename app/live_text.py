"""Lines the core wrote once, shown again in the window's language after a live switch.

A ``ToolFinished`` carries its display line ("(1 image: JPEG 19 KB)") in the village language of
the moment it was written; a row keeps the event (the data) and asks here for the words, so a
switch of language re-renders the line from the images instead of keeping the old language.

A ``Notice`` carries finished text. The core's notes that take no fields (the history's "image
omitted" and "failed its integrity check") are known by their text in any of the three languages
and shown in the language of the moment; any other notice keeps its text as written.
"""

from __future__ import annotations

from collections.abc import Callable

from core.events import ToolFinished
from core.notes import LANGUAGES, note
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


# the core's notes without fields that reach the window as a Notice (core.history)
PLAIN_NOTES = ("image_omitted", "store_corrupt")


def notice_words(text: str) -> Callable[[], str]:
    """The words of a notice: a plain core note in the language shown now, else ``text``."""
    key = next((k for k in PLAIN_NOTES for lang in LANGUAGES if note(k, lang) == text), None)
    if key is None:
        return lambda: text
    found = key

    def words() -> str:
        language = current_language()
        return note(found, language) if language in LANGUAGES else text

    return words
