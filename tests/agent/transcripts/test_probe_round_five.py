"""Issue #14: what a fifth round of fresh customer phrasings found, pinned in both languages.

- "my back is killing me" is how people say something hurts: not emotional distress (and with two
  medications named, the interaction warning names both);
- a red flag that names two medications still states their interaction by name, after the urgent text;
- "and Tylenol?" after a question about the Jerusalem branch is about the Jerusalem branch;
- "how many refills are left? if any, order one" ends with the one refill question (no stock line, no
  label text after it).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in

URGENT_NUMBERS = ("101", "1201", "04-777-1900")
AVOID = {"en": ("cannot be taken together",), "he": ("לא ניתן ליטול",)}


def _first_paragraph(turn: Turn) -> str:
    return turn.reply.strip().split("\n\n")[0]


# --- a pain idiom is not a crisis -----------------------------------------------------------------------

PAIN_IDIOMS = {
    "en": [
        ("my knees are killing me. im on warfarin, can i take nurofen?", ("warfarin", "nurofen")),
        ("this headache is killing me, is acamol ok with my coumadin", ("acamol", "coumadin")),
        ("i'm on coumadin and my back is killing me, thinking of grabbing some advil, ok?", ("coumadin", "advil")),
    ],
    "he": [
        ("אני לוקח קומדין והגב הורג אותי, אפשר לקחת אדוויל?", ("קומדין", "אדוויל")),
        ("הברכיים הורגות אותי, אני על קומדין, מותר נורופן?", ("קומדין", "נורופן")),
        ("הראש הורג אותי, אפשר אקמול עם הקומדין שלי?", ("אקמול", "קומדין")),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(PAIN_IDIOMS))
def test_a_pain_idiom_gets_the_interaction_answer_not_a_crisis_line(
    chat: Callable[..., Chat], language: str, case: tuple[str, tuple[str, str]]
) -> None:
    message, names = case
    turn = chat(language).say(message)
    assert "interaction_check" in turn.tools, why(turn)
    assert not any(number in turn.reply for number in URGENT_NUMBERS), why(turn)
    if turn.result("interaction_check").get("interaction_level") == "avoid":
        assert says_any(turn, AVOID[language]), why(turn)
    assert all(name.casefold() in turn.reply.casefold() for name in names), why(turn)
    written_in(turn, language)


# --- a red flag with two medications named -------------------------------------------------------------

RED_FLAG_WITH_PAIR = {
    "en": [
        ("I took coumadin and advil and now I'm vomiting blood", ("coumadin", "advil")),
        ("my dad is on zoloft, took tramadex and now he's having a seizure", ("zoloft", "tramadex")),
    ],
    "he": [
        ("לקחתי קומדין ואדוויל ועכשיו אני מקיא דם", ("קומדין", "אדוויל")),
        ("אבא שלי על זולופט, לקח טרמדקס ועכשיו יש לו פרכוסים", ("זולופט", "טרמדקס")),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(RED_FLAG_WITH_PAIR))
def test_a_red_flag_naming_two_medications_states_their_interaction_after_the_urgent_text(
    chat: Callable[..., Chat], language: str, case: tuple[str, tuple[str, str]]
) -> None:
    message, names = case
    turn = chat(language).say(message)
    assert any(number in _first_paragraph(turn) for number in URGENT_NUMBERS), why(turn)
    assert "interaction_check" in turn.tools, why(turn)
    assert says_any(turn, AVOID[language]), why(turn)
    later = turn.reply.split("\n\n", 1)[1]
    assert all(name in later for name in names), why(turn)
    written_in(turn, language)


# --- a bare follow-up keeps the store ------------------------------------------------------------------

STORE_THEN_NAME = {
    "en": [
        ("the jerusalem store, do they have claritine", "and tylenol?", "m005"),
        ("is zyrtec in stock at jaffa street?", "what about acamol", "m004"),
        ("do you have nurofen in jerusalem", "and advil?", "m001"),
    ],
    "he": [
        ("בסניף ירושלים יש קלריטין?", "וטיילנול?", "m005"),
        ("יש זירטק ברחוב יפו?", "ומה עם אקמול?", "m004"),
        ("יש לכם נורופן בירושלים", "ואדוויל?", "m001"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(STORE_THEN_NAME))
def test_a_bare_name_after_a_store_question_is_checked_at_that_store(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, str]
) -> None:
    first, follow_up, med_id = case
    conversation = chat(language)
    opening = conversation.say(first)
    assert opening.args("inventory_check")["store_id"] == "s2", why(opening)
    turn = conversation.say(follow_up)
    checked = turn.args("inventory_check")
    assert checked["med_id"] == med_id and checked["store_id"] == "s2", why(turn)
    assert says_any(turn, ("Jerusalem",) if language == "en" else ("ירושלים",)), why(turn)
    written_in(turn, language)


def test_a_full_new_question_names_no_store_and_gets_the_sessions_store(chat: Callable[..., Chat]) -> None:
    conversation = chat("en")
    conversation.say("the jerusalem store, do they have claritine")
    turn = conversation.say("ok. separately - do you have acamol?")
    assert turn.args("inventory_check")["store_id"] in (None, "s1"), why(turn)


# --- refill count, then "order one": one question, last ------------------------------------------------

COUNT_THEN_ORDER = {
    "en": [
        "how many refills do i have on glucophage? if theres any left go ahead and order one",
        "any refills left on my glucophage? if so put one in",
        "glucophage - how many refills remain, and if there are some please request one",
    ],
    "he": [
        "כמה חידושים נשארו לי על גלוקופאז'? אם נשאר תזמין אחד",
        "נשארו חידושים לגלוקופאז'? אם כן תגיש בקשה",
        "גלוקופאז' - כמה חידושים יש לי, ואם יש אז תחדש לי",
    ],
}
QUESTION_END = {"en": "(yes / no)", "he": "(כן / לא)"}


@pytest.mark.parametrize(("language", "message"), cases(COUNT_THEN_ORDER))
def test_refills_left_then_order_ends_with_the_one_refill_question(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language, patient_id="u002").say(message)
    assert turn.confirmation is not None, why(turn)
    assert turn.reply.rstrip().endswith(QUESTION_END[language]), why(turn)
    assert turn.reply.count(QUESTION_END[language]) == 1, why(turn)
    # The refill checks the stock itself; "any left" counts refills, so no stock line rides along.
    assert not says_any(turn, ("units available", "יחידות")), why(turn)
    written_in(turn, language)
