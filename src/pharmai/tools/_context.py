"""Who is calling, from where, and what they asked for: the session side of a tool call."""

from __future__ import annotations

import itertools
import json
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from pharmai.clock import Clock
from pharmai.errors import InternalError, ToolTimeout

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from pharmai.db.engine import Database
    from pharmai.settings import Settings

__all__ = ["Actor", "Principal", "ToolCall", "ToolContext", "WriteHooks", "new_call_id"]

# A random prefix per process and a counter: a call id per tool call must be cheap, and reading the
# system's random source on every call was a measurable share of a short turn.
_CALL_PREFIX = secrets.token_urlsafe(6)
_CALL_COUNTER = itertools.count(1)

PrincipalKind = Literal["patient", "staff", "none"]


def new_call_id() -> str:
    """A fresh tool-call id, unique across processes (it names a call; it grants nothing)."""
    return f"call_{_CALL_PREFIX}{next(_CALL_COUNTER):x}"


@dataclass(frozen=True)
class Principal:
    """The party a session acts for. It comes from the session, never from tool arguments.

    Attributes:
        kind: ``patient`` (a verified patient), ``staff`` or ``none``.
        id: The patient or staff id; ``None`` for ``none``.
    """

    kind: PrincipalKind = "none"
    id: str | None = None

    @classmethod
    def patient(cls, patient_id: str) -> Principal:
        """A verified patient."""
        return cls("patient", patient_id)

    @classmethod
    def staff(cls, staff_id: str) -> Principal:
        """A member of staff."""
        return cls("staff", staff_id)

    @classmethod
    def anonymous(cls) -> Principal:
        """Nobody verified yet."""
        return cls()

    @property
    def patient_id(self) -> str | None:
        """The verified patient's id, or ``None``."""
        return self.id if self.kind == "patient" else None


@dataclass(frozen=True)
class Actor:
    """The member of staff behind a call, as the entry point authenticated them (never a tool argument).

    A tool that declares ``roles`` runs only for an actor holding one of them; customer conversations
    carry no actor at all. The actor is not the principal: a pharmacist may act in a customer's
    conversation (principal: the patient) and stays the actor of every call they make there.

    Attributes:
        id: The staff account's stable id (audit rows keep only a keyed surrogate of it).
        role: The account's role (``admin``, ``pharmacist``, ``technician`` in pharmai).
    """

    id: str
    role: str


@dataclass
class ToolCall:
    """A request to run one tool, as a model or a person sent it.

    Attributes:
        name: The tool name (checked against the registry; unknown names are a result, not an error).
        arguments: A JSON object, or the JSON text of one (model APIs send text).
        tool_call_id: The provider's call id, or a fresh one.
    """

    name: str
    arguments: dict[str, Any] | str | None = None
    tool_call_id: str = field(default_factory=new_call_id)

    def argument_dict(self) -> Any:
        """The arguments decoded from JSON text when needed (anything else is returned as is)."""
        if isinstance(self.arguments, str | bytes):
            return json.loads(self.arguments)
        return {} if self.arguments is None else self.arguments


@dataclass
class WriteHooks:
    """Work the middleware adds to a call's first write transaction, so it commits with the write.

    Attributes:
        on_begin: Run right after the transaction opens, before the handler's statements (claiming
            the approved confirmation: a second approval stops here, before writing anything).
        on_commit: Run after the handler's statements, just before the commit (the audit row).
        committed: Set once that transaction committed.
    """

    on_begin: list[Callable[[Session], None]] = field(default_factory=list)
    on_commit: list[Callable[[Session], None]] = field(default_factory=list)
    committed: bool = False
    _taken: bool = field(default=False, repr=False)

    def take(self) -> WriteHooks | None:
        """These hooks for the first write transaction of the call; ``None`` for any later one."""
        if self._taken or not (self.on_begin or self.on_commit):
            return None
        self._taken = True
        return self


@dataclass
class ToolContext:
    """The session a tool call runs in; the executor fills the principal, the model never does.

    An AUTH tool binds a verified patient to the session with :meth:`bind_patient`; the executor applies
    the binding only when the call succeeds, sets :attr:`principal`, and reports it in
    ``ToolOutcome.bind_principal`` so the session store can persist it.

    Attributes:
        principal: Who the session acts for.
        conversation_id: The conversation the call belongs to (``None`` for one-off calls).
        language: ``"he"`` or ``"en"``; every human text of the result is in it.
        channel: ``chat``, ``api``, ``mcp``, ``cli``, …
        db: The database handlers use (through :meth:`transaction` to honour deadlines).
        clock: The clock handlers and the executor use.
        extras: Free room for the embedding application (e.g. the default store).
        settings: The deployment's settings; the executor fills in its own when the caller gives none.
        client_address: The network address the request came from (HTTP API, MCP over HTTP); ``None``
            where there is none (CLI, stdio). Rate limits give each address its own budget.
        actor: The authenticated member of staff making the call, or ``None`` (every customer session).
    """

    principal: Principal = field(default_factory=Principal)
    conversation_id: str | None = None
    language: str = "en"
    channel: str = "chat"
    db: Database | None = None
    clock: Clock = field(default_factory=Clock)
    extras: dict[str, Any] = field(default_factory=dict)
    settings: Settings | None = None
    client_address: str | None = None
    actor: Actor | None = None
    _pending_bind: Principal | None = field(default=None, init=False, repr=False)
    _may_bind: bool = field(default=False, init=False, repr=False)
    _deadline: float | None = field(default=None, init=False, repr=False)
    _cancelled: bool = field(default=False, init=False, repr=False)
    _hooks: WriteHooks | None = field(default=None, init=False, repr=False)
    # Held while deciding between "commit" and "answer TIMEOUT", so exactly one of them happens.
    _finish_lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)
    _committing: bool = field(default=False, init=False, repr=False)

    def bind_patient(self, patient_id: str) -> None:
        """Bind a verified patient to the session; only AUTH tools may call this.

        Args:
            patient_id: The patient the AUTH tool has just verified.

        Raises:
            InternalError: When called from a tool that is not an AUTH tool.
        """
        if not self._may_bind:
            raise InternalError({"reason": "bind_patient outside an AUTH tool"})
        self._pending_bind = Principal.patient(patient_id)

    @property
    def cancelled(self) -> bool:
        """True once the call's deadline passed; long handlers should stop and raise."""
        if not self._cancelled and self._deadline is not None and time.monotonic() > self._deadline:
            self._cancelled = True
        return self._cancelled

    def check_deadline(self) -> None:
        """Raise :class:`~pharmai.errors.ToolTimeout` when the deadline has passed."""
        if self.cancelled:
            raise ToolTimeout()

    @contextmanager
    def transaction(self, *, write: bool = False) -> Iterator[Session]:
        """A database transaction that is rolled back instead of committed once the deadline passed.

        The first write transaction of a call also runs the middleware's :class:`WriteHooks` (claiming
        an approved confirmation, the audit row), so they commit together with the handler's write.

        Args:
            write: Take the write lock up front (see :meth:`pharmai.db.engine.Database.session`).
        """
        if self.db is None:
            raise InternalError({"reason": "no database in the tool context"})
        hooks = self._hooks.take() if write and self._hooks is not None else None
        try:
            with self.db.session(write=write) as session:
                for hook in hooks.on_begin if hooks else ():
                    hook(session)
                yield session
                for hook in hooks.on_commit if hooks else ():
                    hook(session)
                # The executor may already have answered TIMEOUT; committing now would act behind its
                # back. Deciding under the lock means the commit or the TIMEOUT answer happens, not both.
                with self._finish_lock:
                    self.check_deadline()
                    self._committing = write
        finally:
            self._committing = False
        if hooks is not None:
            hooks.committed = True

    def timed_out(self) -> bool:
        """Called by the executor at the deadline: cancel unless a commit is already under way.

        Returns:
            True when the call is now cancelled (its transaction will roll back); False when a write is
            committing, so the caller must wait for the handler's real result instead.
        """
        with self._finish_lock:
            if self._committing:
                return False
            self._cancelled = True
            return True

    def _child(self, *, may_bind: bool, timeout_s: float, hooks: WriteHooks | None = None) -> ToolContext:
        # Each call gets its own copy so deadlines and bindings never leak between calls.
        child = ToolContext(
            principal=self.principal,
            conversation_id=self.conversation_id,
            language=self.language,
            channel=self.channel,
            db=self.db,
            clock=self.clock,
            extras=self.extras,
            settings=self.settings,
            client_address=self.client_address,
            actor=self.actor,
        )
        child._may_bind = may_bind
        child._hooks = hooks
        child._deadline = time.monotonic() + timeout_s
        return child
