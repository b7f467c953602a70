"""Hand-written statements on the driver connection: the same values as the ORM both ways, and the same
transaction rules as :meth:`Database.session` (commit on success, roll back and surface ``DB_ERROR`` on failure)."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select

from pharmai.db import Database
from pharmai.db.models import Conversation, Message
from pharmai.db.raw import RawStatement
from pharmai.errors import DatabaseError, PatientNotFound, PharmaiError
from pharmai.pharmacy._common import aware

_JSON = Conversation.__table__.c.state.type
_TIME = Conversation.__table__.c.created_at.type

MOMENT = datetime(2026, 3, 1, 9, 30, 15, 123456, tzinfo=UTC)
STATE: dict[str, Any] = {
    "_loop": {"channel": "api", "pending": None},
    "שם": "דוד כהן",
    "items": [1, 2.5, True, None, {"תרופה": 'אקמול 500 מ"ג', "note": "line\nbreak \\ and 'quotes'"}],
    "mixed": "Advil אדוויל 200mg 💊",
    "empty": {},
}
PAYLOAD: dict[str, Any] = {
    "tool_calls": [{"name": "inventory_check", "arguments": {"query": "נורופן"}, "result": {"ok": True}}],
    "confirmation": None,
}

_INSERT_CONVERSATION = RawStatement(
    "INSERT INTO conversations (conversation_id, user_id, identity_mode, language, store_id, profile, engine,"
    " state, created_at, updated_at) VALUES (:cid, :user_id, 'otp', 'he', 's1', 'canonical', 'offline',"
    " :state, :created_at, :updated_at)",
    params={"state": _JSON, "created_at": _TIME, "updated_at": _TIME},
)
_INSERT_MESSAGE = RawStatement(
    "INSERT INTO messages (conversation_id, seq, role, content, language, payload, created_at)"
    " VALUES (:cid, :seq, :role, :content, :language, :payload, :created_at)",
    params={"payload": _JSON, "created_at": _TIME},
)
_GET_CONVERSATION = RawStatement(
    "SELECT conversation_id, user_id, state, created_at, updated_at FROM conversations WHERE conversation_id = :cid",
    results=(None, None, _JSON, _TIME, _TIME),
)
_GET_MESSAGES = RawStatement(
    "SELECT seq, role, content, language, payload, created_at FROM messages WHERE conversation_id = :cid ORDER BY seq",
    results=(None, None, None, None, _JSON, _TIME),
)


def _insert(db: Database, cid: str, *, user_id: str | None = None, state: dict[str, Any] | None = None) -> None:
    with db.raw(write=True) as conn:
        params = {"cid": cid, "user_id": user_id, "state": state or {}, "created_at": MOMENT, "updated_at": MOMENT}
        assert conn.execute(_INSERT_CONVERSATION, params) == 1


def _exists(db: Database, cid: str) -> bool:
    with db.session() as session:
        return session.get(Conversation, cid) is not None


def test_orm_rows_read_back_identically_through_raw_statements(db: Database) -> None:
    later = MOMENT + timedelta(minutes=3, microseconds=1)
    with db.session(write=True) as session:
        session.add(
            Conversation(
                conversation_id="conv-orm",
                user_id="u002",
                language="he",
                state=STATE,
                created_at=MOMENT,
                updated_at=later,
            )
        )
        session.flush()
        session.add_all(
            [
                Message(
                    conversation_id="conv-orm", seq=1, role="user", content="שלום", language="he", created_at=MOMENT
                ),
                Message(
                    conversation_id="conv-orm",
                    seq=2,
                    role="assistant",
                    content="שלום! במה אפשר לעזור?",
                    language="he",
                    payload=PAYLOAD,
                    created_at=later,
                ),
            ]
        )
    with db.raw() as conn:
        [(cid, user_id, state, created_at, updated_at)] = conn.rows(_GET_CONVERSATION, {"cid": "conv-orm"})
        messages = conn.rows(_GET_MESSAGES, {"cid": "conv-orm"})
    assert (cid, user_id, state) == ("conv-orm", "u002", STATE)
    assert (aware(created_at), aware(updated_at)) == (MOMENT, later)
    assert [row[:4] for row in messages] == [(1, "user", "שלום", "he"), (2, "assistant", "שלום! במה אפשר לעזור?", "he")]
    assert messages[0][4] is None and messages[1][4] == PAYLOAD
    assert [aware(row[5]) for row in messages] == [MOMENT, later]


def test_raw_rows_read_back_identically_through_the_orm(db: Database) -> None:
    later = MOMENT + timedelta(hours=1)
    _insert(db, "conv-raw", user_id="u003", state=STATE)
    with db.raw(write=True) as conn:
        conn.execute_many(
            _INSERT_MESSAGE,
            [
                {"cid": "conv-raw", "seq": 1, "role": "user", "content": "אקמול?", "language": "he"}
                | {"payload": {"action": "approve"}, "created_at": MOMENT},
                {"cid": "conv-raw", "seq": 2, "role": "assistant", "content": "יש במלאי.", "language": "he"}
                | {"payload": PAYLOAD, "created_at": later},
            ],
        )
    with db.session() as session:
        row = session.get(Conversation, "conv-raw")
        messages = session.scalars(
            select(Message).where(Message.conversation_id == "conv-raw").order_by(Message.seq)
        ).all()
    assert row is not None
    assert (row.user_id, row.identity_mode, row.language, row.store_id) == ("u003", "otp", "he", "s1")
    assert row.state == STATE
    assert aware(row.created_at) == MOMENT and aware(row.updated_at) == MOMENT
    assert [(m.seq, m.role, m.content, m.payload) for m in messages] == [
        (1, "user", "אקמול?", {"action": "approve"}),
        (2, "assistant", "יש במלאי.", PAYLOAD),
    ]
    assert [aware(m.created_at) for m in messages] == [MOMENT, later]


def test_updates_count_the_rows_they_touch(db: Database) -> None:
    _insert(db, "conv-upd")
    update = RawStatement(
        "UPDATE conversations SET state = :state, updated_at = :now WHERE conversation_id = :cid",
        params={"state": _JSON, "now": _TIME},
    )
    later = MOMENT + timedelta(days=1)
    with db.raw(write=True) as conn:
        assert conn.execute(update, {"cid": "conv-upd", "state": {"n": "אחת"}, "now": later}) == 1
        assert conn.execute(update, {"cid": "conv-none", "state": {}, "now": later}) == 0
    with db.session() as session:
        row = session.get(Conversation, "conv-upd")
    assert row is not None and row.state == {"n": "אחת"} and aware(row.updated_at) == later


def test_only_typed_result_columns_are_converted(db: Database) -> None:
    _insert(db, "conv-typed", state=STATE)
    both = RawStatement(
        "SELECT conversation_id, state, state, CASE WHEN 1 = 0 THEN created_at END FROM conversations"
        " WHERE conversation_id = :cid",
        results=(None, _JSON, None, _TIME),
    )
    with db.raw() as conn:
        [(cid, typed, untyped, missing)] = conn.rows(both, {"cid": "conv-typed"})
    assert cid == "conv-typed" and typed == STATE and missing is None
    if db.is_sqlite:
        # SQLite stores JSON as text; a column with no type comes back as the driver gives it.
        assert isinstance(untyped, str) and json.loads(untyped) == STATE
    else:
        # psycopg decodes json itself: there is nothing left to convert.
        assert untyped == STATE


def test_statements_without_types_pass_values_through(db: Database) -> None:
    plain = RawStatement("SELECT user_id, email FROM patients WHERE user_id IN (:a, :b) ORDER BY user_id")
    with db.raw() as conn:
        rows = conn.rows(plain, {"a": "u001", "b": "u002"})
    assert [row[0] for row in rows] == ["u001", "u002"] and all(isinstance(row[1], str) for row in rows)


@pytest.mark.parametrize("error", [PatientNotFound({"user_id": "u999"}), KeyError("state")])
def test_an_error_inside_a_raw_transaction_rolls_back_and_propagates_unchanged(db: Database, error: Exception) -> None:
    with pytest.raises(type(error)) as raised, db.raw(write=True) as conn:
        conn.execute(
            _INSERT_CONVERSATION,
            {"cid": "conv-undone", "user_id": None, "state": {}, "created_at": MOMENT, "updated_at": MOMENT},
        )
        raise error
    assert raised.value is error
    assert not _exists(db, "conv-undone")
    # The connection went back to the pool clean, and the write lock was released.
    _insert(db, "conv-after")
    assert _exists(db, "conv-after")


@pytest.mark.parametrize(
    "failing",
    [
        pytest.param(RawStatement("INSERT INTO conversations (conversation_id) VALUES (:cid)"), id="not-null"),
        pytest.param(_INSERT_CONVERSATION, id="duplicate-key"),
        pytest.param(RawStatement("UPDATE conversations SET user_id = 'u999' WHERE conversation_id = :cid"), id="fk"),
        pytest.param(RawStatement("UPDAT conversations SET state = NULL WHERE conversation_id = :cid"), id="syntax"),
    ],
)
def test_a_driver_error_becomes_db_error_and_rolls_back(db: Database, failing: RawStatement) -> None:
    _insert(db, "conv-taken")
    params: dict[str, Any] = {
        "cid": "conv-taken",
        "user_id": None,
        "state": {},
        "created_at": MOMENT,
        "updated_at": MOMENT,
    }
    with pytest.raises(DatabaseError) as raised, db.raw(write=True) as conn:
        conn.execute(_INSERT_CONVERSATION, {**params, "cid": "conv-first"})
        conn.execute(failing, params)
    assert raised.value.code == "DB_ERROR" and isinstance(raised.value, PharmaiError)
    assert raised.value.__cause__ is not None and not isinstance(raised.value.__cause__, PharmaiError)
    assert not _exists(db, "conv-first")
    with db.raw() as conn:
        [(_, user_id, state, _, _)] = conn.rows(_GET_CONVERSATION, {"cid": "conv-taken"})
    assert user_id is None and state == {}
    _insert(db, "conv-after")
    assert _exists(db, "conv-after")


def test_reads_see_only_committed_writes(db: Database) -> None:
    with db.raw(write=True) as conn:
        conn.execute(
            _INSERT_CONVERSATION,
            {"cid": "conv-late", "user_id": None, "state": {}, "created_at": MOMENT, "updated_at": MOMENT},
        )
        with db.raw() as reader:
            assert reader.rows(_GET_CONVERSATION, {"cid": "conv-late"}) == []
    with db.raw() as reader:
        assert len(reader.rows(_GET_CONVERSATION, {"cid": "conv-late"})) == 1


def test_postgresql_style_keeps_literals_and_escapes_percent() -> None:
    from pharmai.db.raw import _pyformat

    sql = "SELECT 'a%b', :x, 'at :noon', y::int FROM t WHERE z LIKE 'q%' AND c = :cid"
    assert _pyformat(sql) == "SELECT 'a%%b', %(x)s, 'at :noon', y::int FROM t WHERE z LIKE 'q%%' AND c = %(cid)s"


def test_literals_with_percent_and_colon_run_on_both_backends(db: Database) -> None:
    statement = RawStatement("SELECT 'a%b', 'at :noon', :x")
    with db.raw() as connection:
        assert connection.rows(statement, {"x": "v"}) == [("a%b", "at :noon", "v")]


_PG_URL = os.environ.get("PHARMAI_TEST_DATABASE_URL")
_PID = RawStatement("SELECT pg_backend_pid()")


@pytest.mark.skipif(not _PG_URL, reason="PHARMAI_TEST_DATABASE_URL is not set (.ci/run always sets it)")
def test_a_connection_the_server_dropped_fails_once_then_the_pool_recovers() -> None:
    # No ping before each checkout: a dropped connection costs one DATABASE_ERROR, never a driver error,
    # and is not handed out again — through raw statements and through ORM sessions alike.
    assert _PG_URL is not None
    db = Database(_PG_URL)
    admin = Database(_PG_URL)
    try:
        for attempt in ("raw", "session"):
            with db.raw() as connection:
                pid = connection.rows(_PID, {})[0][0]
            with admin.raw() as connection:
                connection.rows(RawStatement("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
            with pytest.raises(DatabaseError):
                if attempt == "raw":
                    with db.raw() as connection:
                        connection.rows(_PID, {})
                else:
                    with db.session() as session:
                        session.execute(select(1))
            with db.raw() as connection:
                assert connection.rows(_PID, {})[0][0] != pid
            with db.session() as session:
                assert session.execute(select(1)).scalar() == 1
    finally:
        db.dispose()
        admin.dispose()
