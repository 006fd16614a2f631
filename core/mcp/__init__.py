"""MCP client side: rendering tool results (S70-1, S70-7), MCP tools as ``AgentTool`` (S70-8,
S70-22) and the per-agent connection manager with OAuth sign-in for remote servers."""

from __future__ import annotations

from core.elicitation import ElicitationAnswer, ElicitationHandler, ElicitationRequest
from core.keyring_secrets import default_secret_resolver
from core.mcp.oauth import McpOAuth, OpenUrl
from core.mcp.oauth_callback import LoopbackCallback
from core.mcp.oauth_errors import (
    OAuthBrowserUnavailable,
    OAuthCallbackUnavailable,
    OAuthDeclined,
    OAuthError,
    OAuthStateMismatch,
    OAuthTimeout,
)
from core.mcp.oauth_tokens import KeyringTokenStorage
from core.mcp.provider import McpToolProvider
from core.mcp.render import render_tool_output, render_tool_output_async
from core.mcp.status import ServerStatus
from core.mcp.tool import McpTool, tool_name
from core.secret_refs import SecretResolver

__all__ = [
    "ElicitationAnswer",
    "ElicitationHandler",
    "ElicitationRequest",
    "KeyringTokenStorage",
    "LoopbackCallback",
    "McpOAuth",
    "McpTool",
    "McpToolProvider",
    "OAuthBrowserUnavailable",
    "OAuthCallbackUnavailable",
    "OAuthDeclined",
    "OAuthError",
    "OAuthStateMismatch",
    "OAuthTimeout",
    "OpenUrl",
    "SecretResolver",
    "ServerStatus",
    "default_secret_resolver",
    "render_tool_output",
    "render_tool_output_async",
    "tool_name",
]
