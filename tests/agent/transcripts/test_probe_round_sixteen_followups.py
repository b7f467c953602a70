"""Round sixteen: follow-ups that lost the thread, and words typed without spaces, pinned in both languages.

- "השני יש בירושלים?", "the 2nd one in jerusalem?" after two products: that item's stock at that branch;
- "ישלכםמוקסיפן?", "doyouhavemoxypen?": the opening is split off and the name found; "anything similar?"
  then asks for that product's equivalents (Moxypen has none; Augmentin is never offered as one);
- "yes the glucophage" while that refill waits for a yes approves it; a yes naming another product does not;
- "אז את ה10", "so give me the 200" after a product: that strength of it (said not carried, with what is);
- "so where do you have it?" after "no branch in Haifa": the stock at both branches;
- "what about Simovil?", "מה עם ליטורבה?" in an equivalents thread: whether it is an equivalent, no check.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

OUT_OF_SCOPE = {"en": ("I can only help with pharmacy questions",), "he": ("אני יכול לעזור רק בנושאי",)}
NOT_FOUND = {"en": ("couldn't find a medication named",), "he": ("לא מצאתי תרופה בשם",)}
JERUSALEM = {"en": "Jerusalem", "he": "ירושלים"}
TEL_AVIV = {"en": "Tel Aviv", "he": "תל אביב"}

# --- an ordinal with a branch -------------------------------------------------------------------------------

TWO_PRODUCTS = {"en": "do you have zyrtec or claritine at dizengoff?", "he": "יש זירטק או קלרטין בדיזינגוף?"}
SECOND_THERE = {
    "en": ["the 2nd one in jerusalem?", "and the second one at the jerusalem branch?", "the second in jlm?"],
    "he": ["השני יש בירושלים?", "והשני בירושלים?", "ומה עם השנייה בסניף ירושלים?"],
}
CLARITINE = {"en": "Claritine", "he": "קלריטין"}
ZYRTEC = {"en": "Zyrtec", "he": "זירטק"}


@pytest.mark.parametrize(("language", "message"), cases(SECOND_THERE))
def test_the_second_one_at_a_branch(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(TWO_PRODUCTS[language])
    turn = conversation.say(message)
    check = turn.args("inventory_check")
    assert check.get("store_id") == "s2" and check.get("med_id") == "m017", why(turn)
    assert CLARITINE[language] in turn.reply and ZYRTEC[language] not in turn.reply, why(turn)
    assert "30" in turn.reply and not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    written_in(turn, language)


FIRST_THERE = {"en": "and the first one in jerusalem?", "he": "והראשון בירושלים?"}


@pytest.mark.parametrize("language", ["en", "he"])
def test_the_first_one_at_a_branch(chat: Callable[..., Chat], language: str) -> None:
    conversation = chat(language)
    conversation.say(TWO_PRODUCTS[language])
    turn = conversation.say(FIRST_THERE[language])
    check = turn.args("inventory_check")
    assert check.get("store_id") == "s2" and check.get("med_id") == "m006", why(turn)
    assert ZYRTEC[language] in turn.reply and "50" in turn.reply, why(turn)
    written_in(turn, language)


# --- an opening glued to a name -----------------------------------------------------------------------------

GLUED_STOCK = {
    "en": ["doyouhavemoxypen?", "isthere moxypen?", "isthereany moxypen"],
    "he": ["ישלכםמוקסיפן?", "וישלכםמוקסיפן?", "ישמוקסיפן?", "האםישמוקסיפן?"],
}
MOXYPEN = {"en": "Moxypen", "he": "מוקסיפן"}
OUT_OF_STOCK = {"en": ("out of stock",), "he": ("אזל",)}


@pytest.mark.parametrize(("language", "message"), cases(GLUED_STOCK))
def test_an_opening_glued_to_the_name(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "inventory_check" in turn.tools, why(turn)
    assert MOXYPEN[language] in turn.reply and says_any(turn, OUT_OF_STOCK[language]), why(turn)
    assert not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


GLUED_INFO = {"en": "whatis acamol", "he": "מהזהאקמול"}
PARACETAMOL = {"en": "Paracetamol", "he": "פרצטמול"}


@pytest.mark.parametrize("language", ["en", "he"])
def test_what_is_glued_to_the_name(chat: Callable[..., Chat], language: str) -> None:
    turn = chat(language).say(GLUED_INFO[language])
    assert PARACETAMOL[language] in turn.reply and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


NOT_GLUED = {"en": "isthereanything", "he": "ישראל"}


@pytest.mark.parametrize("language", ["en", "he"])
def test_an_ordinary_word_is_not_split(chat: Callable[..., Chat], language: str) -> None:
    turn = chat(language).say(NOT_GLUED[language])
    assert "inventory_check" not in turn.tools, why(turn)


SIMILAR = {"en": "anything similar?", "he": "ויש משהו דומה?"}
NO_EQUIVALENT = {"en": ("no identical equivalent",), "he": ("לא מצאתי תחליף זהה",)}
AUGMENTIN = {"en": "Augmentin", "he": "אוגמנטין"}


@pytest.mark.parametrize("language", ["en", "he"])
def test_anything_similar_after_a_glued_name(chat: Callable[..., Chat], language: str) -> None:
    conversation = chat(language)
    conversation.say(GLUED_STOCK[language][0])
    turn = conversation.say(SIMILAR[language])
    assert "find_equivalents" in turn.tools or says_any(turn, NO_EQUIVALENT[language]), why(turn)
    assert MOXYPEN[language] in turn.reply and says_any(turn, NO_EQUIVALENT[language]), why(turn)
    assert AUGMENTIN[language] not in turn.reply, why(turn)
    written_in(turn, language)


# --- a yes that names the product waiting -------------------------------------------------------------------

REFILL = {"en": "i want to refill my prescription", "he": "אני רוצה לחדש מרשם"}
YES_NAMING = {
    "en": ["yes the glucophage", "yes, glucophage please", "sure, the glucophage"],
    "he": ["כן את הגלוקופאז", "כן, הגלוקופאז' בבקשה", "כן גלוקופאז"],
}
DONE = {"en": ("has been requested",), "he": ("התקבלה",)}


@pytest.mark.parametrize(("language", "message"), cases(YES_NAMING))
def test_a_yes_naming_the_pending_refill_approves_it(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u007", identity_mode="demo")
    asked = conversation.say(REFILL[language])
    assert asked.confirmation is not None, why(asked)
    turn = conversation.say(message)
    assert "request_refill" in turn.tools and says_any(turn, DONE[language]), why(turn)
    assert conversation.loop.pending_confirmation(conversation.id) is None
    written_in(turn, language)


YES_OTHER = {"en": ["yes the nurofen", "yes, zyrtec"], "he": ["כן, הנורופן", "כן את הזירטק"]}
WAITING = {"en": ("waiting for your confirmation",), "he": ("ממתינה לאישור",)}


@pytest.mark.parametrize(("language", "message"), cases(YES_OTHER))
def test_a_yes_naming_another_product_approves_nothing(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u007", identity_mode="demo")
    conversation.say(REFILL[language])
    turn = conversation.say(message)
    assert "request_refill" not in turn.tools, why(turn)
    assert says_any(turn, WAITING[language]) and "?" in turn.reply, why(turn)
    assert conversation.loop.pending_confirmation(conversation.id) is not None
    written_in(turn, language)


# --- choosing a strength --------------------------------------------------------------------------------------

LIPITOR_STRENGTH = {"en": "what strength is lipitor?", "he": 'כמה מ"ג יש בליפיטור?'}
THE_TEN = {"en": ["ok the 10mg one", "the 10 then"], "he": ["אז את ה10", "אז תביא את ה-10", "אז ב10"]}
NOT_CARRIED = {"en": ("We carry Lipitor as 20 mg, not 10 mg",), "he": ('ליפיטור נמכר אצלנו בחוזק 20 מ"ג, לא 10',)}


@pytest.mark.parametrize(("language", "message"), cases(THE_TEN))
def test_a_strength_not_carried(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(LIPITOR_STRENGTH[language])
    turn = conversation.say(message)
    assert says_any(turn, NOT_CARRIED[language]), why(turn)
    assert not says_any(turn, NOT_FOUND[language]) and not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    written_in(turn, language)


FORTE = {"en": "nurofen forte", "he": "נורופן פורטה"}
THE_200 = {"en": ["so give me the 200", "bring the 200 then"], "he": ["אז תביא 200", "אז תביא לי את ה-200"]}
NUROFEN_200 = {"en": "Nurofen (Ibuprofen) 200 mg", "he": 'נורופן (איבופרופן) 200 מ"ג'}


@pytest.mark.parametrize(("language", "message"), cases(THE_200))
def test_another_strength_after_a_bare_name(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(FORTE[language])
    turn = conversation.say(message)
    assert NUROFEN_200[language] in turn.reply and "85" in turn.reply, why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    written_in(turn, language)


# --- "so where do you have it?" after a city with no branch ----------------------------------------------------

HAIFA = {"en": "do you have acamol in haifa?", "he": "יש אקמול בחיפה?"}
WHERE = {
    "en": ["so where do you have it?", "where then?", "where is it in stock?"],
    "he": ["אז איפה יש?", "איפה כן יש?", "אז באיזה סניף יש?"],
}


@pytest.mark.parametrize(("language", "message"), cases(WHERE))
def test_where_after_no_branch(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(HAIFA[language])
    turn = conversation.say(message)
    stores = {call["arguments"].get("store_id") for call in turn.calls if call["name"] == "inventory_check"}
    assert stores == {"s1", "s2"}, why(turn)
    assert "150" in turn.reply and "120" in turn.reply, why(turn)
    assert JERUSALEM[language] in turn.reply and TEL_AVIV[language] in turn.reply, why(turn)
    written_in(turn, language)


# --- "what about X?" in an equivalents thread ------------------------------------------------------------------

SUBSTITUTE = {"en": "any substitute for lipitor?", "he": "יש תחליף לליפיטור?"}
SAME = {
    "en": ["what about litorva?", "and litorva?", "how about litorva?"],
    "he": ["מה עם ליטורבה?", "ומה לגבי ליטורבה?", "וליטורבה?"],
}
IDENTICAL = {"en": ("are identical equivalents",), "he": ("תחליפים זהים",)}
DIFFERENT_CANDIDATE = {
    "en": ["what about simovil?", "how about simovil?"],
    "he": ["מה עם סימוביל?", "ומה לגבי סימוביל?"],
}
NOT_EQUIVALENT = {"en": ("not equivalents",), "he": ("ולא תחליפים",)}
INTERACTION = {"en": ("Interaction note", "No interactions between"), "he": ("הערת אינטראקציה", "לא רשומה אינטראקציה")}


@pytest.mark.parametrize(("language", "message"), cases(SAME))
def test_an_identical_candidate(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(SUBSTITUTE[language])
    turn = conversation.say(message)
    assert says_any(turn, IDENTICAL[language]), why(turn)
    assert "interaction_check" not in turn.tools and not says_any(turn, INTERACTION[language]), why(turn)
    written_in(turn, language)


@pytest.mark.parametrize(("language", "message"), cases(DIFFERENT_CANDIDATE))
def test_a_different_candidate(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(SUBSTITUTE[language])
    turn = conversation.say(message)
    assert says_any(turn, NOT_EQUIVALENT[language]), why(turn)
    assert "interaction_check" not in turn.tools and not says_any(turn, INTERACTION[language]), why(turn)
    written_in(turn, language)


TOGETHER = {"en": "can I take litorva together with it?", "he": "אפשר לקחת ליטורבה ביחד איתו?"}


@pytest.mark.parametrize("language", ["en", "he"])
def test_taking_them_together_is_still_an_interaction(chat: Callable[..., Chat], language: str) -> None:
    conversation = chat(language)
    conversation.say(SUBSTITUTE[language])
    turn = conversation.say(TOGETHER[language])
    assert not says_any(turn, IDENTICAL[language]) or "interaction_check" in turn.tools, why(turn)
