"""Round twenty-five: nobody answering, days of waiting, are the service, not an emergency.

«כבר שבוע שלם ולא עונים לי» got the 101 emergency reply and «כבר יומיים אף אחד לא חוזר אליי!!» the ERAN line: the
model alone read them so. A concrete service failure with no word of the body or the mind keeps no model-only
red flag (:func:`pharmai.policy.complaints.names_a_service_failure`); "alone", "lonely", "nobody cares" or any
acute word keeps it.
"""

from __future__ import annotations

import pytest

from pharmai.policy import red_flags
from pharmai.policy.complaints import names_a_service_failure

WAITS = [
    "כבר שבוע שלם ולא עונים לי",
    "כבר יומיים אף אחד לא חוזר אליי!!",
    "כבר שבועיים אני מחכה ואף אחד לא מתקשר",
    "התקשרתי שלוש פעמים ואף אחד לא עונה",
    "כבר חודש מחכה להזמנה ולא חזרו אליי!",
    "I have been waiting a week and nobody answers!!",
    "been waiting three days for my refill, no one ever replies",
    "still waiting for my callback, nobody picked up",
    "waiting two weeks for the order!!",
    "no one responded to my message, still waiting for an answer",
]


@pytest.mark.parametrize("message", WAITS)
def test_a_wait_for_the_service_is_a_service_failure_and_no_red_flag(message: str) -> None:
    assert names_a_service_failure(message), message
    assert red_flags(message) == (), message


STILL_FLAGGED = [
    ("i'm alone and no one ever answers, i want to die", "distress"),
    ("כבר שבוע אני מחכה ולא עונים לי, יש לי כאבים בחזה", "emergency"),
    ("been waiting two days for my meds and now i can't breathe", "emergency"),
    ("כבר יומיים אף אחד לא עונה ואני רוצה למות", "distress"),
]


@pytest.mark.parametrize(("message", "kind"), STILL_FLAGGED)
def test_a_wait_with_the_body_or_the_mind_keeps_its_red_flag(message: str, kind: str) -> None:
    assert kind in red_flags(message), message


LONELY = ["אני לבד ואף אחד לא חוזר אליי", "i'm so alone, nobody answers me", "nobody cares, no one answers"]


@pytest.mark.parametrize("message", LONELY)
def test_loneliness_is_never_a_service_failure(message: str) -> None:
    assert not names_a_service_failure(message), message


# "it was the moxypen by the way" after a handoff said which product it was about: the model alone read a
# poisoning (and "oh and it was the zoloft" an emergency). A person, an amount or a word of the mind keeps it.
WHICH_PRODUCT = [
    "it was the moxypen by the way",
    "oh and it was the zoloft",
    "sorry, it was the glucophage btw",
    "its the coumadin fyi",
    "זה היה המוקסיפן אגב",
    "אה, זה היה הזולופט",
]


@pytest.mark.parametrize("message", WHICH_PRODUCT)
def test_which_product_it_was_is_no_red_flag(message: str) -> None:
    assert red_flags(message) == (), message


STILL_AN_EVENT = [
    ("it was the whole box", "poison"),
    ("it was too many", "poison"),
    ("it was my daughter", "poison"),
    ("it was on purpose", "distress"),
    ("it was the zoloft, he took all of it", "poison"),
]


@pytest.mark.parametrize(("message", "kind"), STILL_AN_EVENT)
def test_an_event_said_as_it_was_keeps_its_red_flag(message: str, kind: str) -> None:
    assert kind in red_flags(message), message
