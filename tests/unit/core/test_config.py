"""Run configuration: strict validation with file + key path, Claude Desktop blocks, no keys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.config import (
    Config,
    ConfigError,
    McpServer,
    config_to_json,
    default_config_path,
    load_config,
    parse_config,
    save_config,
)

BASE = {
    "templates": [{"name": "claude", "protocol": "anthropic", "model": "claude-x", "key": "anthropic"}],
    "agents": [{"id": "agent_9", "name": "Muse", "template": "claude"}],
}


def problems(data: object) -> list[tuple[str, str]]:
    with pytest.raises(ConfigError) as info:
        parse_config(data)
    return info.value.problems


def test_defaults() -> None:
    cfg = parse_config(BASE)
    assert cfg.village.language == "en"
    assert cfg.mcp.image_results is True  # D-2
    assert cfg.tool_results.budget_tokens == 12500  # S00-2
    assert (cfg.turn.max_tool_rounds, cfg.turn.max_hops) == (12, 8)
    t = cfg.template("claude")
    assert (t.base_url, t.tools, t.reads_images, t.max_output_tokens, t.max_retries) == (
        "https://api.anthropic.com/v1",
        True,
        True,
        8192,
        3,
    )


@pytest.mark.parametrize("bad", ["true", 1, 0, None, "yes", [], {}])
def test_image_results_must_be_a_json_boolean(bad: object) -> None:
    got = problems({**BASE, "mcp": {"image_results": bad}})
    assert len(got) == 1 and got[0][0] == "mcp.image_results"
    assert got[0][1].startswith("expected a JSON boolean (true or false), got ")


def test_error_names_file_key_path_and_expectation(tmp_path: Path) -> None:
    path = tmp_path / "village.json"
    path.write_text(json.dumps({**BASE, "mcp": {"image_results": "false"}}))
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert str(info.value) == (
        f'{path}: mcp.image_results: expected a JSON boolean (true or false), got the string "false"'
    )


def test_every_problem_is_reported_at_once() -> None:
    got = problems(
        {
            "village": {"language": "fr"},
            "templates": [{"name": "t", "protocol": "openai", "model": "m", "tools": "no"}],
            "agents": [{"id": "a", "template": "missing", "connected": ["ghost"]}],
            "turn": {"max_tool_rounds": 0},
        }
    )
    assert [k for k, _ in got] == [
        "village.language",
        "turn.max_tool_rounds",
        "templates[0].protocol",
        "templates[0].tools",
        "agents[0].template",
        "agents[0].connected[0]",
    ]
    assert got[0][1] == 'expected one of ja, en, zh, got the string "fr"'


def test_unknown_keys_are_reported() -> None:
    cfg = parse_config({**BASE, "colour": "blue", "mcp": {"image_result": False}})
    assert cfg.warnings == ["colour: unknown key (ignored)", "mcp.image_result: unknown key (ignored)"]


def test_invalid_json_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text('{"village": {"language": "en",}}')
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert str(info.value).startswith(f"{path}: (top level): not valid JSON: ")
    assert "line 1 column 31" in str(info.value)


@pytest.mark.parametrize(
    "data",
    [
        {**BASE, "templates": [{**BASE["templates"][0], "key": "sk-" + "abcdefghijklmnopqrstuvwxyz012345"}]},  # type: ignore[dict-item]
        {**BASE, "templates": [{**BASE["templates"][0], "api_key": "hunter2hunter2"}]},  # type: ignore[dict-item]
        {
            **BASE,
            "mcpServers": {
                "x": {"command": "srv", "env": {"TOKEN": "AIza" + "SyA1234567890abcdefghijklmnopqrstu"}}
            },
        },
    ],
)
def test_no_api_key_may_appear_in_the_file(data: dict[str, object]) -> None:
    got = problems(data)
    assert any("keyring" in msg for _, msg in got)
    # the error itself never echoes the key back
    assert not any("abcdefghijklmnop" in msg or "hunter2" in msg or "AIzaSy" in msg for _, msg in got)


def test_secret_references_are_allowed() -> None:
    cfg = parse_config(
        {
            **BASE,
            "mcpServers": {
                "remote": {
                    "type": "http",
                    "url": "https://cam.example/mcp",
                    "headers": {"Authorization": "Bearer ${secret:CAM_TOKEN}"},
                }
            },
        }
    )
    assert cfg.shared_mcp_servers[0].secret_refs() == ["CAM_TOKEN"]


def test_claude_desktop_block_pasted_as_is() -> None:
    desktop = {
        "mcpServers": {
            "nik": {"command": "npx", "args": ["-y", "nik-mcp"], "env": {"NIK_PORT": "8765"}},
            "cam": {"type": "http", "url": "http://127.0.0.1:47321/mcp"},
            "off": {"command": "x", "enabled": False},
        }
    }
    top = parse_config({**BASE, **desktop})
    agent = parse_config({**BASE, "agents": [{**BASE["agents"][0], "mcp_servers": desktop}]})  # type: ignore[dict-item]
    for servers in (top.shared_mcp_servers, agent.agents[0].mcp_servers):
        assert servers == [
            McpServer("nik", "stdio", command="npx", args=["-y", "nik-mcp"], env={"NIK_PORT": "8765"}),
            McpServer("cam", "http", url="http://127.0.0.1:47321/mcp"),
            McpServer("off", "stdio", command="x", enabled=False),
        ]


def test_agent_servers_win_over_shared_ones_by_name() -> None:
    cfg = parse_config(
        {
            **BASE,
            "mcpServers": {"cam": {"command": "shared"}, "db": {"command": "db"}},
            "agents": [{**BASE["agents"][0], "mcp_servers": {"cam": {"command": "mine"}}}],  # type: ignore[dict-item]
        }
    )
    assert [(s.name, s.command) for s in cfg.servers_for(cfg.agents[0])] == [("db", "db"), ("cam", "mine")]


@pytest.mark.parametrize(
    ("server", "key", "message"),
    [
        (
            {"type": "http", "url": "http://10.0.0.5/mcp"},
            "mcpServers.s.url",
            "plain http is allowed only for loopback addresses; use https",
        ),
        ({"type": "http"}, "mcpServers.s.url", "an http server needs a url"),
        (
            {"type": "ws", "url": "wss://x"},
            "mcpServers.s.type",
            'expected one of stdio, http, streamable-http, sse, got the string "ws"',
        ),
        (
            {"command": "x", "args": "a b"},
            "mcpServers.s.args",
            'expected a list of strings, got the string "a b"',
        ),
    ],
)
def test_bad_server_entries(server: dict[str, object], key: str, message: str) -> None:
    assert problems({**BASE, "mcpServers": {"s": server}}) == [(key, message)]


def test_round_trip_and_atomic_save(tmp_path: Path) -> None:
    cfg = parse_config({**BASE, "mcpServers": {"cam": {"type": "http", "url": "http://127.0.0.1:1/mcp"}}})
    path = tmp_path / "dir" / "fuseforks.json"
    save_config(cfg, path)
    again = load_config(path)
    assert config_to_json(again) == config_to_json(cfg)
    assert again.media_dir() == tmp_path / "dir" / "fuseforks.tool-media"
    assert [p.name for p in path.parent.iterdir()] == ["fuseforks.json"]  # no temp file left


def test_nothing_invalid_is_saved(tmp_path: Path) -> None:
    cfg = parse_config(BASE)
    cfg.agents[0].template = "nope"
    path = tmp_path / "c.json"
    with pytest.raises(ConfigError):
        save_config(cfg, path)
    assert not path.exists()


def test_default_path_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert default_config_path() == tmp_path / "fuseforks" / "fuseforks.json"


def test_offline_demo_protocol_is_accepted() -> None:
    cfg = parse_config(
        {
            **BASE,
            "templates": [{"name": "d", "protocol": "offline-demo", "model": "demo"}],
            "agents": [{"id": "a", "template": "d"}],
        }
    )
    assert isinstance(cfg, Config) and cfg.template("d").base_url == ""


def test_offline_demo_template_saves_and_loads_back(tmp_path: Path) -> None:
    """The first-run village is saved from Settings: its demo template has no endpoint."""
    cfg = parse_config(
        {
            **BASE,
            "templates": [{"name": "d", "protocol": "offline-demo", "model": "demo"}],
            "agents": [{"id": "a", "template": "d"}],
        }
    )
    assert "base_url" not in config_to_json(cfg)["templates"][0]
    path = tmp_path / "c.json"
    save_config(cfg, path)
    assert config_to_json(load_config(path)) == config_to_json(cfg)


def test_tool_policies_are_a_known_key() -> None:
    """Bug: the policies were applied but the key was reported as unknown."""
    cfg = parse_config({**BASE, "tool_policies": [{"tool": "cam__*", "action": "block"}]})
    assert len(cfg.tool_policies) == 1
    assert cfg.warnings == []


UNKNOWN = {
    "colour": "blue",
    "village": {"name": "V", "motto": "look"},
    "mcp": {"image_result": False},
    "tool_results": {"budget": 1},
    "turn": {"max_turns": 3},
    "templates": [{**BASE["templates"][0], "temperature": 0.2}],  # type: ignore[dict-item]
    "agents": [
        {
            **BASE["agents"][0],  # type: ignore[dict-item]
            "avatar": {"emoji": "🦊"},
            "mcp_servers": {"fs": {"command": "fs", "note": "mine"}},
        }
    ],
    "mcpServers": {
        "cam": {"type": "http", "url": "https://cam.example/mcp", "oauth": {"scopes": "read", "scope": "x"}}
    },
}


def test_unknown_keys_are_kept_when_saved(tmp_path: Path) -> None:
    """Bug: every unknown key was reported, then dropped silently when the file was written back."""
    src, out = tmp_path / "in.json", tmp_path / "out.json"
    src.write_text(json.dumps(UNKNOWN), encoding="utf-8")
    cfg = load_config(src)
    assert cfg.warnings == [
        "colour: unknown key (ignored)",
        "village.motto: unknown key (ignored)",
        "mcp.image_result: unknown key (ignored)",
        "tool_results.budget: unknown key (ignored)",
        "turn.max_turns: unknown key (ignored)",
        "mcpServers.cam.oauth.scope: unknown key (ignored)",
        "templates[0].temperature: unknown key (ignored)",
        "agents[0].avatar: unknown key (ignored)",
        "agents[0].mcp_servers.fs.note: unknown key (ignored)",
    ]
    save_config(cfg, out)
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written["colour"] == "blue"
    assert written["village"]["motto"] == "look"
    assert written["mcp"]["image_result"] is False
    assert written["tool_results"]["budget"] == 1
    assert written["turn"]["max_turns"] == 3
    assert written["templates"][0]["temperature"] == 0.2
    assert written["agents"][0]["avatar"] == {"emoji": "🦊"}
    assert written["agents"][0]["mcp_servers"]["fs"]["note"] == "mine"
    assert written["mcpServers"]["cam"]["oauth"] == {
        "scopes": "read",
        "client_name": "Fuseforks",
        "scope": "x",
    }
    assert load_config(out).warnings == cfg.warnings


def test_schema_version_keys_are_kept_without_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    cfg = parse_config({**BASE, "$schema": "https://example/fuseforks.json", "version": 1})
    assert cfg.warnings == []
    save_config(cfg, path)
    written = json.loads(path.read_text(encoding="utf-8"))
    assert (written["$schema"], written["version"]) == ("https://example/fuseforks.json", 1)
