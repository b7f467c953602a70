"""The MCP server: the active tool profile for any MCP client, over stdio or streamable HTTP.

Every call runs through the same :class:`~pharmai.tools.Executor` as the other interfaces, so limits,
audit and metrics hold. Write tools that need confirmation ask through MCP elicitation when the client
supports it, and otherwise answer ``CONFIRMATION_REQUIRED`` with the id to approve elsewhere.
"""

from __future__ import annotations

from pharmai.mcp._http import McpHttpApp, http_app
from pharmai.mcp._server import SERVER_NAME, build_server
from pharmai.mcp._sessions import CONVERSATION_META_KEY, Conversation, Conversations
from pharmai.mcp._stdio import run_stdio

__all__ = [
    "CONVERSATION_META_KEY",
    "SERVER_NAME",
    "Conversation",
    "Conversations",
    "McpHttpApp",
    "build_server",
    "http_app",
    "run_stdio",
]
