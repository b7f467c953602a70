"""The conversation store on the real database: what is kept, in what order, and what it refuses."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import update

from pharmai.agent.base import SessionInfo
from pharmai.agent.store import ConversationStore
from pharmai.db import Database
from pharmai.db.models import Confirmation
from pharmai.errors import NotFound, ValidationFailed
from tests.agent.loop_support import clock, counts


def _store(db: Database) -> ConversationStore:
    return ConversationStore(db, clock())


def _payload(name: str = "inventory_check", confirmation: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "tool_calls": [{"name": name, "arguments": {}, "result": {"ok": True, "error": None}}],
        "confirmation": confirmation,
    }


def test_a_new_conversation_keeps_its_session(db: Database) -> None:
    store = _store(db)
    cid = store.create(SessionInfo("", "u003", "demo", "s2", "canonical", "api"), language="he", engine="offline")
    stored = store.get(cid)
    assert cid.startswith("conv_") and stored.conversation_id == cid
    assert stored.session == SessionInfo(cid, "u003", "demo", "s2", "canonical", "api")
    assert (stored.language, stored.engine) == ("he", "offline")
    assert store.turns(cid) == [] and store.history(cid) == []


def test_a_chosen_id_is_kept_and_cannot_be_taken_twice(db: Database) -> None:
    store = _store(db)
    assert store.create(SessionInfo("conv-fixed"), language="en", engine="x") == "conv-fixed"
    with pytest.raises(ValidationFailed):
        store.create(SessionInfo("conv-fixed"), language="en", engine="x")


def test_turns_come_back_in_order_in_the_transcript_shape(db: Database) -> None:
    store = _store(db)
    cid = store.create(SessionInfo(""), language="en", engine="x")
    confirmation = {"id": "cf_1", "tool": "request_refill", "summary": "Refill p002", "status": "pending"}
    store.save_turn(cid, user="hi", reply="Hello!", language="en", state={"a": 1}, payload=_payload())
    store.save_turn(
        cid, user="שלום", reply="שלום!", language="he", state={"a": 2}, payload=_payload("request_refill", confirmation)
    )
    store.save_turn(cid, user="/approve", reply="Done.", language="he", state={}, payload=_payload(), action="approve")
    turns = store.turns(cid)
    assert [(t["user"], t["reply"], t["language"]) for t in turns] == [
        ("hi", "Hello!", "en"),
        ("שלום", "שלום!", "he"),
        ("/approve", "Done.", "he"),
    ]
    assert turns[1]["confirmation"] == confirmation and turns[0]["confirmation"] is None
    assert turns[0]["tool_calls"] == _payload()["tool_calls"]
    # The conversation's language follows the latest reply; the state is replaced as a whole.
    assert store.get(cid).language == "he" and store.get(cid).state == {}
    # Approve / deny actions are not messages the engine should read back.
    assert [h.content for h in store.history(cid)] == ["hi", "Hello!", "שלום", "שלום!", "Done."]


def test_a_turns_confirmation_shows_the_status_in_its_table(db: Database) -> None:
    store = _store(db)
    cid = store.create(SessionInfo(""), language="en", engine="x")
    raised = {"id": "cf_9", "tool": "request_refill", "summary": "s", "status": "pending"}
    store.save_turn(cid, user="refill", reply="ok?", language="en", state={}, payload=_payload("x", raised))
    assert store.turns(cid)[0]["confirmation"]["status"] == "pending"  # no row (yet): as it was raised
    now = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    with db.session(write=True) as s:
        s.add(
            Confirmation(
                confirmation_id="cf_9", tool="request_refill", tool_version="1", arguments={}, arguments_hash="h",
                conversation_id=cid, summary="s", status="pending", created_at=now, expires_at=now,
            )
        )  # fmt: skip
    for status, shown in (
        ("pending", "pending"),
        ("approved", "approved"),
        ("denied", "denied"),
        ("expired", "denied"),
    ):
        with db.session(write=True) as s:
            s.execute(update(Confirmation).values(status=status))
        assert store.turns(cid)[0]["confirmation"] == {**raised, "status": shown}


def test_two_stores_append_to_one_conversation_without_losing_turns(db: Database) -> None:
    cid = _store(db).create(SessionInfo(""), language="en", engine="x")
    for i in range(3):
        for store in (_store(db), _store(db)):
            store.save_turn(cid, user=f"u{i}", reply=f"r{i}", language="en", state={}, payload=_payload())
    assert len(_store(db).turns(cid)) == 6


def test_binding_a_patient_is_persisted(db: Database) -> None:
    store = _store(db)
    cid = store.create(SessionInfo(""), language="en", engine="x")
    store.set_patient(cid, "u005")
    assert _store(db).get(cid).session.patient_id == "u005"


@pytest.mark.parametrize("cid", ["nope", "", None, 3, "x" * 10_000, "' OR 1=1 --"])
def test_unknown_ids_are_not_found_and_change_nothing(db: Database, cid: Any) -> None:
    store = _store(db)
    before = counts(db)
    with pytest.raises(NotFound):
        store.get(cid)
    if isinstance(cid, str) and 0 < len(cid) <= 64:
        with pytest.raises(NotFound):
            store.save_turn(cid, user="u", reply="r", language="en", state={}, payload={})
        with pytest.raises(NotFound):
            store.set_patient(cid, "u001")
    assert counts(db) == before


@pytest.mark.parametrize(
    "session",
    [
        SessionInfo("", identity_mode="root"),
        SessionInfo("x" * 10_000),
        SessionInfo("", store_id=""),
        SessionInfo("", patient_id="u001", identity_mode="identifier"),
        SessionInfo("", patient_id="x" * 500, identity_mode="trusted"),
    ],
)
def test_malformed_sessions_are_refused(db: Database, session: SessionInfo) -> None:
    before = counts(db)
    with pytest.raises(ValidationFailed):
        _store(db).create(session, language="en", engine="x")
    assert counts(db) == before


def test_history_leaves_out_approve_and_deny_and_keeps_the_latest(db: Database) -> None:
    store = _store(db)
    cid = store.create(SessionInfo(""), language="he", engine="x")
    turns = [
        ("אני רוצה חידוש", "לאשר?", None),
        ("/deny", "בוטל.", "deny"),
        ("/approve", "בוצע.", "approve"),
        ("תודה", "בשמחה!", None),
    ]
    for step, (user, reply, action) in enumerate(turns):
        store.save_turn(
            cid, user=user, reply=reply, language="he", state={"שלב": step}, payload=_payload(), action=action
        )
    conversation, history = store.load(cid)
    assert [(h.role, h.content, h.language) for h in history] == [
        ("user", "אני רוצה חידוש", "he"),
        ("assistant", "לאשר?", "he"),
        ("assistant", "בוטל.", "he"),
        ("assistant", "בוצע.", "he"),
        ("user", "תודה", "he"),
        ("assistant", "בשמחה!", "he"),
    ]
    assert store.history(cid) == history and conversation.state == {"שלב": 3}
    # The transcript still shows every turn, actions included.
    assert [t["user"] for t in store.turns(cid)] == ["אני רוצה חידוש", "/deny", "/approve", "תודה"]
    # A limit keeps the latest messages, oldest first.
    assert [h.content for h in store.history(cid, limit=3)] == ["בוצע.", "תודה", "בשמחה!"]
