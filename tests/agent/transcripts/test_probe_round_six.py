"""Issue #14: what a sixth round of fresh customer phrasings found, pinned in both languages.

- "is Litorva the same as Lipitor?" / "מה ההבדל בין נורופן לאדוויל?" asks whether two products are the same:
  one line from the label facts (identical equivalents, another strength, other ingredients), never both
  full labels; the interaction check of the two still runs (seed 000), and "and in Jerusalem?" afterwards
  checks both there;
- a name in a list that the catalog cannot place ("acamol, zirtek and claritin") is never dropped in
  silence: the others are checked, and the reply ends asking "did you mean Zyrtec?", which "yes" answers.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

LABEL_TEXT = {"en": ("Dosage (from the label)", "Warnings:"), "he": ("מינון (לפי העלון)", "אזהרות:")}

# --- "are these two the same?" ---------------------------------------------------------------------------

SAME = {"en": ("are identical equivalents",), "he": ("תחליפים זהים –",)}
STRENGTH = {"en": ("different strengths",), "he": ("בחוזק שונה",)}
DIFFERENT = {"en": ("different medications",), "he": ("תרופות שונות",)}
KINDS = {"same": SAME, "strength": STRENGTH, "different": DIFFERENT}

COMPARISONS = {
    "en": [
        ("is litorva basically the same as lipitor?", "same", ("Litorva", "Lipitor")),
        ("tylenol or acamol, any difference?", "same", ("Tylenol", "Acamol")),
        ("are advil and nurofen identical", "same", ("Advil", "Nurofen")),
        ("nurofen vs nurofen forte?", "strength", ("Nurofen Forte", "Nurofen")),
        ("is klacid the same thing as augmentin?", "different", ("Klacid", "Augmentin")),
        ("zyrtec and claritine - how do they differ?", "different", ("Zyrtec", "Claritine")),
    ],
    "he": [
        ("ליטורבה וליפיטור זה אותו דבר?", "same", ("ליטורבה", "ליפיטור")),
        ("אקמול זה כמו טיילנול?", "same", ("אקמול", "טיילנול")),
        ("יש הבדל בין אדוויל לנורופן?", "same", ("אדוויל", "נורופן")),
        ("נורופן פורטה לעומת נורופן, מה ההבדל", "strength", ("נורופן פורטה", "נורופן")),
        ("זירטק וקלריטין זהים?", "different", ("זירטק", "קלריטין")),
        ("קלסיד זה כמו אוגמנטין?", "different", ("קלסיד", "אוגמנטין")),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(COMPARISONS))
def test_are_these_the_same_gets_one_comparison_line_and_the_interaction_check(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, tuple[str, str]]
) -> None:
    message, kind, names = case
    turn = chat(language).say(message)
    assert says_any(turn, KINDS[kind][language]), why(turn)
    assert not says_any(turn, LABEL_TEXT[language]), why(turn)  # not two full labels
    assert "interaction_check" in turn.tools, why(turn)  # seed 000: named together, checked together
    assert all(name in turn.reply for name in names), why(turn)
    written_in(turn, language)


COMPARE_THEN_STORE = {
    "en": [
        ("is litorva the same as lipitor", "and in jerusalem?"),
        ("acamol vs tylenol, same thing?", "what about the jaffa street branch"),
        ("are advil and nurofen the same", "do they have them at the jerusalem store?"),
    ],
    "he": [
        ("ליטורבה זהה לליפיטור?", "ובירושלים?"),
        ("טיילנול זה כמו אקמול?", "ויש מהם בירושלים?"),
        ("מה ההבדל בין אדוויל לנורופן", "ומה לגבי הסניף ברחוב יפו?"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(COMPARE_THEN_STORE))
def test_a_store_follow_up_after_a_comparison_checks_both_there(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    first, follow_up = case
    conversation = chat(language)
    conversation.say(first)
    turn = conversation.say(follow_up)
    checks = [call["arguments"] for call in turn.calls if call["name"] == "inventory_check"]
    assert len(checks) == 2 and all(args["store_id"] == "s2" for args in checks), why(turn)
    written_in(turn, language)


TAKING_AT_ONCE = {
    "en": ["can i take acamol and nurofen at the same time?", "advil and tylenol on the same day, ok?"],
    "he": ["אפשר לקחת אקמול ונורופן בזמנים שונים?", "מותר אדוויל וטיילנול באותו יום?"],
}


@pytest.mark.parametrize(("language", "message"), cases(TAKING_AT_ONCE))
def test_taking_two_at_the_same_time_is_an_interaction_question_not_a_comparison(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    assert "interaction_check" in turn.tools, why(turn)
    assert not says_any(turn, (*SAME[language], *STRENGTH[language], *DIFFERENT[language])), why(turn)
    written_in(turn, language)


# --- a list item the catalog cannot place ------------------------------------------------------------------

UNPLACED_ITEM = {
    "en": [
        ("hi! i need acamol, zirtek and claritin pls", "zirtek", ("m004", "m017"), "m006"),
        ("do you have nurofen and zirteck?", "zirteck", ("m002",), "m006"),
        ("advil, zirtekk, tylenol - in stock?", "zirtekk", ("m001", "m005"), "m006"),
        ("looking for tilenoll and zyrtec", "tilenoll", ("m006",), "m005"),
        ("claritine or zirtek, whichever you have", "zirtek", ("m017",), "m006"),
    ],
    "he": [
        ("צריך אקמול, זרטקקק ולוסק", "זרטקקק", ("m004", "m014"), "m006"),
        ("יש לכם נורופן וזרטיק?", "זרטיק", ("m002",), "m006"),
        ("אדוויל, זרטקק וטיילנול במלאי?", "זרטקק", ("m001", "m005"), "m006"),
        ("מחפשת אקמול וגם זירטקקקק", "זירטקקקק", ("m004",), "m006"),
        ("יש לכם קלריטין או זרטיק?", "זרטיק", ("m017",), "m006"),
    ],
}
QUOTED = {"en": "'{}'", "he": "'{}'"}
ZYRTEC_OR_TYLENOL = {"m006": {"en": "Zyrtec", "he": "זירטק"}, "m005": {"en": "Tylenol", "he": "טיילנול"}}


@pytest.mark.parametrize(("language", "case"), cases(UNPLACED_ITEM))
def test_an_unplaced_list_item_is_asked_about_never_dropped(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, tuple[str, ...], str]
) -> None:
    message, typed, checked, meant = case
    conversation = chat(language)
    turn = conversation.say(message)
    stocked = {call["arguments"].get("med_id") for call in turn.calls if call["name"] == "inventory_check"}
    assert set(checked) <= stocked, why(turn)  # the names it knows are still answered
    last = turn.reply.strip().split("\n")[-1]
    assert QUOTED[language].format(typed) in last and ZYRTEC_OR_TYLENOL[meant][language] in last, why(turn)
    written_in(turn, language)
    answer = conversation.say("yes" if language == "en" else "כן")
    assert answer.args("inventory_check")["med_id"] == meant, why(answer)
    written_in(answer, language)
