"""Probe round eleven, catalog and store follow-ups: the thread is kept, the question is read as asked.

- "is there something the same I can get today?" after "shall I check for an equivalent?" accepts the offer
  (the identical equivalent in stock), and "how many of those do you have?" is that equivalent's stock, never
  the out-of-stock message again nor the label's dosage;
- "and the Jerusalem one?" after the opening hours says they are not on file for that branch either, and
  "where exactly is it?" gives the branch's street, never a refusal nor "couldn't find a medication 'where'";
- "what's the difference between them?" after two products asked about one at a time compares those two;
- "what's the other one called again?" names the other product of the thread (the equivalent listed);
- "how much is too much of that?" / "כמה מקסימום ביום" gives the label's maximum of the product talked about
  (for a child only the referral);
- "Ventolin" (not carried): no suggestion of an unrelated product, and "it's an inhaler for asthma" stays on it;
- a misspelt facet word ("prescripton") still asks that one fact.

Guards that already passed before these fixes (kept because the fixes touch what they check): a close
misspelling still gets "did you mean …?", and a child's maximum is never read off the label.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

NOT_FOUND = {"en": ("couldn't find a medication named",), "he": ("לא מצאתי תרופה בשם",)}
OUT_OF_SCOPE = {"en": ("I can only help with pharmacy questions",), "he": ("אני יכול לעזור רק בנושאי",)}


def _stock_ids(turn: object) -> list[str]:
    return [str(call["arguments"].get("med_id")) for call in turn.calls if call["name"] == "inventory_check"]  # type: ignore[attr-defined]


# --- an equivalent asked for in the customer's own words, then its stock --------------------------------------

ADVIL_OUT = {"en": "hi do u have advil in dizengoff", "he": "יש לכם אדוויל בדיזנגוף?"}
SOMETHING_THE_SAME = {
    "en": ["is there something the same i can get today", "anything similar i can get now?", "got something the same?"],
    "he": ["יש משהו דומה שאפשר לקנות היום?", "יש משהו זהה?", "יש תחליף שאפשר לקחת היום?"],
}
HOW_MANY_OF_THOSE = {"en": "ok how many of those do u have", "he": "כמה יש מהם?"}
NUROFEN = {"en": "Nurofen", "he": "נורופן"}
DOSAGE = {"en": "Dosage (from the label)", "he": "מינון (לפי העלון)"}


@pytest.mark.parametrize(("language", "message"), cases(SOMETHING_THE_SAME))
def test_something_the_same_accepts_the_equivalent_offer(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(ADVIL_OUT[language])
    turn = conversation.say(message)
    assert "inventory_find_equivalent" in turn.tools, why(turn)
    assert NUROFEN[language] in turn.reply and "85" in turn.reply, why(turn)
    written_in(turn, language)
    count = conversation.say(HOW_MANY_OF_THOSE[language])
    assert _stock_ids(count) == ["m002"] and "85" in count.reply, why(count)
    assert DOSAGE[language] not in count.reply, why(count)


@pytest.mark.parametrize("message", ["how many do you have", "how many of them do you have?", "how many do u got"])
def test_how_many_after_the_equivalent_is_its_stock_not_a_dose(chat: Callable[..., Chat], message: str) -> None:
    conversation = chat("en")
    conversation.say(ADVIL_OUT["en"])
    conversation.say("yes please")
    turn = conversation.say(message)
    assert _stock_ids(turn) == ["m002"], why(turn)
    assert DOSAGE["en"] not in turn.reply, why(turn)


# --- a branch after the opening hours -------------------------------------------------------------------------

HOURS_FIRST = {"en": "what time r u open on friday", "he": "מתי אתם פתוחים בשישי"}
THE_OTHER_BRANCH = {
    "en": ["and the jerusalem one", "what about the jerusalem branch?", "and jerusalem?"],
    "he": ["והסניף בירושלים?", "ומה עם הסניף בירושלים?", "ובירושלים?"],
}
JERUSALEM = {"en": "Jerusalem", "he": "ירושלים"}
WHERE_IS_IT = {
    "en": ["where exactly is it", "what's the address?", "where is it located"],
    "he": ["איפה הוא בדיוק", "מה הכתובת?", "איפה זה נמצא?"],
}
JAFFA = {"en": "Jaffa Street", "he": "רחוב יפו"}


@pytest.mark.parametrize(("language", "message"), cases(THE_OTHER_BRANCH))
def test_another_branch_after_the_hours_is_the_same_question(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(HOURS_FIRST[language])
    turn = conversation.say(message)
    assert JERUSALEM[language] in turn.reply, why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    assert turn.tools == [], why(turn)
    written_in(turn, language)


@pytest.mark.parametrize(("language", "message"), cases(WHERE_IS_IT))
def test_where_is_it_after_a_branch_is_its_street(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(HOURS_FIRST[language])
    conversation.say(THE_OTHER_BRANCH[language][0])
    turn = conversation.say(message)
    assert JAFFA[language] in turn.reply, why(turn)
    assert not says_any(turn, NOT_FOUND[language]) and not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    assert "get_medication_by_name" not in turn.tools, why(turn)
    written_in(turn, language)


# --- the difference between the two products asked about ---------------------------------------------------

TWO_PRODUCTS = {
    "en": ("how much is nurofen", "and nurofen forte"),
    "he": ("כמה עולה נורופן", "ונורופן פורטה"),
}
DIFFERENCE = {
    "en": ["whats the difference between them", "what's the difference?", "how are the two different?"],
    "he": ["מה ההבדל ביניהם", "מה ההבדל?", "במה הם שונים?"],
}
STRENGTHS = {"en": ("different strengths",), "he": ("בחוזק שונה",)}


@pytest.mark.parametrize(("language", "message"), cases(DIFFERENCE))
def test_the_difference_between_them_compares_the_two_named(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    for first in TWO_PRODUCTS[language]:
        conversation.say(first)
    turn = conversation.say(message)
    assert says_any(turn, STRENGTHS[language]), why(turn)
    assert not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


def test_the_difference_between_two_identical_products_says_identical(chat: Callable[..., Chat]) -> None:
    conversation = chat("he")
    conversation.say("כמה עולה אקמול")
    conversation.say("וטיילנול")
    turn = conversation.say("מה ההבדל ביניהם")
    assert says_any(turn, ("תחליפים זהים",)) and "טיילנול" in turn.reply and "אקמול" in turn.reply, why(turn)


# --- the other one of the thread ----------------------------------------------------------------------------

LIPITOR_THREAD = {
    "en": ("whats the generic for lipitor", "do u have lipitor at dizengoff"),
    "he": ("מה הגנרי של ליפיטור", "יש ליפיטור בדיזנגוף?"),
}
OTHER_ONE = {
    "en": ["whats the other one called again", "what was the other one's name?", "sorry, the other one is called?"],
    "he": ["איך קוראים לשנייה?", "מה השם של התרופה האחרת?", "איך קראו לאחרת?"],
}
LITORVA = {"en": "Litorva", "he": "ליטורבה"}


@pytest.mark.parametrize(("language", "message"), cases(OTHER_ONE))
def test_the_other_one_is_named(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    for first in LIPITOR_THREAD[language]:
        conversation.say(first)
    turn = conversation.say(message)
    assert LITORVA[language] in turn.reply, why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


# --- the label's maximum of the product talked about --------------------------------------------------------

MAXIMUM = {
    "en": ["how much is too much of that", "how much is too much", "whats the upper limit per day"],
    "he": ["כמה מקסימום ביום", "מה המקסימום ליום?", "מה הכי הרבה שאפשר ביום?"],
}
PRODUCT_FIRST = {"en": "tell me about nurofen", "he": "ספר לי על נורופן"}
IBUPROFEN_MAX = "1,200"


@pytest.mark.parametrize(("language", "message"), cases(MAXIMUM))
def test_the_maximum_is_the_labels(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(PRODUCT_FIRST[language])
    turn = conversation.say(message)
    assert IBUPROFEN_MAX in turn.reply, why(turn)
    assert not says_any(turn, NOT_FOUND[language]), why(turn)
    assert not says_any(turn, {"en": ("prices on file",), "he": ("מידע על מחירים",)}[language]), why(turn)
    written_in(turn, language)


def test_too_much_of_that_after_an_interaction_is_the_last_products_label(chat: Callable[..., Chat]) -> None:
    conversation = chat("en")
    conversation.say("my dad takes coumadin can he take advil for his back")
    conversation.say("what about acamol then")
    turn = conversation.say("how much is too much of that")
    assert "4,000" in turn.reply, why(turn)
    assert not says_any(turn, ("prices on file",)), why(turn)


CHILD_MAXIMUM = {
    "en": ["whats the max for my 6 year old", "how much is too much for a kid?"],
    "he": ["כמה מקסימום לילד בן 6?", "מה המקסימום לילדה בת 5?"],
}


@pytest.mark.parametrize(("language", "message"), cases(CHILD_MAXIMUM))
def test_a_childs_maximum_is_never_read_off_the_label(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(PRODUCT_FIRST[language])
    turn = conversation.say(message)
    assert IBUPROFEN_MAX not in turn.reply and DOSAGE[language] not in turn.reply, why(turn)
    written_in(turn, language)


# --- a product the catalog does not carry -------------------------------------------------------------------

VENTOLIN = {"en": "do u have ventolin", "he": "יש לכם ונטולין"}
DESCRIBED = {
    "en": ["its an inhaler for asthma", "it's an inhaler", "the asthma spray"],
    "he": ["זה משאף לאסטמה", "זה ספריי לאסטמה", "זה משאף"],
}
UNRELATED = ("Eltroxin", "אוגמנטין", "אופטלגין", "סרטרלין", "אלטרוקסין")


@pytest.mark.parametrize("language", ["en", "he"])
def test_an_unknown_product_gets_no_unrelated_suggestion(chat: Callable[..., Chat], language: str) -> None:
    turn = chat(language).say(VENTOLIN[language])
    assert says_any(turn, NOT_FOUND[language]), why(turn)
    assert not says_any(turn, UNRELATED), why(turn)


@pytest.mark.parametrize(("language", "message"), cases(DESCRIBED))
def test_describing_an_unknown_product_stays_on_it(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(VENTOLIN[language])
    turn = conversation.say(message)
    assert {"en": "ventolin", "he": "ונטולין"}[language] in turn.reply, why(turn)
    assert says_any(turn, {"en": ("pharmacist",), "he": ("רוקח",)}[language]), why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


@pytest.mark.parametrize(("language", "message"), [("en", "plaxivv"), ("en", "zirtek?"), ("he", "פלצבוקס")])
def test_a_close_misspelling_still_gets_did_you_mean(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert says_any(turn, {"en": ("did you mean",), "he": ("התכוונת",)}[language]), why(turn)


# --- a misspelt facet word ----------------------------------------------------------------------------------

TYPO_FACET = {
    "en": [("does that need a prescripton", "OTC"), ("does it need a perscription?", "OTC"),
           ("whats the dosge", "1,200"), ("any warnigns?", "Warnings"),
           ("any side efects?", "Warnings")],
    "he": [("זה דורש מירשם?", "ללא מרשם"), ("זה במירשם?", "ללא מרשם"), ("מה הרכבים?", "איבופרופן"),
           ("יש אזהרוות?", "אזהרות")],
}  # fmt: skip


@pytest.mark.parametrize(("language", "case"), cases(TYPO_FACET))
def test_a_misspelt_facet_asks_that_fact(chat: Callable[..., Chat], language: str, case: tuple[str, str]) -> None:
    message, expected = case
    conversation = chat(language)
    conversation.say(PRODUCT_FIRST[language])
    turn = conversation.say(message)
    assert expected in turn.reply, why(turn)
    assert not says_any(turn, NOT_FOUND[language]), why(turn)
    if expected in ("OTC", "ללא מרשם"):
        assert DOSAGE[language] not in turn.reply, why(turn)  # the one fact asked, not the whole label
