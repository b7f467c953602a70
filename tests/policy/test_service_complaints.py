"""Service complaints and the red-flag gate: a complaint is no health question, and a model-only red flag on a
few empty words or a service complaint is not taken, while every emergency phrased briefly still is."""

from __future__ import annotations

import pytest

from pharmai.policy import classify, red_flags
from pharmai.policy.complaints import is_service_complaint, names_a_service_failure

SERVICE = [
    "you guys told me nurofen was in stock in tlv and i went and there was nothing",
    "Advil was out again",
    "came all the way and you were out of advil again",
    "I waited an hour at the branch",
    "the staff were rude",
    "אמרתם לי שיש זירטק בירושלים ולא היה כלום!!",
    "שוב נגמר האדוויל",
    "חיכיתי שעה בסניף",
    "הרוקחת הייתה גסת רוח",
    "עשיתי את כל הדרך ואין אדוויל",
]
UPSET_ONLY = ["this is the second time", "זה כבר פעם שנייה", "זה מגוחך", "this is unacceptable"]
# Health or distress words win over any complaint words; a person's own supply running out is no complaint.
NOT_SERVICE = [
    "out of my inhaler again and I can't breathe",
    "שוב אין אקמול ויש לי כאב ראש",
    "this is the second time I took too many pills",
    "you were out of my meds again and I can't go on anymore",
    "שוב נגמר לי האדוויל",
    "I ran out of my pills",
    "is advil in stock",
    "I can't go on",
    "אני לא יכול יותר",
]


@pytest.mark.parametrize("text", SERVICE)
def test_a_concrete_service_failure_is_a_service_complaint(text: str) -> None:
    assert is_service_complaint(text) and names_a_service_failure(text)


@pytest.mark.parametrize("text", UPSET_ONLY)
def test_upset_words_are_a_complaint_but_no_concrete_failure(text: str) -> None:
    assert is_service_complaint(text) and not names_a_service_failure(text)


@pytest.mark.parametrize("text", NOT_SERVICE)
def test_health_words_or_own_supply_are_never_a_service_complaint(text: str) -> None:
    assert not is_service_complaint(text) and not names_a_service_failure(text)


# The model alone flags these (distress or emergency); nothing in them could describe one.
MODEL_ONLY_NOISE = [
    "Advil was out again",
    "came all the way and you were out of advil again",
    "i drove all the way there and there was no advil",
    "waited an hour and the staff were rude",
    "שוב אין אדוויל, נמאס",
    "עשיתי את כל הדרך ואין אדוויל",
    "just 5??",
    "cool I'm on my way",
    "ולתינוק?",
    "and my son?",
]


@pytest.mark.parametrize("text", MODEL_ONLY_NOISE)
def test_a_model_only_flag_on_a_complaint_or_empty_words_is_not_taken(text: str) -> None:
    assert red_flags(text) == ()
    assert classify(text).red_flags == ()


BRIEF_EMERGENCIES = [
    ("can't breathe", "emergency"),
    ("לא נושם", "emergency"),
    ("he swallowed pills", "poison"),
    ("chest pain", "emergency"),
    ("כאב בחזה", "emergency"),
    ("בלע כדורים", "poison"),
    ("my baby!!", "poison"),
    ("my baby", "poison"),
    ("he took 5", "poison"),
    ("I feel faint", "emergency"),
    ("I can't go on", "distress"),
    ("I want to hurt myself", "distress"),
    ("אני לא יכול יותר", "distress"),
    ("בא לי למות", "distress"),
]


@pytest.mark.parametrize(("text", "kind"), BRIEF_EMERGENCIES)
def test_a_brief_emergency_keeps_its_flag(text: str, kind: str) -> None:
    assert kind in red_flags(text)


@pytest.mark.parametrize("text", ["you guys told me nurofen was in stock and there was nothing", "Advil was out again"])
def test_a_service_complaint_is_no_symptom(text: str) -> None:
    verdict = classify(text)
    assert not verdict.symptom and not verdict.is_advice and not verdict.red_flags


def test_empty_words_are_no_symptom_but_a_child_follow_up_stays_one() -> None:
    assert not classify("cool I'm on my way").symptom
    assert classify("ולבן שלי?").symptom  # a child's dose after a dose question: still a referral
