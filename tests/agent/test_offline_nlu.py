"""The offline engine's reading of messages: intents and slots in English and Hebrew, no database."""

from __future__ import annotations

import re

import pytest

from pharmai.agent.engines.offline.nlu import parse, remainder_query
from pharmai.agent.engines.offline.texts import TEXTS, format_date, join_names


@pytest.mark.parametrize(
    ("message", "intent"),
    [
        ("What prescriptions do I have?", "prescriptions"),
        ("אילו מרשמים יש לי?", "prescriptions"),
        ("Can I refill #1?", "refill_status"),
        ("אפשר לחדש את המרשם הראשון?", "refill_status"),
        ("Please refill my metformin", "refill_request"),
        ("אני רוצה לחדש את המרשם", "refill_request"),
        ("I want to talk to a pharmacist", "handoff"),
        ("אפשר לדבר עם רוקחת?", "handoff"),
        ("list OTC medications in stock", "list"),
        ("רשימת תרופות ללא מרשם", "list"),
        ("any alternative?", "equivalents"),
        ("יש תחליף?", "equivalents"),
        ("is it in stock?", "availability"),
        ("זה במלאי?", "availability"),
        ("what is the dosage?", "info"),
        ("מה המינון?", "info"),
        ("hello", "greeting"),
        ("שלום", "greeting"),
        ("thanks", "thanks"),
        ("תודה רבה", "thanks"),
        ("help", "help"),
        ("עזרה", "help"),
        ("what's the weather tomorrow", "unknown"),
        ("מה מזג האוויר", "unknown"),
        ("david.cohen@example.com", "identity"),
        ("הטלפון שלי 050-123-4567", "identity"),
        ("123456", "code"),
    ],
)
def test_intents(message: str, intent: str) -> None:
    assert parse(message, None).intent == intent


@pytest.mark.parametrize(
    ("message", "refs"),
    [("#1", [1]), ("number 2 please", [2]), ("the first one", [1]), ("the last", [-1]),
     ("המרשם הראשון", [1]), ("מספר 2", [2]), ("השני", [2]), ("3", [3])],
)  # fmt: skip
def test_prescription_references(message: str, refs: list[int]) -> None:
    assert parse(message, None).refs == refs


def test_slots() -> None:
    p = parse("Do you have it in Jerusalem? my phone is +972-50-123-4567", None)
    assert p.store == "s2" and p.phone == "+972501234567" and p.code is None
    assert parse("יש בסניף ירושלים?", None).store == "s2"
    assert parse("in Tel Aviv", None).store == "s1"
    assert parse("the code is 482913", None, identity_pending=True).code == "482913"
    listing = parse("prescription medications that are out of stock", None)
    assert (listing.rx_filter, listing.stock_filter) == ("rx", "out_of_stock")
    assert parse("תרופות בלי מרשם במלאי", None).rx_filter == "non_rx"
    assert parse("what is the dosage and warnings", None).facets == {"dosage", "warnings"}


def test_failing_mentions_callable_names_nothing() -> None:
    def broken(text: str) -> list[object]:
        raise RuntimeError("catalog down")

    p = parse("do you have advil?", broken)
    assert p.meds == [] and p.intent == "availability"


def test_remainder_query_keeps_the_name() -> None:
    assert remainder_query("Do you have xanaxx in stock?") == "xanaxx"
    assert remainder_query("יש לכם קסנקס?") == "קסנקס"
    assert remainder_query("is it available?") == ""


def test_every_text_exists_in_both_languages() -> None:
    for key, texts in TEXTS.items():
        assert set(texts) == {"en", "he"}, key
        words = re.sub(r"\{[^}]*\}", "", texts["en"])
        if re.search("[A-Za-z]", words):
            assert any("\u05d0" <= ch <= "\u05ea" for ch in texts["he"]), key
        assert not any("\u05d0" <= ch <= "\u05ea" for ch in texts["en"]), key


def test_dates_and_lists_are_localised() -> None:
    assert format_date("en", "2026-03-11") == "March 11, 2026"
    assert format_date("he", "2026-03-11") == "11 במרץ 2026"
    assert format_date("en", "soon") == "soon"
    assert join_names("en", ["A", "B", "C"]) == "A, B and C"
    assert join_names("he", ["א", "ב"], conjunction="or") == "א או ב"
