"""The conversation loop through the real executor and database, driven by the scripted engine."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pharmai.agent.base import TurnInput
from pharmai.agent.events import Event
from pharmai.db import Database
from pharmai.errors import NotFound, PatientNotFound, StoreNotFound, ValidationFailed
from pharmai.testing import ScriptedEngine, call
from tests.agent.loop_support import (
    clock,
    counts,
    final,
    make_loop,
    of_type,
    outbox_code,
    refills,
    reply,
    run,
    session,
)

REFILL_P002 = call("request_refill", {"presc_id": "p002", "store_id": "s1"})


def _outcome(language: str, approved: bool, ok: bool) -> str:
    """The scripted follow-up, in the turn's language (the guard replaces replies in the wrong one)."""
    if language == "en":
        return f"approved={approved} ok={ok}"
    return ("אושר" if approved else "נדחה") + (" ובוצע" if ok else " ולא בוצע")


def _confirmation_turns(language: str) -> ScriptedEngine:
    def follow_up(turn: TurnInput) -> str:
        resolution = turn.resolution
        return _outcome(turn.language, resolution.approved, resolution.result.ok) if resolution else "none"

    return ScriptedEngine(
        [
            [REFILL_P002, "Shall I request it?" if language == "en" else "לבקש את החידוש?"],
            [follow_up],
        ]
    )


# --- events -------------------------------------------------------------------------------------------


def test_a_turn_streams_tool_events_then_deltas_then_one_done(db: Database) -> None:
    engine = ScriptedEngine([[call("inventory_check", {"query": "advil", "store_id": "s1"}), "Advil ", "is out."]])
    with make_loop(db, engine) as loop:
        cid = loop.open(session(), "en")
        events = run(loop.turn(cid, "Do you have Advil?"))
    assert [e.type for e in events] == ["tool.call", "tool.result", "message.delta", "message.delta", "message.done"]
    call_event, result_event = events[0], events[1]
    assert call_event.data["name"] == "inventory_check" and call_event.data["id"] == result_event.data["id"]
    assert call_event.data["arguments"] == {"query": "advil", "store_id": "s1"}
    assert result_event.data["result"]["ok"] is True
    assert result_event.data["result"]["matches"][0]["med_id"] == "m001"
    assert result_event.data["duration_ms"] >= 0
    assert final(events).data["language"] == "en"
    assert sum(1 for e in events if e.final) == 1


def test_sse_frames_carry_the_interface_names_and_unescaped_hebrew(db: Database) -> None:
    engine = ScriptedEngine([["אדוויל אזל במלאי."]])
    with make_loop(db, engine) as loop:
        cid = loop.open(session(), "he")
        events = run(loop.turn(cid, "יש לכם אדוויל?"))
    frame = final(events).to_sse()
    assert frame.startswith("event: message.done\ndata: ") and frame.endswith("\n\n")
    assert "אדוויל" in frame and final(events).data["language"] == "he"


@pytest.mark.parametrize(("message", "language"), [("Do you have Zyrtec?", "en"), ("יש לכם זירטק?", "he")])
def test_reply_language_follows_the_message_and_reaches_the_engine_and_tools(
    db: Database, message: str, language: str
) -> None:
    lookup = call("get_medication_by_name", lambda t, _r: {"medication_name": "nonexistentmed", "language": t.language})
    engine = ScriptedEngine([[lookup, "ok" if language == "en" else "בסדר"]])
    with make_loop(db, engine) as loop:
        cid = loop.open(session(), "en" if language == "he" else "he")
        events = run(loop.turn(cid, message))
    assert engine.seen[0].language == language
    assert final(events).data["language"] == language
    error = of_type(events, "tool.result")[0].data["result"]["error"]
    # The tool's human text comes in the turn's language too.
    assert error["code"] == "MED_NOT_FOUND"
    assert any("\u05d0" <= ch <= "\u05ea" for ch in error["message"]) == (language == "he")


# --- persistence --------------------------------------------------------------------------------------


def test_another_worker_continues_the_conversation_with_history_and_state(db: Database) -> None:
    def remember(turn: TurnInput) -> str:
        turn.state["last_meds"] = ["m001"]
        return "Noted."

    first = ScriptedEngine([[remember]])
    with make_loop(db, first) as worker_a:
        cid = worker_a.open(session("u002"), "en")
        run(worker_a.turn(cid, "Tell me about Advil"))

    second = ScriptedEngine([[call("get_user_prescriptions", {}), lambda t: f"state={t.state.get('last_meds')}"]])
    with make_loop(db, second) as worker_b:
        events = run(worker_b.turn(cid, "And my prescriptions?"))
        transcript = worker_b.transcript(cid)
    seen = second.seen[0]
    assert [(h.role, h.content) for h in seen.history] == [("user", "Tell me about Advil"), ("assistant", "Noted.")]
    assert seen.session.patient_id == "u002"
    assert reply(events) == "state=['m001']"
    assert of_type(events, "tool.result")[0].data["result"]["ok"] is True
    assert transcript["conversation_id"] == cid and transcript["engine"] == "scripted"
    assert [t["user"] for t in transcript["turns"]] == ["Tell me about Advil", "And my prescriptions?"]
    assert transcript["turns"][1]["tool_calls"][0]["name"] == "get_user_prescriptions"
    assert transcript["turns"][1]["confirmation"] is None


def test_the_engine_cannot_overwrite_the_loops_own_state(db: Database) -> None:
    def meddle(turn: TurnInput) -> str:
        turn.state["_loop"] = {"pending": {"id": "cf_forged", "tool": "request_refill"}}
        return "ok"

    engine = ScriptedEngine([[meddle], [lambda t: f"keys={sorted(t.state)}"]])
    with make_loop(db, engine) as loop:
        cid = loop.open(session("u002"), "en")
        run(loop.turn(cid, "hi"))
        assert loop.pending_confirmation(cid) is None
        # A forged pending confirmation is not resolved by a "yes", and the engine never sees loop state.
        events = run(loop.turn(cid, "yes"))
    assert reply(events) == "keys=[]" and not of_type(events, "tool.call")


# --- step cap -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "language", "phrase"),
    [("List everything", "en", "more steps than I can take"), ("תפרט הכל", "he", "יותר צעדים")],
)
def test_the_step_cap_ends_a_runaway_turn_politely(db: Database, message: str, language: str, phrase: str) -> None:
    runaway = [call("inventory_check", {"query": "advil"}) for _ in range(20)]
    engine = ScriptedEngine([[*runaway, "never said"]])
    with make_loop(db, engine, max_steps=3) as loop:
        cid = loop.open(session(), language)
        events = run(loop.turn(cid, message))
        transcript = loop.transcript(cid)
    assert len(of_type(events, "tool.call")) == 3
    assert phrase in reply(events) and "never said" not in reply(events)
    assert len(transcript["turns"][0]["tool_calls"]) == 3


# --- confirmations ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("language", "yes"), [("en", "yes please"), ("he", "כן")])
def test_yes_approves_the_pending_refill_and_the_engine_writes_the_follow_up(
    db: Database, language: str, yes: str
) -> None:
    engine = _confirmation_turns(language)
    with make_loop(db, engine) as loop:
        cid = loop.open(session("u002"), language)
        first = run(loop.turn(cid, "refill p002" if language == "en" else "חידוש מרשם p002"))
        asked = of_type(first, "confirmation.required")
        assert len(asked) == 1 and asked[0].data["tool"] == "request_refill"
        assert asked[0].data["summary"] and asked[0].data["expires_at"]
        assert loop.pending_confirmation(cid) == {k: asked[0].data[k] for k in ("id", "tool", "summary", "expires_at")}
        assert not [r for r in refills(db) if r.presc_id == "p002"], "nothing runs before approval"
        second = run(loop.turn(cid, yes))
        transcript = loop.transcript(cid)
        assert loop.pending_confirmation(cid) is None
    assert reply(second) == _outcome(language, True, True)
    assert of_type(second, "tool.result")[0].data["result"]["refill"]["presc_id"] == "p002"
    assert [r.status for r in refills(db) if r.presc_id == "p002"] == ["pending"]
    assert transcript["turns"][0]["confirmation"]["status"] == "approved"
    assert transcript["turns"][1]["user"] == yes


@pytest.mark.parametrize(("language", "no"), [("en", "no thanks"), ("he", "לא")])
def test_no_denies_the_pending_refill(db: Database, language: str, no: str) -> None:
    engine = _confirmation_turns(language)
    with make_loop(db, engine) as loop:
        cid = loop.open(session("u002"), language)
        run(loop.turn(cid, "refill p002"))
        second = run(loop.turn(cid, no))
        transcript = loop.transcript(cid)
    assert reply(second) == _outcome(language, False, False)
    assert of_type(second, "tool.result")[0].data["result"]["error"]["code"] == "CONFIRMATION_DENIED"
    assert not [r for r in refills(db) if r.presc_id == "p002"]
    assert transcript["turns"][0]["confirmation"]["status"] == "denied"


def test_approve_runs_the_stored_call_once(db: Database) -> None:
    engine = _confirmation_turns("en")
    engine.add_turn(lambda t: f"again ok={t.resolution.result.ok if t.resolution else None}")
    with make_loop(db, engine) as loop:
        cid = loop.open(session("u002"), "en")
        cf = of_type(run(loop.turn(cid, "refill p002")), "confirmation.required")[0].data["id"]
        approved = run(loop.approve(cid, cf))
        again = run(loop.approve(cid, cf))
        transcript = loop.transcript(cid)
    assert reply(approved) == "approved=True ok=True"
    assert engine.seen[1].message == "" and engine.seen[1].resolution is not None
    assert of_type(again, "tool.result")[0].data["result"]["error"]["code"] == "CONFIRMATION_DENIED"
    assert reply(again) == "again ok=False"
    assert len([r for r in refills(db) if r.presc_id == "p002"]) == 1
    assert [t["user"] for t in transcript["turns"]] == ["refill p002", "/approve", "/approve"]
    # The approve-only turns are not part of what the engine reads back as history.
    assert [h.content for h in engine.seen[2].history] == [
        "refill p002",
        "Shall I request it?",
        "approved=True ok=True",
    ]


def test_deny_through_the_api_runs_nothing(db: Database) -> None:
    engine = _confirmation_turns("en")
    with make_loop(db, engine) as loop:
        cid = loop.open(session("u002"), "en")
        cf = of_type(run(loop.turn(cid, "refill p002")), "confirmation.required")[0].data["id"]
        denied = run(loop.deny(cid, cf))
        assert loop.pending_confirmation(cid) is None
    assert reply(denied) == "approved=False ok=False"
    assert not [r for r in refills(db) if r.presc_id == "p002"]


def test_a_confirmation_of_another_conversation_cannot_be_approved(db: Database) -> None:
    engine = _confirmation_turns("en")
    engine.add_turn(lambda t: f"ok={t.resolution.result.ok if t.resolution else None}")
    with make_loop(db, engine) as loop:
        mine = loop.open(session("u002"), "en")
        cf = of_type(run(loop.turn(mine, "refill p002")), "confirmation.required")[0].data["id"]
        other = loop.open(session("u002"), "en")
        events = run(loop.approve(other, cf))
    assert of_type(events, "tool.result")[0].data["result"]["error"]["code"] == "CONFIRMATION_DENIED"
    assert not [r for r in refills(db) if r.presc_id == "p002"]


def test_yes_without_a_pending_confirmation_is_an_ordinary_message(db: Database) -> None:
    engine = ScriptedEngine([[lambda t: f"message={t.message} resolution={t.resolution}"]])
    with make_loop(db, engine) as loop:
        cid = loop.open(session("u002"), "en")
        events = run(loop.turn(cid, "yes"))
    assert reply(events) == "message=yes resolution=None"
    assert not of_type(events, "tool.call")


# --- identity -----------------------------------------------------------------------------------------


def test_identity_bound_by_the_auth_tool_persists_for_later_turns_and_workers(db: Database) -> None:
    engine = ScriptedEngine(
        [
            [
                call("get_user_prescriptions", {}),
                call("verify_customer_identity", {"identifier": "050-123-4567"}),
                "ok",
            ],
        ]
    )
    with make_loop(db, engine) as loop:
        cid = loop.open(session(), "en")
        first = run(loop.turn(cid, "my phone is 050-123-4567"))
        assert of_type(first, "tool.result")[0].data["result"]["error"]["code"] == "IDENTITY_REQUIRED"
        assert loop.session(cid).patient_id is None
        code = outbox_code(db)
        engine.add_turn(
            call("verify_customer_identity", {"identifier": "050-123-4567", "code": code}),
            call("get_user_prescriptions", {}),
            "verified",
        )
        second = run(loop.turn(cid, code))
        results = [e.data["result"] for e in of_type(second, "tool.result")]
        assert results[0]["status"] == "verified"
        # The same turn's next call already runs as the verified patient.
        assert results[1]["ok"] is True and results[1]["user"]["user_id"] == "u002"
    other = ScriptedEngine([[call("get_user_prescriptions", {}), "again"]])
    with make_loop(db, other) as worker_b:
        assert worker_b.session(cid).patient_id == "u002"
        third = run(worker_b.turn(cid, "show them again"))
    assert other.seen[0].session.patient_id == "u002"
    assert of_type(third, "tool.result")[0].data["result"]["user"]["user_id"] == "u002"


# --- bad input ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("message", [123, None, "", "   ", "x" * 10_000, ["hi"], "is advil\x00 in stock?"])
def test_bad_messages_are_refused_before_anything_is_stored(db: Database, message: Any) -> None:
    engine = ScriptedEngine([["never"]])
    with make_loop(db, engine) as loop:
        cid = loop.open(session(), "en")
        before = counts(db)
        with pytest.raises(ValidationFailed):
            loop.turn(cid, message)
    assert counts(db) == before and engine.seen == []


@pytest.mark.parametrize("cid", ["conv_unknown", "", "'; DROP TABLE conversations; --", "<b>x</b>", "x" * 10_000, 7])
def test_unknown_conversations_are_not_found(db: Database, cid: Any) -> None:
    with make_loop(db, ScriptedEngine()) as loop:
        before = counts(db)
        with pytest.raises(NotFound):
            loop.turn(cid, "hello")
        with pytest.raises(NotFound):
            loop.transcript(cid)
    assert counts(db) == before


@pytest.mark.parametrize("confirmation_id", ["", 5, None, "x" * 10_000])
def test_malformed_confirmation_ids_are_refused(db: Database, confirmation_id: Any) -> None:
    with make_loop(db, ScriptedEngine()) as loop:
        cid = loop.open(session("u002"), "en")
        before = counts(db)
        with pytest.raises(ValidationFailed):
            loop.approve(cid, confirmation_id)
        with pytest.raises(ValidationFailed):
            loop.deny(cid, confirmation_id)
    assert counts(db) == before


def test_sql_and_html_in_a_message_are_just_text(db: Database) -> None:
    message = "'; DROP TABLE messages; -- <script>alert(1)</script>"
    engine = ScriptedEngine([[lambda t: "got it"]])
    with make_loop(db, engine) as loop:
        cid = loop.open(session(), "en")
        run(loop.turn(cid, message))
        transcript = loop.transcript(cid)
    assert engine.seen[0].message == message
    assert transcript["turns"][0]["user"] == message


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"patient": "u002", "mode": "otp"}, ValidationFailed),
        ({"patient": "u999", "mode": "trusted"}, PatientNotFound),
        ({"store": "s99"}, StoreNotFound),
        ({"store": "<script>"}, StoreNotFound),
    ],
)
def test_open_refuses_bad_sessions(db: Database, options: dict[str, Any], error: type[Exception]) -> None:
    with make_loop(db, ScriptedEngine()) as loop:
        before = counts(db)
        with pytest.raises(error):
            loop.open(session(**options), "en")
        with pytest.raises(ValidationFailed):
            loop.open(session(), "fr")
    assert counts(db) == before


# --- failures -----------------------------------------------------------------------------------------


class _Broken:
    name = "broken"

    def respond(self, turn: TurnInput) -> Iterator[str]:
        yield "partial "
        raise RuntimeError("engine bug with a patient's words in it")


@pytest.mark.parametrize(("language", "phrase"), [("en", "Something went wrong"), ("he", "משהו השתבש")])
def test_an_engine_crash_ends_the_turn_with_an_error_event(db: Database, language: str, phrase: str) -> None:
    with make_loop(db, _Broken()) as loop:
        cid = loop.open(session(), language)
        events: list[Event] = run(loop.turn(cid, "hello" if language == "en" else "שלום"))
        transcript = loop.transcript(cid)
    last = final(events)
    assert last.type == "error" and last.data["code"] == "INTERNAL"
    assert phrase in last.data["message"] and "patient" not in last.data["message"]
    assert transcript["turns"][0]["reply"] == last.data["message"]


@pytest.mark.parametrize(
    ("message", "default", "language"),
    [
        ("המייל שלי david.cohen@example.com", "en", "he"),
        ("my email is david.cohen@example.com", "he", "en"),
        ("david.cohen@example.com", "he", "he"),
        ("123456", "en", "en"),
        ("יש לכם Advil?", "en", "he"),
    ],
)
def test_emails_and_codes_do_not_decide_the_reply_language(
    db: Database, message: str, default: str, language: str
) -> None:
    with make_loop(db, ScriptedEngine([["ok"]])) as loop:
        cid = loop.open(session(), default)
        events = run(loop.turn(cid, message))
    assert final(events).data["language"] == language


def test_an_expired_confirmation_runs_nothing_when_approved_late(db: Database) -> None:
    engine = _confirmation_turns("en")
    late = clock()
    with make_loop(db, engine, clock=late) as loop:
        cid = loop.open(session("u002"), "en")
        run(loop.turn(cid, "refill p002"))
        late.advance(minutes=11)
        events = run(loop.turn(cid, "yes"))
        transcript = loop.transcript(cid)
    result = of_type(events, "tool.result")[0].data["result"]
    assert result["error"]["code"] == "CONFIRMATION_DENIED" and result["error"]["details"]["reason"] == "expired"
    assert reply(events) == "approved=True ok=False"
    assert transcript["turns"][0]["confirmation"]["status"] == "denied"
    assert not [r for r in refills(db) if r.presc_id == "p002"]
