"""The refill confirmation says what will happen in plain words — the medication's name and strength, the
prescription's date and the store's name — and never an internal id (prescription, medication, store).

The same summary reaches every interface (web dialog, terminal prompt, MCP elicitation): it is the one the
executor stores with the proposal."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.toolsets._helpers import Make, error

#: Ids of the demo world: none of them may appear in a summary.
_IDS = re.compile(r"\b[pmsu]\d{1,4}\b")


def _summary(make_session: Make, user: str, arguments: dict[str, Any], language: str, **extras: Any) -> str:
    session = make_session(user, language=language, **extras)
    err = error(session.call("request_refill", {**arguments, "language": language}))
    assert err["code"] == "CONFIRMATION_REQUIRED", err
    summary = str(err["details"]["summary"])
    assert not _IDS.search(summary), summary
    return summary


@pytest.mark.parametrize(
    ("user", "arguments", "extras", "language", "expected"),
    [
        (
            "u002",
            {"presc_id": "p002"},
            {},
            "en",
            "Refill Glucophage 850 mg (prescription dated 20 Jan 2026) for pickup at Tel Aviv – Dizengoff.",
        ),
        (
            "u002",
            {"presc_id": "p002"},
            {},
            "he",
            "חידוש של גלוקופאז' 850 מ\"ג (מרשם מיום 20 בינואר 2026) לאיסוף בסניף תל אביב – דיזנגוף.",
        ),
        (
            "u003",
            {"presc_id": "p201", "store_id": "s1"},
            {},
            "en",
            "Refill Coumadin 5 mg (prescription dated 31 Dec 2025) for pickup at Tel Aviv – Dizengoff.",
        ),
        (
            "u003",
            {"presc_id": "p201", "store_id": "s2"},
            {},
            "he",
            'חידוש של קומדין 5 מ"ג (מרשם מיום 31 בדצמבר 2025) לאיסוף בסניף ירושלים – רחוב יפו.',
        ),
        (
            "u005",
            {"presc_id": "p502"},
            {"store_id": "s2"},  # the session's store, when the call names none
            "en",
            "Refill Eltroxin 100 mcg (prescription dated 11 Mar 2025) for pickup at Jerusalem – Jaffa Street.",
        ),
    ],
)
def test_summary_names_medication_strength_date_and_store(
    make_session: Make, user: str, arguments: dict[str, Any], extras: dict[str, Any], language: str, expected: str
) -> None:
    assert _summary(make_session, user, arguments, language, **extras) == expected


def test_hebrew_summary_uses_hebrew_units_and_names_only(make_session: Make) -> None:
    summary = _summary(make_session, "u005", {"presc_id": "p502"}, "he")
    assert 'מק"ג' in summary and "Eltroxin" not in summary and "mcg" not in summary


def test_unknown_store_is_refused_before_any_confirmation(make_session: Make) -> None:
    session = make_session("u002")
    err = error(session.call("request_refill", {"presc_id": "p002", "store_id": "s9"}))
    assert err["code"] == "STORE_NOT_FOUND"
    assert session.last is not None and session.last.confirmation is None


def test_another_patients_prescription_is_refused_without_naming_it(make_session: Make) -> None:
    session = make_session("u002")
    err = error(session.call("request_refill", {"presc_id": "p201"}))
    assert err["code"] == "PRESCRIPTION_NOT_FOUND" and "Coumadin" not in str(err)
