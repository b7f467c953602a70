"""One ToolSpec, four wire formats: OpenAI Responses, Chat Completions, Anthropic Messages and MCP."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Literal

from pharmai.tools._registry import Registry
from pharmai.tools._schema import plain_schema, strict_schema
from pharmai.tools._spec import ToolKind, ToolSpec

__all__ = ["FORMATS", "ExportFormat", "export_tools", "to_anthropic", "to_chat", "to_mcp", "to_openai"]

ExportFormat = Literal["openai", "chat", "anthropic", "mcp"]


def to_openai(spec: ToolSpec) -> dict[str, Any]:
    """An OpenAI Responses API function tool in strict mode."""
    return {
        "type": "function",
        "name": spec.name,
        "description": spec.model_description,
        "parameters": strict_schema(spec.input_model),
        "strict": True,
    }


def to_chat(spec: ToolSpec) -> dict[str, Any]:
    """A Chat Completions tool (same strict schema), also for OpenAI-compatible local servers."""
    return {
        "type": "function",
        "function": {
            "name": spec.name,
            "description": spec.model_description,
            "parameters": strict_schema(spec.input_model),
            "strict": True,
        },
    }


def to_anthropic(spec: ToolSpec) -> dict[str, Any]:
    """An Anthropic Messages API tool (``input_schema``; optional fields stay optional)."""
    return {"name": spec.name, "description": spec.model_description, "input_schema": plain_schema(spec.input_model)}


def to_mcp(spec: ToolSpec) -> dict[str, Any]:
    """An MCP ``Tool``: input and output schemas plus behaviour annotations."""
    return {
        "name": spec.name,
        "title": spec.title,
        "description": spec.model_description,
        "inputSchema": plain_schema(spec.input_model),
        "outputSchema": plain_schema(spec.output_model),
        "annotations": {
            "title": spec.title,
            "readOnlyHint": spec.read_only,
            # AUTH tools change only the session, never stored data; WRITE tools may overwrite.
            "destructiveHint": spec.kind is ToolKind.WRITE and not spec.idempotent,
            "idempotentHint": spec.read_only or spec.idempotent,
            "openWorldHint": spec.open_world,
        },
        "_meta": {"version": spec.version, "kind": spec.kind.value, "phi": spec.phi, "confirm": spec.confirm},
    }


FORMATS: dict[str, Callable[[ToolSpec], dict[str, Any]]] = {
    "openai": to_openai,
    "chat": to_chat,
    "anthropic": to_anthropic,
    "mcp": to_mcp,
}


def export_tools(tools: Registry | Iterable[ToolSpec], fmt: str) -> list[dict[str, Any]]:
    """Every tool of a registry (or an iterable of specs) in one format.

    Args:
        tools: A :class:`Registry` or specs.
        fmt: ``openai``, ``chat``, ``anthropic`` or ``mcp``.

    Raises:
        ValueError: For an unknown format.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r}; choose one of {', '.join(FORMATS)}")
    specs = tools.specs() if isinstance(tools, Registry) else list(tools)
    return [FORMATS[fmt](spec) for spec in specs]
