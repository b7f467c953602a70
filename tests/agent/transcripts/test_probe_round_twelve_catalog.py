"""Probe round twelve, the catalog thread and misread questions, pinned in both languages.

- "how many?" / "כמה בדיוק?" right after a stock answer, "how many in Jerusalem?" after any answer about a
  product: the units at the branch, never the label's dosage nor "I can only help with pharmacy questions";
- "what time does the Jerusalem branch close?": opening hours are not on file, said so (never off-topic);
- "you gave me Litorva instead of Lipitor", "switch me to Litorva, same thing right?", "תביאו לי אוגמנטין
  במקום", "אני אקח אקמול, זה אותו דבר?": whether the two products are the same (label facts), never "no
  identical equivalent of …" (the wrong way round) nor an internal id such as "m012";
- "can I take 2 regular Nurofen instead?" after Forte: the label arithmetic (2 × 200 mg = 400 mg);
- "what's the difference with Acamol?" after Tylenol: the comparison ("with" is no "taken together");
- "cool, I'll grab Acamol then, thx": a short "you're welcome", never the whole label again.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

DOSAGE = {"en": ("Dosage (from the label)",), "he": ("מינון",)}
OUT_OF_SCOPE = {"en": ("I can only help with pharmacy",), "he": ("אני יכול לעזור רק",)}
INTERNAL_ID = re.compile(r"\bm\d{3}\b")

# --- "how many?" after a stock answer ----------------------------------------------------------------------

TYLENOL_TLV = {"en": "hey do u guys have tylenol at dizengoff", "he": "יש טיילנול בדיזנגוף?"}
HOW_MANY = {
    "en": ["how many", "how many exactly?", "so how many?", "how many roughly"],
    "he": ["כמה בדיוק", "כמה?", "אז כמה?", "כמה בערך?"],
}
FIVE = {"en": ("5 units",), "he": ("5 יחידות",)}


@pytest.mark.parametrize(("language", "message"), cases(HOW_MANY))
def test_how_many_after_a_stock_answer_is_the_count(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(TYLENOL_TLV[language])
    turn = conversation.say(message)
    assert "inventory_check" in turn.tools, why(turn)
    assert says_any(turn, FIVE[language]), why(turn)
    assert not says_any(turn, DOSAGE[language]) and not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    written_in(turn, language)


MICROPIRIN_INFO = {"en": "hi is micropirin aspirin", "he": "מיקרופירין זה אספירין?"}
HOW_MANY_THERE = {
    "en": ["how many in jerusalem", "how many at the jerusalem branch?", "and how many in jlm?"],
    "he": ["כמה בירושלים", "וכמה בירושלים?"],
}
SIXTY = {"en": ("60 units",), "he": ("60 יחידות",)}


@pytest.mark.parametrize(("language", "message"), cases(HOW_MANY_THERE))
def test_how_many_at_a_branch_after_the_label_is_the_count(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(MICROPIRIN_INFO[language])
    turn = conversation.say(message)
    assert says_any(turn, SIXTY[language]), why(turn)
    assert not says_any(turn, DOSAGE[language]), why(turn)
    written_in(turn, language)


# A guard (already right before the fix): "how many" with dosing words stays a dosing question.
DOSE_QUESTIONS = {
    "en": ["how many should i take a day?", "how many pills at once?"],
    "he": ["כמה כדורים מותר ביום?", "כמה פעמים ביום לקחת?"],
}


@pytest.mark.parametrize(("language", "message"), cases(DOSE_QUESTIONS))
def test_how_many_to_take_is_still_the_label(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(TYLENOL_TLV[language])
    turn = conversation.say(message)
    assert not says_any(turn, FIVE[language]), why(turn)


# --- opening hours, asked with words in between ------------------------------------------------------------

HOURS = {
    "en": [
        "what time does the jerusalem branch close today",
        "what time does the jerusalem branch close on friday?",
        "until when is the jerusalem store open tonight?",
    ],
    "he": ["עד איזו שעה הסניף בירושלים פתוח היום", "מתי דיזנגוף נסגר?", "באיזו שעה הסניף בירושלים נפתח מחר?"],
}
NO_HOURS = {"en": ("opening hours",), "he": ("שעות הפתיחה",)}


@pytest.mark.parametrize(("language", "message"), cases(HOURS))
def test_hours_with_words_between_are_not_on_file(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert says_any(turn, NO_HOURS[language]), why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    written_in(turn, language)


# --- one product instead of another -------------------------------------------------------------------------

GAVE_INSTEAD = {
    "en": [
        "you guys gave me litorva instead of lipitor, i want what my doctor wrote",
        "i got litorva instead of lipitor??",
    ],
    "he": ["נתתם לי ליטורבה במקום ליפיטור", "קיבלתי ליטורבה במקום ליפיטור, מה זה"],
}
SAME = {"en": ("identical equivalents",), "he": ("תחליפים זהים",)}
NO_EQUIVALENT = {"en": ("no identical equivalent",), "he": ("לא מצאתי תחליף זהה",)}


@pytest.mark.parametrize(("language", "message"), cases(GAVE_INSTEAD))
def test_one_product_given_instead_of_another_is_compared(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    turn = conversation.say(message)
    assert says_any(turn, SAME[language]) and not says_any(turn, NO_EQUIVALENT[language]), why(turn)
    again = conversation.say({"en": "is it even the same thing", "he": "זה בכלל אותו דבר?"}[language])
    assert says_any(again, SAME[language]), why(again)
    assert not INTERNAL_ID.search(again.reply), why(again)
    written_in(again, language)


SWITCH_TO = {
    "en": ["can u just switch me to litorva then, same thing right", "ok give me litorva instead"],
    "he": ["אפשר פשוט להחליף לליטורבה? זה אותו דבר נכון", "אז תביאו לי ליטורבה במקום"],
}
LIPITOR_FIRST = {"en": "need to refill my lipitor pls", "he": "אני צריך לחדש את הליפיטור שלי"}
RX_NOTE = {"en": ("requires a prescription",), "he": ("תרופת מרשם",)}


@pytest.mark.parametrize(("language", "message"), cases(SWITCH_TO))
def test_switch_to_the_same_product_says_it_is_equivalent(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u002", identity_mode="demo")
    conversation.say(LIPITOR_FIRST[language])  # expired: a refill thread, not a catalog one
    turn = conversation.say(message)
    assert says_any(turn, SAME[language]) and says_any(turn, RX_NOTE[language]), why(turn)
    assert not says_any(turn, NO_EQUIVALENT[language]), why(turn)
    written_in(turn, language)


OTHER_INSTEAD = {
    "en": ["can i get augmentin instead"],
    "he": ["אז תביאו לי אוגמנטין במקום, זה אותו דבר לא?", "אפשר אוגמנטין במקום?"],
}
MOXYPEN_FIRST = {"en": "i need my antibiotic, the moxypen", "he": "אני צריך את האנטיביוטיקה שלי, המוקסיפן"}
DIFFERENT = {"en": ("different medications",), "he": ("תרופות שונות",)}


@pytest.mark.parametrize(("language", "message"), cases(OTHER_INSTEAD))
def test_another_product_instead_is_not_called_an_equivalent(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u002", identity_mode="demo")
    conversation.say(MOXYPEN_FIRST[language])
    conversation.say({"en": "what?? not at any branch?", "he": "מה?? אין בשום סניף?"}[language])
    turn = conversation.say(message)
    assert says_any(turn, DIFFERENT[language]), why(turn)
    assert not says_any(turn, NO_EQUIVALENT[language]) and not says_any(turn, SAME[language]), why(turn)
    written_in(turn, language)


TAKE_THAT_SAME = {
    "en": ["so i'll take acamol, is it the same?"],
    "he": ["אז אני אקח אקמול, זה אותו דבר?", "טוב אז אקח אקמול, זה אותו הדבר נכון?"],
}


@pytest.mark.parametrize(("language", "message"), cases(TAKE_THAT_SAME))
def test_taking_another_brand_instead_says_it_is_the_same(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(TYLENOL_TLV[language])
    turn = conversation.say(message)
    assert says_any(turn, SAME[language]), why(turn)
    written_in(turn, language)


TWO_REGULAR = {
    "en": ["can i just take 2 regular nurofen instead", "what if i take two nurofen 200 instead"],
    "he": ["אפשר לקחת שני נורופן רגיל במקום?", "ואם אקח 2 נורופן רגיל במקום?"],
}
FORTE_FIRST = {"en": "do you have nurofen forte?", "he": "יש נורופן פורטה?"}
FOUR_HUNDRED = {"en": ("2 × Nurofen", "is 400 mg"), "he": ("2 × נורופן", '400 מ"ג איבופרופן')}


@pytest.mark.parametrize(("language", "message"), cases(TWO_REGULAR))
def test_two_regular_instead_of_one_forte_is_the_label_arithmetic(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(FORTE_FIRST[language])
    turn = conversation.say(message)
    assert all(part in turn.reply for part in FOUR_HUNDRED[language]), why(turn)
    written_in(turn, language)


# --- "the difference with Acamol", then thanks --------------------------------------------------------------

DIFFERENCE_WITH = {
    "en": ["ok and whats the difference with acamol", "and the difference with acamol?"],
    "he": ["ומה ההבדל עם אקמול", "ומה ההבדל שלו עם אקמול?"],
}


@pytest.mark.parametrize(("language", "message"), cases(DIFFERENCE_WITH))
def test_difference_with_another_product_is_the_comparison(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(TYLENOL_TLV[language])
    turn = conversation.say(message)
    assert says_any(turn, SAME[language]), why(turn)
    assert not says_any(turn, DOSAGE[language]), why(turn)


THANKS_NAMING = {
    "en": ["cool ill grab acamol then thx", "ok i'll take the acamol, thanks"],
    "he": ["סבבה אז אקח אקמול, תודה", "אוקיי אני אקנה אקמול תודה רבה", "טוב אז אקמול, תודה"],  # Hebrew: guards
}
WELCOME = {"en": ("You're welcome",), "he": ("בשמחה",)}


@pytest.mark.parametrize(("language", "message"), cases(THANKS_NAMING))
def test_thanks_naming_a_discussed_product_is_short(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(TYLENOL_TLV[language])
    conversation.say({"en": "ok and whats the difference with acamol", "he": "ומה ההבדל עם אקמול"}[language])
    turn = conversation.say(message)
    assert says_any(turn, WELCOME[language]), why(turn)
    assert not says_any(turn, DOSAGE[language]) and not turn.tools, why(turn)
    written_in(turn, language)


# --- "where can I get it?", "which branch has more?", "which of them is in Jerusalem?" ----------------------

WHERE_GET = {
    "en": ["where can I get it", "which branch has it?", "which store has more?"],
    "he": ["איפה יש?", "באיזה סניף יש?", "איפה אפשר להשיג?"],
}
GLUCOPHAGE_FIRST = {"en": "does glucophage need a prescription", "he": "גלוקופאג' צריך מרשם?"}
BOTH_COUNTS = {"en": ("120 units", "80 units"), "he": ("120 יחידות", "80 יחידות")}


@pytest.mark.parametrize(("language", "message"), cases(WHERE_GET))
def test_where_to_get_it_is_the_stock_at_both_branches(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(GLUCOPHAGE_FIRST[language])
    turn = conversation.say(message)
    assert all(count in turn.reply for count in BOTH_COUNTS[language]), why(turn)
    written_in(turn, language)


WHICH_BRANCH_MORE = {
    "en": ["which branch has more glucophage", "which store has glucophage?"],
    "he": ["באיזה סניף יש יותר גלוקופאג'?", "איפה יש גלוקופאג'?"],
}


@pytest.mark.parametrize(("language", "message"), cases(WHICH_BRANCH_MORE))
def test_which_branch_has_a_named_product_is_both_counts(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    assert all(count in turn.reply for count in BOTH_COUNTS[language]), why(turn)
    written_in(turn, language)


WHICH_OF_THEM = {
    "en": ["which of them do you have in jerusalem", "which one of those is in stock in jlm?"],
    "he": ["איזה מהם יש בירושלים", "איזו מהן יש בסניף ירושלים?"],
}
JERUSALEM_BOTH = {"en": ("70 units", "120 units"), "he": ("70 יחידות", "120 יחידות")}
PREGNANT_OPTALGIN = {
    "en": "I'm 4 months pregnant, can I take optalgin?",
    "he": "אני בהריון חודש רביעי, מותר לי לקחת אופטלגין?",
}


@pytest.mark.parametrize(("language", "message"), cases(WHICH_OF_THEM))
def test_which_of_them_at_a_branch_is_each_ones_stock_there(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(PREGNANT_OPTALGIN[language])  # referred: no stock thread
    conversation.say({"en": "and acamol?", "he": "ואקמול?"}[language])
    turn = conversation.say(message)
    assert all(count in turn.reply for count in JERUSALEM_BOTH[language]), why(turn)
    written_in(turn, language)


# --- fillers that are no names -------------------------------------------------------------------------------

WHEN_DATE = {
    "en": ["when?? give me a date", "when exactly, give me the date"],
    "he": ["מתי?? תן תאריך", "מתי בדיוק? תני לי תאריך"],
}
ADVIL_FIRST = {"en": "do you have advil at dizengoff?", "he": "יש אדוויל בדיזנגוף?"}
RESTOCK_DATE = {"en": ("March 8, 2026",), "he": ("8 במרץ 2026",)}
NOT_FOUND = {"en": ("couldn't find a medication named",), "he": ("לא מצאתי תרופה בשם",)}


@pytest.mark.parametrize(("language", "message"), cases(WHEN_DATE))
def test_give_me_a_date_is_the_restock_date(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(ADVIL_FIRST[language])
    turn = conversation.say(message)
    assert says_any(turn, RESTOCK_DATE[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


BRING_RX = {
    "en": ["ok and do i need to bring the prescription", "do i have to bring a prescription for it?"],
    "he": ["צריך להביא מרשם?", "אני צריכה להביא את המרשם?"],
}
ZOLOFT_FIRST = {"en": "do you have zoloft?", "he": "יש זולופט?"}
RX_NEEDED = {"en": ("requires a prescription",), "he": ("תרופת מרשם",)}


@pytest.mark.parametrize(("language", "message"), cases(BRING_RX))
def test_bring_the_prescription_is_its_prescription_fact(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(ZOLOFT_FIRST[language])
    turn = conversation.say(message)
    assert says_any(turn, RX_NEEDED[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


WHICH_NEEDS_RX = {
    "en": ["which one do i need a prescription for", "which of them needs a prescription?"],
    "he": ["איזו מהן צריכה מרשם?", "איזו מהן דורשת מרשם?"],
}
PAIR_FIRST = {"en": "is claritine the same as zyrtec?", "he": "קלריטין וזירטק זה אותו דבר?"}
EACH_OTC = {
    "en": ("Zyrtec (Cetirizine) 10 mg does not", "Claritine (Loratadine) 10 mg does not"),
    "he": ("זירטק", "קלריטין"),
}


@pytest.mark.parametrize(("language", "message"), cases(WHICH_NEEDS_RX))
def test_which_one_needs_a_prescription_names_each(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(PAIR_FIRST[language])
    turn = conversation.say(message)
    assert all(name in turn.reply for name in EACH_OTC[language]), why(turn)
    assert {"en": "OTC", "he": "ללא מרשם"}[language] in turn.reply, why(turn)
    written_in(turn, language)
