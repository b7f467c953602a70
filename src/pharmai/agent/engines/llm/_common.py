"""What the three LLM engines share: tool calls and outputs, cached tool exports, the SDK streams read as
plain JSON, and the turn driver.

Each engine only speaks its provider's wire format (one streamed request → text deltas and tool calls);
:func:`drive_turn` does the rest the same way for all of them: run the calls through the turn's runner,
send the envelopes back, stop at a final text, and record token usage in the conversation state.
"""

from __future__ import annotations

import contextlib
import json
import sys
import weakref
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from pharmai import tracing
from pharmai.agent.base import ToolResult, TurnInput
from pharmai.agent.engines.llm._config import LLMConfig
from pharmai.agent.engines.llm._retry import Usage, record_usage
from pharmai.tools import ToolSpec, new_call_id

__all__ = [
    "ModelCall",
    "ModelStep",
    "drive_turn",
    "exported_tools",
    "new_call_id",
    "normalize_arguments",
    "plain_events",
    "post_stream",
    "tool_output",
]


# --- tool calls -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ModelCall:
    """One tool call as the model sent it (arguments still JSON text)."""

    call_id: str
    name: str
    arguments: str


@dataclass
class ModelStep:
    """What one model request gave: its tool calls (none means the text was the final reply)."""

    calls: list[ModelCall] = field(default_factory=list)


def tool_output(result: ToolResult) -> str:
    """The JSON text the model gets back for a tool call: the profile's envelope.

    The confirmation id is left out: the person approves outside the model's reach, and a model that
    never sees the id cannot try to pass it anywhere.
    """
    envelope = dict(result.envelope)
    error = envelope.get("error")
    if isinstance(error, dict) and isinstance(error.get("details"), dict):
        details = {k: v for k, v in error["details"].items() if k != "confirmation_id"}
        envelope["error"] = {**error, "details": details}
    return json.dumps(envelope, ensure_ascii=False, default=str)


#: Exported definitions per spec and format: building a strict schema takes milliseconds, a turn must not.
_EXPORTS: weakref.WeakKeyDictionary[ToolSpec, dict[str, dict[str, Any]]] = weakref.WeakKeyDictionary()


def exported_tools(
    specs: list[ToolSpec], fmt: str, export: Callable[[ToolSpec], dict[str, Any]]
) -> list[dict[str, Any]]:
    """``export(spec)`` for every spec, computed once per spec and format (specs are immutable).

    The returned definitions are shared: treat them as read-only.
    """
    found: list[dict[str, Any]] = []
    for spec in specs:
        cached = _EXPORTS.setdefault(spec, {})
        if fmt not in cached:
            cached[fmt] = export(spec)
        found.append(cached[fmt])
    return found


def normalize_arguments(arguments: str) -> str:
    """Empty arguments mean "no arguments" (some servers send ``""`` for a tool without parameters)."""
    return arguments if arguments.strip() else "{}"


# --- streamed events -------------------------------------------------------------------------------------

#: Bytes read after the end of the events so the connection can go back to the pool; a server sending more
#: than this after its last event loses the connection instead.
_DRAIN_LIMIT = 65_536


class _Drained:
    """An HTTP response whose ``close`` first reads what is left of the body, up to :data:`_DRAIN_LIMIT`.

    The SDKs stop reading at a stream's end marker (Chat Completions' ``[DONE]``) and close the response
    before the HTTP layer has seen the end of the body, which drops the connection: every request then
    opened a new one. Read to the end, the connection returns to the client's pool for the next request.
    """

    def __init__(self, response: Any) -> None:
        self._response = response
        self._chunks: Iterator[bytes] | None = None

    def iter_bytes(self) -> Iterator[bytes]:
        self._chunks = self._response.iter_bytes()
        return self._chunks

    def close(self) -> None:
        # Only at the stream's normal end: closed while an error or a ``GeneratorExit`` (the turn was
        # abandoned) is on its way, the connection is dropped at once rather than waiting on the model.
        if self._chunks is not None and not self._response.is_closed and sys.exc_info()[0] is None:
            read = 0
            # A broken tail only costs the connection, never the reply.
            with contextlib.suppress(Exception):
                for chunk in self._chunks:
                    read += len(chunk)
                    if read > _DRAIN_LIMIT:
                        break
        self._response.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._response, name)


def plain_events(stream_cls: Any, typed: Any, client: Any) -> Any:
    """The events of the SDK stream ``typed`` as plain JSON objects, decoded by the SDK's own stream class.

    The SDK still reads the HTTP response, splits the server-sent events, decodes their JSON and raises
    its errors for error events; it only skips building a typed object for every event (most of which the
    engines ignore), and the connection is kept for the next request (:class:`_Drained`).

    Args:
        stream_cls: The SDK's ``Stream`` class (``openai.Stream``, ``anthropic.Stream``).
        typed: The stream ``create(..., stream=True)`` returned, not yet iterated.
        client: The SDK client that made the request.
    """
    return stream_cls(cast_to=object, response=_Drained(typed.response), client=client)


def post_stream(client: Any, path: str, body: dict[str, Any], stream_cls: Any) -> Any:
    """Send ``body`` as a streaming request through the SDK client's own ``post`` (its documented way to an
    endpoint with plain JSON).

    The SDK still builds and sends the request (headers, auth, timeouts, retries of the connection) and
    raises its own errors for error statuses; what it skips is walking the body against the endpoint's
    typed parameters, which costs more than the rest of the request (the tools' JSON schemas alone are
    hundreds of nodes). The stream is returned unread, for :func:`plain_events`.

    Args:
        client: The SDK client (``openai.OpenAI``, ``anthropic.Anthropic``).
        path: The endpoint ("/responses", "/chat/completions", "/v1/messages").
        body: The request's JSON, ``"stream": true`` included.
        stream_cls: The SDK's ``Stream`` class.
    """
    return client.post(path, cast_to=object, body=body, stream=True, stream_cls=stream_cls[object])


class _Conversation(Protocol):
    def step(self, usage: Usage) -> Generator[str, None, ModelStep]:
        """Send one request; yield text deltas; return the tool calls the model made."""
        ...

    def add_results(self, calls: list[ModelCall], results: list[ToolResult]) -> None:
        """Append the calls and their outputs for the next request."""
        ...


def drive_turn(
    turn: TurnInput, conversation: _Conversation, config: LLMConfig, on_usage: Callable[[Usage], None]
) -> Iterator[str]:
    """Request → tool calls → results → request… until the model answers with text only.

    The runner raises ``StepLimitReached`` once the turn's tool budget is spent; it propagates to the
    loop, which ends the turn with its own message. Usage is recorded whatever way the turn ends.
    """
    usage = Usage()
    try:
        while True:
            if tracing.enabled():
                step = yield from _traced_step(conversation, usage, config)
            else:
                step = yield from conversation.step(usage)
            if not step.calls:
                return
            results = [
                turn.tools.call(call.name, normalize_arguments(call.arguments), call_id=call.call_id)
                for call in step.calls
            ]
            conversation.add_results(step.calls, results)
    finally:
        record_usage(turn.state, usage, config)
        on_usage(usage)


#: ``gen_ai.provider.name`` of each engine: the chat engine speaks OpenAI's Chat Completions API.
_PROVIDERS = {"openai": "openai", "chat": "openai", "anthropic": "anthropic"}


def _traced_step(conversation: _Conversation, usage: Usage, config: LLMConfig) -> Generator[str, None, ModelStep]:
    """One model request in GenAI's ``chat <model>`` span, with its token counts (the usage it added).

    The span is never made current: the step yields text deltas to the caller while it streams.
    """
    model = config.model or "default"
    provider = _PROVIDERS.get(config.provider, config.provider)
    attributes = {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": provider,
        "gen_ai.system": provider,  # the older name of the same attribute, which many back ends still read
        "gen_ai.request.model": model,
        "pharmai.engine": config.provider,
    }
    span = tracing.start_span(f"chat {model}", attributes, kind="client")
    if span is None:
        return (yield from conversation.step(usage))
    before = usage.as_dict()
    try:
        step = yield from conversation.step(usage)
        span.set_attribute("gen_ai.response.finish_reasons", ["tool_calls" if step.calls else "stop"])
        return step
    except BaseException as exc:
        if not isinstance(exc, GeneratorExit):
            tracing.failed(span, exc)
        raise
    finally:
        after = usage.as_dict()
        for key, attribute in _USAGE_ATTRIBUTES:
            span.set_attribute(attribute, int(after.get(key, 0)) - int(before.get(key, 0)))
        span.end()


#: Usage counters (``Usage.as_dict()``) → span attributes; a counter an engine does not report counts 0.
_USAGE_ATTRIBUTES = (
    ("input_tokens", "gen_ai.usage.input_tokens"),
    ("output_tokens", "gen_ai.usage.output_tokens"),
    ("cached_input_tokens", "gen_ai.usage.cache_read.input_tokens"),
    ("retries", "pharmai.model.retries"),
)
