"""Helpers of the loop tests: a loop over the real database and executor, and event / row readers."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import func, select

from pharmai.agent.base import Engine, SessionInfo
from pharmai.agent.events import Event
from pharmai.agent.loop import ConversationLoop
from pharmai.clock import FixedClock
from pharmai.db import Database
from pharmai.db.models import Confirmation, Conversation, Message, RefillRequest
from pharmai.db.tool_stores import tool_stores
from pharmai.evals._faults import faulty_registry
from pharmai.evals.task import ToolFault
from pharmai.pharmacy.identity import latest_outbox_code
from pharmai.settings import Settings
from pharmai.tools import Executor
from pharmai.toolsets import registry_for
from tests.conftest import TODAY

#: Limits no test reaches unless it means to.
GENEROUS = Settings(
    redis_url=None,
    rate_limit_conversation="100000/minute",
    rate_limit_patient="100000/hour",
    rate_limit_global="1000000/hour",
    confirmation_ttl_seconds=600,
)

#: Every demo patient's name, in both languages: none may appear in a reply before identity.
PATIENT_NAMES = (
    "Noa Cohen",
    "David Cohen",
    "Yossi Levi",
    "Maya Shapiro",
    "Dana Mizrahi",
    "Amir Haddad",
    "Rivka Friedman",
    "Omer Katz",
    "Lior Ben-David",
    "Tamar Azulay",
    "נועה כהן",
    "דוד כהן",
    "יוסי לוי",
    "מאיה שפירא",
    "דנה מזרחי",
    "אמיר חדאד",
    "רבקה פרידמן",
    "עומר כץ",
    "ליאור בן דוד",
    "תמר אזולאי",
)


def clock() -> FixedClock:
    return FixedClock(TODAY)


@contextmanager
def make_loop(db: Database, engine: Engine, **options: Any) -> Iterator[ConversationLoop]:
    """A loop with sync audit, a pinned clock and generous limits (override any of them)."""
    options.setdefault("settings", GENEROUS)
    options.setdefault("clock", clock())
    options.setdefault("audit", "sync")
    loop = ConversationLoop(db, engine, **options)
    try:
        yield loop
    finally:
        loop.close()


def session(patient: str | None = None, mode: str | None = None, store: str = "s1") -> SessionInfo:
    """A session; with a patient it is a trusted one unless ``mode`` says otherwise."""
    return SessionInfo(
        conversation_id="", patient_id=patient, identity_mode=mode or ("trusted" if patient else "otp"), store_id=store
    )


def run(events: Iterable[Event]) -> list[Event]:
    return list(events)


def final(events: list[Event]) -> Event:
    assert events, "a turn yields at least its final event"
    return events[-1]


def reply(events: list[Event]) -> str:
    last = final(events)
    assert last.type == "message.done", last
    return str(last.data["reply"])


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.type == kind]


def refills(db: Database) -> list[RefillRequest]:
    with db.session() as s:
        return list(s.scalars(select(RefillRequest).order_by(RefillRequest.presc_id)))


def counts(db: Database) -> dict[str, int]:
    """Rows of the tables a turn may write, to prove bad input wrote nothing."""
    with db.session() as s:
        return {
            model.__tablename__: int(s.scalar(select(func.count()).select_from(model)) or 0)
            for model in (Conversation, Message, Confirmation, RefillRequest)
        }


def outbox_code(db: Database) -> str:
    with db.session() as s:
        code = latest_outbox_code(s)
    assert code, "a code was sent"
    return code


@contextmanager
def failing_tools(db: Database, *faults: dict[str, Any], settings: Settings = GENEROUS) -> Iterator[Executor]:
    """An executor of the canonical profile whose tools named in ``faults`` fail (the eval format's
    ``tool_faults``: ``{"tool", "code", "skip"?, "times"?, "retry_after"?, "tier"?}``); pass it to
    :func:`make_loop` as ``executor=``."""
    registry = faulty_registry(registry_for("canonical"), [ToolFault.model_validate(f) for f in faults])
    executor = Executor(registry, db, settings=settings, **tool_stores(db, audit="sync"))
    try:
        yield executor
    finally:
        executor.close()


@contextmanager
def failing_loop(db: Database, engine: Engine, *faults: dict[str, Any], **options: Any) -> Iterator[ConversationLoop]:
    """:func:`make_loop` over :func:`failing_tools`: a loop whose tools named in ``faults`` fail."""
    with failing_tools(db, *faults) as executor, make_loop(db, engine, executor=executor, **options) as loop:
        yield loop


def last_violations(db: Database, conversation_id: str) -> list[str]:
    """What the loop had to repair in the conversation's newest reply (its payload's ``violations``)."""
    with db.session() as s:
        row = s.scalars(
            select(Message)
            .where(Message.conversation_id == conversation_id, Message.role == "assistant")
            .order_by(Message.seq.desc())
        ).first()
    assert row is not None
    return list((row.payload or {}).get("violations") or [])
