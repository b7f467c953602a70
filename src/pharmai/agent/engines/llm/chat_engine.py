"""The ``chat`` engine: Chat Completions with tools, for any OpenAI-compatible server.

Ollama, vLLM, LM Studio and llama.cpp's server speak this API at a base URL with a model name. They do
not enforce strict schemas, so the model's arguments may be malformed JSON or ill-typed: the executor
validates them on our side and answers ``VALIDATION_ERROR``, which goes back to the model as the tool's
output so it can correct itself. Streamed tool-call deltas are accumulated by their ``index``.

The first system message and the tools are byte-identical for every turn of a profile and language (the
session facts ride in a system message after the new message), so servers with prefix caching (OpenAI,
vLLM, llama.cpp) reuse them; cached input is read from ``usage.prompt_tokens_details.cached_tokens``.
``prompt_cache_key`` is sent only when configured (``PHARMAI_LLM_CHAT_CACHE_KEY``): local servers may
refuse parameters they do not know.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from typing import Any

import openai

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
from pharmai.tools import to_chat

__all__ = ["ChatEngine", "build"]

#: What may fail while a stream is read: the SDK's errors and those of the HTTP layer under it.
_STREAM_ERRORS: tuple[type[BaseException], ...] = (openai.APIError, *TRANSPORT_ERRORS)


def _object(value: Any) -> dict[str, Any]:
    # A JSON object of a chunk, or an empty one when a server left it out.
    return value if isinstance(value, dict) else {}


@dataclass
class _PartialCall:
    call_id: str = ""
    name: str = ""
    arguments: list[str] = field(default_factory=list)


class _ChatConversation:
    def __init__(self, engine: ChatEngine, turn: TurnInput) -> None:
        self.engine = engine
        specs = turn.tools.specs()
        self.tools = exported_tools(specs, "chat", to_chat)
        self.cache_key = engine.config.cache_key(turn.session.profile, "he" if turn.language == "he" else "en")
        self.budget = TokenBudget.of(turn.state, engine.config)
        self.messages: list[dict[str, Any]] = [{"role": "system", "content": stable_prompt(turn.language, specs)}]
        self.messages.extend({"role": h.role, "content": h.content} for h in turn.history)
        if turn.message:
            self.messages.append({"role": "user", "content": turn.message})
        # Many local chat templates accept one system message only at the start, so the session facts and
        # the notes go as system messages after the history: the widest-supported way to add instructions
        # mid-conversation, and it keeps the prefix that repeats from turn to turn cacheable.
        self.messages.append({"role": "system", "content": session_note(turn.language, turn.session)})
        self.messages.extend({"role": "system", "content": note} for note in turn_notes(turn))
        self._pending_text = ""

    def _request(self) -> Any:
        config = self.engine.config
        body: dict[str, Any] = {
            "model": config.model,
            "stream": True,
            "messages": self.messages,
            "tools": self.tools,
            "max_tokens": config.max_output_tokens,
            "stream_options": {"include_usage": True},
        }
        if config.send_cache_key:
            body["prompt_cache_key"] = self.cache_key
        # Through the client's own ``post``: the SDK still sends the request and parses the stream, but never
        # walks our plain JSON against its typed parameters, which took most of a turn's CPU (the tools'
        # schemas, every message against each message type).
        return post_stream(self.engine.client, "/chat/completions", body, openai.Stream)

    def step(self, usage: Usage) -> Generator[str, None, ModelStep]:
        self.budget.check(usage, self.engine.config)
        typed = self.engine.retry.run(self._request, usage)
        usage.requests += 1
        stream = plain_events(openai.Stream, typed, self.engine.client)
        partial: dict[int, _PartialCall] = {}
        text: list[str] = []
        try:
            for chunk in stream:
                if not isinstance(chunk, dict):
                    continue
                counts = chunk.get("usage")
                if isinstance(counts, dict):
                    cached = _object(counts.get("prompt_tokens_details")).get("cached_tokens")
                    usage.add(counts.get("prompt_tokens"), counts.get("completion_tokens"), cached)
                for choice in chunk.get("choices") or ():
                    delta = _object(choice).get("delta")
                    if not isinstance(delta, dict):
                        continue
                    content = delta.get("content")
                    if content and isinstance(content, str):
                        text.append(content)
                        yield content
                    for piece in delta.get("tool_calls") or ():
                        if not isinstance(piece, dict):
                            continue
                        # Servers send the id and name in the first delta of a call, then argument pieces.
                        call = partial.setdefault(int(piece.get("index") or 0), _PartialCall())
                        call.call_id = piece.get("id") or call.call_id
                        function = piece.get("function")
                        if isinstance(function, dict):
                            call.name = function.get("name") or call.name
                            if function.get("arguments"):
                                call.arguments.append(function["arguments"])
        except _STREAM_ERRORS as exc:
            raise unavailable(self.engine.config, exc) from exc
        finally:
            stream.close()
        step = ModelStep(
            [ModelCall(c.call_id or new_call_id(), c.name, "".join(c.arguments)) for _, c in sorted(partial.items())]
        )
        self._pending_text = "".join(text)
        return step

    def add_results(self, calls: list[ModelCall], results: list[ToolResult]) -> None:
        self.messages.append(
            {
                "role": "assistant",
                "content": self._pending_text or None,
                "tool_calls": [
                    {"id": c.call_id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                    for c in calls
                ],
            }
        )
        for call, result in zip(calls, results, strict=True):
            self.messages.append({"role": "tool", "tool_call_id": call.call_id, "content": tool_output(result)})


class ChatEngine:
    """Drives the tools with a model behind any OpenAI-compatible Chat Completions server.

    Args:
        config: Base URL, model name, key (often ignored by local servers), timeouts and retries.
        sleep: The backoff's sleep (tests and benchmarks pass a no-op).
    """

    name = "chat"

    def __init__(self, config: LLMConfig, *, sleep: Callable[[float], None] | None = None) -> None:
        self.config = config
        self.client = openai.OpenAI(
            api_key=config.api_key or "not-needed", base_url=config.base_url, timeout=config.timeout, max_retries=0
        )
        self.retry = RetryPolicy(config, (openai.APIStatusError,), (openai.APIConnectionError,))
        if sleep is not None:
            self.retry.sleep = sleep
        #: Token usage of the newest turn (also stored in the conversation state).
        self.last_usage = Usage()

    def respond(self, turn: TurnInput) -> Iterator[str]:
        """Stream the reply, running the model's tool calls through ``turn.tools``."""
        return drive_turn(turn, _ChatConversation(self, turn), self.config, self._keep)

    def _keep(self, usage: Usage) -> None:
        self.last_usage = usage


def build(db: object = None, settings: Any = None) -> ChatEngine:
    """The engine from the settings and the environment (``build_engine``'s hook)."""
    from pharmai.settings import get_settings

    return ChatEngine(LLMConfig.from_env("chat", settings or get_settings()))
