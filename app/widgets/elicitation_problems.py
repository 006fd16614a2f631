"""What a broken rule of an elicitation field says to the person, in the window's language.

The rules and their codes are the core's (``core.elicitation_fields.Problem``); this only words
them. A message never quotes the value.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from core.elicitation_fields import Problem


class ProblemTexts(QObject):
    """The words for each problem code (a QObject for its ``tr`` context)."""

    def text(self, p: Problem) -> str:
        n = f"{p.limit:g}" if p.limit is not None else ""
        if p.code == "required":
            return self.tr("Required")
        if p.code == "format":
            return self._format(p.detail)
        if p.code == "min_length":
            return self.tr("At least {n} characters").format(n=n)
        if p.code == "max_length":
            return self.tr("At most {n} characters").format(n=n)
        if p.code == "minimum":
            return self.tr("At least {n}").format(n=n)
        if p.code == "maximum":
            return self.tr("At most {n}").format(n=n)
        if p.code == "min_items":
            return self.tr("Choose at least {n}").format(n=n)
        if p.code == "max_items":
            return self.tr("Choose at most {n}").format(n=n)
        return self.tr("Not a valid value")

    def _format(self, name: str) -> str:
        if name == "email":
            return self.tr("Enter an email address, like name@example.com")
        if name == "uri":
            return self.tr("Enter an address with its scheme, like https://example.com")
        if name == "date":
            return self.tr("Enter a date as YYYY-MM-DD")
        if name == "date-time":
            return self.tr("Enter a date and time as YYYY-MM-DDThh:mm")
        return self.tr("Not a valid value")
