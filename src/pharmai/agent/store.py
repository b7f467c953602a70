"""Conversation persistence: conversations, their messages and state, in the database.

The one documented exception to "the agent layer touches the database only through the executor": a
conversation must survive the worker that served its last turn, so any worker can continue it. Only
conversation rows are read and written here (plus existence checks of the store and patient a session
names). Nothing here is logged: messages hold patients' free text.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from pharmai.agent.base import HistoryItem, SessionInfo
from pharmai.clock import Clock
from pharmai.db.engine import Database
from pharmai.db.models import Confirmation, Conversation, Message, Patient, Store
from pharmai.db.raw import RawConnection, RawStatement
from pharmai.db.retention import lock_client, open_conversations
from pharmai.errors import NotFound, PatientNotFound, RateLimited, StoreNotFound, ValidationFailed

__all__ = [
    "IDENTITY_MODES",
    "LANGUAGES",
    "ClientCap",
    "ConversationStore",
    "StoredConversation",
    "new_conversation_id",
]

IDENTITY_MODES = ("otp", "demo", "identifier", "trusted")
LANGUAGES = ("he", "en")
#: Modes in which the interface, not a tool, names the patient when the conversation opens.
_PRESET_PATIENT_MODES = ("demo", "trusted")
_MAX_ID = 64
_HISTORY_LIMIT = 40

# The turn's own statements are plain SQL run on the driver connection (see pharmai.db.raw): they run on
# every message, and SQLAlchemy's per-statement machinery cost more than the database work.
_JSON = Conversation.__table__.c.state.type
_TIME = Conversation.__table__.c.updated_at.type
_GET = RawStatement(
    "SELECT conversation_id, user_id, identity_mode, store_id, profile, language, engine, state, created_at,"
    " updated_at FROM conversations WHERE conversation_id = :cid",
    results=(None, None, None, None, None, None, None, _JSON, _TIME, _TIME),
)
# A turn's read of the conversation with its staff hold (at most one: the hold's key is the conversation):
# one statement instead of two, a round trip less on PostgreSQL for every turn.
_GET_WITH_HOLD = RawStatement(
    "SELECT c.conversation_id, c.user_id, c.identity_mode, c.store_id, c.profile, c.language, c.engine, c.state,"
    " c.created_at, c.updated_at,"
    " (SELECT h.staff_id FROM conversation_holds h WHERE h.conversation_id = c.conversation_id)"
    " FROM conversations c WHERE c.conversation_id = :cid",
    results=(None, None, None, None, None, None, None, _JSON, _TIME, _TIME, None),
)
# Only user rows carry the approve / deny marker, and only their payloads are read: an assistant payload
# holds the turn's tool calls, and decoding it cost more than the rest of the query.
_HISTORY = RawStatement(
    "SELECT role, content, language, CASE WHEN role = 'user' THEN payload END FROM messages"
    " WHERE conversation_id = :cid AND role IN ('user', 'assistant') ORDER BY seq DESC LIMIT :limit",
    results=(None, None, None, _JSON),
)
# Updating the conversation row first locks it (PostgreSQL row lock; SQLite's write lock is already held),
# so two workers appending to one conversation queue instead of colliding; it also returns the last seq.
_SAVE_STATE = RawStatement(
    "UPDATE conversations SET state = :state, language = :language, updated_at = :now WHERE conversation_id = :cid"
    " RETURNING (SELECT COALESCE(MAX(seq), 0) FROM messages WHERE conversation_id = :cid)",
    params={"state": _JSON, "now": _TIME},
)
# On PostgreSQL the whole save is one statement (a data-modifying WITH): atomic by itself, so it runs
# without BEGIN / COMMIT, one round trip instead of four. It inserts nothing for an unknown conversation.
_SAVE_TURN_PG = RawStatement(
    "WITH turn AS (UPDATE conversations SET state = :state, language = :language, updated_at = :now"
    " WHERE conversation_id = :cid"
    " RETURNING (SELECT COALESCE(MAX(seq), 0) FROM messages WHERE conversation_id = :cid) AS last)"
    " INSERT INTO messages (conversation_id, seq, role, content, language, payload, created_at)"
    " SELECT :cid, last + 1, 'user', :user, :language, CAST(:user_payload AS JSON), :now FROM turn"
    " UNION ALL SELECT :cid, last + 2, 'assistant', :reply, :language, CAST(:payload AS JSON), :now FROM turn",
    params={"state": _JSON, "user_payload": _JSON, "payload": _JSON, "now": _TIME},
)
_SET_PATIENT = RawStatement(
    "UPDATE conversations SET user_id = :patient_id, updated_at = :now WHERE conversation_id = :cid",
    params={"now": _TIME},
)
# A conversation a member of staff has taken over (pharmai.pharmacy.handoff): the assistant stays silent.
_HELD = RawStatement("SELECT staff_id FROM conversation_holds WHERE conversation_id = :cid")
_APPEND = RawStatement(
    "INSERT INTO messages (conversation_id, seq, role, content, language, payload, created_at)"
    " VALUES (:cid, :seq, :role, :content, :language, :payload, :now)",
    params={"payload": _JSON, "now": _TIME},
)


def new_conversation_id() -> str:
    """A fresh, unguessable conversation id."""
    return "conv_" + secrets.token_urlsafe(16)


@dataclass(frozen=True)
class ClientCap:
    """The open conversations one client (an HTTP client address) may hold at once.

    Attributes:
        client_ref: The client's surrogate (a keyed hash of its address), stored with the conversation.
        limit: Open conversations allowed; opening one more is refused with ``RATE_LIMITED``.
        idle: A conversation without activity for this long no longer counts as open.
    """

    client_ref: str
    limit: int
    idle: timedelta


@dataclass
class StoredConversation:
    """A conversation as persisted.

    Attributes:
        session: The session (its ``patient_id`` is the currently bound patient).
        language: The language of the latest reply (the default for the next one).
        engine: The engine that serves it.
        state: The loop's (``"_loop"``) and the engine's dialogue state.
    """

    session: SessionInfo
    language: str
    engine: str
    state: dict[str, Any] = field(default_factory=dict)
    created_at: datetime | None = None
    updated_at: datetime | None = None

    @property
    def conversation_id(self) -> str:
        """The conversation's id."""
        return self.session.conversation_id


def _bad(name: str, reason: str) -> ValidationFailed:
    return ValidationFailed([{"field": name, "reason": reason}])


def _check_id(value: Any, name: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= _MAX_ID:
        raise _bad(name, "must be a non-empty string of at most 64 characters")
    return value


def _check_conversation_id(conversation_id: Any) -> None:
    if not isinstance(conversation_id, str) or not 0 < len(conversation_id) <= _MAX_ID:
        raise NotFound()


def _read_conversation(connection: RawConnection, conversation_id: str) -> StoredConversation:
    rows = connection.rows(_GET, {"cid": conversation_id})
    if not rows:
        raise NotFound()
    return _conversation(rows[0])


def _conversation(row: Any) -> StoredConversation:
    cid, patient_id, identity_mode, store_id, profile, language, engine, state, created_at, updated_at = row[:10]
    state = dict(state or {})
    loop_state = state.get("_loop") or {}
    session = SessionInfo(
        conversation_id=cid,
        patient_id=patient_id,
        identity_mode=identity_mode,
        store_id=store_id,
        profile=profile,
        channel=str(loop_state.get("channel", "chat")),
    )
    return StoredConversation(session, language, engine, state, created_at, updated_at)


def _read_history(connection: RawConnection, conversation_id: str, limit: int) -> list[HistoryItem]:
    rows = connection.rows(_HISTORY, {"cid": conversation_id, "limit": limit})
    return [
        HistoryItem("user" if role == "user" else "assistant", content, language)
        for role, content, language, payload in reversed(rows)
        # Approve / deny actions, and messages a pharmacist received while holding the conversation.
        if not (role == "user" and isinstance(payload, dict) and (payload.get("action") or payload.get("held")))
    ]


def _check_cap(session: Session, cap: ClientCap, now: datetime) -> None:
    lock_client(session, cap.client_ref)
    count, oldest = open_conversations(session, cap.client_ref, since=now - cap.idle)
    if count < cap.limit:
        return
    # The hint is when the least recently active one goes idle and frees a place (if nobody uses it).
    wait = (oldest + cap.idle - now).total_seconds() if oldest is not None else cap.idle.total_seconds()
    raise RateLimited({"retry_after": max(1, math.ceil(wait)), "tier": "open_conversations", "limit": cap.limit})


class ConversationStore:
    """Reads and writes conversations.

    Args:
        db: The database.
        clock: Timestamps (default: the wall clock).
    """

    def __init__(self, db: Database, clock: Clock | None = None) -> None:
        self.db = db
        self.clock = clock or Clock()

    def create(self, session: SessionInfo, *, language: str, engine: str, cap: ClientCap | None = None) -> str:
        """Persist a new conversation for ``session``.

        Args:
            session: The session; an empty ``conversation_id`` gets a fresh one. A preset ``patient_id``
                is accepted only in the ``demo`` and ``trusted`` identity modes.
            language: ``he`` or ``en``.
            engine: The engine's name.
            cap: The opening client and its cap on open conversations (HTTP); ``None``: no cap.

        Returns:
            The conversation id.

        Raises:
            ValidationFailed: A field is malformed, the mode does not allow a preset patient, or the id
                is taken.
            StoreNotFound: No such store.
            PatientNotFound: No such patient.
            RateLimited: The client already holds ``cap.limit`` open conversations (``details.retry_after``:
                seconds until the least recently active of them stops counting).
        """
        if not isinstance(session, SessionInfo):
            raise _bad("session", "must be a SessionInfo")
        if language not in LANGUAGES:
            raise _bad("language", "must be he or en")
        if session.identity_mode not in IDENTITY_MODES:
            raise _bad("identity_mode", "must be one of " + ", ".join(IDENTITY_MODES))
        conversation_id = session.conversation_id or new_conversation_id()
        _check_id(conversation_id, "conversation_id")
        _check_id(session.store_id, "store_id")
        _check_id(session.profile, "profile")
        _check_id(session.channel, "channel")
        if session.patient_id is not None:
            _check_id(session.patient_id, "patient_id")
            if session.identity_mode not in _PRESET_PATIENT_MODES:
                raise _bad("patient_id", "only the demo and trusted modes name the patient at open")
        now = self.clock.now()
        with self.db.session(write=True) as s:
            if s.get(Store, session.store_id) is None:
                raise StoreNotFound({"store_id": session.store_id})
            if session.patient_id is not None and s.get(Patient, session.patient_id) is None:
                raise PatientNotFound()
            if s.get(Conversation, conversation_id) is not None:
                raise _bad("conversation_id", "already exists")
            if cap is not None:
                _check_cap(s, cap, now)
            s.add(
                Conversation(
                    conversation_id=conversation_id,
                    user_id=session.patient_id,
                    identity_mode=session.identity_mode,
                    language=language,
                    store_id=session.store_id,
                    profile=session.profile,
                    engine=engine,
                    state={"_loop": {"channel": session.channel}},
                    created_at=now,
                    updated_at=now,
                    client_ref=cap.client_ref if cap is not None else None,
                )
            )
        return conversation_id

    def get(self, conversation_id: Any) -> StoredConversation:
        """The conversation, or :class:`~pharmai.errors.NotFound` (also for malformed ids)."""
        _check_conversation_id(conversation_id)
        with self.db.raw() as connection:
            return _read_conversation(connection, conversation_id)

    def load(self, conversation_id: Any, limit: int = _HISTORY_LIMIT) -> tuple[StoredConversation, list[HistoryItem]]:
        """The conversation and its history (as :meth:`history`), read in one transaction.

        Raises:
            NotFound: No such conversation (also for malformed ids).
        """
        _check_conversation_id(conversation_id)
        with self.db.raw() as connection:
            conversation = _read_conversation(connection, conversation_id)
            return conversation, _read_history(connection, conversation_id, limit)

    def set_patient(self, conversation_id: str, patient_id: str) -> None:
        """Bind a verified patient to the conversation (an AUTH tool just verified them)."""
        with self.db.raw(write=True) as connection:
            updated = connection.execute(
                _SET_PATIENT, {"cid": conversation_id, "patient_id": patient_id, "now": self.clock.now()}
            )
            if not updated:
                raise NotFound()

    def held(self, conversation_id: str) -> bool:
        """True while a member of staff holds the conversation (one primary-key read)."""
        with self.db.raw() as connection:
            return bool(connection.rows(_HELD, {"cid": conversation_id}))

    def load_for_turn(
        self, conversation_id: Any, limit: int = _HISTORY_LIMIT
    ) -> tuple[StoredConversation, list[HistoryItem], bool]:
        """:meth:`load` and :meth:`held` in one read transaction: the conversation and its hold in one statement,
        then the history (a turn needs all three; two round trips instead of three).

        Raises:
            NotFound: No such conversation (also for malformed ids).
        """
        _check_conversation_id(conversation_id)
        with self.db.raw() as connection:
            rows = connection.rows(_GET_WITH_HOLD, {"cid": conversation_id})
            if not rows:
                raise NotFound()
            conversation = _conversation(rows[0])
            history = _read_history(connection, conversation_id, limit)
            return conversation, history, rows[0][10] is not None

    def save_held_message(self, conversation_id: str, message: str, language: str) -> int | None:
        """Store a customer's message for the member of staff holding the conversation.

        The hold is read again inside the write, so a message is never parked in a conversation that
        was just handed back (then ``None`` is returned and the assistant answers it).

        Returns:
            The message's ``seq``, or ``None`` when nobody holds the conversation any more.
        """
        from pharmai.pharmacy.handoff import conversations

        with self.db.session(write=True) as s:
            if conversations.hold_of(s, conversation_id) is None:
                return None
            return conversations.append(
                s,
                conversation_id,
                role="user",
                content=message,
                now=self.clock.now(),
                language=language,
                payload={"held": True},
            )

    def history(self, conversation_id: str, limit: int = _HISTORY_LIMIT) -> list[HistoryItem]:
        """The latest ``limit`` user and assistant messages, oldest first (approve / deny actions left out)."""
        with self.db.raw() as connection:
            return _read_history(connection, conversation_id, limit)

    def save_turn(
        self,
        conversation_id: str,
        *,
        user: str,
        reply: str,
        language: str,
        state: dict[str, Any],
        payload: dict[str, Any],
        action: str | None = None,
    ) -> None:
        """Append one turn (the user's message and the reply) and store the new state, atomically.

        Args:
            conversation_id: The conversation.
            user: The user's message (``/approve`` or ``/deny`` for an action turn).
            reply: The final, guarded reply.
            language: The reply's language; it becomes the conversation's default.
            state: The whole new state (loop and engine).
            payload: The turn's record for the transcript: ``tool_calls``, ``confirmation``, ``violations``.
            action: ``approve`` / ``deny`` when the turn answered a confirmation rather than a message.
        """
        now = self.clock.now()
        user_payload = {"action": action} if action else None
        if self.db.dialect == "postgresql":
            params = {"cid": conversation_id, "state": state, "language": language, "now": now}
            params |= {"user": user, "user_payload": user_payload, "reply": reply, "payload": payload}
            with self.db.raw(write=True, single=True) as connection:
                if not connection.execute(_SAVE_TURN_PG, params):
                    raise NotFound()
            return
        with self.db.raw(write=True) as connection:
            updated = connection.rows(
                _SAVE_STATE, {"cid": conversation_id, "state": state, "language": language, "now": now}
            )
            if not updated:
                raise NotFound()
            seq = int(updated[0][0] or 0)
            common = {"cid": conversation_id, "language": language, "now": now}
            connection.execute_many(
                _APPEND,
                [
                    {
                        **common,
                        "seq": seq + 1,
                        "role": "user",
                        "content": user,
                        "payload": user_payload,
                    },
                    {**common, "seq": seq + 2, "role": "assistant", "content": reply, "payload": payload},
                ],
            )

    def confirmation_status(self, confirmation_id: str) -> str | None:
        """The status of a confirmation in its table (the one source of truth), ``None`` if there is none."""
        with self.db.session() as s:
            row = s.get(Confirmation, confirmation_id)
            return None if row is None else str(row.status)

    def turns(self, conversation_id: str) -> list[dict[str, Any]]:
        """The turns in the transcript shape of ``docs/interfaces.md`` (oldest first)."""
        with self.db.session() as s:
            rows = s.scalars(
                select(Message).where(Message.conversation_id == conversation_id).order_by(Message.seq)
            ).all()
        statuses = self._confirmation_statuses(rows)
        turns: list[dict[str, Any]] = []
        user: str | None = None
        for row in rows:
            if row.role == "user":
                user = row.content
                continue
            if row.role != "assistant":
                continue
            payload = row.payload or {}
            turn: dict[str, Any] = {
                "user": user or "",
                "reply": row.content,
                "language": row.language,
                "tool_calls": list(payload.get("tool_calls") or []),
                "confirmation": self._with_status(payload.get("confirmation"), statuses),
            }
            if isinstance(payload.get("usage"), dict):
                # A model engine's turn: its tokens (input, cached input, output) and estimated cost.
                turn["usage"] = payload["usage"]
            turns.append(turn)
            user = None
        return turns

    def _confirmation_statuses(self, rows: Sequence[Message]) -> dict[str, str]:
        # A confirmation's status lives in its table alone; a turn's payload only names the confirmation.
        ids = [c["id"] for r in rows if isinstance(c := (r.payload or {}).get("confirmation"), dict) and "id" in c]
        if not ids:
            return {}
        with self.db.session() as s:
            found = s.execute(
                select(Confirmation.confirmation_id, Confirmation.status).where(Confirmation.confirmation_id.in_(ids))
            )
            return {str(cid): str(status) for cid, status in found}

    @staticmethod
    def _with_status(confirmation: Any, statuses: dict[str, str]) -> Any:
        if not isinstance(confirmation, dict) or confirmation.get("id") not in statuses:
            return confirmation  # none, or purged: the payload's status as it was raised
        status = statuses[confirmation["id"]]
        # The transcript knows pending, approved and denied; an expired proposal was in effect refused.
        return {**confirmation, "status": status if status in ("pending", "approved") else "denied"}
