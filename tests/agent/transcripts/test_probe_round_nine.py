"""Issue #14: what a ninth round of fresh, multi-turn customer conversations found, pinned in both languages.

- "why can't I?" / "any update on that?" / "למה אני לא יכול?" / "יש עדכון?" right after a refill check: a
  message of question words only is about that refill (its status again, which says why), never "I can't
  give medical advice" (the model guesses a symptom for short questions it cannot place) nor a stock answer;
- "tell me about it" after a prescription check: the product of that prescription, never "which one did you
  mean: Lipitor or Litorva?" (a brand named with its generic, "Lipitor (Atorvastatin) 20 mg", is that brand).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

REFUSAL = {"en": ("can't give medical advice",), "he": ("ייעוץ רפואי",)}
NOT_FOUND = {"en": ("couldn't find a medication named",), "he": ("לא מצאתי תרופה בשם",)}

# --- question words only, after a refill check ----------------------------------------------------------------

REFUSED_FIRST = {"en": "can I refill my lipitor?", "he": "אפשר לחדש את הליפיטור שלי?"}
ONLY_QUESTION_WORDS = {
    "en": ["why can't I?", "why cant i", "any update on that?", "any update?", "why can't i do it?"],
    "he": ["למה אני לא יכול?", "יש עדכון?", "למה אני לא יכולה?", "יש חדש?", "אז למה לא?"],
}
EXPIRED = {"en": ("expired on",), "he": ("פג תוקף",)}


@pytest.mark.parametrize(("language", "message"), cases(ONLY_QUESTION_WORDS))
def test_question_words_after_a_refill_check_are_about_it(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u002", identity_mode="demo")
    first = conversation.say(REFUSED_FIRST[language])
    assert says_any(first, EXPIRED[language]), why(first)
    turn = conversation.say(message)
    assert "prescription_verify" in turn.tools and "inventory_check" not in turn.tools, why(turn)
    assert says_any(turn, EXPIRED[language]), why(turn)
    assert not says_any(turn, REFUSAL[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


# --- "tell me about it" after a prescription check ------------------------------------------------------------

ABOUT_IT = {
    "en": ["tell me about it", "what's in it?", "what is it exactly?"],
    "he": ["ספר לי עליו", "מה יש בו?", "מה זה בעצם?"],
}
LIPITOR = {"en": "Lipitor", "he": "ליפיטור"}
WHICH_ONE = {"en": ("which one did you mean", "Which of them"), "he": ("לאיזו מהן", "לאיזו")}


@pytest.mark.parametrize(("language", "message"), cases(ABOUT_IT))
def test_it_after_a_prescription_check_is_that_product(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u002", identity_mode="demo")
    conversation.say(REFUSED_FIRST[language])
    turn = conversation.say(message)
    assert LIPITOR[language] in turn.reply, why(turn)
    assert not says_any(turn, WHICH_ONE[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)
