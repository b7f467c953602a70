"""The generic tool runtime: typed tools, profiles, schema export, and one executor for every path.

It knows nothing about pharmacies: a toolset registers :class:`ToolSpec` objects in a :class:`Registry`
(one per profile; the table of named profiles lives with the toolsets), and every engine runs them
through :class:`Executor`, which validates, authorizes, rate limits, asks for confirmation, enforces
deadlines, audits and counts each call.
"""

from __future__ import annotations

from pharmai.tools._context import Actor, Principal, ToolCall, ToolContext, new_call_id
from pharmai.tools._executor import Executor
from pharmai.tools._export import FORMATS, export_tools, to_anthropic, to_chat, to_mcp, to_openai
from pharmai.tools._outcome import CanonicalEnvelope, Envelope, ToolOutcome
from pharmai.tools._privacy import SurrogateRefs
from pharmai.tools._registry import Registry
from pharmai.tools._schema import StrictSchemaError, check_strict, plain_schema, strict_schema
from pharmai.tools._spec import RiskLevel, ToolKind, ToolSpec
from pharmai.tools._stores import AuditSink, ConfirmationRecord, ConfirmationStore, ConfirmationView
from pharmai.tools.middleware import (
    RateLimiter,
    RedisOptions,
    ToolMetrics,
    open_windows,
    parse_arguments,
    parse_rate,
    redis_server,
)

__all__ = [
    "FORMATS",
    "Actor",
    "AuditSink",
    "CanonicalEnvelope",
    "ConfirmationRecord",
    "ConfirmationStore",
    "ConfirmationView",
    "Envelope",
    "Executor",
    "Principal",
    "RateLimiter",
    "RedisOptions",
    "Registry",
    "RiskLevel",
    "StrictSchemaError",
    "SurrogateRefs",
    "ToolCall",
    "ToolContext",
    "ToolKind",
    "ToolMetrics",
    "ToolOutcome",
    "ToolSpec",
    "check_strict",
    "export_tools",
    "new_call_id",
    "open_windows",
    "parse_arguments",
    "parse_rate",
    "plain_schema",
    "redis_server",
    "strict_schema",
    "to_anthropic",
    "to_chat",
    "to_mcp",
    "to_openai",
]
