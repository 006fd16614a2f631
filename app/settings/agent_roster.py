"""Adding and removing agents in the Settings dialog's JSON form (issue 13, defect 4). No Qt here.

A new agent gets an id no other agent has (``agent-2``, ``agent-3``, …), a name, the template it is
given and no servers of its own (the shared ``mcpServers`` still apply); its id can be changed until
it is saved, and ``id_problem`` says at once what is wrong with a typed one. Removing an agent also
takes its id out of the other agents' ``connected`` lists, which would otherwise name nobody.
"""

from __future__ import annotations

import re
from typing import Any

from core.config import DEFAULT_BUILTIN_TOOLS

JSON = dict[str, Any]
AGENT_ID = re.compile(r"[A-Za-z0-9_-]{1,48}")  # as core.config.parse reads it


def free_id(data: JSON, base: str = "agent") -> str:
    taken = {a["id"] for a in data["agents"]}
    n = len(data["agents"]) + 1
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def new_agent(data: JSON, name: str, template: str) -> JSON:
    """A fresh agent's JSON (appended by the caller)."""
    return {
        "id": free_id(data),
        "name": name,
        "template": template,
        "system_prompt": "",
        "mcp_servers": {},
        "connected": [],
        "builtin_tools": list(DEFAULT_BUILTIN_TOOLS),
    }


def id_problem(data: JSON, agent: JSON, agent_id: str) -> str | None:
    """What is wrong with giving ``agent`` the id ``agent_id``, in English (the caller translates
    by the kind: ``"format"`` or ``"taken"``); None when it is fine."""
    if not AGENT_ID.fullmatch(agent_id):
        return "format"
    if any(a is not agent and a["id"] == agent_id for a in data["agents"]):
        return "taken"
    return None


def remove_agent(data: JSON, index: int) -> JSON:
    """Take agent ``index`` out of ``data`` and out of the others' ``connected``; return it."""
    agent: JSON = data["agents"].pop(index)
    for other in data["agents"]:
        if agent["id"] in other.get("connected", []):
            other["connected"] = [x for x in other["connected"] if x != agent["id"]]
    return agent
