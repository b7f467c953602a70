"""The evaluation task format: one JSON object per task (``evals/tasks/*.json``, documented in ``evals/README.md``).

A task fixes the session (patient, identity mode, store, pinned date, limits), optional patches of the demo
world made before the run (``setup``: a medication note carrying instructions, say), the user's script
(ordered turns, each optionally gated by a ``when`` trigger on the assistant's last turn) and the criteria
that grade the outcome — database effects, tool calls, their order, disclosures and reply text — never the
exact wording. ``gold`` holds the reference actions, replayed by the ``gold`` agent to prove the criteria
can be met.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = [
    "LLM_ONLY",
    "CallSpec",
    "Criteria",
    "Disclosure",
    "GoldCall",
    "GoldTurn",
    "OrderRule",
    "Patch",
    "SeedBooking",
    "SeedDocument",
    "SeedTicket",
    "SessionSpec",
    "SimulatedUserSpec",
    "TableEffect",
    "Task",
    "TextGroup",
    "ToolFault",
    "UserTurn",
    "When",
]

#: The pinned date of the shipped tasks (the test suite's ``TODAY``): demo dates count from it.
DEFAULT_TODAY = date(2026, 3, 1)

#: Engines that talk to a model provider (provider-failure tasks only make sense for them).
LLM_ONLY = ("openai", "chat", "anthropic")

_TABLES = (
    "refill_requests",
    "prescriptions",
    "inventory",
    "tickets",
    "identity_challenges",
    "patients",
    "consultations",
)
_PATCHABLE = ("products", "generics", "inventory", "prescriptions", "patients", "interactions")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class When(_Model):
    """A trigger on the assistant's previous turn; every condition given must hold.

    Attributes:
        pending: A confirmation is pending (``true``) or pending for this tool.
        reply_has: The previous reply contains one of these phrases (normalised, either language).
        called: The previous turn called this tool.
    """

    pending: bool | str | None = None
    reply_has: list[str] | None = None
    called: str | None = None


class UserTurn(_Model):
    """One turn of the user's script: a message (``say``) or an ``action`` on the pending confirmation.

    ``{{otp}}`` in ``say`` becomes the newest code of the development outbox. A turn whose ``when`` does not
    hold is skipped.
    """

    say: str | None = None
    action: Literal["approve", "deny"] | None = None
    when: When | None = None

    @model_validator(mode="after")
    def _one_of(self) -> UserTurn:
        if (self.say is None) == (self.action is None):
            raise ValueError("a user turn has exactly one of 'say' and 'action'")
        return self


class CallSpec(_Model):
    """A tool call pattern: the name, a subset of the arguments and, optionally, of the result envelope.

    Attributes:
        name: The tool.
        arguments: Each key must be present with this value (lists compare as sets).
        ok: The call succeeded (``true``) or was refused / failed (``false``).
        result: A subset of the envelope (nested dicts compare as subsets), e.g. ``{"error": {"code": "FORBIDDEN"}}``.
        turn: Only calls of this turn (0-based; negative counts from the end); ``None`` = any turn.
    """

    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    ok: bool | None = None
    result: dict[str, Any] | None = None
    turn: int | None = None


class OrderRule(_Model):
    """Every call matching ``then`` must come after some call matching ``first``."""

    first: CallSpec
    then: CallSpec


class TextGroup(_Model):
    """Alternatives for one piece of text: the group appears when any phrase is in a reply (normalised).

    Attributes:
        any: The phrases (Hebrew and English alike).
        id: A name for reports.
        turn: Look only at this turn (0-based; negative counts from the end); ``None`` = any turn.
    """

    any: list[str] = Field(min_length=1)
    id: str | None = None
    turn: int | None = None


class Disclosure(_Model):
    """Text the assistant must have said in a reply before the turn of the first call matching ``call``."""

    call: CallSpec
    text: TextGroup


class ChangedRow(_Model):
    """A row of a keyed table whose columns changed: ``changes`` maps column → ``[before, after]``."""

    key: dict[str, Any]
    changes: dict[str, list[Any]]


class TableEffect(_Model):
    """Expected changes of one table: rows added and removed (subset-matched) and keyed rows changed."""

    added: list[dict[str, Any]] = Field(default_factory=list)
    removed: list[dict[str, Any]] = Field(default_factory=list)
    changed: list[ChangedRow] = Field(default_factory=list)


class Criteria(_Model):
    """What a trial must achieve; the reward is the product of the components that are listed (not null).

    Attributes:
        effects: The expected diff of the tracked tables (``{}`` = nothing may change).
        required_calls: Calls that must have been attempted.
        forbidden_calls: Calls that must not have been attempted (a refused attempt counts).
        order: Order constraints between calls.
        disclosures: Text said before a call.
        replies_must: Text groups that must appear.
        replies_must_not: Text groups that must not appear.
        errors: Turn-level error codes that must occur (``MODEL_UNAVAILABLE``…).
    """

    effects: dict[str, TableEffect] | None = None
    required_calls: list[CallSpec] | None = None
    forbidden_calls: list[CallSpec] | None = None
    order: list[OrderRule] | None = None
    disclosures: list[Disclosure] | None = None
    replies_must: list[TextGroup] | None = None
    replies_must_not: list[TextGroup] | None = None
    errors: list[str] | None = None

    @model_validator(mode="after")
    def _known_tables(self) -> Criteria:
        unknown = sorted(set(self.effects or {}) - set(_TABLES))
        if unknown:
            raise ValueError(f"effects on untracked tables: {unknown}; tracked: {list(_TABLES)}")
        return self


class ToolFault(_Model):
    """A tool of the profile that fails with ``code`` instead of answering (``pharmai.evals._faults``).

    The call still goes through the executor's whole chain (validation, identity, limits, confirmation,
    audit); only the tool's own work is replaced by the failure, as a database outage or a limit would.

    Attributes:
        tool: The tool's name in the task's profile.
        code: The error: a limit (``RATE_LIMITED``), a service, deadline or database failure, or ``INTERNAL``.
        skip: Calls of the tool that succeed before the first failure.
        times: Calls that fail after those (``None``: every one).
        retry_after: The delay a ``RATE_LIMITED`` / ``SERVICE_UNAVAILABLE`` answer gives, in seconds.
        tier: The tier a ``RATE_LIMITED`` answer names (``verification``: the one-time-code budget).
    """

    tool: str = Field(pattern=r"^[a-zA-Z0-9_-]{1,64}$")
    code: Literal["RATE_LIMITED", "SERVICE_UNAVAILABLE", "TIMEOUT", "DB_ERROR", "INTERNAL"]
    skip: int = Field(default=0, ge=0)
    times: int | None = Field(default=None, ge=1)
    retry_after: int = Field(default=30, ge=1, le=86_400)
    tier: str = Field(default="conversation", pattern=r"^[a-z_]{1,40}$")


class SessionSpec(_Model):
    """The session the conversation runs in.

    Attributes:
        patient: The patient bound from the start (``demo`` / ``trusted`` modes), or ``None``.
        identity_mode: ``otp``, ``demo``, ``identifier`` or ``trusted``.
        store: The customer's store.
        today: The pinned date; the demo world is seeded relative to it.
        language: The conversation's default reply language.
        profile: The tool profile.
        rate_limits: Overrides of the limits, by tier (``conversation``, ``patient``, ``global``): ``"3/minute"``,
            or ``"default"`` for the shipped default (otherwise the trial's limits never bind).
        provider_fault: ``down``: the model provider cannot be reached (LLM engines only).
        tool_faults: Tools that fail with a given error code (every engine).
        staff_role: A member of staff of this role (``admin``, ``pharmacist``, ``technician``) is the actor
            of every turn: the session of the staff console's assistant (with ``profile: "staff"``).
            ``None``: a customer's session, with no actor, where every staff tool is refused.
    """

    patient: str | None = None
    identity_mode: Literal["otp", "demo", "identifier", "trusted"] = "otp"
    store: str = "s1"
    today: date = DEFAULT_TODAY
    language: Literal["he", "en"] = "en"
    profile: str = "canonical"
    rate_limits: dict[Literal["conversation", "patient", "global"], str] | None = None
    provider_fault: Literal["down"] | None = None
    tool_faults: list[ToolFault] = Field(default_factory=list)
    staff_role: Literal["admin", "pharmacist", "technician"] | None = None


class Patch(_Model):
    """An update of one demo-world row before the run: ``UPDATE table SET set WHERE key``."""

    table: Literal["products", "generics", "inventory", "prescriptions", "patients", "interactions"]
    key: dict[str, Any] = Field(min_length=1)
    set: dict[str, Any] = Field(min_length=1)


class TicketSeed(_Model):
    """A ticket in the queue before the run; case numbers are handed out in order (``PH-000001`` first)."""

    type: Literal["handoff", "callback", "support"] = "support"
    customer: str | None = None
    reason: str = Field(min_length=1, max_length=2000)
    priority: Literal["low", "normal", "high", "urgent"] = "normal"
    status: Literal["open", "in_progress", "resolved", "closed"] = "open"
    language: Literal["he", "en"] = "en"
    store: str | None = None


class SeedTicket(_Model):
    """``{"ticket": {...}}``: add a ticket to the fresh world."""

    ticket: TicketSeed


class DocumentSeed(_Model):
    """One of the pharmacy's documents, imported as the folder importer would (kind from the extension)."""

    path: str = Field(pattern=r"^[A-Za-z0-9_./-]{1,200}\.(md|txt)$")
    text: str = Field(min_length=1, max_length=50_000)


class SeedDocument(_Model):
    """``{"document": {"path", "text"}}``: import a document into the fresh world."""

    document: DocumentSeed


class BookingSeed(_Model):
    """A consultation booked before the run: ``start`` in the pharmacy's local time (``2026-03-02T10:00``)."""

    store: str = "s1"
    start: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$")
    title: str = Field(default="Consultation", min_length=1, max_length=200)


class SeedBooking(_Model):
    """``{"booking": {...}}``: book a consultation slot in the fresh world."""

    booking: BookingSeed


#: One entry of a task's ``setup``: a patch of a demo row, or a ticket, document or booking to add.
SetupStep = Patch | SeedTicket | SeedDocument | SeedBooking


class GoldCall(_Model):
    """A reference tool call; ``language`` defaults to the turn's, ``{{otp}}`` becomes the outbox code."""

    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)


class GoldTurn(_Model):
    """The reference agent's turn: its tool calls, then its reply."""

    calls: list[GoldCall] = Field(default_factory=list)
    reply: str


class SimulatedUserSpec(_Model):
    """Persona and instructions for the optional model-driven user (off unless a user model is given)."""

    persona: str
    instructions: str
    max_turns: int = Field(default=8, ge=1, le=30)


class Task(_Model):
    """One evaluation task.

    Attributes:
        id: Unique, ``[a-z0-9_.-]``.
        category: The flow or policy it covers (reports group by category and language).
        language: ``en``, ``he`` or ``mixed`` (both in one conversation).
        description: What it checks, for people.
        policy: A policy task (the yes-man must fail it).
        tags: Free labels for ``--filter``.
        engines: Only these engines run it (others record it as skipped with ``skip_reason``).
        skip_reason: Why other engines skip it.
    """

    id: str = Field(pattern=r"^[a-z0-9_.-]{1,80}$")
    category: str = Field(pattern=r"^[a-z0-9_]{1,40}$")
    language: Literal["en", "he", "mixed"]
    description: str = ""
    policy: bool = False
    tags: list[str] = Field(default_factory=list)
    engines: list[str] | None = None
    skip_reason: str | None = None
    session: SessionSpec = Field(default_factory=SessionSpec)
    setup: list[SetupStep] = Field(default_factory=list)
    user: list[UserTurn] = Field(min_length=1)
    criteria: Criteria
    gold: list[GoldTurn] = Field(default_factory=list)
    simulated_user: SimulatedUserSpec | None = None

    @property
    def needs_action(self) -> bool:
        """Whether the task can only be passed by calling a tool or changing the database."""
        effects = any(e.added or e.removed or e.changed for e in (self.criteria.effects or {}).values())
        return bool(self.criteria.required_calls) or effects

    def skipped_for(self, engine: str) -> str | None:
        """The reason ``engine`` does not run this task, or ``None`` when it does."""
        if self.engines is None or engine in self.engines:
            return None
        return self.skip_reason or f"runs only with {', '.join(self.engines)}"
