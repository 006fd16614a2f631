"""Reading the file: JSON -> ``Config``, every problem reported at once with its key path."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from core.pipeline import ToolPolicy, parse_tool_policies

from .guard import Refused, decode, printable, value_problems
from .kinds import Section
from .literal_secrets import KEY_IN_TEXT, KEY_LIKE
from .model import (
    Agent,
    Config,
    ConfigError,
    McpServer,
    McpSettings,
    Template,
    ToolResults,
    TurnLimits,
    Village,
)
from .reader import Reader, describe
from .schema import (
    AGENT,
    DEFAULT_BASE_URLS,
    MCP,
    OFFLINE_DEMO,
    TEMPLATE,
    TOOL_RESULTS,
    TOP,
    TURN,
    VILLAGE,
)
from .servers import check_url, read_servers

_AGENT_ID = re.compile(r"[A-Za-z0-9_-]{1,48}")


def parse_config(data: object, path: Path | None = None) -> Config:
    """Validate decoded JSON and build a ``Config``. Raises ``ConfigError`` naming every problem."""
    unusable = value_problems(data)  # too deep, too long a number, not Unicode: read no further
    if unusable:
        raise ConfigError(path, [(printable(key), msg) for key, msg in unusable])
    r = Reader()
    top, extra = r.obj(data, "", TOP)
    r.check_no_keys(top, "")
    cfg = Config(path=path, extra=extra)
    cfg.village = Village(**_plain(r, top, VILLAGE))
    cfg.mcp = McpSettings(**_plain(r, top, MCP))
    cfg.tool_results = ToolResults(**_plain(r, top, TOOL_RESULTS))
    cfg.turn = TurnLimits(**_plain(r, top, TURN))
    if "mcpServers" in top:
        cfg.shared_mcp_servers = read_servers(r, top["mcpServers"], "mcpServers")
    if "tool_policies" in top:
        cfg.tool_policies, policy_problems = _policies(top["tool_policies"])
        for key, msg in policy_problems:
            r.fail(key, msg)
        if isinstance(top["tool_policies"], list):
            cfg.tool_policies_raw = list(top["tool_policies"])
    for i, raw in enumerate(_list(r, top, "templates")):
        tpl = _template(r, raw, f"templates[{i}]")
        if tpl is None:
            continue
        if any(x.name == tpl.name for x in cfg.templates):
            r.fail(f"templates[{i}].name", f"duplicate template name {tpl.name!r}")
        cfg.templates.append(tpl)
    for i, raw in enumerate(_list(r, top, "agents")):
        agent = _agent(r, raw, f"agents[{i}]")
        if agent is None:
            continue
        if any(x.id == agent.id for x in cfg.agents):
            r.fail(f"agents[{i}].id", f"duplicate agent id {agent.id!r}")
        cfg.agents.append(agent)
    _check_references(r, cfg)
    cfg.warnings = r.warnings
    if r.problems:
        raise ConfigError(path, r.problems)
    return cfg


def load_config(path: Path) -> Config:
    """Read and validate ``path``. A missing file is a ``FileNotFoundError`` (the demo village);
    every other problem, reading the file included, a ``ConfigError``."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise ConfigError(path, [("", f"cannot read the file: {exc.strerror or exc}")]) from exc
    try:
        data = decode(raw)
    except Refused as exc:
        raise ConfigError(path, [exc.problem], exc.at) from exc
    return parse_config(data, path)


def _policies(raw: object) -> tuple[list[ToolPolicy], list[tuple[str, str]]]:
    """``parse_tool_policies``, with a pattern ``re`` cannot compile (too deeply nested, too large
    a repeat: ``RecursionError``, ``OverflowError`` rather than ``re.error``) named as a problem."""
    try:
        return parse_tool_policies(raw)
    except (RecursionError, OverflowError):
        assert isinstance(raw, list)
        for i, item in enumerate(raw):
            try:
                parse_tool_policies([item])
            except (RecursionError, OverflowError):
                return [], [(f"tool_policies[{i}]", "a regular expression too large or too deeply nested")]
        raise


def _plain(r: Reader, top: dict[str, Any], section: Section) -> dict[str, Any]:
    """The keyword arguments of a section whose every key is a plain declared value."""
    d, extra = r.obj(top.get(section.path, {}), section.path, section)
    return {**r.values(d, section, section.path), "extra": extra}


def _list(r: Reader, top: dict[str, Any], key: str) -> list[Any]:
    raw = top.get(key, [])
    if isinstance(raw, list):
        return raw
    r.fail(key, f"expected a list of {key}, got {describe(raw)}")
    return []


def _missing(r: Reader, d: dict[str, Any], keys: tuple[str, ...], path: str) -> bool:
    missing = [k for k in keys if k not in d]
    for k in missing:
        r.fail(f"{path}.{k}", "required")
    return bool(missing)


def _template(r: Reader, raw: object, p: str) -> Template | None:
    t, extra = r.obj(raw, p, TEMPLATE)
    if not t or _missing(r, t, ("name", "protocol", "model"), p):
        return None
    protocol = r.get(t, TEMPLATE, "protocol", p)
    base_url = DEFAULT_BASE_URLS.get(protocol, "")
    tpl = Template(**r.values(t, TEMPLATE, p, {"protocol": protocol}, {"base_url": base_url}), extra=extra)
    tpl.key = tpl.key or None
    if tpl.protocol == OFFLINE_DEMO:
        tpl.base_url = ""
    elif tpl.base_url:
        check_url(r, tpl.base_url, f"{p}.base_url")
    return tpl


def _agent(r: Reader, raw: object, p: str) -> Agent | None:
    a, extra = r.obj(raw, p, AGENT)
    if not a or _missing(r, a, ("id", "template"), p):
        return None
    agent_id = r.get(a, AGENT, "id", p)
    if agent_id and not _AGENT_ID.fullmatch(agent_id):
        r.fail(f"{p}.id", "agent ids use letters, digits, _ and - (at most 48)")
    system_prompt = r.get(a, AGENT, "system_prompt", p)
    if KEY_IN_TEXT.search(system_prompt):
        r.refuse_secret(f"{p}.system_prompt", KEY_LIKE)
    servers: list[McpServer] = []
    for key in ("mcp_servers", "mcpServers"):
        if key in a:
            servers += read_servers(r, a[key], f"{p}.{key}")
    return Agent(
        id=agent_id,
        name=r.get(a, AGENT, "name", p, agent_id),
        template=r.get(a, AGENT, "template", p),
        system_prompt=system_prompt,
        mcp_servers=servers,
        connected=r.get(a, AGENT, "connected", p),
        max_tool_rounds=r.get(a, AGENT, "max_tool_rounds", p),
        builtin_tools=r.get(a, AGENT, "builtin_tools", p),
        summarize_earlier=r.get(a, AGENT, "summarize_earlier", p),
        extra=extra,
    )


def _check_references(r: Reader, cfg: Config) -> None:
    names = {t.name for t in cfg.templates}
    ids = {a.id for a in cfg.agents}
    for i, agent in enumerate(cfg.agents):
        if agent.template and agent.template not in names:
            r.fail(
                f"agents[{i}].template",
                f"no template named {agent.template!r} (known: {', '.join(sorted(names)) or 'none'})",
            )
        for j, other in enumerate(agent.connected):
            if other not in ids or other == agent.id:
                r.fail(f"agents[{i}].connected[{j}]", f"no other agent with id {other!r}")
    relay = cfg.village.vision_relay
    if relay and relay not in names:  # a warning: a template removed in Settings leaves no relay
        r.warnings.append(f"village.vision_relay: no template named {relay!r} (no vision relay)")
    elif relay and not cfg.template(relay).reads_images:
        r.warnings.append(f"village.vision_relay: template {relay!r} does not read images (no vision relay)")
