"""The reply guard over real tool envelopes from the demo database, in both languages."""

from __future__ import annotations

from typing import Any

import pytest

from pharmai.errors import ValidationFailed
from pharmai.policy import (
    REFUSAL_KINDS,
    AdviceVerdict,
    avoid_warning,
    classify,
    fallback_reply,
    guard_reply,
    refusal,
    rx_note,
)
from pharmai.text import detect_language
from tests.policy.conftest import CallTool

MEDS = [f"m{n:03d}" for n in range(1, 23)]
BRANDS_EN = [
    "Advil", "Nurofen", "Nurofen Forte", "Acamol", "Tylenol", "Zyrtec", "Moxypen", "Glucophage", "Zoloft", "Coumadin",
    "Lipitor", "Litorva", "Tramadex", "Losec", "Plavix", "Micropirin", "Claritine", "Optalgin", "Eltroxin", "Klacid",
    "Simovil", "Augmentin",
]  # fmt: skip


def _medication(call_tool: CallTool, name: str, language: str) -> dict[str, Any]:
    envelope = call_tool("get_medication_by_name", {"medication_name": name, "language": language})
    assert envelope["ok"], envelope
    return envelope


@pytest.mark.parametrize("language", ["en", "he"])
def test_factual_replies_built_from_every_medication_pass_unchanged(call_tool: CallTool, language: str) -> None:
    for brand in BRANDS_EN:
        envelope = _medication(call_tool, brand, language)
        med = envelope["medication"]
        name = med["brand_name"]
        if med["rx_required"]:
            rx = rx_note(language, name)
        else:
            rx = f"{name} does not require a prescription." if language == "en" else f"{name} אינה דורשת מרשם."
        reply = f"{med['display_name']}.\n{med['dosage']}\n{med['warnings']}\n{rx}"
        result = guard_reply(reply, language=language, tool_results=[("get_medication_by_name", envelope)])
        assert result.violations == (), (brand, result)
        assert result.text == reply and not result.changed


@pytest.mark.parametrize(
    ("language", "advice_sentence"),
    [
        ("en", "You should take 400 mg for your headache."),
        ("en", "I recommend Nurofen for you."),
        ("en", "You can safely take both together."),
        ("en", "It's perfectly safe for you."),
        ("en", "Nurofen is the better choice for your back pain."),
        ("en", "It sounds like you have the flu."),
        ("en", "I can't give medical advice, but you should take Advil."),
        ("he", 'כדאי לך לקחת 400 מ"ג לכאב הראש.'),
        ("he", "אני ממליץ על נורופן."),
        ("he", "אתה יכול לקחת את שתיהן יחד."),
        ("he", "זה בטוח לך."),
        ("he", "נורופן עדיף לכם."),
        ("he", "נשמע שיש לך שפעת."),
        ("he", "אין באפשרותי לתת ייעוץ רפואי, אבל כדאי לך לקחת אדוויל."),
    ],
)
def test_advice_sentences_are_removed_facts_kept_and_the_refusal_added(
    call_tool: CallTool, language: str, advice_sentence: str
) -> None:
    envelope = _medication(call_tool, "Ibuprofen", language)
    dosage = envelope["medication"]["dosage"]
    reply = f"{dosage} {advice_sentence}"
    result = guard_reply(reply, language=language, tool_results=[("get_medication_by_name", envelope)])
    assert "advice_phrasing" in result.violations and result.changed
    assert dosage in result.text
    assert advice_sentence not in result.text
    assert refusal(language, "advice") in result.text


@pytest.mark.parametrize(
    ("language", "reply"),
    [
        ("en", "I recommend speaking to a pharmacist about it."),
        ("en", "Please ask a pharmacist or your doctor."),
        ("en", "You should receive a code by email shortly."),
        ("en", "You need to verify your identity before I can show prescriptions."),
        ("en", "Take with meals. Avoid heavy alcohol use."),
        ("en", "Some of these medications should not be taken together. Please speak to a pharmacist or doctor."),
        ("he", "אני ממליץ לפנות לרוקח/ת בנושא."),
        ("he", "יש ליטול עם הארוחות. יש להימנע משתיית אלכוהול מרובה."),
        ("he", "כדאי להתייעץ עם רוקח/ת או רופא/ה."),
        ("he", "לא ניתן ליטול אותן יחד."),
    ],
)
def test_redirects_label_text_and_process_text_are_not_advice(language: str, reply: str) -> None:
    result = guard_reply(reply, language=language)
    assert result.violations == () and result.text == reply


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("kind", REFUSAL_KINDS)
def test_an_advice_request_gets_its_refusal_even_when_the_engine_forgot(language: str, kind: str) -> None:
    verdict = AdviceVerdict(True, kind=kind)
    result = guard_reply("Advil (Ibuprofen) 200 mg is in stock." if language == "en" else "אדוויל במלאי.",
                         language=language, verdict=verdict)  # fmt: skip
    assert result.violations == ("missing_refusal",)
    assert result.text.endswith(refusal(language, kind))
    # Once refused, the guard leaves the reply alone: it is idempotent.
    again = guard_reply(result.text, language=language, verdict=verdict)
    assert again.violations == () and again.text == result.text


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("Is Advil in stock, and should I take it for my back?", "en"),
        ("יש לכם אדוויל במלאי, וכדאי לי לקחת אותו לגב?", "he"),
    ],
)
def test_a_mixed_message_gets_the_facts_and_the_refusal(call_tool: CallTool, message: str, language: str) -> None:
    verdict = classify(message)
    envelope = call_tool("inventory_check", {"query": "Advil", "language": language})
    facts = envelope["notes"] or envelope["matches"][0]["display_name"]
    result = guard_reply(facts, language=language, tool_results=[("inventory_check", envelope)], verdict=verdict)
    assert facts in result.text and refusal(language, verdict.kind) in result.text


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("profile", ["canonical", "seed-000"])
def test_the_avoid_warning_is_added_with_the_names_when_missing(
    call_tool: CallTool, language: str, profile: str
) -> None:
    results = [
        ("get_medication_by_name", _medication(call_tool, "Coumadin", language)),
        ("get_medication_by_name", _medication(call_tool, "Micropirin", language)),
        ("interaction_check",
         call_tool("interaction_check", {"med_ids": ["m010", "m016"], "language": language}, profile=profile)),
    ]  # fmt: skip
    assert results[2][1]["interaction_level"] == "avoid"
    coumadin, micropirin = (r[1]["medication"]["brand_name"] for r in results[:2])
    reply = "Here is what I found." if language == "en" else "הנה מה שמצאתי."
    result = guard_reply(reply, language=language, tool_results=results)
    assert "missing_avoid_warning" in result.violations
    assert avoid_warning(language, [coumadin, micropirin]) in result.text
    assert coumadin in result.text and micropirin in result.text
    assert guard_reply(result.text, language=language, tool_results=results).violations == ()


@pytest.mark.parametrize("language", ["en", "he"])
def test_an_avoid_warning_already_present_is_kept_and_caution_adds_none(call_tool: CallTool, language: str) -> None:
    avoid = [("interaction_check", call_tool("interaction_check", {"med_ids": ["m009", "m013"], "language": language}))]
    warned = (
        "Zoloft and Tramadex cannot be taken together." if language == "en" else "לא ניתן ליטול זולופט וטרמדקס יחד."
    )
    assert guard_reply(warned, language=language, tool_results=avoid).violations == ()
    caution = [
        ("interaction_check", call_tool("interaction_check", {"med_ids": ["m010", "m004"], "language": language}))
    ]
    assert caution[0][1]["interaction_level"] == "caution"
    text = "There is a caution for this pair." if language == "en" else "יש אזהרת זהירות לשילוב הזה."
    assert guard_reply(text, language=language, tool_results=caution).violations == ()


def test_an_avoid_without_known_names_gets_the_general_warning(call_tool: CallTool) -> None:
    results = [("interaction_check", call_tool("interaction_check", {"med_ids": ["m014", "m015"], "language": "en"}))]
    result = guard_reply("Done.", language="en", tool_results=results)
    assert avoid_warning("en") in result.text and "some of these medications" in result.text


@pytest.mark.parametrize(
    ("language", "reply", "name"),
    [
        ("en", "Moxypen is out of stock; expected back on 2026-03-11.", "Moxypen"),
        ("he", "למוקסיפן אין כרגע מלאי; צפוי לחזור ב־2026-03-11.", "מוקסיפן"),
    ],
)
def test_the_prescription_note_is_added_for_an_rx_medication_the_reply_names(
    call_tool: CallTool, language: str, reply: str, name: str
) -> None:
    results = [("inventory_check", call_tool("inventory_check", {"query": "Moxypen", "language": language}))]
    result = guard_reply(reply, language=language, tool_results=results)
    assert result.violations == ("missing_rx_note",)
    assert result.text == f"{reply}\n\n{rx_note(language, name)}"


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_claim_that_an_rx_medication_needs_no_prescription_is_removed(call_tool: CallTool, language: str) -> None:
    envelope = _medication(call_tool, "Zoloft", language)
    name = envelope["medication"]["brand_name"]
    wrong = f"{name} does not require a prescription." if language == "en" else f"{name} אינה דורשת מרשם."
    result = guard_reply(f"{envelope['medication']['dosage']} {wrong}", language=language,
                         tool_results=[("get_medication_by_name", envelope)])  # fmt: skip
    assert set(result.violations) == {"rx_contradiction", "missing_rx_note"}
    assert wrong not in result.text and rx_note(language, name) in result.text


def test_no_note_for_otc_medications_or_for_the_persons_own_prescriptions(call_tool: CallTool) -> None:
    otc = [("inventory_check", call_tool("inventory_check", {"query": "Zyrtec", "language": "en"}))]
    assert guard_reply("Zyrtec is in stock (200 units).", language="en", tool_results=otc).violations == ()
    own = [("get_user_prescriptions", call_tool("get_user_prescriptions", {"language": "en"}, user="u002"))]
    listing = "Your prescriptions: 1. Moxypen (Amoxicillin) 500 mg, active, 2 refills left."
    assert guard_reply(listing, language="en", tool_results=own).violations == ()


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_listing_keeps_otc_lines_that_share_a_strength_with_an_rx_product(call_tool: CallTool, language: str) -> None:
    envelope = call_tool("list_medications", {"limit": 30, "language": language})
    meds = envelope["medications"]
    word = {"en": ("prescription", "no prescription"), "he": ("במרשם", "ללא מרשם")}[language]
    listing = "\n".join(f"- {m['display_name']} ({word[0] if m['rx_required'] else word[1]})" for m in meds)
    result = guard_reply(listing, language=language, tool_results=[("list_medications", envelope)])
    # Acamol 500 mg (OTC) beside Klacid 500 mg (Rx), Micropirin 75 mg beside Plavix 75 mg: every line stays.
    assert "rx_contradiction" not in result.violations
    assert result.text.startswith(listing)


def test_seed_001_envelopes_are_read_too(call_tool: CallTool) -> None:
    envelope = call_tool("get_medication_by_name", {"medication_name": "Moxypen"}, profile="seed-001")
    assert envelope["success"] and envelope["medication"]["rx_required"] is True
    result = guard_reply("Moxypen contains Amoxicillin 500 mg.", language="en",
                         tool_results=[("get_medication_by_name", envelope)])  # fmt: skip
    assert result.violations == ("missing_rx_note",)


@pytest.mark.parametrize(
    ("language", "reply"),
    [
        ("he", "Advil is out of stock at Dizengoff. Expected back in stock on 2026-03-08."),
        ("en", "אדוויל חסר במלאי בסניף דיזנגוף. צפוי לחזור ב־2026-03-08."),
    ],
)
def test_a_reply_in_the_wrong_language_is_replaced(language: str, reply: str) -> None:
    result = guard_reply(reply, language=language)
    assert result.violations == ("wrong_language",)
    assert result.text == fallback_reply(language)
    assert detect_language(result.text) == language


def test_a_hebrew_reply_with_english_brand_names_is_kept() -> None:
    reply = "Advil (אדוויל) חסר כרגע במלאי בסניף דיזנגוף; Nurofen במלאי."
    assert guard_reply(reply, language="he").violations == ()


@pytest.mark.parametrize("language", ["en", "he"])
def test_an_empty_reply_becomes_the_safe_reply(language: str) -> None:
    result = guard_reply("   ", language=language)
    assert result.violations == ("empty_reply",) and result.text == fallback_reply(language)


@pytest.mark.parametrize(
    "reply", ["<script>alert('x')</script> Advil is in stock.", "'; DROP TABLE medications; -- is in stock."]
)
def test_hostile_text_is_not_a_violation_and_is_left_as_is(reply: str) -> None:
    assert guard_reply(reply, language="en") == guard_reply(reply, language="en")
    assert guard_reply(reply, language="en").text == reply


def test_a_ten_thousand_character_reply_is_guarded() -> None:
    reply = "Advil is in stock. " * 600 + "You should take two."
    result = guard_reply(reply, language="en")
    assert "advice_phrasing" in result.violations and "You should take two." not in result.text


@pytest.mark.parametrize(
    "kwargs",
    [
        {"reply": None, "language": "en"},
        {"reply": 5, "language": "en"},
        {"reply": "ok", "language": "fr"},
        {"reply": "ok", "language": None},
        {"reply": "ok", "language": "en", "tool_results": "interaction_check"},
        {"reply": "ok", "language": "en", "tool_results": [("interaction_check",)]},
        {"reply": "ok", "language": "en", "tool_results": [("interaction_check", "avoid")]},
        {"reply": "ok", "language": "en", "tool_results": 7},
        {"reply": "ok", "language": "en", "verdict": "advice"},
    ],
)
def test_bad_arguments_are_validation_errors(kwargs: dict[str, Any]) -> None:
    reply = kwargs.pop("reply")
    with pytest.raises(ValidationFailed) as caught:
        guard_reply(reply, **kwargs)
    assert caught.value.code == "VALIDATION_ERROR"


def test_the_guard_changes_nothing_in_the_database(call_tool: CallTool) -> None:
    def snapshot() -> list[dict[str, Any]]:
        return [
            call_tool("inventory_check", {"query": "Advil", "language": "en"}),
            call_tool("get_user_prescriptions", {"language": "en"}, user="u002"),
        ]

    before = snapshot()
    for reply in ("You should take Advil.", "'; DROP TABLE medications; --", "כדאי לך לחדש את המרשם."):
        guard_reply(reply, language="en", tool_results=[("inventory_check", before[0])])
    assert snapshot() == before
