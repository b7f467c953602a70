"""Round eighteen: short follow-ups that fell through to the out-of-scope line or lost their context.

- "and the second one in jlm?" right after "the first one in jerusalem?": the list the first ordinal picked from
  still stands; "הראשון בי-ם", 'והשני בת-א?' read the branch's short forms ("הראשון" is "the first", not Rishon);
- "ומה עם זירטק שם": "שם" closing the message is the branch last talked about;
- "do another one", "תעשה עוד אחד" right after a refill: the next prescription that can be refilled (or the same
  one, which says its refill is being prepared); anywhere else one short question;
- "ok will call them. so Tylenol?" right after a poisoning reply: the stock answered, with one line giving the
  poison centre's number again (a message that adds what was taken stays urgent).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

OUT_OF_SCOPE = {"en": ("I can only help with pharmacy questions",), "he": ("אני יכול לעזור רק בנושאי",)}
NOT_FOUND = {"en": ("couldn't find a medication named",), "he": ("לא מצאתי תרופה בשם",)}

# --- an ordinal after an ordinal -------------------------------------------------------------------------------

TWO_PRODUCTS = {"en": "do you have zyrtec and claritine?", "he": "יש לכם זירטק וקלריטין?"}
FIRST_IN_JERUSALEM = {"en": "the first one in jerusalem?", "he": "הראשון בירושלים?"}
SECOND_AFTER_FIRST = {
    "en": [
        "and the second one in jlm?",
        "how many of the other one at the jerusalem branch",
        "what about the 2nd one in jerusalem?",
        "ok the other one in jlm then",
        "and the second at the jerusalem store?",
    ],
    "he": [
        "והשני בירושלים?",
        "כמה יש מהשני בירושלים",
        "ומה עם האחר בירושלים?",
        "והשנייה בסניף ירושלים?",
        "כמה יש מהאחרת בירושלים?",
    ],
}
CLARITINE = {"en": "Claritine", "he": "קלריטין"}
ZYRTEC = {"en": "Zyrtec", "he": "זירטק"}


@pytest.mark.parametrize(("language", "message"), cases(SECOND_AFTER_FIRST))
def test_an_ordinal_after_an_ordinal(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(TWO_PRODUCTS[language])
    first = conversation.say(FIRST_IN_JERUSALEM[language])
    assert first.args("inventory_check").get("med_id") == "m006", why(first)
    turn = conversation.say(message)
    check = turn.args("inventory_check")
    assert check.get("med_id") == "m017" and check.get("store_id") == "s2", why(turn)
    assert CLARITINE[language] in turn.reply and "30" in turn.reply, why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


# --- a branch's short form after an ordinal ------------------------------------------------------------------

SHORT_BRANCH = {
    "he": [
        ("הראשון בי-ם", "m006", "s2", "50"),
        ('והראשון בי"ם?', "m006", "s2", "50"),
        ("הראשון בי״ם בבקשה", "m006", "s2", "50"),
        ("כמה יש מהראשון בי-ם?", "m006", "s2", "50"),
        ("והשני בת-א?", "m017", "s1", "8"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(SHORT_BRANCH))
def test_an_ordinal_at_a_branch_written_short(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, str, str]
) -> None:
    message, med_id, store_id, count = case
    conversation = chat(language)
    conversation.say(TWO_PRODUCTS[language])
    turn = conversation.say(message)
    check = turn.args("inventory_check")
    assert check.get("med_id") == med_id and check.get("store_id") == store_id, why(turn)
    assert count in turn.reply and not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    assert "ראשון לציון" not in turn.reply, why(turn)  # "הראשון" is "the first", never the city
    written_in(turn, language)


# --- "there" keeps the branch ------------------------------------------------------------------------------------

AT_JERUSALEM = {"en": "is there claritine in jerusalem?", "he": "יש קלריטין בירושלים?"}
THERE = {
    "he": [
        ("ומה עם זירטק שם", "m006"),
        ("ומה עם אופטלגין שם", "m018"),
        ("תבדוק גם טיילנול שם", "m005"),
        ("ויש אקמול שמה?", "m004"),
        ("ומה עם נורופן שמה", "m002"),
    ],
}
# English "there" already kept the branch; pinned here beside the Hebrew so the two stay alike.
THERE_EN = {
    "en": [
        ("and what about zyrtec there", "m006"),
        ("how about optalgin there?", "m018"),
        ("and acamol over there?", "m004"),
        ("nurofen there too?", "m002"),
        ("what about zyrtec at that branch?", "m006"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(THERE))
def test_there_is_the_branch_last_talked_about(chat: Callable[..., Chat], language: str, case: tuple[str, str]) -> None:
    message, med_id = case
    conversation = chat(language)
    conversation.say(AT_JERUSALEM[language])
    turn = conversation.say(message)
    check = turn.args("inventory_check")
    assert check.get("med_id") == med_id and check.get("store_id") == "s2", why(turn)
    assert "ירושלים" in turn.reply and "מינון" not in turn.reply, why(turn)  # the stock, never the leaflet
    written_in(turn, language)


@pytest.mark.parametrize(("language", "case"), cases(THERE_EN))
def test_there_in_english_keeps_the_branch(chat: Callable[..., Chat], language: str, case: tuple[str, str]) -> None:
    message, med_id = case
    conversation = chat(language)
    conversation.say(AT_JERUSALEM[language])
    turn = conversation.say(message)
    check = turn.args("inventory_check")
    assert check.get("med_id") == med_id and check.get("store_id") == "s2", why(turn)
    written_in(turn, language)


# --- once more, after a refill -----------------------------------------------------------------------------------

REFILL_SIMOVIL = {"en": "please refill my simovil", "he": "תחדש לי בבקשה את הסימוביל"}
YES = {"en": "yes", "he": "כן"}
# Amir (u006): Litorva p601 and Simovil p602. After Simovil's refill, "another one" is Litorva; "the same again"
# is Simovil, whose refill is already being prepared.
AGAIN = {
    "en": [
        ("do another one", "p601"),
        ("one more please", "p601"),
        ("another one pls", "p601"),
        ("same again", "p602"),
        ("the same thing again please", "p602"),
    ],
    "he": [
        ("תעשה עוד אחד", "p601"),
        ("עוד אחד בבקשה", "p601"),
        ("תעשי עוד אחת", "p601"),
        ("אותו דבר שוב", "p602"),
        ("עוד פעם אותו דבר בבקשה", "p602"),
    ],
}
BEING_PREPARED = {"en": ("already being prepared",), "he": ("כבר נמצא בהכנה",)}


@pytest.mark.parametrize(("language", "case"), cases(AGAIN))
def test_once_more_after_a_refill(chat: Callable[..., Chat], language: str, case: tuple[str, str]) -> None:
    message, presc_id = case
    conversation = chat(language, patient_id="u006")
    conversation.say(REFILL_SIMOVIL[language])
    done = conversation.say(YES[language])
    assert done.args("request_refill").get("presc_id") == "p602", why(done)
    turn = conversation.say(message)
    assert turn.args("prescription_verify").get("presc_id") == presc_id, why(turn)
    if presc_id == "p601":  # Litorva: the usual offer, waiting for a yes
        assert turn.args("request_refill").get("presc_id") == "p601" and turn.confirmation is not None, why(turn)
        assert ("Litorva" if language == "en" else "ליטורבה") in turn.reply, why(turn)
    else:  # Simovil again: its refill is being prepared, nothing new requested
        assert "request_refill" not in turn.tools and says_any(turn, BEING_PREPARED[language]), why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


AGAIN_ELSEWHERE = {
    "en": ["do another one", "same again please", "one more", "again", "another one please"],
    "he": ["תעשה עוד אחד", "עוד פעם", "שוב", "אותו דבר שוב", "עוד אחת בבקשה"],
}
ANOTHER_WHAT = {"en": ("Another what",), "he": ("עוד מה",)}


@pytest.mark.parametrize(("language", "message"), cases(AGAIN_ELSEWHERE))
def test_once_more_with_nothing_to_repeat(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say({"en": "do you have zyrtec?", "he": "יש זירטק?"}[language])
    turn = conversation.say(message)
    assert says_any(turn, ANOTHER_WHAT[language]) and not turn.tools, why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


# --- a question after a poisoning reply ----------------------------------------------------------------------------

POISONING = {"en": "my daughter ate a handful of my acamol tablets", "he": "הבת שלי בלעה בטעות הרבה כדורים של אקמול"}
CALLING_THEN_ASKS = {
    "en": [
        ("alright, calling them now. so tylenol?", "m005"),
        ("ok I'll call. and nurofen?", "m002"),
        ("we're on our way. do you have zyrtec in stock?", "m006"),
        ("fine, calling now. is there optalgin?", "m018"),
        ("calling them now, any claritine?", "m017"),
    ],
    "he": [
        ("טוב אני מתקשרת. אז יש טיילנול?", "m005"),
        ("אוקיי מתקשר עכשיו, יש זירטק במלאי?", "m006"),
        ("אנחנו בדרך. יש אופטלגין?", "m018"),
        ("התקשרתי כבר. אז יש קלריטין?", "m017"),
        ("בסדר, נתקשר. יש נורופן במלאי?", "m002"),
    ],
}
POISON_CENTRE = "04-777-1900"
URGENT_TEXT = {"en": "If someone may have taken too much", "he": "אם ייתכן שנלקחה כמות גדולה מדי"}


@pytest.mark.parametrize(("language", "case"), cases(CALLING_THEN_ASKS))
def test_a_stock_question_after_a_poisoning_reply(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    message, med_id = case
    conversation = chat(language)
    conversation.say(POISONING[language])
    turn = conversation.say(message)
    assert turn.args("inventory_check").get("med_id") == med_id, why(turn)
    assert "get_medication_by_name" not in turn.tools, why(turn)  # "I'll", "כבר" are never looked up as names
    assert URGENT_TEXT[language] not in turn.reply, why(turn)
    assert turn.reply.count(POISON_CENTRE) == 1, why(turn)  # one reminder line, with the number
    written_in(turn, language)


ADDS_WHAT_WAS_TAKEN = {"en": "ok will call. she also took nurofen", "he": "בסדר אתקשר. היא לקחה גם נורופן"}


@pytest.mark.parametrize("language", ["en", "he"])
def test_saying_what_else_was_taken_stays_urgent(chat: Callable[..., Chat], language: str) -> None:
    conversation = chat(language)
    conversation.say(POISONING[language])
    turn = conversation.say(ADDS_WHAT_WAS_TAKEN[language])
    assert URGENT_TEXT[language] in turn.reply and "inventory_check" not in turn.tools, why(turn)
