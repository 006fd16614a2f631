"""MCP server entries and their OAuth settings: read from and written back to JSON.

A server is written as Claude Desktop writes it (``command``/``args``/``env``, or ``type`` + ``url``);
``transport`` and ``disabled`` are read as ``type`` and ``enabled: false``.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any, Literal

from core.secret_refs import SECRET_REF

from . import literal_secrets as secrets
from .guard import sub
from .model import McpServer, OAuthSettings
from .reader import Reader, describe
from .schema import OAUTH, SERVER, TRANSPORT_ALIASES, TRANSPORT_NAMES

_SERVER_NAME = re.compile(r"[A-Za-z0-9_-]{1,32}")
_METADATA_URL = re.compile(r"https://[^/?#\s]+/[^?#\s]*[^/?#\s][^?#\s]*")  # https, a path that is not "/"
_LOOPBACK = re.compile(r"http://(127\.\d+\.\d+\.\d+|localhost|\[::1\])[:/]")


def transport_of(spec: dict[str, Any]) -> Literal["stdio", "http", "sse"] | None:
    """The transport a server entry asks for (``None``: an unknown ``type``)."""
    kind = spec.get("type", spec.get("transport"))
    if kind is None:
        kind = "http" if "url" in spec and "command" not in spec else "stdio"
    return TRANSPORT_ALIASES.get(kind) if isinstance(kind, str) else None


def read_servers(r: Reader, raw: object, path: str) -> list[McpServer]:
    """``{name: server}``, or a Claude Desktop block ``{"mcpServers": {...}}`` pasted as is."""
    if isinstance(raw, dict) and set(raw) == {"mcpServers"}:
        raw, path = raw["mcpServers"], f"{path}.mcpServers"
    if not isinstance(raw, dict):
        r.fail(path, f"expected an object of servers by name, got {describe(raw)}")
        return []
    out = []
    for name, spec in raw.items():
        if not _SERVER_NAME.fullmatch(name):
            r.fail(sub(path, name), "server names use letters, digits, _ and - (at most 32)")
            continue
        server = _server(r, name, spec, sub(path, name))
        if server is not None:
            out.append(server)
    return out


def _server(r: Reader, name: str, raw: object, path: str) -> McpServer | None:
    d, extra = r.obj(raw, path, SERVER)
    if not d:
        return None
    transport = transport_of(d)
    if transport is None:
        kind = d.get("type", d.get("transport"))
        r.fail(f"{path}.type", f"expected one of {', '.join(TRANSPORT_NAMES)}, got {describe(kind)}")
        return None
    enabled = r.get(d, SERVER, "enabled", path)
    if "disabled" in d:
        enabled = not r.get(d, SERVER, "disabled", path) and enabled
    if transport == "stdio":
        if "oauth" in d:
            r.fail(f"{path}.oauth", "OAuth applies only to http and sse servers")
        if "command" not in d:
            r.fail(f"{path}.command", "a stdio server needs a command")
            return None
        server = McpServer(
            name=name,
            transport="stdio",
            command=r.get(d, SERVER, "command", path),
            args=r.get(d, SERVER, "args", path),
            env=r.get(d, SERVER, "env", path),
            cwd=r.get(d, SERVER, "cwd", path),
            enabled=enabled,
            extra=extra,
            **_client_features(r, d, path),
        )
        for i in secrets.in_args(server.args):
            r.refuse_secret(f"{path}.args[{i}]", secrets.ARGUMENT)
        for key, value in server.env.items():
            if secrets.in_env(key, value):
                r.refuse_secret(f"{path}.env.{key}", secrets.ENV)
        return server
    url = r.get(d, SERVER, "url", path)
    if not url:
        r.fail(f"{path}.url", f"an {d.get('type', d.get('transport', 'http'))} server needs a url")
        return None
    _remote_url(r, url, f"{path}.url")
    oauth, oauth_auto = _oauth(r, d.get("oauth"), f"{path}.oauth") if "oauth" in d else (None, True)
    headers = r.get(d, SERVER, "headers", path)
    for key, value in headers.items():
        if secrets.in_header(key, value):
            r.refuse_secret(f"{path}.headers.{key}", secrets.HEADER)
    return McpServer(
        name=name,
        transport=transport,
        url=url,
        headers=headers,
        enabled=enabled,
        oauth=oauth,
        oauth_auto=oauth_auto,
        extra=extra,
        **_client_features(r, d, path),
    )


def _remote_url(r: Reader, url: str, path: str) -> bool:
    """``check_url``, and plain http only for a loopback address (else recorded)."""
    if not check_url(r, url, path):
        return False
    if url.startswith("http://") and not _LOOPBACK.match(url):
        r.fail(path, "plain http is allowed only for loopback addresses; use https")
        return False
    return True


CLIENT_FEATURES = ("roots", "sampling", "sampling_per_hour", "sampling_max_tokens")


def _client_features(r: Reader, d: dict[str, Any], path: str) -> dict[str, Any]:
    """What the client offers the server: its roots (absolute folder paths) and sampling."""
    out = {key: r.get(d, SERVER, key, path) for key in CLIENT_FEATURES}
    roots: list[str] = []
    for i, folder in enumerate(out["roots"]):
        if not (PurePosixPath(folder).is_absolute() or PureWindowsPath(folder).is_absolute()):
            r.fail(f"{path}.roots[{i}]", f"expected an absolute folder path, got {describe(folder)}")
        elif folder not in roots:
            roots.append(folder)
    out["roots"] = roots
    return out


def check_url(r: Reader, url: str, path: str) -> bool:
    """An http(s) URL without spaces, control characters or a literal secret (else recorded)."""
    if any(c.isspace() or not c.isprintable() for c in url):
        r.fail(path, "expected a URL without spaces or control characters")
    elif not url.startswith(("http://", "https://")):
        r.fail(path, f"expected an http:// or https:// URL, got {describe(url)}")
    elif secrets.in_url(url):
        r.refuse_secret(path, secrets.URL)
    else:
        return True
    return False


def _oauth(r: Reader, raw: object, path: str) -> tuple[OAuthSettings | None, bool]:
    """``"oauth"``: true, false or an object of the ``OAUTH`` settings (scopes, a given client, grant)."""
    if isinstance(raw, bool):
        return (OAuthSettings() if raw else None), raw
    if not isinstance(raw, dict):
        r.fail(path, f"expected true, false or an object with scopes and client_name, got {describe(raw)}")
        return None, True
    d, extra = r.obj(raw, path, OAUTH)
    scopes = r.get(d, OAUTH, "scopes", path, "") or None
    if isinstance(d.get("scopes"), str) and any(not c.isprintable() or c in '"\\' for c in d["scopes"]):
        r.fail(f"{path}.scopes", "expected scope names separated by spaces")
        scopes = None
    client_name = r.get(d, OAUTH, "client_name", path)
    client_id = r.get(d, OAUTH, "client_id", path, "") or None
    if client_id is not None and any(not c.isprintable() or c.isspace() for c in client_id):
        r.fail(f"{path}.client_id", "expected a client id without spaces or control characters")
        client_id = None
    client_secret = _secret_ref(r, d, "client_secret", path, client_id, "client secret")
    private_key = _secret_ref(r, d, "private_key", path, client_id, "private key")
    redirect_port = r.get(d, OAUTH, "redirect_port", path, 0) or None
    metadata_url = r.get(d, OAUTH, "client_metadata_url", path, "") or None
    if metadata_url is not None and not _METADATA_URL.fullmatch(metadata_url):
        r.fail(f"{path}.client_metadata_url", "expected an https:// URL with a path")
        metadata_url = None
    grant = r.get(d, OAUTH, "grant", path)
    if grant == "client_credentials" and not (client_secret or private_key):
        r.fail(f"{path}.grant", "client_credentials needs a client_id and a client_secret or private_key")
    id_token = _secret_ref(r, d, "id_token", path, client_id, "ID token")
    urls: dict[str, str | None] = {}
    for key in ("issuer", "idp_token_endpoint"):
        urls[key] = r.get(d, OAUTH, key, path, "") or None
        if urls[key] is not None and not _remote_url(r, str(urls[key]), f"{path}.{key}"):
            urls[key] = None
    idp_client_id = r.get(d, OAUTH, "idp_client_id", path, "") or None
    if grant == "identity_assertion" and not (client_secret and id_token and all(urls.values())):
        r.fail(
            f"{path}.grant",
            "identity_assertion needs a client_id, client_secret, issuer, idp_token_endpoint and id_token",
        )
    return (
        OAuthSettings(
            scopes=" ".join(scopes.split()) if scopes else None,
            client_name=client_name,
            client_id=client_id,
            client_secret=client_secret,
            redirect_port=redirect_port,
            client_metadata_url=metadata_url,
            grant=grant,
            private_key=private_key,
            issuer=urls["issuer"],
            idp_token_endpoint=urls["idp_token_endpoint"],
            idp_client_id=idp_client_id,
            id_token=id_token,
            extra=extra,
        ),
        True,
    )


def _secret_ref(
    r: Reader, d: dict[str, Any], key: str, path: str, client_id: str | None, what: str
) -> str | None:
    """``d[key]`` when it is a ``${secret:NAME}`` reference and a client id is given (else recorded)."""
    if key not in d:
        return None
    value = d[key]
    # The value is never echoed: it may be the secret itself.
    if not isinstance(value, str) or not SECRET_REF.fullmatch(value):
        r.fail(
            f"{path}.{key}",
            f"secrets do not belong in this file; store the {what} in the keyring "
            "and reference it by name (${secret:NAME})",
        )
    elif client_id is None:
        r.fail(f"{path}.{key}", f"a {what} needs a client_id")
    else:
        return value
    return None


def server_json(s: McpServer) -> dict[str, Any]:
    """The JSON of one server (reads back through ``read_servers`` to an equal server)."""
    if s.transport == "stdio":
        out: dict[str, Any] = {"command": s.command, "args": s.args}
        if s.env:
            out["env"] = s.env
        if s.cwd:
            out["cwd"] = s.cwd
    else:
        out = {"type": s.transport, "url": s.url}
        if s.headers:
            out["headers"] = s.headers
        if s.oauth is not None:
            out["oauth"] = True if s.oauth == OAuthSettings() else _oauth_json(s.oauth)
        elif not s.oauth_auto:
            out["oauth"] = False
    if not s.enabled:
        out["enabled"] = False
    for key in CLIENT_FEATURES:
        if getattr(s, key) != SERVER.default(key):
            out[key] = getattr(s, key)
    return {**out, **s.extra}


def _oauth_json(o: OAuthSettings) -> dict[str, Any]:
    values = {k: getattr(o, k) for k in OAUTH.written}
    return {**{k: v for k, v in values.items() if v is not None}, **o.extra}


def servers_json(servers: list[McpServer]) -> dict[str, Any]:
    return {s.name: server_json(s) for s in servers}
