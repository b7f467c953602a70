"""Round twenty-four: one's own medication by what it treats, pleasantries, stock frames and branch short forms.

- "my regular cholesterol pills please" (signed in): the prescriptions for it, never "I can't recommend by
  purpose"; "i need more of my diabetes pills", «הכדורים שלי לבלוטת התריס נגמרו» (not signed in): the sign-in
  first, as "refill my thyroid pills" gets, never a refusal to advise;
- "hope you're well! any advil?", «מה שלומך? יש אדוויל?»: the question answered exactly as if sent alone;
- «יש מיגרנול?», "any feverol?": an unknown word asked for in stock is a name looked up ("I couldn't find…"),
  while «יש לי כאב ראש» and "any fever?" keep the referral;
- "which has more in t.a.?", «ממה יש יותר בt.a?» after two products: both counted at that branch.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

ADVICE_REFUSAL = ("can't give medical advice", "can't recommend", "אין באפשרותי לתת ייעוץ", "אין באפשרותי להמליץ")
SIGN_IN = ("email or phone", "המייל או מספר הטלפון")
NOT_FOUND = ("couldn't find a medication named", "לא מצאתי תרופה בשם")


# --- 1. one's own routine medication, named by what it treats -------------------------------------------------
OWN_SIGNED_IN = {
    "en": [
        "my regular cholesterol pills please",
        "could i have my regular cholesterol meds",
        "need my usual cholesterol tablets",
        "i'd like my monthly cholesterol pills",
        "the regular cholesterol meds again please",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(OWN_SIGNED_IN))
def test_own_medication_by_purpose_lists_the_prescriptions(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language, patient_id="u006").say(message)
    assert "get_user_prescriptions" in turn.tools, why(turn)
    assert not says_any(turn, ADVICE_REFUSAL), why(turn)
    assert says_any(turn, ("Litorva", "ליטורבה")) and says_any(turn, ("Simovil", "סימוביל")), why(turn)
    written_in(turn, language)


OWN_SIGNED_OUT = {
    "en": [
        "i need more of my diabetes pills",
        "could i get some more of my thyroid meds",
        "want my regular thyroid tablets again",
        "need my cholesterol meds as usual",
        "my usual diabetes medication please",
    ],
    "he": [
        "אני צריכה עוד מהכדורים שלי לסוכרת",
        "הכדורים שלי לבלוטת התריס נגמרו",
        "התרופה שלי לכולסטרול כמו תמיד בבקשה",
        "אני רוצה את הכדורים הקבועים שלי לסוכרת",
        "צריך עוד מהתרופה שלי לבלוטת התריס",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(OWN_SIGNED_OUT))
def test_own_medication_by_purpose_asks_to_sign_in(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert says_any(turn, SIGN_IN), why(turn)
    assert not says_any(turn, ADVICE_REFUSAL), why(turn)
    written_in(turn, language)


# --- 2. a pleasantry before or after a question -----------------------------------------------------------------
PLEASANTRY = {
    "en": [
        ("hope all is good! ", "any advil?", ""),
        ("hope everything is ok, ", "got advil?", ""),
        ("hope you are ok. ", "do you have nurofen?", ""),
        ("how's it going? ", "got acamol?", ""),
        ("hope everything's good. ", "any zyrtec?", ""),
        ("", "do you have nurofen?", " hope you are doing ok"),
        ("hope you're fine, ", "any nurofen?", ""),
    ],
    "he": [
        ("מה שלומך? ", "יש אדוויל?", ""),
        ("מקווה שהכל בסדר, ", "יש לכם זירטק?", ""),
        ("מקווה שאתה בטוב. ", "אדוויל במלאי?", ""),
        ("מה שלומכם היום? ", "יש אדוויל?", ""),
        ("שלום, מה שלומכם? ", "יש אקמול?", ""),
        ("", "יש לכם נורופן?", " מקווה שהכל בסדר"),
        ("מה נשמע? ", "זירטק יש?", ""),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(PLEASANTRY))
def test_a_pleasantry_does_not_change_the_question(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, str]
) -> None:
    before, question, after = case
    alone = chat(language).say(question)
    turn = chat(language).say(before + question + after)
    assert turn.tools == alone.tools, why(turn)
    assert turn.reply == alone.reply, why(turn)


def test_how_are_you_inside_a_question_is_kept(chat: Callable[..., Chat]) -> None:
    turn = chat("en").say("how are you supposed to take advil?")
    assert "inventory_check" not in turn.tools, why(turn)


# --- 3. an unknown word in a stock frame is a name ------------------------------------------------------------
UNKNOWN_IN_STOCK = {
    "en": [
        ("feverol", "any feverol?"),
        ("achinol", "you have achinol?"),
        ("migrainol", "any migrainol?"),
        ("sleepinex", "got sleepinex?"),
        ("sorethrozin", "any sorethrozin?"),
        ("feverex", "still got feverex?"),
    ],
    "he": [
        ("מיגרנול", "יש מיגרנול?"),
        ("כאבינול", "יש כאבינול?"),
        ("סחרחורין", "סחרחורין יש?"),
        ("נזלתין", "יש נזלתין?"),
        ("בלורזין", "יש בלורזין?"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(UNKNOWN_IN_STOCK))
def test_an_unknown_word_asked_in_stock_is_looked_up(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    name, message = case
    turn = chat(language).say(message)
    assert turn.args("get_medication_by_name")["medication_name"] == name, why(turn)
    assert says_any(turn, NOT_FOUND), why(turn)
    assert not says_any(turn, ADVICE_REFUSAL), why(turn)
    written_in(turn, language)


SYMPTOM_IN_FRAME = {
    "en": ["any fever?", "got a headache?", "i have nausea"],
    "he": ["יש לי כאב ראש", "יש חום?", "יש שיעול?"],
}


@pytest.mark.parametrize(("language", "message"), cases(SYMPTOM_IN_FRAME))
def test_a_symptom_in_a_stock_frame_keeps_the_referral(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "get_medication_by_name" not in turn.tools, why(turn)
    assert says_any(turn, ADVICE_REFUSAL), why(turn)


# --- 4. "which has more" at a branch named by its short form ------------------------------------------------------
PAIR = {"en": "do you have zyrtec and claritine?", "he": "יש זירטק וקלריטין?"}
MORE_AT_BRANCH = {
    "en": [
        ("s1", "which has more in t.a.?"),
        ("s1", "which one has more at ta?"),
        ("s1", "which of them has more in the t.a. branch?"),
        ("s1", "which has the most at t.a.?"),
        ("s1", "who has more in ta?"),
    ],
    "he": [
        ("s1", "ממה יש יותר בt.a?"),
        ("s1", "איזה מהם יש יותר ב-ta?"),
        ("s1", "לאיזה מהם יש יותר מלאי בt.a.?"),
        ("s1", "ממה יש יותר ב t.a.?"),
        ("s1", "איזה יש יותר בסניף t.a.?"),
        ("s2", "ממה יש יותר בjlm?"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(MORE_AT_BRANCH))
def test_which_has_more_at_a_short_branch_name(chat: Callable[..., Chat], language: str, case: tuple[str, str]) -> None:
    store, message = case
    session = chat(language)
    session.say(PAIR[language])
    turn = session.say(message)
    checked = turn.stock_checks()
    assert {s for _, s in checked} == {store}, why(turn)
    assert len({m for m, _ in checked}) == 2, why(turn)
    written_in(turn, language)
