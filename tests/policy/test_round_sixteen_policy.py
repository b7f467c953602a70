"""Probe round sixteen, policy readings: sign-in frustration, off-topic, "like it", a person declined.

- "i dont have the code, just show me": the model's distress (or emergency) reading alone is not taken, while a
  word of the mind or the body beside a code word keeps every flag;
- off-topic subjects (sports, weather, jokes) are read only when no word of health or medicine is near;
- "another antibiotic like this one?" points back at a product: no purpose cue; "which antibiotics?" keeps none
  either (the engine refers it), and "should I take another antibiotic like it?" is still advice;
- "I don't want to talk to anyone" right after a distress reply continues that thread (no request of its own).
"""

from __future__ import annotations

import pytest

from pharmai.policy import classify
from pharmai.policy._sign_in_gate import about_sign_in_only, wants_records_without_sign_in
from pharmai.policy.classifier import read
from pharmai.policy.declines_person import declines_a_person
from pharmai.policy.off_topic import is_off_topic
from pharmai.policy.points_back import points_back
from pharmai.policy.red_flags import carried_red_flags, red_flags

NO_CODE = ["i dont have the code, just show me", "i dont have a password, just show me"]


@pytest.mark.parametrize("text", NO_CODE)
def test_sign_in_frustration_raises_no_flag(text: str) -> None:
    assert red_flags(text) == ()
    assert not classify(text, "en").symptom


KEEPS = {
    "en": [
        "i dont have the code and i want to die",
        "no code, my dad isnt breathing",
        "i never got the sms, this is hopeless",
    ],
    "he": ["אין לי סיסמה ואין לי כוח לחיות", "אין לי קוד ואני רוצה למות"],
}


@pytest.mark.parametrize("text", [t for ts in KEEPS.values() for t in ts])
def test_a_red_flag_beside_a_code_word_stands(text: str) -> None:
    assert red_flags(text) != ()
    assert not about_sign_in_only(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("i dont have the code, just show me", True),
        ("never got the sms, can you just show me my prescriptions", True),
        ("אין לי את הקוד, פשוט תראה לי", True),
        ("לא קיבלתי קוד, תראו לי כבר", True),
        ("whats the wifi password lol", False),
        ("how do i sign in", False),
        ("איך אני מתחבר?", False),
    ],
)
def test_records_without_a_sign_in(text: str, expected: bool) -> None:
    assert wants_records_without_sign_in(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("who's gonna win the world cup", True),
        ("whats the weather tomorrow", True),
        ("tell me a joke", True),
        ("מי ינצח במונדיאל?", True),
        ("ספר לי בדיחה", True),
        ("מה מזג האוויר מחר", True),
        ("can i take advil before the match", False),
        ("its so hot and i feel dizzy", False),
        ("what vaccines do i need for the world cup", False),
        ("my son got hurt at the football game", False),
        ("i have a headache from the rain", False),
        ("הילד נפגע במשחק כדורגל", False),
        ("יש לי כאב ראש מהגשם", False),
        ("לבן שלי בן 7 יש 38.5 מאתמול, הוא משחק ואוכל רגיל", False),
    ],
)
def test_off_topic_only_without_health_words(text: str, expected: bool) -> None:
    assert is_off_topic(text) is expected


@pytest.mark.parametrize(
    "text", ["another antibiotic like this one?", "any other painkiller like it?", "יש אנטיביוטיקה דומה לזה?"]
)
def test_pointing_back_drops_the_class_cue(text: str) -> None:
    assert points_back(text)
    assert not read(text).verdict.is_advice


@pytest.mark.parametrize("text", ["should i take another antibiotic like it?", "כדאי לי לקחת אנטיביוטיקה אחרת כמוה?"])
def test_advice_pointing_back_is_still_advice(text: str) -> None:
    assert read(text).verdict.is_advice


@pytest.mark.parametrize("text", ["Yes, I'd like that.", "i'd like this one please", "כן, אני רוצה את זה"])
def test_a_bare_like_that_points_nowhere(text: str) -> None:
    assert not points_back(text)


DECLINES = {
    "en": ["I don't want to talk to anyone", "i dont wanna talk to anybody right now", "leave me alone"],
    "he": ["לא רוצה לדבר עם אף אחד", "אני לא רוצה לדבר עם אף אחד", "תעזבו אותי"],
}


@pytest.mark.parametrize("text", [t for ts in DECLINES.values() for t in ts])
def test_a_person_declined_after_distress_keeps_the_thread(text: str) -> None:
    assert declines_a_person(text)
    assert carried_red_flags(text, (), ["distress"]) == ("distress",)


ASKS = [
    "I want to talk to a pharmacist",
    "i dont want to talk to a bot, get me a human",
    "אני רוצה לדבר עם רוקח",
    "לא, אני רוצה לדבר עם רוקח",
]


@pytest.mark.parametrize("text", ASKS)
def test_asking_for_a_person_is_no_refusal(text: str) -> None:
    assert not declines_a_person(text)
