"""Default tool-call limits that no ordinary conversation reaches (issue #18), with seed 004's tiers one setting
away: an ordinary ten-message conversation from one client address — several medications in one question,
a sign-in, the prescriptions and a refill — goes through the real loop and limiter without a refusal, and the
same conversation under seed 004's tiers is refused part-way."""

from __future__ import annotations

import pytest

from pharmai.agent.engines import mentions_for
from pharmai.agent.engines.offline import OfflineEngine
from pharmai.db import Database
from pharmai.pharmacy.identity import latest_outbox_code
from pharmai.settings import SEED_004_RATE_LIMITS, Settings
from tests.agent.loop_support import make_loop, of_type, refills, run, session

ADDRESS = "203.0.113.7"
CONVERSATION = {
    "en": [
        "Do you have Acamol, Advil and Nurofen?", "What is the dosage of Nurofen?",
        "Is there an equivalent of Advil in stock?", "Do you have Zyrtec and Claritine at the Jerusalem branch?",
        "What are my prescriptions?", "david.cohen@example.com", "{code}", "Can I refill my Glucophage?",
        "Please refill my Glucophage", "yes",
    ],
    "he": [
        "יש לכם אקמול, אדוויל ונורופן?", "מה המינון של נורופן?", "יש תחליף לאדוויל במלאי?",
        "יש זירטק וקלריטין בסניף ירושלים?", "מה המרשמים שלי?", "david.cohen@example.com", "{code}",
        "אפשר לחדש את המרשם לגלוקופאז'?", "אני רוצה לחדש את הגלוקופאז'", "כן",
    ],
}  # fmt: skip


def _code(db: Database) -> str:
    """The code sent; under seed 004's tiers the sign-in itself may be refused first, and a wrong code goes on."""
    with db.session() as s:
        return latest_outbox_code(s) or "000000"


def _talk(db: Database, settings: Settings, language: str) -> list[str | None]:
    """Every tool call's error code (``None``: it ran) over the whole conversation."""
    codes: list[str | None] = []
    with make_loop(db, OfflineEngine(mentions_for(db)), settings=settings) as loop:
        cid = loop.open(session(), language)
        for message in CONVERSATION[language]:
            text = _code(db) if message == "{code}" else message
            events = run(loop.turn(cid, text, client_address=ADDRESS))
            codes += [(e.data["result"].get("error") or {}).get("code") for e in of_type(events, "tool.result")]
    return codes


def test_the_defaults_leave_room_for_ordinary_conversations_and_seed_004_is_one_setting() -> None:
    defaults = Settings(redis_url=None)
    assert (defaults.rate_limit_conversation, defaults.rate_limit_patient) == ("60/minute", "200/hour")
    assert defaults.rate_limit_anonymous_conversation == "120/hour"
    seed = Settings(redis_url=None, rate_limit_preset="seed-004")
    assert {name: getattr(seed, name) for name in SEED_004_RATE_LIMITS} == {
        "rate_limit_conversation": "10/minute",
        "rate_limit_patient": "20/hour",
        "rate_limit_global": "1000/hour",
    }
    # A tier set explicitly still wins over the preset.
    assert Settings(rate_limit_preset="seed-004", rate_limit_global="6000/minute").rate_limit_global == "6000/minute"


@pytest.mark.parametrize("language", ["en", "he"])
def test_an_ordinary_conversation_is_never_refused_under_the_defaults(db: Database, language: str) -> None:
    codes = _talk(db, Settings(redis_url=None), language)
    assert len(codes) > 10, "more calls than seed 004 allowed a conversation in a minute"
    assert "RATE_LIMITED" not in codes
    assert [r.status for r in refills(db) if r.presc_id == "p002"] == ["pending"]


def test_under_seed_004s_tiers_the_same_conversation_is_refused(db: Database) -> None:
    codes = _talk(db, Settings(redis_url=None, rate_limit_preset="seed-004"), "en")
    assert "RATE_LIMITED" in codes
