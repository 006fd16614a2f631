"""What the Settings dialog follows by identity while names change: which template each agent
uses (and which is the village's vision relay), and which keyring entry each template named when
the file was last saved.

A template's agents are bound to the template object, not to its name, so a rename carries them
along even when the name passes through another template's on the way ("Gemini" → "Claude2"
passes "Claude"). A keyring entry derived from the name (``key_name_for``) follows the name; on
Save the key is moved to the new entry (copied when another template still names the old one), so
a key is never left behind under a name nothing uses (issue 13, defect 3). No Qt here.
"""

from __future__ import annotations

import re
from typing import Any

JSON = dict[str, Any]


def key_name_for(template_name: str) -> str:
    """The keyring entry a template of this name gets by default."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", template_name.strip()).strip("-").lower() or "key"


class TemplateRefs:
    """Binds the agents of ``data`` (the dialog's JSON form) to their template objects."""

    def __init__(self, data: JSON) -> None:
        self.data = data
        self._bound: dict[int, tuple[JSON, JSON]] = {}  # id(agent) → (agent, template)
        for agent in data["agents"]:
            self.bind(agent, self._by_name(agent.get("template")))
        # the village's vision relay (``village.vision_relay``) is bound the same way
        self._relay = self._by_name(data.get("village", {}).get("vision_relay") or None)
        self._saved_keys: list[tuple[JSON, str | None]] = []
        self.mark_saved()

    def _by_name(self, name: object) -> JSON | None:
        return next((t for t in self.data["templates"] if t["name"] == name), None)

    def bind(self, agent: JSON, template: JSON | None) -> None:
        """``agent`` uses ``template`` (None: unbound, found by name)."""
        if template is None:
            self._bound.pop(id(agent), None)
        else:
            self._bound[id(agent)] = (agent, template)

    def owner(self, agent: JSON) -> JSON | None:
        """The template ``agent`` uses: its bound one while that is still in the list under the
        name the agent names, else the first template of that name."""
        bound = self._bound.get(id(agent))
        if bound is not None:
            template = bound[1]
            if any(t is template for t in self.data["templates"]) and template["name"] == agent["template"]:
                return template
        return self._by_name(agent.get("template"))

    def rename(self, template: JSON, name: str) -> bool:
        """Give ``template`` its new ``name``: its agents follow, and so does a keyring entry
        derived from the old name. True when the entry changed."""
        users = [a for a in self.data["agents"] if self.owner(a) is template]
        old_key = template.get("key")
        key_follows = bool(old_key) and old_key == key_name_for(template["name"])
        template["name"] = name
        for agent in users:
            agent["template"] = name
            self.bind(agent, template)
        if template is self._relay:
            self.data.setdefault("village", {})["vision_relay"] = name
        if key_follows and name:
            template["key"] = key_name_for(name)
        return template.get("key") != old_key

    # ---------------------------------------------------------------- keyring entries at Save
    def mark_saved(self) -> None:
        """The entries as written to the file (after a load or a save)."""
        self._saved_keys = [(t, t.get("key")) for t in self.data["templates"]]

    def key_moves(self) -> list[tuple[str, str, bool]]:
        """``(old entry, new entry, keep old)`` for each kept template whose entry changed since
        the last save; ``keep old`` when another template still names the old entry."""
        named = {t.get("key") for t in self.data["templates"]}
        moves = []
        for template, old in self._saved_keys:
            new = template.get("key")
            if not old or not new or old == new:
                continue
            if not any(t is template for t in self.data["templates"]):
                continue
            moves.append((old, new, old in named))
        return moves
