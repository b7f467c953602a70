"""The policy's texts: every one in Hebrew and English, in the right script, accepted by the guard."""

from __future__ import annotations

import pytest

from pharmai.errors import ValidationFailed
from pharmai.policy import (
    REFUSAL_KINDS,
    avoid_warning,
    fallback_reply,
    guard_reply,
    policy_text,
    refusal,
    rx_note,
    step_limit_reply,
)
from pharmai.policy.texts import join_names
from pharmai.text.detect import script_counts


def _all_texts(language: str) -> list[str]:
    return [
        *(refusal(language, kind) for kind in REFUSAL_KINDS),
        avoid_warning(language, ["Coumadin", "Micropirin"] if language == "en" else ["קומדין", "מיקרופירין"]),
        avoid_warning(language),
        rx_note(language, "Moxypen" if language == "en" else "מוקסיפן"),
        fallback_reply(language),
        step_limit_reply(language),
        policy_text(language),
    ]


@pytest.mark.parametrize("language", ["en", "he"])
def test_every_text_is_written_in_its_language(language: str) -> None:
    for text in _all_texts(language):
        hebrew, latin = script_counts(text)
        right = hebrew if language == "he" else latin
        assert right / (hebrew + latin) > 0.95, text


@pytest.mark.parametrize("language", ["en", "he"])
def test_refusals_redirect_to_a_pharmacist_or_doctor_and_differ_by_kind(language: str) -> None:
    texts = [refusal(language, kind) for kind in REFUSAL_KINDS]
    assert len(set(texts)) == len(REFUSAL_KINDS)
    for text in texts:
        assert ("pharmacist" in text and "doctor" in text) if language == "en" else ("רוקח" in text and "רופא" in text)
    assert refusal(language, None) == refusal(language, "advice") == refusal(language, "unknown-kind")


@pytest.mark.parametrize("language", ["en", "he"])
def test_the_guard_accepts_its_own_texts_unchanged(language: str) -> None:
    for text in _all_texts(language)[:-1]:
        result = guard_reply(text, language=language)
        assert result.violations == () and result.text == text, text


def test_the_avoid_warning_says_cannot_be_taken_together_with_the_names() -> None:
    assert "Coumadin and Micropirin cannot be taken together" in avoid_warning("en", ["Coumadin", "Micropirin"])
    assert "לא ניתן ליטול את קומדין ומיקרופירין יחד" in avoid_warning("he", ["קומדין", "מיקרופירין"])
    assert "some of these medications cannot be taken together" in avoid_warning("en", ["Coumadin"])


def test_names_are_joined_in_each_language() -> None:
    assert join_names("en", ["A", "B", "C", "B"]) == "A, B and C"
    assert join_names("he", ["אדוויל", "קומדין"]) == "אדוויל וקומדין"
    assert join_names("he", ["אדוויל", "Coumadin"]) == "אדוויל ו־Coumadin"
    assert join_names("en", []) == ""


def test_the_rx_note_names_the_medication() -> None:
    assert rx_note("en", " Moxypen ") == "Note: Moxypen requires a prescription."
    assert "מוקסיפן" in rx_note("he", "מוקסיפן") and "מרשם" in rx_note("he", "מוקסיפן")


@pytest.mark.parametrize("language", ["en", "he"])
def test_the_policy_text_states_every_rule(language: str) -> None:
    text = policy_text(language)
    assert "interaction_check" in text
    must = (
        ["advice", "avoid", "prescription", "identity", "confirmation", "language", "purchase"]
        if language == "en"
        else ["ייעוץ", "avoid", "מרשם", "זהות", "אישור", "שפת", "רכישה"]
    )
    for word in must:
        assert word in text


@pytest.mark.parametrize(
    "call",
    [
        lambda: refusal("fr", "advice"),
        lambda: avoid_warning("", []),
        lambda: rx_note("en", ""),
        lambda: rx_note("he", None),  # type: ignore[arg-type]
        lambda: fallback_reply("EN"),
        lambda: policy_text(None),  # type: ignore[arg-type]
        lambda: step_limit_reply("de"),
    ],
)
def test_bad_arguments_are_validation_errors(call: object) -> None:
    with pytest.raises(ValidationFailed):
        call()  # type: ignore[operator]
