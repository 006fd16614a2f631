"""The small village configurations the GUI tests share, and one configured remote MCP server."""

from __future__ import annotations

from pathlib import Path

from core.config import Config, McpServer, parse_config


def window_config(tmp_path: Path) -> Config:
    """ "Test village": Ava on Claude (a key entry), Gemini beside it; saved to ``fuseforks.json``."""
    return parse_config(
        {
            "village": {"language": "en", "name": "Test village"},
            "templates": [
                {"name": "Claude", "protocol": "anthropic", "model": "claude-x", "key": "claude"},
                {"name": "Gemini", "protocol": "gemini", "model": "gemini-x", "key": "gemini"},
            ],
            "agents": [{"id": "a1", "name": "Ava", "template": "Claude"}],
        },
        tmp_path / "fuseforks.json",
    )


def settings_config() -> Config:
    """Two templates (only Claude has a key entry) and two agents, Ava and Bo; no file."""
    return parse_config(
        {
            "templates": [
                {"name": "Claude", "protocol": "anthropic", "model": "claude-x", "key": "claude"},
                {"name": "Gemini", "protocol": "gemini", "model": "gemini-x"},
            ],
            "agents": [
                {"id": "a1", "name": "Ava", "template": "Claude"},
                {"id": "a2", "name": "Bo", "template": "Gemini"},
            ],
        }
    )


def configured_server(url: str, oauth: object, name: str = "secure") -> McpServer:
    """One remote MCP server as the configuration file declares it (validated by ``parse_config``)."""
    [server] = parse_config(
        {
            "templates": [{"name": "t", "protocol": "anthropic", "model": "m"}],
            "agents": [{"id": "agent_7", "name": "A", "template": "t"}],
            "mcpServers": {name: {"type": "http", "url": url, "oauth": oauth}},
        }
    ).shared_mcp_servers
    return server
