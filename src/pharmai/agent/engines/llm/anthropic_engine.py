"""The ``anthropic`` engine: the Anthropic Messages API with tool use, streamed.

A streamed message opens content blocks by index: ``text`` blocks stream ``text_delta`` pieces (yielded
as they arrive), ``tool_use`` blocks stream their input as ``input_json_delta`` fragments, accumulated
until the block stops. Tool results go back in one user message of ``tool_result`` blocks.

Prompt caching: a ``cache_control`` breakpoint on the last tool (the tools are the prompt's first part)
and one on the stable system block; the session facts follow as a second system block, outside the
cached prefix. A third breakpoint moves with the conversation's last block, so the next request (the
turn's next step, or the next turn, whose history repeats this one's) reads the conversation so far
from the cache too. Cache reads and writes are counted apart by the API and added to the turn's input.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from typing import Any

import anthropic

from pharmai.agent.base import ToolResult, TurnInput
from pharmai.agent.engines.llm._common import (
    ModelCall,
    ModelStep,
    drive_turn,
    exported_tools,
    new_call_id,
    plain_events,
    post_stream,
    tool_output,
)
from pharmai.agent.engines.llm._config import LLMConfig
from pharmai.agent.engines.llm._prompt import session_note, stable_prompt, turn_notes
from pharmai.agent.engines.llm._retry import TRANSPORT_ERRORS, RetryPolicy, TokenBudget, Usage, unavailable
from pharmai.tools import to_anthropic

__all__ = ["AnthropicEngine", "build"]

#: What may fail while a stream is read: the SDK's errors and those of the HTTP layer under it.
_STREAM_ERRORS: tuple[type[BaseException], ...] = (anthropic.APIError, *TRANSPORT_ERRORS)

#: A prompt-cache breakpoint: the prefix up to and including the marked block is cached (5 minutes).
_BREAKPOINT = {"type": "ephemeral"}


def _object(value: Any) -> dict[str, Any]:
    # A JSON object of an event, or an empty one when a server left it out.
    return value if isinstance(value, dict) else {}


def _count(counts: dict[str, Any], name: str) -> int:
    return int(counts.get(name) or 0)


@dataclass
class _Block:
    kind: str
    call_id: str = ""
    name: str = ""
    parts: list[str] = field(default_factory=list)


def _input_object(arguments: str) -> dict[str, Any]:
    # The echoed tool_use block must hold an object even when the model's JSON was broken.
    try:
        value = json.loads(arguments) if arguments.strip() else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


class _MessagesConversation:
    def __init__(self, engine: AnthropicEngine, turn: TurnInput) -> None:
        self.engine = engine
        specs = turn.tools.specs()
        cache = engine.config.prompt_cache
        stable: dict[str, Any] = {"type": "text", "text": stable_prompt(turn.language, specs)}
        if cache:
            stable["cache_control"] = _BREAKPOINT
        self.system = [stable, {"type": "text", "text": session_note(turn.language, turn.session)}]
        tools = exported_tools(specs, "anthropic", to_anthropic)
        if cache and tools:
            # The exports are shared and read-only: the marked last tool is a copy.
            tools = [*tools[:-1], {**tools[-1], "cache_control": _BREAKPOINT}]
        self.tools = tools
        self.budget = TokenBudget.of(turn.state, engine.config)
        self.messages: list[dict[str, Any]] = []
        for item in turn.history:
            self._add(item.role, [{"type": "text", "text": item.content}])
        if turn.message:
            self._add("user", [{"type": "text", "text": turn.message}])
        notes = turn_notes(turn)
        if notes:
            # The Messages API has one system prompt; turn notes ride in the last user message, marked so.
            self._add("user", [{"type": "text", "text": f"[pharmacy system note] {note}"} for note in notes])
        if not self.messages or self.messages[0]["role"] != "user":
            self.messages.insert(0, {"role": "user", "content": [{"type": "text", "text": "…"}]})
        self._assistant: list[dict[str, Any]] = []

    def _add(self, role: str, content: list[dict[str, Any]]) -> None:
        # The API wants strictly alternating roles; consecutive same-role messages are merged.
        if self.messages and self.messages[-1]["role"] == role:
            self.messages[-1]["content"].extend(content)
        else:
            self.messages.append({"role": role, "content": list(content)})

    def _request(self) -> Any:
        config = self.engine.config
        body = {
            "model": config.model,
            "system": self.system,
            "messages": self._marked() if config.prompt_cache else self.messages,
            "tools": self.tools,
            "max_tokens": config.max_output_tokens,
            "stream": True,
        }
        # Through the client's own ``post``: the SDK sends the request and parses the stream, but never walks
        # our plain JSON against its typed parameters (the tools' schemas, every message and block).
        return post_stream(self.engine.client, "/v1/messages", body, anthropic.Stream)

    def _marked(self) -> list[dict[str, Any]]:
        # A copy with the moving breakpoint on the last block: the stored messages never keep an old one
        # (the API allows four breakpoints in all).
        last = self.messages[-1]
        blocks = list(last["content"])
        blocks[-1] = {**blocks[-1], "cache_control": _BREAKPOINT}
        return [*self.messages[:-1], {**last, "content": blocks}]

    def step(self, usage: Usage) -> Generator[str, None, ModelStep]:
        self.budget.check(usage, self.engine.config)
        typed = self.engine.retry.run(self._request, usage)
        usage.requests += 1
        # Plain JSON events through the SDK's own stream: no typed object for each event.
        stream = plain_events(anthropic.Stream, typed, self.engine.client)
        blocks: dict[int, _Block] = {}
        input_tokens = output_tokens = cached = written = 0
        try:
            for event in stream:
                kind = event.get("type") if isinstance(event, dict) else None
                if kind == "content_block_delta":
                    target = blocks.setdefault(int(event.get("index") or 0), _Block("text"))
                    delta = _object(event.get("delta"))
                    if delta.get("type") == "text_delta":
                        text = str(delta.get("text") or "")
                        target.parts.append(text)
                        yield text
                    elif delta.get("type") == "input_json_delta":
                        target.parts.append(str(delta.get("partial_json") or ""))
                elif kind == "content_block_start":
                    started = _object(event.get("content_block"))
                    blocks[int(event.get("index") or 0)] = _Block(
                        str(started.get("type")), str(started.get("id") or ""), str(started.get("name") or "")
                    )
                elif kind == "message_start":
                    counts = _object(_object(event.get("message")).get("usage"))
                    # input_tokens leaves out what was read from or written to the cache.
                    cached = _count(counts, "cache_read_input_tokens")
                    written = _count(counts, "cache_creation_input_tokens")
                    input_tokens = _count(counts, "input_tokens") + cached + written
                    output_tokens = _count(counts, "output_tokens")
                elif kind == "message_delta":
                    # message_delta's output count is cumulative, so it replaces the one of message_start.
                    output_tokens = _count(_object(event.get("usage")), "output_tokens") or output_tokens
        except _STREAM_ERRORS as exc:
            raise unavailable(self.engine.config, exc) from exc
        finally:
            stream.close()
        usage.add(input_tokens, output_tokens, cached, written)
        step = ModelStep()
        self._assistant = []
        for _, block in sorted(blocks.items()):
            text = "".join(block.parts)
            if block.kind == "text" and text:
                self._assistant.append({"type": "text", "text": text})
            elif block.kind == "tool_use":
                call = ModelCall(block.call_id or new_call_id(), block.name, text)
                step.calls.append(call)
                self._assistant.append(
                    {"type": "tool_use", "id": call.call_id, "name": call.name, "input": _input_object(text)}
                )
        return step

    def add_results(self, calls: list[ModelCall], results: list[ToolResult]) -> None:
        self._add("assistant", self._assistant)
        self._add(
            "user",
            [
                {
                    "type": "tool_result",
                    "tool_use_id": call.call_id,
                    "content": tool_output(result),
                    "is_error": not result.ok,
                }
                for call, result in zip(calls, results, strict=True)
            ],
        )


class AnthropicEngine:
    """Drives the tools with a Claude model through the Messages API.

    Args:
        config: Model, key, base URL, timeouts and retries.
        sleep: The backoff's sleep (tests and benchmarks pass a no-op).
    """

    name = "anthropic"

    def __init__(self, config: LLMConfig, *, sleep: Callable[[float], None] | None = None) -> None:
        self.config = config
        self.client = anthropic.Anthropic(
            api_key=config.api_key, base_url=config.base_url, timeout=config.timeout, max_retries=0
        )
        self.retry = RetryPolicy(config, (anthropic.APIStatusError,), (anthropic.APIConnectionError,))
        if sleep is not None:
            self.retry.sleep = sleep
        #: Token usage of the newest turn (also stored in the conversation state).
        self.last_usage = Usage()

    def respond(self, turn: TurnInput) -> Iterator[str]:
        """Stream the reply, running the model's tool uses through ``turn.tools``."""
        return drive_turn(turn, _MessagesConversation(self, turn), self.config, self._keep)

    def _keep(self, usage: Usage) -> None:
        self.last_usage = usage


def build(db: object = None, settings: Any = None) -> AnthropicEngine:
    """The engine from the settings and the environment (``build_engine``'s hook)."""
    from pharmai.settings import get_settings

    return AnthropicEngine(LLMConfig.from_env("anthropic", settings or get_settings()))
