"""A local HTTP server that plays a model provider, speaking the real wire formats (SSE included).

Tests plan the model's replies (text deltas, tool calls, HTTP errors) and point an engine's official SDK
at the server; it records every request body so tests can check what the engine sent. Three dialects:

- ``responses``: ``POST /v1/responses`` — OpenAI Responses streaming events (``response.created``,
  ``response.output_item.added``, ``response.output_text.delta``, ``response.function_call_arguments.delta``,
  ``response.output_item.done``, ``response.completed``).
- ``chat``: ``POST /v1/chat/completions`` — ``chat.completion.chunk`` objects with ``tool_calls`` deltas by
  index (arguments of parallel calls interleaved), a usage chunk and ``[DONE]``.
- ``anthropic``: ``POST /v1/messages`` — ``message_start``, ``content_block_start`` / ``_delta`` /
  ``_stop`` (``text_delta``, ``input_json_delta``), ``message_delta``, ``message_stop``.

With ``count_tokens=True`` the stub reports input tokens computed from the request (:func:`estimate_tokens`,
an approximation: no tokenizer ships with pharmai) and plays the providers' prompt caches: OpenAI's
automatic prefix cache (per ``prompt_cache_key``; prefixes of 1,024 tokens and more, hits in steps of 128)
and Anthropic's ``cache_control`` breakpoints (reads and writes reported apart, as the API does).
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["Call", "PromptCache", "Reply", "StubServer", "closed_port_url", "estimate_tokens"]

_PATHS = {"responses": "/v1/responses", "chat": "/v1/chat/completions", "anthropic": "/v1/messages"}


@dataclass(frozen=True)
class Call:
    """A tool call the model makes: ``arguments`` is sent as given when it is a string (even broken JSON)."""

    name: str
    arguments: dict[str, Any] | str = field(default_factory=dict)
    call_id: str | None = None

    def raw(self) -> str:
        return self.arguments if isinstance(self.arguments, str) else json.dumps(self.arguments, ensure_ascii=False)


@dataclass(frozen=True)
class Reply:
    """One planned model response: text deltas and / or tool calls, or an HTTP error ``status``."""

    text: tuple[str, ...] | str = ()
    calls: tuple[Call, ...] = ()
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    usage: tuple[int, int] = (120, 30)
    #: Drop the connection after sending this many bytes of the stream (the provider fails mid-reply).
    cut_after: int | None = None
    #: Input tokens read from and written to the prompt cache (part of ``usage[0]``).
    cached: tuple[int, int] = (0, 0)

    def deltas(self) -> list[str]:
        return [self.text] if isinstance(self.text, str) else list(self.text)


Planned = Reply | Callable[[dict[str, Any]], Reply]


# --- token counts and prompt caches --------------------------------------------------------------------

_HEBREW = re.compile(r"[\u0590-\u05ff]")


def estimate_tokens(text: str) -> int:
    """Tokens of ``text``, estimated as ``benchmarks/bench_engines.py`` does: four characters a token, and
    2.5 a token for Hebrew letters (BPE vocabularies split Hebrew finer). An approximation, not a tokenizer."""
    hebrew = len(_HEBREW.findall(text))
    return math.ceil((len(text) - hebrew) / 4 + hebrew / 2.5)


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _segments(dialect: str, body: dict[str, Any]) -> list[tuple[str, bool]]:
    """The prompt as the provider reads it, in order: ``(text, breakpoint after it)`` per part.

    Tools come first, then the system prompt, then the conversation; a ``cache_control`` marker is no
    part of the prompt, only a breakpoint.
    """
    parts: list[tuple[str, bool]] = []

    def add(value: Any) -> None:
        marked = isinstance(value, dict) and "cache_control" in value
        if marked:
            value = {k: v for k, v in value.items() if k != "cache_control"}
        parts.append((value if isinstance(value, str) else _compact(value), marked))

    for tool in body.get("tools") or []:
        add(tool)
    if dialect == "anthropic":
        system = body.get("system")
        for block in [system] if isinstance(system, str) else system or []:
            add(block)
        for message in body.get("messages") or []:
            content = message.get("content")
            for block in [content] if isinstance(content, str) else content or []:
                add({"role": message.get("role"), **block} if isinstance(block, dict) else block)
    elif dialect == "responses":
        if body.get("instructions"):
            add(str(body["instructions"]))
        for item in body.get("input") or []:
            add(item)
    else:
        for message in body.get("messages") or []:
            add(message)
    return parts


@dataclass
class PromptCache:
    """A provider's prompt cache, as far as the bills show it.

    Attributes:
        min_tokens: The shortest prefix cached (1,024 on both providers' current models).
        step: OpenAI serves cache hits in steps of this many tokens past the minimum.
        lookback: Anthropic looks for a cached prefix this many blocks before each breakpoint.
    """

    min_tokens: int = 1024
    step: int = 128
    lookback: int = 20
    _seen: set[str] = field(default_factory=set)

    def usage(self, dialect: str, body: dict[str, Any]) -> tuple[int, int, int]:
        """``(total input, read from the cache, written to it)`` for one request; remembers its prefixes."""
        parts = _segments(dialect, body)
        digest = hashlib.sha256(str(body.get("prompt_cache_key")).encode() if dialect != "anthropic" else b"")
        prefixes: list[tuple[str, int, bool]] = []  # (prefix hash, tokens up to here, breakpoint)
        tokens = 0
        for text, marked in parts:
            digest.update(text.encode() + b"\x00")
            tokens += estimate_tokens(text)
            prefixes.append((digest.hexdigest(), tokens, marked))
        if dialect == "anthropic":
            return (tokens, *self._explicit(prefixes))
        return tokens, self._automatic(prefixes), 0

    def _automatic(self, prefixes: list[tuple[str, int, bool]]) -> int:
        # OpenAI: the longest prefix already seen is read from the cache, counted in whole steps.
        hit = max((n for key, n, _ in prefixes if key in self._seen), default=0)
        self._seen.update(key for key, n, _ in prefixes if n >= self.min_tokens)
        if hit < self.min_tokens:
            return 0
        return self.min_tokens + (hit - self.min_tokens) // self.step * self.step

    def _explicit(self, prefixes: list[tuple[str, int, bool]]) -> tuple[int, int]:
        # Anthropic: only prefixes ending at a breakpoint are written; a breakpoint reads the longest cached
        # prefix ending at it or at one of the 20 blocks before it, and the prefix up to the last breakpoint
        # is written when it was not there yet.
        marks = [i for i, (_, n, marked) in enumerate(prefixes) if marked and n >= self.min_tokens]
        window = {j for i in marks for j in range(max(0, i - self.lookback), i + 1)}
        read = max((prefixes[j][1] for j in window if prefixes[j][0] in self._seen), default=0)
        last = prefixes[marks[-1]][1] if marks else 0
        written = last - read if last > read else 0
        self._seen.update(prefixes[i][0] for i in marks)
        return read, written


def _pieces(text: str, size: int = 7) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


def _sse(event: str | None, data: Any) -> bytes:
    head = f"event: {event}\n" if event else ""
    body = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    return f"{head}data: {body}\n\n".encode()


# --- OpenAI Responses ----------------------------------------------------------------------------------


def _responses_events(reply: Reply, model: str, n: int) -> Iterator[tuple[str, dict[str, Any]]]:
    rid = f"resp_{n:04d}"
    base: dict[str, Any] = {"id": rid, "object": "response", "created_at": 1767225600, "model": model, "tools": []}
    base |= {"parallel_tool_calls": True, "tool_choice": "auto", "error": None, "incomplete_details": None}
    yield "response.created", {"response": {**base, "status": "in_progress", "output": []}}
    yield "response.in_progress", {"response": {**base, "status": "in_progress", "output": []}}
    output: list[dict[str, Any]] = []
    deltas = reply.deltas()
    if deltas:
        index, item_id, text = len(output), f"msg_{n:04d}", "".join(deltas)
        item: dict[str, Any] = {
            "id": item_id,
            "type": "message",
            "role": "assistant",
            "status": "in_progress",
            "content": [],
        }
        yield "response.output_item.added", {"output_index": index, "item": item}
        part: dict[str, Any] = {"type": "output_text", "text": "", "annotations": []}
        yield (
            "response.content_part.added",
            {"item_id": item_id, "output_index": index, "content_index": 0, "part": part},
        )
        for delta in deltas:
            yield (
                "response.output_text.delta",
                {"item_id": item_id, "output_index": index, "content_index": 0, "delta": delta, "logprobs": []},
            )
        done = {"item_id": item_id, "output_index": index, "content_index": 0, "text": text, "logprobs": []}
        yield "response.output_text.done", done
        part = {"type": "output_text", "text": text, "annotations": []}
        yield (
            "response.content_part.done",
            {"item_id": item_id, "output_index": index, "content_index": 0, "part": part},
        )
        item = {**item, "status": "completed", "content": [part]}
        output.append(item)
        yield "response.output_item.done", {"output_index": index, "item": item}
    for k, call in enumerate(reply.calls):
        index, item_id = len(output), f"fc_{n:04d}_{k}"
        call_id = call.call_id or f"call_{n:04d}_{k}"
        item = {"id": item_id, "type": "function_call", "status": "in_progress", "call_id": call_id}
        item |= {"name": call.name, "arguments": ""}
        yield "response.output_item.added", {"output_index": index, "item": item}
        for piece in _pieces(call.raw()):
            yield "response.function_call_arguments.delta", {"item_id": item_id, "output_index": index, "delta": piece}
        yield (
            "response.function_call_arguments.done",
            {"item_id": item_id, "output_index": index, "arguments": call.raw(), "name": call.name},
        )
        item = {**item, "status": "completed", "arguments": call.raw()}
        output.append(item)
        yield "response.output_item.done", {"output_index": index, "item": item}
    tokens_in, tokens_out = reply.usage
    usage: dict[str, Any] = {
        "input_tokens": tokens_in,
        "output_tokens": tokens_out,
        "total_tokens": tokens_in + tokens_out,
    }
    details = {"cached_tokens": reply.cached[0]}
    usage |= {"input_tokens_details": details, "output_tokens_details": {"reasoning_tokens": 0}}
    yield "response.completed", {"response": {**base, "status": "completed", "output": output, "usage": usage}}


def _responses_body(reply: Reply, model: str, n: int) -> bytes:
    frames = []
    for seq, (kind, data) in enumerate(_responses_events(reply, model, n)):
        frames.append(_sse(kind, {"type": kind, "sequence_number": seq, **data}))
    return b"".join(frames)


# --- Chat Completions ----------------------------------------------------------------------------------


def _chat_body(reply: Reply, model: str, n: int) -> bytes:
    head = {"id": f"chatcmpl-{n:04d}", "object": "chat.completion.chunk", "created": 1767225600, "model": model}

    def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
        choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
        return _sse(None, {**head, "choices": [choice]})

    frames = [chunk({"role": "assistant", "content": ""})]
    frames += [chunk({"content": delta}) for delta in reply.deltas()]
    starts = []
    for k, call in enumerate(reply.calls):
        function = {"name": call.name, "arguments": ""}
        call_id = call.call_id or f"call_{n:04d}_{k}"
        starts.append(chunk({"tool_calls": [{"index": k, "id": call_id, "type": "function", "function": function}]}))
    frames += starts
    # Pieces of parallel calls arrive interleaved: only the index tells them apart.
    pieces = [_pieces(call.raw(), 5) for call in reply.calls]
    for step in range(max((len(p) for p in pieces), default=0)):
        for k, parts in enumerate(pieces):
            if step < len(parts):
                frames.append(chunk({"tool_calls": [{"index": k, "function": {"arguments": parts[step]}}]}))
    frames.append(chunk({}, "tool_calls" if reply.calls else "stop"))
    tokens_in, tokens_out = reply.usage
    usage: dict[str, Any] = {
        "prompt_tokens": tokens_in,
        "completion_tokens": tokens_out,
        "total_tokens": tokens_in + tokens_out,
    }
    if reply.cached[0]:
        usage["prompt_tokens_details"] = {"cached_tokens": reply.cached[0]}
    frames.append(_sse(None, {**head, "choices": [], "usage": usage}))
    frames.append(_sse(None, "[DONE]"))
    return b"".join(frames)


# --- Anthropic Messages --------------------------------------------------------------------------------


def _anthropic_body(reply: Reply, model: str, n: int) -> bytes:
    tokens_in, tokens_out = reply.usage
    message: dict[str, Any] = {
        "id": f"msg_{n:04d}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [],
    }
    read, written = reply.cached
    # The Messages API's input_tokens leaves out the tokens read from and written to the cache.
    counts = {"input_tokens": tokens_in - read - written, "output_tokens": 1}
    counts |= {"cache_read_input_tokens": read, "cache_creation_input_tokens": written}
    message |= {"stop_reason": None, "stop_sequence": None, "usage": counts}
    frames = [_sse("message_start", {"type": "message_start", "message": message}), _sse("ping", {"type": "ping"})]
    index = 0
    deltas = reply.deltas()
    if deltas:
        block: dict[str, Any] = {"type": "text", "text": ""}
        frames.append(
            _sse("content_block_start", {"type": "content_block_start", "index": index, "content_block": block})
        )
        for delta in deltas:
            data = {"type": "content_block_delta", "index": index, "delta": {"type": "text_delta", "text": delta}}
            frames.append(_sse("content_block_delta", data))
        frames.append(_sse("content_block_stop", {"type": "content_block_stop", "index": index}))
        index += 1
    for k, call in enumerate(reply.calls):
        block = {"type": "tool_use", "id": call.call_id or f"toolu_{n:04d}_{k}", "name": call.name, "input": {}}
        frames.append(
            _sse("content_block_start", {"type": "content_block_start", "index": index, "content_block": block})
        )
        for piece in _pieces(call.raw()):
            json_delta = {"type": "input_json_delta", "partial_json": piece}
            frames.append(
                _sse("content_block_delta", {"type": "content_block_delta", "index": index, "delta": json_delta})
            )
        frames.append(_sse("content_block_stop", {"type": "content_block_stop", "index": index}))
        index += 1
    stop = "tool_use" if reply.calls else "end_turn"
    delta_event: dict[str, Any] = {"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None}}
    frames.append(_sse("message_delta", {**delta_event, "usage": {"output_tokens": tokens_out}}))
    frames.append(_sse("message_stop", {"type": "message_stop"}))
    return b"".join(frames)


_BODIES = {"responses": _responses_body, "chat": _chat_body, "anthropic": _anthropic_body}


def _error_body(dialect: str, status: int) -> bytes:
    kind = "rate_limit_error" if status == 429 else "api_error"
    if dialect == "anthropic":
        return json.dumps({"type": "error", "error": {"type": kind, "message": f"stub status {status}"}}).encode()
    return json.dumps({"error": {"message": f"stub status {status}", "type": kind, "code": None}}).encode()


class StubServer:
    """A provider stub on ``127.0.0.1`` (a free port), serving planned replies in order.

    Args:
        dialect: ``responses``, ``chat`` or ``anthropic``.
        replies: The planned replies; more can be added with :meth:`plan`. A request with nothing planned
            gets a 500, so a test that under-plans fails loudly.
        count_tokens: Report input tokens counted from each request, with the provider's prompt cache
            (instead of each reply's planned ``usage``).

    Attributes:
        requests: Every request body received (decoded JSON), in order.
        headers: The headers of every request.
        usage: With ``count_tokens``, ``(input, cached read, cache written)`` reported for each request.
        busy_seconds: Wall time the stub spent handling requests (from the request read to the reply
            flushed), summed: what a benchmark subtracts as the model's own time.
        busy_cpu_seconds: The CPU time of the handler threads over the same spans.
    """

    def __init__(self, dialect: str, replies: list[Planned] | None = None, *, count_tokens: bool = False) -> None:
        if dialect not in _PATHS:
            raise ValueError(dialect)
        self.dialect = dialect
        self._planned: deque[Planned] = deque(replies or [])
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.usage: list[tuple[int, int, int]] = []
        self.cache = PromptCache() if count_tokens else None
        self.busy_seconds = 0.0
        self.busy_cpu_seconds = 0.0
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        """The base URL as each SDK expects it (OpenAI's includes ``/v1``; Anthropic's does not)."""
        root = f"http://127.0.0.1:{self.port}"
        return root if self.dialect == "anthropic" else f"{root}/v1"

    def plan(self, *replies: Planned) -> None:
        """Queue more replies."""
        with self._lock:
            self._planned.extend(replies)

    @property
    def remaining(self) -> int:
        return len(self._planned)

    def __enter__(self) -> StubServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _next(self, body: dict[str, Any]) -> Reply | None:
        with self._lock:
            self.requests.append(body)
            planned = self._planned.popleft() if self._planned else None
            counted = self.cache.usage(self.dialect, body) if self.cache is not None else None
            if counted is not None:
                self.usage.append(counted)
        reply = planned(body) if callable(planned) else planned
        if reply is None or counted is None:
            return reply
        total, read, written = counted
        return replace(reply, usage=(total, reply.usage[1]), cached=(read, written))

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # Headers and body leave in separate writes; Nagle plus delayed ACKs would add ~40 ms to each.
            disable_nagle_algorithm = True

            def log_message(self, *args: Any) -> None:  # the test output stays clean
                pass

            def do_POST(self) -> None:
                wall, cpu = time.perf_counter(), time.thread_time()
                try:
                    self._post()
                finally:
                    wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
                    with stub._lock:
                        stub.busy_seconds += wall
                        stub.busy_cpu_seconds += cpu

            def _post(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                if self.path.split("?")[0] != _PATHS[stub.dialect]:
                    self._send(404, b'{"error": {"message": "no such path"}}', "application/json")
                    return
                with stub._lock:
                    stub.headers.append({k.lower(): v for k, v in self.headers.items()})
                body = json.loads(raw or b"{}")
                reply = stub._next(body)
                if reply is None:
                    self._send(500, _error_body(stub.dialect, 500), "application/json")
                elif reply.status != 200:
                    self._send(reply.status, _error_body(stub.dialect, reply.status), "application/json", reply.headers)
                else:
                    model = str(body.get("model", "stub-model"))
                    payload = _BODIES[stub.dialect](reply, model, len(stub.requests))
                    self._send(200, payload, "text/event-stream", reply.headers, cut_after=reply.cut_after)

            def _send(
                self,
                status: int,
                payload: bytes,
                kind: str,
                headers: dict[str, str] | None = None,
                cut_after: int | None = None,
            ) -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(payload)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(payload if cut_after is None else payload[:cut_after])
                self.wfile.flush()
                if cut_after is not None:
                    self.close_connection = True

        return Handler


def closed_port_url(dialect: str) -> str:
    """A base URL where nothing listens: the provider is down."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    root = f"http://127.0.0.1:{port}"
    return root if dialect == "anthropic" else f"{root}/v1"
