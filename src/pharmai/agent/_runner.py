"""The :class:`~pharmai.agent.base.ToolRunner` the loop hands to engines: one per turn.

Every call goes through the executor (validation, identity, limits, confirmation, audit), is recorded
for the transcript (refused ones included) and queues ``tool.call`` / ``tool.result`` (and
``confirmation.required``) events, which the loop drains between the engine's text deltas.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from pharmai.agent import events
from pharmai.agent.base import StepLimitReached, ToolResult
from pharmai.agent.events import Event
from pharmai.tools import Executor, Principal, ToolCall, ToolContext, ToolOutcome, ToolSpec, new_call_id

__all__ = ["DEFAULT_MAX_STEPS", "TurnToolRunner"]

#: Tool calls an engine may make in one turn before :class:`StepLimitReached`.
DEFAULT_MAX_STEPS = 8

# Ids longer than this (from a model) are replaced: they end up in events and audit rows.
_MAX_CALL_ID = 64


def _plain_arguments(arguments: Any) -> Any:
    # The transcript shows arguments as JSON; model APIs send JSON text, so decode it when it is valid
    # and keep the raw text otherwise (the executor answers VALIDATION_ERROR for it).
    if isinstance(arguments, str | bytes):
        try:
            return json.loads(arguments)
        except ValueError:
            return arguments if isinstance(arguments, str) else arguments.decode("utf-8", "replace")
    return {} if arguments is None else arguments


class TurnToolRunner:
    """Runs one turn's tool calls through the executor.

    Args:
        executor: The profile's executor.
        context: The session's tool context (principal, conversation, language, channel, db, clock,
            extras ``store_id`` / ``identity_mode``). The runner updates its principal when an AUTH tool
            binds a patient, so the turn's later calls run as that patient.
        max_steps: Tool calls allowed in the turn.
        on_bind: Called with the patient id when an AUTH tool binds one (the loop persists it at once).
    """

    def __init__(
        self,
        executor: Executor,
        context: ToolContext,
        *,
        max_steps: int = DEFAULT_MAX_STEPS,
        on_bind: Callable[[str], None] | None = None,
    ) -> None:
        self.executor = executor
        self.context = context
        self.max_steps = max_steps
        self._on_bind = on_bind
        self._results: list[ToolResult] = []
        self._records: list[dict[str, Any]] = []
        self._events: list[Event] = []
        self._attempts = 0
        #: The newest confirmation raised in this turn: ``{id, tool, summary, expires_at}``.
        self.confirmation: dict[str, Any] | None = None
        #: Set by the loop before :meth:`resolve`: the pending confirmation as persisted (tool, arguments).
        self.confirmation_source: dict[str, Any] | None = None

    # --- the ToolRunner protocol ----------------------------------------------------------------

    def call(self, name: str, arguments: Any, *, call_id: str | None = None) -> ToolResult:
        """Run one call (arguments as a dict or JSON text); never raises for bad input.

        Raises:
            StepLimitReached: The turn's tool-call budget is spent.
        """
        if self._attempts >= self.max_steps:
            raise StepLimitReached(f"more than {self.max_steps} tool calls in one turn")
        self._attempts += 1
        if not isinstance(call_id, str) or not 0 < len(call_id) <= _MAX_CALL_ID:
            call_id = new_call_id()
        tool_name = name if isinstance(name, str) else "?"
        shown = _plain_arguments(arguments)
        self._events.append(events.tool_call(call_id, tool_name, shown))
        request = ToolCall(name=tool_name, arguments=arguments, tool_call_id=call_id)
        outcome = self.executor.execute(request, self.context)
        return self._record(outcome, tool_name, shown)

    def specs(self) -> list[ToolSpec]:
        """The tools of the session's profile."""
        return self.executor.registry.specs()

    @property
    def results(self) -> list[ToolResult]:
        """Every call of this turn so far, in order."""
        return list(self._results)

    # --- used by the loop -----------------------------------------------------------------------

    def resolve(self, confirmation_id: str, *, approve: bool) -> ToolResult:
        """Approve or deny a pending confirmation (the loop's job, never an engine's).

        Args:
            confirmation_id: The id the executor issued.
            approve: Run the stored call (True) or drop it (False).

        Returns:
            The stored call's result when approved, or the ``CONFIRMATION_DENIED`` result.
        """
        if approve:
            outcome = self.executor.approve(confirmation_id, self.context)
        else:
            outcome = self.executor.deny(confirmation_id, self.context)
        arguments = self._stored_arguments(outcome.tool_name)
        self._events.append(events.tool_call(outcome.tool_call_id, outcome.tool_name, arguments))
        return self._record(outcome, outcome.tool_name, arguments)

    def _stored_arguments(self, tool: str) -> Any:
        # The executor re-reads the stored arguments itself; the event only needs a faithful copy.
        pending = self.confirmation_source or {}
        return pending.get("arguments", {}) if pending.get("tool") == tool else {}

    @property
    def records(self) -> list[dict[str, Any]]:
        """The transcript's ``tool_calls``: ``{name, arguments, result}`` of every attempt, in order."""
        return list(self._records)

    def drain(self) -> Iterator[Event]:
        """Yield and forget the events queued since the last drain."""
        while self._events:
            yield self._events.pop(0)

    def _record(self, outcome: ToolOutcome, name: str, arguments: Any) -> ToolResult:
        envelope = self.executor.render(outcome)
        confirmation = outcome.confirmation
        result = ToolResult(
            call_id=outcome.tool_call_id,
            name=name,
            arguments=arguments,
            envelope=envelope,
            ok=outcome.ok,
            error_code=outcome.code,
            confirmation=confirmation,
            duration_ms=outcome.duration_ms,
        )
        self._results.append(result)
        self._records.append({"name": name, "arguments": arguments, "result": envelope})
        self._events.append(events.tool_result(outcome.tool_call_id, name, envelope, outcome.duration_ms))
        if confirmation is not None:
            self.confirmation = {
                "id": str(confirmation.get("confirmation_id", "")),
                "tool": str(confirmation.get("tool", name)),
                "summary": str(confirmation.get("summary", "")),
                "expires_at": str(confirmation.get("expires_at", "")),
                "arguments": arguments,
            }
            c = self.confirmation
            self._events.append(events.confirmation_required(c["id"], c["tool"], c["summary"], c["expires_at"]))
        bound = outcome.bind_principal
        if isinstance(bound, Principal) and bound.patient_id:
            self.context.principal = bound
            if self._on_bind is not None:
                self._on_bind(bound.patient_id)
        return result
