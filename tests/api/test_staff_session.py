"""Staff over HTTP: console sign-in with a cookie and CSRF, personal tokens, roles on tools, sign-in limits.

Every request goes through the real app (``TestClient``) over the real database; accounts are made with
the domain's own functions (real argon2 hashes). The profile is the canonical set plus two test-only staff
tools (``tests/_staff.py``): ``pharmacist_check`` (pharmacists only) and ``staff_lookup`` (any staff).
"""

from __future__ import annotations

import os
import uuid
from datetime import timedelta
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from pharmai.clock import Clock
from pharmai.db import Database
from pharmai.db.models import AuditLog, StaffAccount, StaffToken
from pharmai.pharmacy import staff
from pharmai.testing import ScriptedEngine, call
from pharmai.tools import Actor, SurrogateRefs
from tests import _staff
from tests._staff import PASSWORD, PROFILE
from tests.api.conftest import STAFF, AppFactory, open_conversation, parse_sse
from tests.conftest import TODAY

NOW = Clock(TODAY).now()
_REDIS = os.environ.get("PHARMAI_TEST_REDIS_URL")


@pytest.fixture(autouse=True)
def _profile() -> None:
    _staff.register()


@pytest.fixture
def staffed(db: Database) -> Database:
    """The demo database with four accounts: an admin, a pharmacist, a technician and a disabled one."""
    _staff.add(db, "avi", "admin", NOW)
    _staff.add(db, "dana", "pharmacist", NOW)
    _staff.add(db, "tom", "technician", NOW)
    _staff.add(db, "gil", "pharmacist", NOW, disabled=True)
    return db


@pytest.fixture
def app(make_client: AppFactory, staffed: Database) -> TestClient:
    return make_client(tool_profile=PROFILE)


def _sign_in(client: TestClient, username: str, password: str = PASSWORD, **kwargs: Any) -> httpx.Response:
    return client.post("/staff/session", json={"username": username, "password": password}, **kwargs)


def _invoke(client: TestClient, tool: str, headers: dict[str, str], **body: Any) -> httpx.Response:
    return client.post(f"/v1/tools/{tool}/invoke", json={"arguments": {}, **body}, headers=headers)


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _staff_id(db: Database, username: str) -> str:
    with db.session() as session:
        return str(session.scalar(select(StaffAccount.staff_id).where(StaffAccount.username == username)))


# --- console sign-in ----------------------------------------------------------------------------------


def test_sign_in_sets_a_strict_http_only_cookie_and_answers_the_csrf_token(app: TestClient) -> None:
    response = _sign_in(app, "Dana")
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["username"] == "dana" and body["role"] == "pharmacist" and len(body["csrf_token"]) >= 40
    assert response.headers["cache-control"] == "no-store"
    cookie = response.headers["set-cookie"]
    assert cookie.startswith("pharmai_staff=pss_")
    attributes = {part.strip().split("=")[0].lower() for part in cookie.split(";")}
    assert {"httponly", "samesite", "path", "max-age"} <= attributes and "samesite=strict" in cookie.lower()
    assert "secure" not in attributes  # plain HTTP in the test client
    me = app.get("/staff/session/me")
    assert me.status_code == 200
    assert me.json()["expires_at"] == body["expires_at"] and body["expires_at"].endswith("+00:00")
    assert me.json() | {"expires_at": None} == {
        "username": "dana",
        "role": "pharmacist",
        "via": "session",
        "csrf_token": body["csrf_token"],
        "expires_at": None,
    }


def test_a_form_sign_in_works_and_the_cookie_is_secure_behind_https(app: TestClient) -> None:
    form = {"username": "tom", "password": PASSWORD}
    response = app.post("/staff/session", data=form, headers={"X-Forwarded-Proto": "https"})
    assert response.status_code == 200, response.text
    assert response.json()["role"] == "technician"
    assert "secure" in {part.strip().lower() for part in response.headers["set-cookie"].split(";")}


@pytest.mark.parametrize("language", ["en", "he"])
def test_unknown_user_wrong_password_and_disabled_account_get_one_answer(app: TestClient, language: str) -> None:
    headers = {"Accept-Language": language}
    answers = [
        _sign_in(app, "nobody", headers=headers),
        _sign_in(app, "dana", PASSWORD + "!", headers=headers),
        _sign_in(app, "gil", headers=headers),  # disabled, right password
    ]
    assert {r.status_code for r in answers} == {401}
    assert len({r.text for r in answers}) == 1
    error = answers[0].json()["error"]
    assert error["code"] == "UNAUTHENTICATED" and error["details"] == {"reason": "sign_in"}
    assert any("\u0590" <= ch <= "\u05ff" for ch in error["message"]) == (language == "he")
    assert all("set-cookie" not in r.headers for r in answers)


def test_a_sign_in_posted_from_another_site_is_refused(app: TestClient) -> None:
    evil = _sign_in(app, "dana", headers={"Origin": "https://evil.example"})
    assert evil.status_code == 403 and evil.json()["error"]["code"] == "FORBIDDEN"
    assert evil.json()["error"]["details"] == {"reason": "csrf"}
    assert _sign_in(app, "dana", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert _sign_in(app, "dana", headers={"Origin": "http://testserver"}).status_code == 200


@pytest.mark.parametrize("body", [{"username": "dana"}, {"username": "dana", "password": PASSWORD, "x": 1}, []])
def test_malformed_sign_ins_are_validation_errors(app: TestClient, body: Any) -> None:
    response = app.post("/staff/session", json=body)
    assert response.status_code == 422 and response.json()["error"]["code"] == "VALIDATION_ERROR"
    assert PASSWORD not in response.text


# --- CSRF -------------------------------------------------------------------------------------------


def test_cookie_requests_need_the_csrf_token_on_unsafe_methods(app: TestClient) -> None:
    csrf = _sign_in(app, "dana").json()["csrf_token"]
    assert app.get("/v1/tools").status_code == 200  # safe: the cookie is enough
    missing = _invoke(app, "pharmacist_check", {})
    wrong = _invoke(app, "pharmacist_check", {"X-CSRF-Token": csrf[:-2] + "xx"})
    for refused in (missing, wrong):
        assert refused.status_code == 403
        assert refused.json()["error"] == {
            "code": "FORBIDDEN",
            "message": "This request could not be verified. Please reload the page and try again.",
            "details": {"reason": "csrf"},
        }
    he = _invoke(app, "pharmacist_check", {"Accept-Language": "he"}).json()["error"]["message"]
    assert any("\u0590" <= ch <= "\u05ff" for ch in he)
    right = _invoke(app, "pharmacist_check", {"X-CSRF-Token": csrf})
    assert right.status_code == 200 and right.json()["result"] == {"role": "pharmacist"}


def test_sign_out_needs_the_csrf_token_and_ends_the_session(app: TestClient) -> None:
    csrf = _sign_in(app, "dana").json()["csrf_token"]
    cookie = app.cookies.get("pharmai_staff")
    assert app.delete("/staff/session").status_code == 403
    out = app.delete("/staff/session", headers={"X-CSRF-Token": csrf})
    assert out.status_code == 204 and 'pharmai_staff=""' in out.headers["set-cookie"]
    app.cookies.set("pharmai_staff", str(cookie))
    replay = app.get("/v1/tools")
    assert replay.status_code == 401 and replay.json()["error"]["code"] == "UNAUTHENTICATED"


# --- personal tokens, roles, the bootstrap key --------------------------------------------------------


def test_a_technician_cannot_call_a_pharmacist_only_tool(app: TestClient, staffed: Database) -> None:
    technician, _ = _staff.token_for(staffed, "tom", NOW)
    pharmacist, _ = _staff.token_for(staffed, "dana", NOW)
    refused = _invoke(app, "pharmacist_check", _bearer(technician), language="he").json()
    assert refused["ok"] is False and refused["error"]["code"] == "FORBIDDEN"
    assert refused["error"]["details"] == {"reason": "role", "roles": ["pharmacist"]}
    assert any("\u0590" <= ch <= "\u05ff" for ch in refused["error"]["message"])
    allowed = _invoke(app, "pharmacist_check", _bearer(pharmacist)).json()
    assert allowed["ok"] is True and allowed["result"] == {"role": "pharmacist"}
    assert _invoke(app, "staff_lookup", _bearer(technician)).json()["result"] == {"role": "technician"}


def test_the_bootstrap_key_acts_as_an_admin_and_only_as_one(app: TestClient) -> None:
    me = app.get("/staff/session/me", headers=STAFF).json()
    assert me == {"username": None, "role": "admin", "via": "key", "csrf_token": None, "expires_at": None}
    assert _invoke(app, "staff_lookup", STAFF).json()["result"] == {"role": "admin"}
    assert _invoke(app, "pharmacist_check", STAFF).json()["error"]["code"] == "FORBIDDEN"


def test_revoked_expired_and_disabled_tokens_are_refused(app: TestClient, staffed: Database) -> None:
    revoked, revoked_id = _staff.token_for(staffed, "dana", NOW)
    expired, _ = _staff.token_for(staffed, "dana", NOW - timedelta(days=3), days=1)
    disabled, _ = _staff.token_for(staffed, "tom", NOW)
    assert _invoke(app, "staff_lookup", _bearer(revoked)).status_code == 200
    with staffed.session(write=True) as session:
        staff.revoke_token(session, revoked_id, NOW)
        staff.set_disabled(session, "tom", True, NOW)
    for token in (revoked, expired, disabled, "pst_" + "A" * 43):
        refused = _invoke(app, "staff_lookup", _bearer(token))
        assert refused.status_code == 401
        assert refused.json()["error"] == {
            "code": "UNAUTHENTICATED",
            "message": "This request needs a valid access token.",
            "details": None,
        }
        assert app.get("/v1/audit", headers=_bearer(token)).status_code == 401


def test_personal_tokens_work_without_a_bootstrap_key(make_client: AppFactory, staffed: Database) -> None:
    client = make_client(tool_profile=PROFILE, staff_api_key=None)
    token, _ = _staff.token_for(staffed, "dana", NOW)
    assert client.get("/v1/tools", headers=_bearer(token)).status_code == 200
    assert client.get("/v1/tools", headers=STAFF).status_code == 404  # no key: the key is no credential


def test_a_token_records_its_last_use(app: TestClient, staffed: Database) -> None:
    token, token_id = _staff.token_for(staffed, "dana", NOW)
    assert app.get("/v1/tools", headers=_bearer(token)).status_code == 200
    with staffed.session() as session:
        row = session.get(StaffToken, token_id)
        assert row is not None and row.last_used_at is not None


# --- customers ----------------------------------------------------------------------------------------


def test_a_customer_conversation_cannot_call_a_staff_tool(make_client: AppFactory, staffed: Database) -> None:
    engine = ScriptedEngine([[call("pharmacist_check", {}), call("staff_lookup", {}), "done"]])
    client = make_client(tool_profile=PROFILE, app_kwargs={"engine": engine})
    cid, headers = open_conversation(client, language="en")
    response = client.post(f"/v1/conversations/{cid}/messages", json={"content": "hello"}, headers=headers)
    results = [data for name, data in parse_sse(response.text) if name == "tool.result"]
    assert [r["name"] for r in results] == ["pharmacist_check", "staff_lookup"]
    for result in results:
        assert result["result"]["ok"] is False
        assert result["result"]["error"]["code"] == "FORBIDDEN"
        assert result["result"]["error"]["details"] == {"reason": "staff_only"}
    # Nor can a customer's conversation token open the staff endpoints.
    assert _invoke(client, "staff_lookup", headers).status_code == 401


def test_only_admins_and_pharmacists_open_trusted_conversations(app: TestClient, staffed: Database) -> None:
    technician, _ = _staff.token_for(staffed, "tom", NOW)
    pharmacist, _ = _staff.token_for(staffed, "dana", NOW)
    body = {"identity_mode": "trusted", "user_id": "u001"}
    assert app.post("/v1/conversations", json=body, headers=_bearer(technician)).status_code == 401
    assert app.post("/v1/conversations", json=body, headers=_bearer(pharmacist)).status_code == 201


# --- audit --------------------------------------------------------------------------------------------


def test_audit_rows_name_the_actor_by_surrogate_only(app: TestClient, staffed: Database) -> None:
    technician, _ = _staff.token_for(staffed, "tom", NOW)
    csrf = _sign_in(app, "dana").json()["csrf_token"]
    conversation = f"audit-{uuid.uuid4().hex[:8]}"
    _invoke(app, "pharmacist_check", {"X-CSRF-Token": csrf}, conversation_id=conversation)
    _invoke(app, "pharmacist_check", _bearer(technician), conversation_id=conversation)
    _invoke(app, "get_user_prescriptions", _bearer(technician), conversation_id=conversation, user_id="u002")
    rows = app.get(f"/v1/audit?conversation_id={conversation}", headers=STAFF).json()["rows"]
    refs = SurrogateRefs(None)
    dana, tom = (
        Actor(_staff_id(staffed, name), role) for name, role in (("dana", "pharmacist"), ("tom", "technician"))
    )
    assert [(r["tool"], r["outcome"], r["actor_ref"]) for r in reversed(rows)] == [
        ("pharmacist_check", "ok", refs.actor(dana)),
        ("pharmacist_check", "refused", refs.actor(tom)),
        ("get_user_prescriptions", "ok", refs.actor(tom)),
    ]
    mine = app.get(f"/v1/audit?actor_ref={refs.actor(tom)}", headers=STAFF).json()["rows"]
    assert {r["tool"] for r in mine} == {"pharmacist_check", "get_user_prescriptions"}
    with staffed.session() as session:
        stored = session.scalars(select(AuditLog).where(AuditLog.conversation_id == conversation)).all()
        text = " ".join(str({c.name: getattr(r, c.name) for c in AuditLog.__table__.columns}) for r in stored)
    for secret in ("dana", "tom", "u002", "David", "Cohen", technician, _staff_id(staffed, "tom")):
        assert secret not in text


# --- sign-in limits -----------------------------------------------------------------------------------


def _limited(response: httpx.Response) -> bool:
    if response.status_code != 429:
        return False
    error = response.json()["error"]
    assert error["code"] == "RATE_LIMITED" and error["details"]["tier"] == "staff_sign_in"
    assert int(response.headers["retry-after"]) >= 1
    return True


def _limits(**extra: Any) -> dict[str, Any]:
    return {
        "staff_sign_in_limit_account": "3/15minutes",
        "staff_sign_in_limit_client": "5/15minutes",
        "redis_key_prefix": f"pharmai-test-{uuid.uuid4().hex[:8]}",
        **extra,
    }


def _throttle_holds(make: Any) -> None:
    first = make(("10.0.0.1", 1000))
    for _ in range(3):
        assert _sign_in(first, "dana", "wrong password!!").status_code == 401
    # The account's budget is spent: even the right password waits, from any address.
    assert _limited(_sign_in(first, "dana"))
    other = make(("10.0.0.2", 1000))
    assert _limited(_sign_in(other, "dana"))
    # A name without an account is counted the same way (nothing tells them apart).
    for _ in range(3):
        assert _sign_in(other, "nobody").status_code == 401
    assert _limited(_sign_in(other, "nobody"))
    # The first address has made 3 counted attempts of its 5 (a refused one counts nowhere): two more,
    # then it is refused for any name, while another address still signs in.
    assert _sign_in(first, "tom").status_code == 200
    assert _sign_in(first, "avi", "wrong password!!").status_code == 401
    assert _limited(_sign_in(first, "avi"))
    assert _sign_in(make(("10.0.0.3", 1000)), "avi").status_code == 200


def _clients(make_client: AppFactory, **settings: Any) -> Any:
    base = make_client(tool_profile=PROFILE, **settings)

    def make(address: tuple[str, int]) -> TestClient:
        return TestClient(base.app, client=address, raise_server_exceptions=False)

    return make


def test_sign_in_is_throttled_per_account_and_per_address(make_client: AppFactory, staffed: Database) -> None:
    _throttle_holds(_clients(make_client, **_limits()))


@pytest.mark.redis
@pytest.mark.skipif(not _REDIS, reason="PHARMAI_TEST_REDIS_URL is not set")
def test_sign_in_limits_are_shared_by_workers_through_redis(make_client: AppFactory, staffed: Database) -> None:
    settings = _limits(redis_url=_REDIS)
    workers = [_clients(make_client, **settings) for _ in range(2)]
    turn = iter(range(1000))

    def make(address: tuple[str, int]) -> TestClient:
        return workers[next(turn) % 2](address)  # each client of the scenario on another worker

    _throttle_holds(make)


def test_sign_in_fails_closed_when_the_shared_store_is_down(make_client: AppFactory, staffed: Database) -> None:
    client = make_client(tool_profile=PROFILE, **_limits(redis_url="redis://127.0.0.1:1/0", redis_timeout_ms=50))
    response = _sign_in(client, "dana")
    assert response.status_code == 503 and response.json()["error"]["code"] == "SERVICE_UNAVAILABLE"
    assert "redis" not in response.text.lower() and "set-cookie" not in response.headers
