"""The ``openai`` engine: the OpenAI Responses API, strict function tools, streamed.

Stateless on OpenAI's side (``store=False``): every request carries the instructions, the history and the
turn's items so far, so any worker can continue any conversation. Function calls are read from
``response.output_item.done`` (arguments streamed through ``response.function_call_arguments.delta``),
several per response when the model calls tools in parallel, and answered with ``function_call_output``
items holding the tool's envelope.

Prompt caching is automatic on OpenAI's side for a repeated prefix: the tools and ``instructions`` are
byte-identical for every turn of a deployment, profile and language (the session facts ride in a developer
item after the new message), and ``prompt_cache_key`` (``LLMConfig.cache_key``: never about a person)
routes the requests sharing that prefix to the same cache. Cached input is read from
``usage.input_tokens_details.cached_tokens``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from typing import Any

import openai

from pharmai.agent.base import ToolResult, TurnInput
from pharmai.agent.engines.llm._common import (
    ModelCall,
    ModelStep,
    drive_turn,
    exported_tools,
    plain_events,
    post_stream,
    tool_output,
)
from pharmai.agent.engines.llm._config import LLMConfig
from pharmai.agent.engines.llm._prompt import session_note, stable_prompt, turn_notes
from pharmai.agent.engines.llm._retry import TRANSPORT_ERRORS, RetryPolicy, TokenBudget, Usage, unavailable
from pharmai.tools import to_openai

__all__ = ["OpenAIEngine", "build"]

#: What may fail while a stream is read: the SDK's errors and those of the HTTP layer under it.
_STREAM_ERRORS: tuple[type[BaseException], ...] = (openai.APIError, *TRANSPORT_ERRORS)


#: The events whose ``delta`` is reply text.
_TEXT_EVENTS = frozenset({"response.output_text.delta", "response.refusal.delta"})


def _object(value: Any) -> dict[str, Any]:
    # A JSON object of an event, or an empty one when a server left it out.
    return value if isinstance(value, dict) else {}


class _ResponsesConversation:
    def __init__(self, engine: OpenAIEngine, turn: TurnInput) -> None:
        self.engine = engine
        self.turn = turn
        specs = turn.tools.specs()
        self.instructions = stable_prompt(turn.language, specs)
        self.tools = exported_tools(specs, "openai", to_openai)
        self.cache_key = engine.config.cache_key(turn.session.profile, "he" if turn.language == "he" else "en")
        self.budget = TokenBudget.of(turn.state, engine.config)
        self.items: list[dict[str, Any]] = [{"role": h.role, "content": h.content} for h in turn.history]
        if turn.message:
            self.items.append({"role": "user", "content": turn.message})
        # After the history, so the prefix that repeats from one turn to the next stays cacheable.
        self.items.append({"role": "developer", "content": session_note(turn.language, turn.session)})
        self.items.extend({"role": "developer", "content": note} for note in turn_notes(turn))

    def _request(self) -> Any:
        config = self.engine.config
        body: dict[str, Any] = {
            "model": config.model,
            "stream": True,
            "instructions": self.instructions,
            "input": self.items,
            "tools": self.tools,
            "parallel_tool_calls": True,
            "max_output_tokens": config.max_output_tokens,
            "store": False,
        }
        if config.reasoning_effort:
            body["reasoning"] = {"effort": config.reasoning_effort}
        if config.send_cache_key:
            body["prompt_cache_key"] = self.cache_key
        # Through the client's own ``post``: the SDK sends it and parses the stream, but never walks our plain
        # JSON against its typed parameters (the tools' schemas: most of a turn's CPU).
        return post_stream(self.engine.client, "/responses", body, openai.Stream)

    def step(self, usage: Usage) -> Generator[str, None, ModelStep]:
        self.budget.check(usage, self.engine.config)
        typed = self.engine.retry.run(self._request, usage)
        usage.requests += 1
        # The same response read through the SDK's own stream as plain JSON: no typed object for each of the
        # dozen or more events of a reply, most of which the engine skips (``response.created`` echoes the
        # whole request).
        stream = plain_events(openai.Stream, typed, self.engine.client)
        step = ModelStep()
        arguments: dict[str, list[str]] = {}
        text: list[str] = []
        try:
            for event in stream:
                kind = event.get("type") if isinstance(event, dict) else None
                if kind in _TEXT_EVENTS:
                    delta = str(event.get("delta") or "")
                    text.append(delta)
                    yield delta
                elif kind == "response.function_call_arguments.delta":
                    arguments.setdefault(str(event.get("item_id")), []).append(str(event.get("delta") or ""))
                elif kind == "response.output_item.done":
                    item = _object(event.get("item"))
                    if item.get("type") == "function_call":
                        raw = item.get("arguments")
                        if not isinstance(raw, str):
                            raw = "".join(arguments.get(str(item.get("id")), []))
                        step.calls.append(ModelCall(str(item.get("call_id")), str(item.get("name")), raw))
                elif kind in ("response.completed", "response.incomplete"):
                    counts = _object(_object(event.get("response")).get("usage"))
                    cached = _object(counts.get("input_tokens_details")).get("cached_tokens")
                    usage.add(counts.get("input_tokens"), counts.get("output_tokens"), cached)
                elif kind in ("response.failed", "error"):
                    raise unavailable(self.engine.config, RuntimeError(str(kind)))
        except _STREAM_ERRORS as exc:
            raise unavailable(self.engine.config, exc) from exc
        finally:
            stream.close()
        if step.calls and text:
            # Words the model wrote before its calls stay in its context for the next request.
            self.items.append({"role": "assistant", "content": "".join(text)})
        return step

    def add_results(self, calls: list[ModelCall], results: list[ToolResult]) -> None:
        for call, result in zip(calls, results, strict=True):
            self.items.append(
                {"type": "function_call", "call_id": call.call_id, "name": call.name, "arguments": call.arguments}
            )
            self.items.append({"type": "function_call_output", "call_id": call.call_id, "output": tool_output(result)})


class OpenAIEngine:
    """Drives the tools with an OpenAI model through the Responses API.

    Args:
        config: Model, key, base URL, reasoning effort, timeouts and retries.
        sleep: The backoff's sleep (tests and benchmarks pass a no-op).
    """

    name = "openai"

    def __init__(self, config: LLMConfig, *, sleep: Callable[[float], None] | None = None) -> None:
        self.config = config
        # Retries are ours (counted and logged per turn), so the SDK's own are off.
        self.client = openai.OpenAI(
            api_key=config.api_key, base_url=config.base_url, timeout=config.timeout, max_retries=0
        )
        self.retry = RetryPolicy(config, (openai.APIStatusError,), (openai.APIConnectionError,))
        if sleep is not None:
            self.retry.sleep = sleep
        #: Token usage of the newest turn (also stored in the conversation state).
        self.last_usage = Usage()

    def respond(self, turn: TurnInput) -> Iterator[str]:
        """Stream the reply, running the model's function calls through ``turn.tools``."""
        return drive_turn(turn, _ResponsesConversation(self, turn), self.config, self._keep)

    def _keep(self, usage: Usage) -> None:
        self.last_usage = usage


def build(db: object = None, settings: Any = None) -> OpenAIEngine:
    """The engine from the settings and the environment (``build_engine``'s hook)."""
    from pharmai.settings import get_settings

    return OpenAIEngine(LLMConfig.from_env("openai", settings or get_settings()))
