"""Writing the file back: ``Config`` -> JSON in the declared key order, unknown keys kept."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.fsutil import write_atomic

from .kinds import Section
from .model import Agent, Config, Template
from .parse import parse_config
from .schema import AGENT, MCP, OFFLINE_DEMO, TEMPLATE, TOOL_RESULTS, TURN, VILLAGE
from .servers import servers_json


def _plain(obj: Any, section: Section) -> dict[str, Any]:
    """The written keys of ``section`` from ``obj``'s attributes, then ``obj.extra`` as it was read."""
    return {**{key: getattr(obj, key) for key in section.written}, **obj.extra}


def _template(t: Template) -> dict[str, Any]:
    out = _plain(t, TEMPLATE)
    if t.protocol == OFFLINE_DEMO:  # no endpoint: "" would not parse back (base_url must be non-empty)
        del out["base_url"]
    return out


def _agent(a: Agent) -> dict[str, Any]:
    return {**_plain(a, AGENT), "mcp_servers": servers_json(a.mcp_servers)}


def config_to_json(cfg: Config) -> dict[str, Any]:
    """The JSON form of ``cfg`` (round-trips through ``parse_config``, unknown keys included)."""
    village = _plain(cfg.village, VILLAGE)
    if not village.get("id"):  # not given yet: written once the app has made one (village_id.py)
        del village["id"]
    if not village.get("keep_days"):  # the default (kept for ever) leaves the file as it was
        del village["keep_days"]
    if not village.get("vision_relay"):  # no relay (the default) leaves the file as it was
        del village["vision_relay"]
    out: dict[str, Any] = {
        "village": village,
        "templates": [_template(t) for t in cfg.templates],
        "agents": [_agent(a) for a in cfg.agents],
        "mcp": _plain(cfg.mcp, MCP),
        "tool_results": _plain(cfg.tool_results, TOOL_RESULTS),
        "turn": _plain(cfg.turn, TURN),
    }
    if cfg.tool_policies_raw:
        out["tool_policies"] = cfg.tool_policies_raw
    if cfg.shared_mcp_servers:
        out["mcpServers"] = servers_json(cfg.shared_mcp_servers)
    return {**out, **cfg.extra}


def save_config(cfg: Config, path: Path) -> None:
    """Validate, then write atomically. Nothing invalid is saved."""
    data = config_to_json(cfg)
    parse_config(data, path)  # refuse to write what could not be loaded back
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    write_atomic(path, text.encode("utf-8"))
    cfg.path = path
