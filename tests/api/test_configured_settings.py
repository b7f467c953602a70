"""Every documented setting is read through :class:`~pharmai.settings.Settings` and changes what the
service does: one-time codes (lifetime, tries), the per-client HTTP limit and the CORS origins."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from pharmai.clock import Clock
from pharmai.db import Database
from pharmai.db.models import OutboxMessage
from pharmai.pharmacy.identity import latest_outbox_code
from tests.api.conftest import STAFF, AppFactory
from tests.conftest import TODAY

ROOMY = {"rate_limit_conversation": "100000/minute", "rate_limit_patient": "100000/hour"}


def _bodies(db: Database) -> list[str]:
    with db.session() as session:
        return [m.body for m in session.scalars(select(OutboxMessage).order_by(OutboxMessage.id))]


def test_otp_lifetime_and_tries_come_from_the_settings(make_client: AppFactory, db: Database) -> None:
    client = make_client(otp_ttl_seconds=120, otp_max_attempts=2, **ROOMY)

    def verify(arguments: dict[str, str], language: str = "en") -> dict:
        body = {"arguments": {"identifier": "050-123-4567", **arguments}, "conversation_id": "conf-otp"}
        response = client.post("/v1/tools/verify_customer_identity/invoke", json={**body, "language": language})
        assert response.status_code == 200, response.text
        return response.json()

    client.headers.update(STAFF)
    before = Clock(TODAY).now()
    sent = verify({}, "he")
    lifetime = datetime.fromisoformat(sent["result"]["expires_at"]) - before
    assert sent["ok"] and 110 <= lifetime.total_seconds() <= 130
    # The message says so, with Hebrew number agreement ("two minutes" is שתי דקות, not "2 דקות").
    assert "בתוקף למשך שתי דקות" in _bodies(db)[-1]
    verify({})
    assert "It expires in 2 minutes." in _bodies(db)[-1]
    with db.session() as session:
        code = latest_outbox_code(session, "050-123-4567")
    assert code is not None
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    assert [verify({"code": wrong})["error"]["details"]["attempts_left"] for _ in range(2)] == [1, 0]
    assert verify({"code": code})["error"]["code"] == "AUTH_EXPIRED", "locked after the configured two tries"


def test_the_http_limit_comes_from_the_settings(make_client: AppFactory) -> None:
    client = make_client(http_rate_limit="2/minute")
    statuses = [client.post("/v1/conversations", json={}).status_code for _ in range(3)]
    assert statuses == [201, 201, 429]


def test_cors_origins_come_from_the_settings(make_client: AppFactory) -> None:
    client = make_client(cors_origins="https://shop.example, https://app.example")
    preflight = {"Access-Control-Request-Method": "POST", "Origin": "https://app.example"}
    allowed = client.options("/v1/conversations", headers=preflight)
    assert allowed.headers["access-control-allow-origin"] == "https://app.example"
    denied = client.options("/v1/conversations", headers={**preflight, "Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in denied.headers
