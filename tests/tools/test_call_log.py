"""One log line per tool call (tool, outcome, code, duration, conversation surrogate; never arguments), and
the caller's context variables (a request's ids) reaching the handler's thread."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextvars import ContextVar

import pytest

from pharmai.tools import Executor, ToolCall, ToolContext
from tests.tools.toolset import Calls

Ctx = Callable[..., ToolContext]

_REQUEST: ContextVar[str | None] = ContextVar("test_request", default=None)


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def call_log() -> Iterator[_Records]:
    handler = _Records()
    logger = logging.getLogger("pharmai.tools.audit")
    previous = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(previous)


def test_each_call_is_logged_once_without_its_arguments(executor: Executor, ctx: Ctx, call_log: _Records) -> None:
    secret = "Noa Cohen noa.cohen@example.com"
    executor.execute(ToolCall("echo", {"text": secret}), ctx(conversation="conv-1"))
    executor.execute(ToolCall("echo", {"text": 5}), ctx(conversation="conv-1"))
    executor.execute(ToolCall("no_such_tool", {"text": secret}), ctx(conversation=None))
    ok, invalid, unknown = call_log.records
    assert (ok.tool, ok.outcome, ok.code) == ("echo", "ok", None)  # type: ignore[attr-defined]
    assert (invalid.tool, invalid.outcome, invalid.code) == ("echo", "refused", "VALIDATION_ERROR")  # type: ignore[attr-defined]
    assert unknown.code == "TOOL_NOT_FOUND" and unknown.conversation is None  # type: ignore[attr-defined]
    assert ok.getMessage().startswith("tool echo ok in ") and ok.duration_ms >= 0  # type: ignore[attr-defined]
    # The conversation by its surrogate, the audit's HMAC: the same for both calls, never the id.
    assert ok.conversation == invalid.conversation == executor.refs.conversation("conv-1")  # type: ignore[attr-defined]
    for record in call_log.records:
        assert secret not in record.getMessage() and "conv-1" not in record.getMessage()
        assert all(secret not in str(value) for value in vars(record).values())


def test_the_handler_thread_sees_the_callers_context(
    executor: Executor, ctx: Ctx, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[str | None, str]] = []
    monkeypatch.setattr(
        Calls, "hit", classmethod(lambda cls, name: seen.append((_REQUEST.get(), threading.current_thread().name)))
    )
    token = _REQUEST.set("req-42")
    try:
        assert executor.execute(ToolCall("echo", {"text": "a"}), ctx()).ok
    finally:
        _REQUEST.reset(token)
    assert executor.execute(ToolCall("echo", {"text": "a"}), ctx()).ok
    (first, first_thread), (second, _) = seen
    assert first_thread.startswith("pharmai-tool") and first_thread != threading.current_thread().name
    assert (first, second) == ("req-42", None)
