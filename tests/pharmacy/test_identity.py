"""One-time-code challenges through the real database: same answer for strangers, hashed codes, lockout."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import func, select

from pharmai.clock import FixedClock
from pharmai.db import Database
from pharmai.db.models import IdentityChallenge, OutboxMessage
from pharmai.errors import AuthExpired, AuthFailed, RateLimited, ValidationFailed
from pharmai.pharmacy.identity import MAX_ATTEMPTS, OtpPolicy, latest_outbox_code, start_challenge, verify_code
from tests.pharmacy.conftest import HOSTILE


def _start(db: Database, identifier: str, clock: FixedClock, conversation: str = "c1", language: str = "en") -> Any:
    with db.session(write=True) as s:
        return start_challenge(s, identifier, clock=clock, conversation_id=conversation, language=language)


def _code(db: Database) -> str:
    with db.session() as s:
        code = latest_outbox_code(s)
    assert code is not None
    return code


def _verify(db: Database, code: str, clock: FixedClock, conversation: str = "c1", language: str = "en") -> Any:
    with db.session(write=True) as s:
        return verify_code(s, code, clock=clock, conversation_id=conversation, language=language)


def _wrong(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


def test_code_round_trip_by_phone_in_another_format(db: Database, clock: FixedClock) -> None:
    started = _start(db, "050-123-4567", clock)
    assert started.status == "code_sent" and started.masked_destination == "***-***-4567"
    code = _code(db)
    assert len(code) == 6 and code.isdigit()
    verified = _verify(db, code, clock, language="he")
    assert verified.user.user_id == "u002" and verified.user.full_name == "דוד כהן"
    # Single use: the same code does not verify twice.
    with pytest.raises(AuthExpired):
        _verify(db, code, clock)


def test_code_is_stored_only_as_a_salted_hash(db: Database, clock: FixedClock) -> None:
    _start(db, "noa.cohen@example.com", clock)
    code = _code(db)
    with db.session() as s:
        (challenge,) = s.scalars(select(IdentityChallenge)).all()
        (message,) = s.scalars(select(OutboxMessage)).all()
    assert code not in (challenge.code_hash, challenge.salt, challenge.identifier_hash)
    assert "noa" not in challenge.identifier_hash and len(challenge.salt) >= 16
    assert message.destination == "noa.cohen@example.com" and code in message.body and message.channel == "email"


def test_outbox_body_in_both_languages(db: Database, clock: FixedClock) -> None:
    _start(db, "noa.cohen@example.com", clock, conversation="en1")
    _start(db, "david.cohen@example.com", clock, conversation="he1", language="he")
    with db.session() as s:
        bodies = [m.body for m in s.scalars(select(OutboxMessage).order_by(OutboxMessage.id))]
    assert "verification code" in bodies[0] and "קוד האימות" in bodies[1]


def test_unknown_identifier_gets_the_same_answer_and_never_verifies(db: Database, clock: FixedClock) -> None:
    known = _start(db, "david.cohen@example.com", clock, conversation="k")
    unknown = _start(db, "daniel.cohen@example.com", clock, conversation="u")
    assert (known.status, known.expires_at, known.channel) == (unknown.status, unknown.expires_at, unknown.channel)
    assert known.masked_destination == "d***n@example.com" and unknown.masked_destination == "d***n@example.com"
    with db.session() as s:
        assert s.scalar(select(OutboxMessage).where(OutboxMessage.destination == "daniel.cohen@example.com")) is None
        stranger = s.scalars(select(IdentityChallenge).where(IdentityChallenge.conversation_id == "u")).one()
    assert stranger.user_id is None
    for code in ("000000", "123456", "999999"):
        with pytest.raises(AuthFailed):
            _verify(db, code, clock, conversation="u")


def test_wrong_codes_count_down_then_lock(db: Database, clock: FixedClock, snapshot: Callable[[], Any]) -> None:
    _start(db, "david.cohen@example.com", clock)
    code = _code(db)
    for left in range(MAX_ATTEMPTS - 1, -1, -1):
        with pytest.raises(AuthFailed) as caught:
            _verify(db, _wrong(code), clock)
        assert caught.value.details == {"attempts_left": left}
    assert caught.value.message("en") == "That code is not correct." and caught.value.message("he") == "הקוד שגוי."
    with pytest.raises(AuthExpired) as expired:
        _verify(db, code, clock)
    assert "new one" in expired.value.message("en") and "קוד חדש" in expired.value.message("he")
    with db.session() as s:
        challenge = s.scalars(select(IdentityChallenge)).one()
    assert (challenge.status, challenge.attempts) == ("locked", MAX_ATTEMPTS)


def test_expired_code(db: Database, clock: FixedClock) -> None:
    _start(db, "david.cohen@example.com", clock)
    code = _code(db)
    clock.advance(minutes=11)
    with pytest.raises(AuthExpired):
        _verify(db, code, clock)


def test_new_challenge_supersedes_the_old_one(db: Database, clock: FixedClock) -> None:
    _start(db, "david.cohen@example.com", clock)
    old = _code(db)
    clock.advance(seconds=5)
    _start(db, "david.cohen@example.com", clock)
    new = _code(db)
    with db.session() as s:
        statuses = sorted(c.status for c in s.scalars(select(IdentityChallenge)))
    assert statuses == ["pending", "superseded"]
    if old != new:
        with pytest.raises(AuthFailed):
            _verify(db, old, clock)
    assert _verify(db, new, clock).user.user_id == "u002"


def test_verify_by_identifier_without_conversation(db: Database, clock: FixedClock) -> None:
    with db.session(write=True) as s:
        start_challenge(s, "+972-58-135-7900", clock=clock)
    with db.session(write=True) as s:
        code = latest_outbox_code(s, "0581357900")
        assert code is not None
        verified = verify_code(s, code, clock=clock, identifier="058-135-7900")
    assert verified.user.user_id == "u010"


@pytest.mark.parametrize("bad", [b for b in HOSTILE if b != " "])
def test_bad_identifiers_are_refused_without_writing(
    db: Database, clock: FixedClock, bad: Any, snapshot: Callable[[], Any]
) -> None:
    before = snapshot()
    with pytest.raises(ValidationFailed), db.session(write=True) as s:
        start_challenge(s, bad, clock=clock, conversation_id="c1")
    assert snapshot() == before


def test_bad_codes_and_missing_challenges(db: Database, clock: FixedClock, snapshot: Callable[[], Any]) -> None:
    with pytest.raises(AuthExpired):
        _verify(db, "123456", clock, conversation="nothing-here")
    _start(db, "david.cohen@example.com", clock)
    before = snapshot()
    for bad in (None, 123456, "1" * 10_000, ["123456"]):
        with pytest.raises(ValidationFailed), db.session(write=True) as s:
            verify_code(s, bad, clock=clock, conversation_id="c1")
    with pytest.raises(ValidationFailed), db.session(write=True) as s:
        verify_code(s, "123456", clock=clock)
    assert snapshot() == before


def test_the_identifier_budget_reopens_when_its_window_ends(db: Database, clock: FixedClock) -> None:
    policy = OtpPolicy(max_sends=2, max_failures=10, window_seconds=600)

    def send(conversation: str) -> Any:
        with db.session(write=True) as s:
            return start_challenge(s, "050-123-4567", clock=clock, conversation_id=conversation, policy=policy)

    send("w1")
    clock.advance(seconds=100)
    send("w2")
    waits = []
    for step in (0, 200, 299):
        clock.advance(seconds=step)
        with pytest.raises(RateLimited) as refused:
            send("w3")
        waits.append(refused.value.details)
    assert waits == [{"retry_after": s, "tier": "verification"} for s in (500, 300, 1)]
    assert "1 second" in refused.value.message("en") and "שנייה" in refused.value.message("he")
    clock.advance(seconds=1)  # the window (from the first send) is over: a fresh budget
    assert send("w4").status == "code_sent" and send("w5").status == "code_sent"
    with db.session() as s:
        assert s.scalar(select(func.count()).select_from(OutboxMessage)) == 4
