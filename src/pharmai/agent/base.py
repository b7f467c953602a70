"""The contract between the conversation loop and the engines (offline, LLM, test doubles).

An engine writes one assistant reply per turn. It sees the user's message, the history, its own
persisted dialogue state and a :class:`ToolRunner`; it calls tools only through the runner (so every
call goes through the executor: validation, identity, limits, confirmation, audit) and yields the reply
as text deltas. The loop owns everything else: persistence, events, the step cap, confirmations
(approve / deny never pass through an engine) and the policy guard on the final reply.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal, Protocol

from pharmai.policy.verdict import AdviceVerdict
from pharmai.tools import ToolSpec

__all__ = [
    "AdviceVerdict",
    "ConfirmationResolution",
    "Engine",
    "HistoryItem",
    "SessionInfo",
    "StepLimitReached",
    "ToolResult",
    "ToolRunner",
    "TurnInput",
]


@dataclass(frozen=True)
class SessionInfo:
    """The conversation's session, fixed by the interface that opened it (never by the engine).

    Attributes:
        conversation_id: The conversation.
        patient_id: The verified (or demo / trusted) patient bound to the session, or ``None``.
        identity_mode: ``otp``, ``demo``, ``identifier`` or ``trusted``.
        store_id: The customer's store (``s1`` by default).
        profile: The tool profile (``canonical`` unless configured).
        channel: ``chat``, ``api``, ``cli``, ``mcp``, ``eval``…
    """

    conversation_id: str
    patient_id: str | None = None
    identity_mode: str = "otp"
    store_id: str = "s1"
    profile: str = "canonical"
    channel: str = "chat"


@dataclass(frozen=True)
class HistoryItem:
    """One earlier message of the conversation."""

    role: Literal["user", "assistant"]
    content: str
    language: str | None = None


@dataclass(frozen=True)
class ToolResult:
    """What a tool call gave back, as the engine sees it.

    Attributes:
        call_id: The tool call's id.
        name: The tool.
        arguments: The arguments as sent.
        envelope: The profile's envelope (``{"ok", "error", ...}`` for the canonical profile).
        ok: Whether the tool succeeded.
        error_code: The canonical error code, or ``None``.
        confirmation: ``{confirmation_id, summary, expires_at, tool}`` when the call awaits approval.
        duration_ms: Time spent in the executor.
    """

    call_id: str
    name: str
    arguments: Any
    envelope: dict[str, Any]
    ok: bool
    error_code: str | None = None
    confirmation: dict[str, Any] | None = None
    duration_ms: float = 0.0


@dataclass(frozen=True)
class ConfirmationResolution:
    """How the person answered a pending confirmation, handed to the engine to write the follow-up.

    Attributes:
        approved: True if approved (the stored call ran), False if denied.
        result: The outcome of the stored call (approved) or of the denial.
    """

    approved: bool
    result: ToolResult


class StepLimitReached(Exception):
    """Raised by :meth:`ToolRunner.call` once the turn used its tool-call budget."""


class ToolRunner(Protocol):
    """Runs the engine's tool calls through the executor and records them for the turn."""

    def call(self, name: str, arguments: Any, *, call_id: str | None = None) -> ToolResult:
        """Run one tool call (arguments as a dict or JSON text); never raises for bad input.

        Raises:
            StepLimitReached: The turn's tool-call budget is spent.
        """
        ...

    def specs(self) -> list[ToolSpec]:
        """The tools of the session's profile (for engines that export them to a model)."""
        ...

    @property
    def results(self) -> list[ToolResult]:
        """Every call of this turn so far, in order."""
        ...


@dataclass
class TurnInput:
    """Everything an engine gets for one turn.

    Attributes:
        message: The user's message (empty when the turn only resolves a confirmation).
        language: The reply language (``he`` or ``en``), detected from the message and the session.
        session: The session.
        history: Earlier messages, oldest first.
        state: The engine's own dialogue state; mutate it, the loop persists it with the conversation.
        tools: The tool runner.
        verdict: The policy classifier's reading of ``message``.
        resolution: Set when this turn resolves a pending confirmation (approval or denial).
        mentions: The catalog's medication mentions in ``message``, found once by the loop (``None`` when
            the loop did not look); engines that read names use them instead of searching again.
        today: The loop's today (its clock, pinned in tests and evaluations): what "tomorrow" counts from.
    """

    message: str
    language: str
    session: SessionInfo
    history: list[HistoryItem]
    state: dict[str, Any]
    tools: ToolRunner
    verdict: AdviceVerdict = field(default_factory=lambda: AdviceVerdict(False))
    resolution: ConfirmationResolution | None = None
    mentions: tuple[Any, ...] | None = None
    today: date | None = None


class Engine(Protocol):
    """Something that writes assistant replies: the offline engine, an LLM engine or a test double."""

    name: str

    def respond(self, turn: TurnInput) -> Iterator[str]:
        """Yield the reply as text deltas, calling tools through ``turn.tools`` as needed."""
        ...
