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
from dataclasses import dataclass

from core.events import ToolFinished
from core.notes import LANGUAGES, note
from core.tool_image import display_of, display_suffix

from .i18n import current_language


def display_line(event: ToolFinished) -> str:
    """The call's display line in the language shown now (as the core wrote it while none is set)."""
    language = current_language()
    if language not in LANGUAGES or not event.images:
        return event.display_line
    return display_suffix(list(event.images), language)


@dataclass(frozen=True)
class PictureCaption:
    """The caption under a picture of a call in the chat (its tool name and display line), in the
    language shown now when called. It keeps what the line needs of the call's images, their
    format and size, and not the event: the chat keeps a caption per picture row for the whole
    session, and the event's images are the frames' bytes (issue 14: a 17.5 KB live-view frame a
    turn stayed held by rows long out of view)."""

    name: str
    line: str  # the display line as the core wrote it (shown while no language is set)
    images: tuple[tuple[str, int], ...]  # each image's format label and size in bytes

    def __call__(self) -> str:
        language = current_language()
        if language not in LANGUAGES or not self.images:
            return f"{self.name}  {self.line}".strip()
        return f"{self.name}  {display_of(self.images, language)}".strip()


def picture_caption(event: ToolFinished) -> PictureCaption:
    """The caption of the call's pictures, rendered again after a switch of language."""
    images = tuple((image.format_label, len(image.data)) for image in event.images)
    return PictureCaption(event.name, event.display_line, images)


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
