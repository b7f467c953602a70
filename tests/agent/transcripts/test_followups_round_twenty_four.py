"""Round twenty-four: follow-ups whose common words were looked up as medication names.

- "when is it supposed to arrive?", «מתי הוא אמור להגיע», «מתי צפוי לחזור» after a stock answer: the
  restock date of the product of the thread (Advil at Tel Aviv: 8 March 2026), never "no medication named
  'אמור'";
- "does the second one need a prescription?", «השני צריך מרשם?», "the latter" after one turn answering two
  products by name (no list): that product, and the question asked about it;
- "anything with the same stuff in it?", «משהו עם אותו חומר?» after Nurofen Forte: its identical equivalents
  (none in stock), never "no medication named 'stuff'".
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in

NOT_FOUND = {"en": "couldn't find a medication named", "he": "לא מצאתי תרופה בשם"}
ADVIL, ACAMOL, CLARITINE, NUROFEN_FORTE, AUGMENTIN, ZYRTEC = "m001", "m004", "m017", "m003", "m022", "m006"


def _no_name_looked_up(turn: Turn, language: str) -> None:
    assert NOT_FOUND[language] not in turn.reply, why(turn)
    written_in(turn, language)


# --- 1. when the product of the thread is expected back -----------------------------------------------------
RESTOCK_ASKED = {
    "en": [
        ("got advil?", "when's it supposed to come in"),
        ("is advil in stock", "ok so when is it due back"),
        ("any advil at dizengoff?", "when are you expecting it to arrive?"),
        ("do you have advil", "when do you think it'll be coming back"),
        ("advil available?", "and when is it scheduled to get here"),
        ("advil, do you carry it?", "when's the expected arrival then"),
    ],
    "he": [
        ("יש לכם אדוויל?", "מתי הוא אמור לחזור?"),
        ("אדוויל במלאי?", "ומתי אמורים לקבל אותו"),
        ("יש אדוויל בדיזנגוף?", "מתי צפוי להגיע?"),
        ("יש לכם אדוויל", "אז מתי הוא יחזור למדף"),
        ("אדוויל יש?", "מתי הוא אמור להיכנס למלאי"),
        ("תבדוק אדוויל", "ומתי זה צפוי בערך"),
    ],
}
RESTOCK_DATE = {"en": "March 8, 2026", "he": "8 במרץ 2026"}


@pytest.mark.parametrize(("language", "case"), cases(RESTOCK_ASKED))
def test_when_it_is_supposed_to_arrive_is_its_restock_date(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    first, follow = case
    conversation = chat(language)
    conversation.say(first)
    turn = conversation.say(follow)
    _no_name_looked_up(turn, language)
    assert "get_medication_by_name" not in turn.tools, why(turn)
    checked = [call["arguments"].get("med_id") for call in turn.calls if call["name"] == "inventory_check"]
    assert ADVIL in checked, why(turn)
    assert RESTOCK_DATE[language] in turn.reply, why(turn)


# --- 2. "the second one" of two products answered by name ---------------------------------------------------
POSITION_ASKED = {
    "en": [
        ("what are tylenol and claritine?", "does the second one need a prescription?", CLARITINE, "rx"),
        ("what is advil and what is zyrtec", "is the first one prescription only?", ADVIL, "rx"),
        ("what is augmentin and what is tylenol", "does the first need a prescription", AUGMENTIN, "rx"),
        (
            "tylenol and claritine, what are they exactly?",
            "the last one, what are the warnings on it?",
            CLARITINE,
            "warnings",
        ),
        ("what's tylenol and what's claritine", "what's the dosage of the second?", CLARITINE, "dosage"),
        ("what is zyrtec? and what is augmentin?", "and the latter, prescription needed?", AUGMENTIN, "rx"),
    ],
    "he": [
        ("מה זה אקמול ומה זה קלריטין?", "והראשון צריך מרשם?", ACAMOL, "rx"),
        ("מה זה אוגמנטין? ומה זה טיילנול?", "הראשון דורש מרשם?", AUGMENTIN, "rx"),
        ("מה זה טיילנול ומה זה אוגמנטין", "האחרון צריך מרשם רופא?", AUGMENTIN, "rx"),
        ("מה זה אדוויל ומה זה זירטק", "והשנייה, מה האזהרות שלה?", ZYRTEC, "warnings"),
        ("תסביר לי מה זה טיילנול ומה זה קלריטין", "מה המינון של השני?", CLARITINE, "dosage"),
    ],
}
RX_FACT = {
    "en": ("does not require a prescription", "requires a prescription"),
    "he": ("אינה דורשת מרשם", "לא נדרש מרשם", "תרופת מרשם", "נדרש מרשם"),
}
LABEL_LINE = {"dosage": {"en": ("Dosage",), "he": ("מינון",)}, "warnings": {"en": ("warnings",), "he": ("אזהרות",)}}


@pytest.mark.parametrize(("language", "case"), cases(POSITION_ASKED))
def test_a_position_picks_one_of_the_products_just_answered(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, str, str]
) -> None:
    first, follow, med_id, asked = case
    conversation = chat(language)
    before = conversation.say(first)
    assert before.tools.count("get_medication_by_name") >= 2, why(before)
    turn = conversation.say(follow)
    _no_name_looked_up(turn, language)
    assert turn.tools == ["get_medication_by_name"], why(turn)  # that one product only, not both again
    looked_up = turn.result("get_medication_by_name").get("medication") or {}
    assert looked_up.get("med_id") == med_id, why(turn)
    assert str(looked_up.get("display_name")) in turn.reply, why(turn)  # it says which one it answered about
    assert says_any(turn, RX_FACT[language] if asked == "rx" else LABEL_LINE[asked][language]), why(turn)


# --- 3. the same active ingredient, said loosely -------------------------------------------------------------
SAME_STUFF = {
    "en": [
        ("nurofen forte in jerusalem?", "when will it be back there", "is there another one with the same stuff in it"),
        ("is nurofen forte in stock in jerusalem?", "when's it back?", "any other brand with the same compound?"),
        ("nurofen forte jerusalem", "any idea when it's back", "something that contains the same things?"),
        ("nurofen forte in jlm?", "when will it be back", "can I get something with the same formula?"),
        (
            "do you have nurofen forte in jerusalem",
            "when's it back there",
            "do you have other stuff with the same ingredient in it",
        ),
    ],
    "he": [
        ("נורופן פורטה בירושלים?", "מתי הוא יחזור לשם?", "יש משהו שיש בו אותו חומר?"),
        ("יש נורופן פורטה בירושלים?", "מתי זה חוזר?", "יש דבר כזה עם אותו הרכב?"),
        ("נורופן פורטה בסניף ירושלים?", "מתי יגיע עוד?", "משהו אחר עם אותה נוסחה?"),
        ("נורופן פורטה בירושלים יש?", "מתי הוא חוזר למלאי?", "יש עוד משהו עם אותם חומרים?"),
        ("יש לכם נורופן פורטה בירושלים", "מתי יחזור?", "מה עם דבר אחר עם אותו רכיב?"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(SAME_STUFF))
def test_the_same_stuff_in_it_is_its_equivalents(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, str]
) -> None:
    first, restock, follow = case
    conversation = chat(language)
    conversation.say(first)
    conversation.say(restock)
    turn = conversation.say(follow)
    _no_name_looked_up(turn, language)
    assert "get_medication_by_name" not in turn.tools, why(turn)
    assert turn.args("inventory_find_equivalent")["med_id"] == NUROFEN_FORTE, why(turn)
