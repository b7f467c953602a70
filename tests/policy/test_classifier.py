"""The advice classifier: the brief's examples in both languages, kinds, mixed messages, bad input."""

from __future__ import annotations

import time

import pytest

from pharmai.errors import ValidationFailed
from pharmai.policy import AdviceVerdict, classify
from pharmai.policy.classifier import MAX_CLASSIFIED_CHARS, read

ADVICE = [
    ("should I take Advil for my headache?", "en", "advice"),
    ("What's good for a sore throat?", "en", "advice"),
    ("Is Advil better than Acamol?", "en", "comparison"),
    ("How much can I give my child?", "en", "personal_dosage"),
    ("how much Acamol can I give my 4 year old", "en", "personal_dosage"),
    ("Is it safe for me to take Zyrtec while pregnant?", "en", "advice"),
    ("I have a rash and a fever, what could it be?", "en", "diagnosis"),
    ("Can I take Coumadin with aspirin?", "en", "advice"),
    ("מה כדאי לקחת?", "he", "advice"),
    ("זה מתאים לי?", "he", "advice"),
    ("אפשר לשלב?", "he", "advice"),
    ("אדוויל יותר טוב מאקמול?", "he", "comparison"),
    ("כמה נורופן מותר לתת לילד בן 4?", "he", "personal_dosage"),
    ("בטוח לקחת זירטק בהריון?", "he", "advice"),
    ("יש לי פריחה וחום, מה זה יכול להיות?", "he", "diagnosis"),
    ("והאם מותר לי לשלב אדוויל עם קומדין?", "he", "advice"),
]

FACTUAL = [
    ("what does the label say about dosage?", "en"),
    ("Does Moxypen need a prescription?", "en"),
    ("Is Advil in stock at Dizengoff?", "en"),
    ("What's the active ingredient in Nurofen?", "en"),
    ("According to the label, how often can Nurofen be taken?", "en"),
    ("Show me my prescriptions", "en"),
    ("Hello!", "en"),
    ("מה המינון?", "he"),
    ("זה צריך מרשם?", "he"),
    ("יש לכם אדוויל במלאי?", "he"),
    ("מה המינון המומלץ על התווית של אקמול?", "he"),
    ("לפי העלון, כל כמה זמן אפשר ליטול נורופן?", "he"),
    ("תודה רבה!", "he"),
    ("מה שעות הפתיחה של הסניף בדיזנגוף?", "he"),
]


@pytest.mark.parametrize(("text", "language", "kind"), ADVICE)
def test_advice_requests_are_recognised_with_their_kind(text: str, language: str, kind: str) -> None:
    verdict = classify(text, language)
    assert verdict.is_advice
    assert verdict.kind == kind
    assert 0.5 < verdict.score <= 1.0


@pytest.mark.parametrize(("text", "language"), FACTUAL)
def test_factual_questions_are_not_refused(text: str, language: str) -> None:
    verdict = classify(text, language)
    assert verdict == AdviceVerdict(False, score=verdict.score)
    assert verdict.score < 0.5


@pytest.mark.parametrize(
    "text",
    [
        "Is Advil in stock, and should I take it for my back?",
        "Does Zyrtec need a prescription? Also, is it safe for my kids?",
        "יש לכם אדוויל במלאי, וכדאי לי לקחת אותו לגב?",
        "זירטק דורש מרשם? וגם, זה בטוח לילדים שלי?",
    ],
)
def test_a_mixed_message_is_advice_with_a_factual_part(text: str) -> None:
    verdict = classify(text)
    assert verdict.is_advice and verdict.has_factual_part


@pytest.mark.parametrize("text", ["Should I take Advil?", "כדאי לי לקחת אדוויל?"])
def test_a_pure_advice_request_has_no_factual_part(text: str) -> None:
    assert not classify(text).has_factual_part


def test_language_is_only_a_hint_mixed_scripts_are_read() -> None:
    assert classify("אפשר לשלב Advil עם Coumadin?", "en").is_advice
    assert classify("should I take אקמול?", "he").is_advice
    assert not classify("יש לכם Advil במלאי?", "en").is_advice


def test_label_phrasing_cancels_only_weak_cues() -> None:
    for text in ("According to the leaflet, how many can I take a day?", "לפי העלון, כל כמה זמן אפשר ליטול נורופן?"):
        reading = read(text)
        assert not reading.verdict.is_advice and reading.cancelled
        # Without the label the same question asks for a personal dosage.
        assert classify(text.split(",", 1)[1]).is_advice
    # A strong cue stays advice even next to the word "label".
    assert classify("What does the label say, and should I take more?").is_advice


@pytest.mark.parametrize("bad", [None, 42, 3.5, ["should I take it"], {"text": "x"}, b"should I"])
def test_a_non_string_message_is_a_validation_error(bad: object) -> None:
    with pytest.raises(ValidationFailed) as caught:
        classify(bad)  # type: ignore[arg-type]
    assert caught.value.code == "VALIDATION_ERROR"
    assert "text" in caught.value.message("en") and "text" in caught.value.message("he")


@pytest.mark.parametrize("language", ["fr", "", "HE", 1])
def test_an_unknown_language_is_a_validation_error(language: object) -> None:
    with pytest.raises(ValidationFailed):
        classify("hello", language)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    ["", "   ", "<script>alert('x')</script>", "'; DROP TABLE medications; --", "?!?!", "\u200f\u200e", "12345"],
)
def test_empty_and_hostile_text_is_factual(text: str) -> None:
    assert classify(text) == AdviceVerdict(False)


def test_a_ten_thousand_character_message_is_read_quickly_and_bounded() -> None:
    started = time.perf_counter()
    long_factual = "Is Advil in stock? " * 530
    long_advice = "should I take Advil? " + "x" * 10_000
    assert len(long_factual) > 10_000
    assert not classify(long_factual).is_advice
    assert classify(long_advice).is_advice
    # Cues past the bound are not read: the bound is real, not just documented.
    assert not classify("x " * MAX_CLASSIFIED_CHARS + "should I take Advil?").is_advice
    assert time.perf_counter() - started < 2.0


def test_the_classifier_is_deterministic() -> None:
    text = "Is Advil in stock, and is it better than Acamol for me?"
    assert len({classify(text) for _ in range(5)}) == 1


# Written after the labelled sets were tuned, as a blind probe (5 of the 24 advice requests were missed at
# first and fixed since; every factual one passed). Kept as a regression check.
PROBE_ADVICE = [
    "Is it ok to give Zyrtec to my 3 year old before a flight?",
    "My husband takes Plavix, can he also use Losec?",
    "Which painkiller is gentlest on the stomach?",
    "Can kids have Micropirin?",
    "I keep waking up at night, what can I take?",
    "בעלי לוקח פלביקס, הוא יכול גם לוסק?",
    "שורף לי כשאני במקלחת, מה זה?",
    "מסוכן לשלב טרמדקס עם אלכוהול?",
    "כמה קלריטין אפשר לקחת ב־24 שעות?",
    "לעבור מסימוביל לליפיטור?",
]
PROBE_FACTUAL = [
    "How much is a pack of Zyrtec?",
    "Can I have the price list?",
    "Can you also check Zyrtec?",
    "What does the Optalgin leaflet say about dosage?",
    "Can I pay with cash?",
    "אני יכול לחדש?",
    "מה כתוב בעלון של אופטלגין על המינון?",
    "אפשר לשלם במזומן?",
    "גלוקופאז' היא תרופת מרשם?",
    "אני צריך לחדש מרשם לאלטרוקסין",
]


@pytest.mark.parametrize("text", PROBE_ADVICE)
def test_probe_advice(text: str) -> None:
    assert classify(text).is_advice


@pytest.mark.parametrize("text", PROBE_FACTUAL)
def test_probe_factual(text: str) -> None:
    assert not classify(text).is_advice


# Spans of the medication names, as the catalog would find them in the message.
def _spans(text: str, *names: str) -> list[tuple[int, int]]:
    return [(text.index(name), text.index(name) + len(name)) for name in names]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Is it dangerous to mix warfarin and ibuprofen?", ("warfarin", "ibuprofen")),
        ("השילוב של טיילנול ופלביקס מסוכן?", ("טיילנול", "פלביקס")),
        ("אקמול ונורופן באותו יום – זה בסדר?", ("אקמול", "נורופן")),
    ],
)
def test_a_general_interaction_question_is_answered_by_the_check_not_refused(text: str, names: tuple[str, ...]) -> None:
    assert not classify(text, spans=_spans(text, *names)).is_advice


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("I'm on warfarin, is it dangerous for me to take ibuprofen?", ("warfarin", "ibuprofen")),
        ("אני לוקחת קומדין, זה מסוכן לי עם אדוויל?", ("קומדין", "אדוויל")),
        ("Is it dangerous to mix Tramadex with alcohol?", ("Tramadex",)),
        ("מסוכן לשלב טרמדקס עם אלכוהול?", ("טרמדקס",)),
    ],
)
def test_a_personal_interaction_question_or_one_no_check_answers_is_refused(text: str, names: tuple[str, ...]) -> None:
    assert classify(text, spans=_spans(text, *names)).is_advice


@pytest.mark.parametrize(
    "text", ["what is the dose of ibuprofen?", "מה המינון של איבופרופן?", "מה המינון הרגיל של זירטק?"]
)
def test_a_dose_question_about_nobody_is_a_label_question(text: str) -> None:
    assert not classify(text).is_advice


@pytest.mark.parametrize(
    "text", ["how much ibuprofen should I take?", "כמה איבופרופן אני צריכה לקחת?", "לדעתך מספיק אם אקח חצי מינון?"]
)
def test_a_dose_question_about_the_writer_is_advice(text: str) -> None:
    assert classify(text).is_advice
