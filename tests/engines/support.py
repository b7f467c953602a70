"""Helpers of the LLM engine tests: engines pointed at the stub server, and readers of what they sent."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from pharmai.agent.engines.llm._config import LLMConfig
from pharmai.agent.engines.llm.anthropic_engine import AnthropicEngine
from pharmai.agent.engines.llm.chat_engine import ChatEngine
from pharmai.agent.engines.llm.openai_engine import OpenAIEngine
from tests.engines.stub_server import Planned, StubServer

__all__ = ["PROVIDERS", "Provider", "instructions", "notes", "session_facts", "texts", "tool_names", "tool_outputs"]

_CLASSES: dict[str, Any] = {"openai": OpenAIEngine, "chat": ChatEngine, "anthropic": AnthropicEngine}
_DIALECTS = {"openai": "responses", "chat": "chat", "anthropic": "anthropic"}
NOTE_PREFIX = "[pharmacy system note] "
#: How the per-turn session facts begin (``_prompt.session_note``), in each language.
SESSION_PREFIXES = ("Session: ", "השיחה: ")


@dataclass
class Provider:
    """One engine under test: builds it against a stub, records the backoff's sleeps."""

    name: str
    sleeps: list[float] = field(default_factory=list)

    @property
    def dialect(self) -> str:
        return _DIALECTS[self.name]

    def engine(self, base_url: str, **config: Any) -> Any:
        config.setdefault("max_retries", 2)
        config.setdefault("timeout", 5.0)
        settings = LLMConfig(provider=self.name, model="stub-model", api_key="test-key", base_url=base_url, **config)
        return _CLASSES[self.name](settings, sleep=self.sleeps.append)

    @contextmanager
    def serve(self, *replies: Planned, **config: Any) -> Iterator[tuple[StubServer, Any]]:
        """A stub with ``replies`` planned and an engine pointed at it."""
        with StubServer(self.dialect, list(replies)) as stub:
            yield stub, self.engine(stub.base_url, **config)


PROVIDERS = ["openai", "chat", "anthropic"]


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        blocks = [b for b in content if isinstance(b, dict) and b.get("type") == "text"]
        return "".join(str(b.get("text", "")) for b in blocks if not str(b.get("text", "")).startswith(NOTE_PREFIX))
    return ""


def tool_outputs(dialect: str, body: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """``(call id, envelope)`` of every tool output the request sends back to the model, in order."""
    found: list[tuple[str, dict[str, Any]]] = []
    if dialect == "responses":
        for item in body["input"]:
            if item.get("type") == "function_call_output":
                found.append((item["call_id"], json.loads(item["output"])))
    elif dialect == "chat":
        for message in body["messages"]:
            if message["role"] == "tool":
                found.append((message["tool_call_id"], json.loads(message["content"])))
    else:
        for message in body["messages"]:
            for block in message["content"] if isinstance(message["content"], list) else []:
                if block.get("type") == "tool_result":
                    found.append((block["tool_use_id"], json.loads(block["content"])))
    return found


def instructions(dialect: str, body: dict[str, Any]) -> str:
    """The system prompt of a request."""
    if dialect == "responses":
        return str(body["instructions"])
    if dialect == "chat":
        first = body["messages"][0]
        assert first["role"] == "system"
        return str(first["content"])
    return "\n\n".join(str(block["text"]) for block in body["system"])


def session_facts(dialect: str, body: dict[str, Any]) -> list[str]:
    """The session facts a request carries (after the cacheable prefix)."""
    if dialect == "anthropic":
        found = [str(block["text"]) for block in body["system"]]
    elif dialect == "responses":
        found = [str(i["content"]) for i in body["input"] if i.get("role") == "developer"]
    else:
        found = [str(m["content"]) for m in body["messages"][1:] if m["role"] == "system"]
    return [text for text in found if text.startswith(SESSION_PREFIXES)]


def notes(dialect: str, body: dict[str, Any]) -> list[str]:
    """The per-turn developer notes of a request."""
    if dialect == "responses":
        found = [str(i["content"]) for i in body["input"] if i.get("role") == "developer"]
        return [text for text in found if not text.startswith(SESSION_PREFIXES)]
    if dialect == "chat":
        found = [str(m["content"]) for m in body["messages"][1:] if m["role"] == "system"]
        return [text for text in found if not text.startswith(SESSION_PREFIXES)]
    found = []
    for message in body["messages"]:
        for block in message["content"] if isinstance(message["content"], list) else []:
            text = str(block.get("text", ""))
            if block.get("type") == "text" and text.startswith(NOTE_PREFIX):
                found.append(text[len(NOTE_PREFIX) :])
    return found


def texts(dialect: str, body: dict[str, Any]) -> list[tuple[str, str]]:
    """``(role, text)`` of the user and assistant messages (history and the new message), notes excluded."""
    items = body["input"] if dialect == "responses" else body["messages"]
    found = []
    for item in items:
        role = item.get("role")
        if role not in ("user", "assistant"):
            continue
        text = _content_text(item.get("content"))
        if text and not text.startswith(NOTE_PREFIX):
            found.append((str(role), text))
    return found


def tool_names(dialect: str, body: dict[str, Any]) -> list[str]:
    """The names of the tools a request offers."""
    if dialect == "chat":
        return [t["function"]["name"] for t in body["tools"]]
    return [t["name"] for t in body["tools"]]
