"""Staff accounts, personal tokens and console sessions on the real database (SQLite, and PostgreSQL)."""

from __future__ import annotations

import hashlib
import statistics
import time
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from pharmai.db import Database
from pharmai.db.models import StaffAccount, StaffSession, StaffToken
from pharmai.errors import NotFound, ValidationFailed
from pharmai.pharmacy import staff
from tests._staff import PASSWORD, add, token_for

NOW = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def _account(db: Database, username: str) -> StaffAccount:
    with db.session() as session:
        row = session.scalar(select(StaffAccount).where(StaffAccount.username == username))
        assert row is not None
        session.expunge(row)
        return row


def _sign_in(db: Database, username: object, password: object) -> staff.StaffIdentity | None:
    with db.session() as session:
        return staff.authenticate(session, username, password)


def test_passwords_are_stored_as_argon2id_hashes(db: Database) -> None:
    add(db, "dana", "pharmacist", NOW)
    add(db, "tom", "technician", NOW)
    dana, tom = _account(db, "dana"), _account(db, "tom")
    for row in (dana, tom):
        assert row.password_hash.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
        assert PASSWORD not in row.password_hash
    assert dana.password_hash != tom.password_hash  # one salt per hash


def test_usernames_are_canonical_and_unique(db: Database) -> None:
    info = add(db, "  Dana.Levi ", "pharmacist", NOW)
    assert info.username == "dana.levi"
    with pytest.raises(ValidationFailed) as taken, db.session(write=True) as session:
        staff.add_account(session, "DANA.LEVI", "admin", PASSWORD, NOW)
    assert taken.value.fields[0]["reason"] == "already taken"
    assert add(db, "רונית", "technician", NOW).username == "רונית"  # Hebrew names are welcome


@pytest.mark.parametrize(
    ("username", "role", "password", "field"),
    [
        ("d", "pharmacist", PASSWORD, "username"),
        ("dana levi", "pharmacist", PASSWORD, "username"),
        ("dana", "boss", PASSWORD, "role"),
        ("dana", "pharmacist", "short", "password"),
        ("dana", "pharmacist", " " * 20, "password"),
    ],
)
def test_bad_accounts_are_refused_without_echoing_input(
    db: Database, username: str, role: str, password: str, field: str
) -> None:
    with pytest.raises(ValidationFailed) as refused, db.session(write=True) as session:
        staff.add_account(session, username, role, password, NOW)
    assert refused.value.fields[0]["field"] == field
    assert password.strip() == "" or password not in str(refused.value.to_error("en"))
    with db.session() as session:
        assert staff.list_accounts(session) == []


def test_sign_in_refuses_unknown_names_wrong_passwords_and_disabled_accounts_alike(db: Database) -> None:
    add(db, "dana", "pharmacist", NOW)
    add(db, "gil", "technician", NOW, disabled=True)
    assert _sign_in(db, "Dana", PASSWORD) == staff.StaffIdentity(_account(db, "dana").staff_id, "dana", "pharmacist")
    assert _sign_in(db, "dana", PASSWORD + "x") is None
    assert _sign_in(db, "nobody", PASSWORD) is None
    assert _sign_in(db, "gil", PASSWORD) is None
    assert _sign_in(db, None, PASSWORD) is None and _sign_in(db, "dana", None) is None


def test_an_unknown_name_costs_a_password_check_too(db: Database) -> None:
    """Similar timing: a name without an account still runs one argon2 verification."""
    add(db, "dana", "pharmacist", NOW)
    _sign_in(db, "nobody", PASSWORD)  # the decoy hash is made once per process

    def median(username: str) -> float:
        times = []
        for _ in range(3):
            start = time.perf_counter()
            assert _sign_in(db, username, "wrong password here") is None
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    wrong, unknown = median("dana"), median("nobody")
    assert unknown > 0.4 * wrong and wrong > 0.4 * unknown, (wrong, unknown)


def test_reset_password_and_disable_end_console_sessions(db: Database) -> None:
    add(db, "dana", "pharmacist", NOW)
    with db.session(write=True) as session:
        identity = staff.authenticate(session, "dana", PASSWORD)
        assert identity is not None
        first = staff.start_session(session, identity, NOW, 3600)
    with db.session(write=True) as session:
        staff.reset_password(session, "dana", "a brand new passphrase", NOW)
    with db.session() as session:
        assert staff.resolve_session(session, first.session_id, NOW) is None
    assert _sign_in(db, "dana", PASSWORD) is None and _sign_in(db, "dana", "a brand new passphrase") is not None
    with db.session(write=True) as session:
        second = staff.start_session(session, identity, NOW, 3600)
        staff.set_disabled(session, "dana", True, NOW)
    with db.session() as session:
        assert staff.resolve_session(session, second.session_id, NOW) is None
        assert session.scalars(select(StaffSession)).all() == []
    with db.session(write=True) as session, pytest.raises(NotFound):
        staff.set_disabled(session, "nobody", True, NOW)


def test_sessions_store_only_a_hash_and_expire(db: Database) -> None:
    add(db, "dana", "pharmacist", NOW)
    with db.session(write=True) as session:
        identity = staff.authenticate(session, "dana", PASSWORD)
        assert identity is not None
        live = staff.start_session(session, identity, NOW, 600)
    with db.session() as session:
        row = session.scalars(select(StaffSession)).one()
        assert row.session_hash == hashlib.sha256(live.session_id.encode()).hexdigest()
        assert live.session_id not in str(row.__dict__)
        found = staff.resolve_session(session, live.session_id, NOW + timedelta(seconds=599))
        assert found is not None and found.csrf_token == live.csrf_token and found.identity.role == "pharmacist"
        assert staff.resolve_session(session, live.session_id, NOW + timedelta(seconds=600)) is None
        assert staff.resolve_session(session, live.session_id + "x", NOW) is None
    assert staff.csrf_matches(live.csrf_token, live.csrf_token)
    assert not staff.csrf_matches(live.csrf_token, None) and not staff.csrf_matches(live.csrf_token, "x")


def test_tokens_are_stored_hashed_and_refused_once_revoked_expired_or_disabled(db: Database) -> None:
    add(db, "dana", "pharmacist", NOW)
    token, token_id = token_for(db, "dana", NOW, days=7)
    assert token.startswith("pst_") and len(token) > 40
    with db.session() as session:
        row = session.scalars(select(StaffToken)).one()
        assert row.token_hash == hashlib.sha256(token.encode()).hexdigest()
        assert token not in str(row.__dict__) and token[4:] not in str(row.__dict__)
        use = staff.resolve_token(session, token, NOW + timedelta(days=6))
        assert use is not None and use.identity.username == "dana" and use.stale
        assert staff.resolve_token(session, token, NOW + timedelta(days=7)) is None  # expired
        assert staff.resolve_token(session, "pst_" + "x" * 43, NOW) is None
    other, other_id = token_for(db, "dana", NOW, name="laptop")
    with db.session(write=True) as session:
        revoked = staff.revoke_token(session, token_id, NOW)
        assert revoked.status(NOW) == "revoked"
        assert staff.resolve_token(session, token, NOW) is None
        assert staff.resolve_token(session, other, NOW) is not None
        staff.set_disabled(session, "dana", True, NOW)
        assert staff.resolve_token(session, other, NOW) is None
        assert {t.token_id: t.status(NOW) for t in staff.list_tokens(session, "dana")} == {
            token_id: "revoked",
            other_id: "disabled",
        }
        with pytest.raises(ValidationFailed):
            staff.create_token(session, "dana", "after", NOW, 7)


@pytest.mark.parametrize(("name", "days"), [("", 7), ("x" * 65, 7), ("ok", 0), ("ok", 3651)])
def test_bad_token_requests_are_refused(db: Database, name: str, days: int) -> None:
    add(db, "dana", "pharmacist", NOW)
    with pytest.raises(ValidationFailed), db.session(write=True) as session:
        staff.create_token(session, "dana", name, NOW, days)
