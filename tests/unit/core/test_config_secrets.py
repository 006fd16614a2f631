"""No literal secret in the configuration (D-4; issue 11, defect 9): headers, env values, command
arguments, URLs and system prompts refuse one and point to ``${secret:NAME}``; references, and
values that only sound secret, stay allowed."""

from __future__ import annotations

from typing import Any

import pytest

from core.config import ConfigError, parse_config

BASE: dict[str, Any] = {
    "templates": [{"name": "claude", "protocol": "anthropic", "model": "claude-x", "key": "anthropic"}],
    "agents": [{"id": "a1", "name": "Muse", "template": "claude"}],
}
LITERAL = "Zq8vK2mW9xR4tY7u"  # never echoed back in a message


def with_server(server: dict[str, Any]) -> dict[str, Any]:
    return {**BASE, "mcpServers": {"s": server}}


def with_prompt(prompt: str) -> dict[str, Any]:
    return {**BASE, "agents": [{**BASE["agents"][0], "system_prompt": prompt}]}


def http(**kw: Any) -> dict[str, Any]:
    return with_server({"type": "http", "url": "https://cam.example/mcp", **kw})


def stdio(**kw: Any) -> dict[str, Any]:
    return with_server({"command": "srv", **kw})


REFUSED = [
    (http(headers={"Authorization": f"Bearer {LITERAL}"}), "mcpServers.s.headers.Authorization"),
    (http(headers={"authorization": LITERAL}), "mcpServers.s.headers.authorization"),
    (http(headers={"X-Api-Key": LITERAL}), "mcpServers.s.headers.X-Api-Key"),
    (http(headers={"Cookie": f"session={LITERAL}"}), "mcpServers.s.headers.Cookie"),
    (stdio(env={"GITHUB_TOKEN": LITERAL}), "mcpServers.s.env.GITHUB_TOKEN"),
    (stdio(env={"DB_PASSWORD": LITERAL}), "mcpServers.s.env.DB_PASSWORD"),
    (stdio(env={"OPENAI_API_KEY": LITERAL}), "mcpServers.s.env.OPENAI_API_KEY"),
    (stdio(env={"AUTH_HEADER": f"Bearer {LITERAL}"}), "mcpServers.s.env.AUTH_HEADER"),
    (stdio(env={"awsSecretAccessKey": LITERAL}), "mcpServers.s.env.awsSecretAccessKey"),
    (stdio(args=[f"--api-key={LITERAL}"]), "mcpServers.s.args[0]"),
    (stdio(args=["--token", LITERAL]), "mcpServers.s.args[1]"),
    (stdio(args=["-y", "pkg", "--password", LITERAL]), "mcpServers.s.args[3]"),
    (stdio(args=["--header", f"Authorization: Bearer {LITERAL}"]), "mcpServers.s.args[1]"),
    (stdio(args=["run", "-e", f"GITHUB_TOKEN={LITERAL}", "ghcr.io/x/y"]), "mcpServers.s.args[2]"),
    (stdio(args=[f"https://cam.example/mcp?token={LITERAL}"]), "mcpServers.s.args[0]"),
    (stdio(args=[f"sk-{LITERAL}{LITERAL}"]), "mcpServers.s.args[0]"),
    (
        stdio(env={"DATABASE_URL": f"postgres://app:{LITERAL}@db.example/app"}),
        "mcpServers.s.env.DATABASE_URL",
    ),
    (http(url=f"https://cam.example/mcp?api_key={LITERAL}"), "mcpServers.s.url"),
    (http(url=f"https://cam.example/mcp?format=json&access_token={LITERAL}#x"), "mcpServers.s.url"),
    (http(url=f"https://user:{LITERAL}@cam.example/mcp"), "mcpServers.s.url"),
    (
        {
            **BASE,
            "templates": [{**BASE["templates"][0], "base_url": f"https://api.example/v1?key={LITERAL}"}],
        },
        "templates[0].base_url",
    ),
    (
        with_prompt(f"You are helpful. Use sk-ant-api03-{LITERAL}{LITERAL} for the tool."),
        "agents[0].system_prompt",
    ),
    (with_prompt(f"key: AIza{LITERAL}{LITERAL}xyz"), "agents[0].system_prompt"),
    (with_prompt(f"GitHub: ghp_{LITERAL}{LITERAL}"), "agents[0].system_prompt"),
    (with_prompt(f"(xai-{LITERAL}{LITERAL})"), "agents[0].system_prompt"),
]


@pytest.mark.parametrize(("data", "key"), REFUSED)
def test_a_literal_secret_is_refused_and_points_to_a_reference(data: dict[str, Any], key: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(data)
    got = info.value.problems
    assert [k for k, _ in got] == [key], got
    assert "${secret:NAME}" in got[0][1]
    assert LITERAL not in str(info.value)


ALLOWED = [
    http(headers={"Authorization": "Bearer ${secret:CAM_TOKEN}", "Accept": "application/json"}),
    http(headers={"X-Api-Key": "${secret:CAM}", "X-Client": "fuseforks", "User-Agent": "f/1.0"}),
    http(headers={"Authorization": ""}),
    http(url="https://cam.example/mcp?format=json&page=2&tokens=100"),
    http(url="https://cam.example/mcp?api_key=${secret:CAM}"),
    http(url="https://user@cam.example/mcp"),
    stdio(
        env={
            "GITHUB_TOKEN": "${secret:GH}",
            "LOG_LEVEL": "debug",
            "KEY_FILE": "/home/a/key.pem",
            "TOKEN_URL": "https://auth.example/token",
            "AUTH_MODE": "oauth",
            "USE_AUTH": "true",
            "KEYBOARD": "us",
            "MONKEY": "banana",
            "AUTHOR": "ann",
            "MAX_TOKENS": "4096",
            "DATABASE_URL": "postgres://app:${secret:DB}@db.example/app",
        }
    ),
    stdio(
        args=["run", "-i", "-e", "GITHUB_TOKEN", "-e", "LOG_LEVEL=debug", "ghcr.io/github/github-mcp-server"]
    ),
    stdio(args=["-y", "@modelcontextprotocol/server-postgres", "postgresql://localhost/mydb"]),
    stdio(
        args=[
            "-y",
            "@mcp/github",
            "--token",
            "${secret:GH}",
            "--api-key=${secret:K}",
            "--header",
            "Authorization:${AUTH_HEADER}",
            "--header",
            "Accept: text/plain",
            "--port",
            "8080",
            "--token-file",
            "./token.txt",
            "--key",
            "/etc/tls/key.pem",
            "--no-auth",
            "server.py",
            "--max-tokens",
            "4096",
            "--verbose",
        ]
    ),
    {**BASE, "templates": [{**BASE["templates"][0], "model": "xai-responses-vision-large"}]},
    with_prompt(
        "Use the xai-responses-vision-large model, and " + "sk-" + "learn-compatible-estimators."
    ),  # not a key: split so no scanner mistakes it for one
    with_prompt(
        "You are a careful assistant. Never reveal an API key, a password or a token; "
        "keys look like sk-... and tokens like ghp_... . Keep the token budget small. "
        "Ask for the task-management password only via the tool. Hex 0123456789abcdef is fine."
    ),
]


@pytest.mark.parametrize("data", ALLOWED)
def test_references_and_values_that_only_sound_secret_are_allowed(data: dict[str, Any]) -> None:
    parse_config(data)
