"""Yes / no answers to a pending confirmation, in both languages."""

from __future__ import annotations

import pytest

from pharmai.policy import is_no, is_yes

YES = ["yes", "Yes!", "yes please", "sure", "Sure, go ahead", "OK go ahead", "ok", "yep", "confirm", "Yes, submit it",
       "please do", "כן", "כן בבקשה", "כן, תגיש", "בטח", "בסדר", "מאשר", "מאשרת", "סבבה", "קדימה", "אוקיי",
       "wait, yes go ahead",
       "רגע, כן תגיש"]  # fmt: skip
NO = ["no", "No.", "no thanks", "nope", "cancel", "Don't do it", "never mind", "stop", "not now", "לא", "לא תודה",
      "אל תעשה", "אל תעשה את זה", "בטל", "ביטול", "עזוב", "לא צריך", "לא, תבטל", "actually no, cancel that",
      "hmm no", "I changed my mind", "רגע, בעצם לא", "התחרטתי"]  # fmt: skip
NEITHER = ["", "   ", "maybe", "not sure", "yes and no", "yes no", "Yes, but what about Zyrtec?", "please", "תודה",
           "I want a refill for p001", "אולי", "כן ולא", "what?", "<script>yes</script>", "yes " * 20,
           "ok " * 10, "actually", "sorry", "רגע"]  # fmt: skip


@pytest.mark.parametrize("text", YES)
def test_yes(text: str) -> None:
    assert is_yes(text) and not is_no(text)


@pytest.mark.parametrize("text", NO)
def test_no(text: str) -> None:
    assert is_no(text) and not is_yes(text)


@pytest.mark.parametrize("text", NEITHER)
def test_unclear_answers_are_neither(text: str) -> None:
    assert not is_yes(text) and not is_no(text)


@pytest.mark.parametrize("bad", [None, 1, True, ["yes"], b"yes"])
def test_non_strings_are_neither(bad: object) -> None:
    assert not is_yes(bad) and not is_no(bad)  # type: ignore[arg-type]
