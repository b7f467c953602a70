"""Round twenty-five: a brand's variant word, "my X" on file, an identical product asked for, ingredient names.

- «ובפורטה זה אותו חומר?» / "and the forte, same stuff?" after Advil's equivalents (or a comparison of two
  products): Nurofen Forte, the same ingredient in another strength (400 mg against 200 mg), never "I couldn't
  find a medication named 'והפורטה'";
- "and what about my lipitor?" / «ומה עם הליפיטור שלי?» (signed in, Lipitor on file, expired) after a stock
  or refill question about other products: the prescription's status (expired, a new one from the doctor),
  never the label or the stock;
- "advil's out at dizengoff, anything identical?" / «נגמר האדוויל בדיזנגוף, יש משהו זהה?»: the identical
  equivalents in the same reply, never "shall I check for an identical equivalent?";
- "is acetaminophen the same as acamol? I only know tylenol": yes, the active ingredient of the brands is
  paracetamol, also called acetaminophen, in one grammatical sentence.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

# --- 1. a variant word with prefixes, after a thread of other products ------------------------------------------
EQUIVALENTS_FIRST = {
    "en": "advil ran out, is there anything exactly like it?",
    "he": "האדוויל אזל לכם, יש משהו שהוא בדיוק אותו דבר?",
}
VARIANT_AFTER_EQUIVALENTS = {
    "en": [
        "and the forte, is that one the same too?",
        "what about the forte version, identical as well?",
        "the forte is also the same thing?",
        "ok and the forte one? same?",
        "how about forte, same stuff?",
    ],
    "he": [
        "והפורטה זה אותו דבר גם?",
        "ובפורטה זה אותו חומר?",
        "ומה עם הפורטה, גם זהה?",
        "אוקיי והפורטה? אותו דבר?",
        "גם הפורטה זהה?",
    ],
}
FORTE = {"en": "Nurofen Forte", "he": "נורופן פורטה"}
NOT_IDENTICAL = {"en": ["different strength", "not identical"], "he": ["בחוזק שונה", "אין מדובר בתחליפים זהים"]}
NOT_FOUND = {"en": "couldn't find", "he": "לא מצאתי"}


@pytest.mark.parametrize(("language", "message"), cases(VARIANT_AFTER_EQUIVALENTS))
def test_a_variant_word_after_the_equivalents_names_the_forte(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(EQUIVALENTS_FIRST[language])
    turn = conversation.say(message)
    written_in(turn, language)
    assert NOT_FOUND[language] not in turn.reply, why(turn)
    assert FORTE[language] in turn.reply, why(turn)
    assert says_any(turn, NOT_IDENTICAL[language]), why(turn)
    assert "400" in turn.reply and "200" in turn.reply, why(turn)


# --- 2. "my X" on file, after other products ---------------------------------------------------------------------
OTHER_FIRST = {
    "en": [
        "do you have zyrtec in jerusalem?",
        "is claritine in stock at dizengoff?",
        "is there nurofen in jerusalem?",
        "any acamol at the jaffa street branch?",
        "any litorva at dizengoff?",
    ],
    "he": [
        "יש זירטק בירושלים?",
        "יש קלריטין בדיזנגוף?",
        "יש נורופן בירושלים?",
        "יש אקמול בסניף ברחוב יפו?",
        "יש ליטורבה בדיזנגוף?",
    ],
}
MY_LIPITOR = {
    "en": ["and my lipitor?", "ok what about my lipitor", "and my lipitor", "what about my lipitor?", "so my lipitor?"],
    "he": [
        "והליפיטור שלי?",
        "אוקיי ומה לגבי הליפיטור שלי",
        "ומה עם הליפיטור שלי",
        "מה עם הליפיטור שלי?",
        "טוב והליפיטור שלי?",
    ],
}
EXPIRED = {"en": ["expired", "doctor"], "he": ["פג", "רופא"]}
LABEL = {"en": "Dosage", "he": "מינון"}


def _pairs(language: str) -> list[tuple[str, str]]:
    return list(zip(OTHER_FIRST[language], MY_LIPITOR[language], strict=True))


@pytest.mark.parametrize(("language", "case"), [(lang, case) for lang in ("en", "he") for case in _pairs(lang)])
def test_my_product_on_file_answers_its_prescription(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    first, mine = case
    conversation = chat(language, patient_id="u002")
    conversation.say(first)
    turn = conversation.say(mine)
    written_in(turn, language)
    assert "get_user_prescriptions" in turn.tools or "prescription_verify" in turn.tools, why(turn)
    assert all(word in turn.reply for word in EXPIRED[language]), why(turn)
    assert LABEL[language] not in turn.reply, why(turn)
    assert "inventory_check" not in turn.tools, why(turn)


# --- 3. a stock question that asks for an identical product -------------------------------------------------------
ASKS_IDENTICAL = {
    "en": [
        ("m011", "no lipitor at dizengoff right now, got anything identical?"),
        ("m011", "lipitor is out in tel aviv - is there something identical?"),
        ("m001", "advil's out at dizengoff, anything identical?"),
        ("m001", "is advil in stock at dizengoff? if not anything identical?"),
        ("m011", "lipitor out of stock at dizengoff? any identical one?"),
    ],
    "he": [
        ("m001", "נגמר האדוויל בתל אביב, יש משהו זהה ממנו?"),
        ("m011", "אין לכם ליפיטור בתל אביב, יש משהו זהה?"),
        ("m011", "הליפיטור לא במלאי בדיזנגוף, יש אולי אחד זהה?"),
        ("m001", "האדוויל חסר בתל אביב, אולי משהו זהה?"),
        ("m011", "ליפיטור אזל בדיזנגוף. יש אחד זהה מחברה אחרת?"),
    ],
}
EQUIVALENT_OF = {"m011": {"en": "Litorva", "he": "ליטורבה"}, "m001": {"en": "Nurofen", "he": "נורופן"}}
OFFER = {"en": "Would you like me to check", "he": "לבדוק אם יש במלאי תחליף"}


@pytest.mark.parametrize(("language", "case"), cases(ASKS_IDENTICAL))
def test_an_identical_product_asked_for_is_answered(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    med_id, message = case
    turn = chat(language).say(message)
    written_in(turn, language)
    assert "inventory_find_equivalent" in turn.tools, why(turn)
    assert EQUIVALENT_OF[med_id][language] in turn.reply, why(turn)
    assert OFFER[language] not in turn.reply, why(turn)


# --- 4. an ingredient's other name beside its brands --------------------------------------------------------------
SYNONYMS = {
    "en": [
        ("acetaminophen", "is acetaminophen the same as acamol? back home i only buy tylenol"),
        ("acetaminophen", "acamol and tylenol, are they both acetaminophen?"),
        ("acetaminophen", "is tylenol here the same acetaminophen as acamol?"),
        ("acetaminophen", "we call it acetaminophen in the states, is acamol like tylenol then?"),
        ("acetaminophen", "so acetaminophen is acamol, and tylenol too?"),
    ],
    "he": [
        ("אצטמינופן", "אצטמינופן זה אותו דבר כמו אקמול? אני מכיר רק טיילנול"),
        ("אצטמינופן", "אקמול וטיילנול, שניהם אצטמינופן?"),
        ("אצטמינופן", "טיילנול זה אותו אצטמינופן כמו אקמול?"),
        ("אצטמינופן", "באמריקה קוראים לזה אצטמינופן, אז אקמול זה כמו טיילנול?"),
        ("אצטמינופן", "אקמול ואצטמינופן וטיילנול זה הכל אותו דבר?"),
    ],
}
YES = {"en": "Yes", "he": "כן"}
INGREDIENT = {
    "acetaminophen": {"en": "Paracetamol", "he": "פרצטמול"},
    "אצטמינופן": {"en": "Paracetamol", "he": "פרצטמול"},
}


@pytest.mark.parametrize(("language", "case"), cases(SYNONYMS))
def test_an_ingredients_other_name_is_said_plainly(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    alias, message = case
    turn = chat(language).say(message)
    written_in(turn, language)
    assert turn.reply.startswith(YES[language]), why(turn)
    assert INGREDIENT[alias][language] in turn.reply, why(turn)
    assert alias.casefold() in turn.reply.casefold(), why(turn)
    assert "is a brand of it" not in turn.reply and "ואצטמינופן" not in turn.reply, why(turn)


def test_the_generic_line_with_two_brands_is_one_grammatical_sentence(chat: Callable[..., Chat]) -> None:
    turn = chat("en").say("is paracetamol the same thing as acamol and tylenol?")
    assert "is a brand of it" not in turn.reply, why(turn)
    assert "Paracetamol" in turn.reply, why(turn)
