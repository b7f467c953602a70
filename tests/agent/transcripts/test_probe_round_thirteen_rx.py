"""Probe round thirteen, prescriptions and refills: a thread carried on in few words.

- "yes do it" / "כן תעשה" right after a refill answer that asked nothing (out of stock): the refill thread goes
  on — why it cannot be placed yet and what can be done — or, when it can be placed, its one confirmation;
- "did it go through?" / "זה עבר?" after a refill: its status (being prepared), never out of scope;
- "my husband Yossi Levi's Coumadin, when does it expire?": someone else's records, refused and never read;
- "וצריך מרשם בשביל זה?", "do I need a prescription for them?" after ibuprofen: the product, never a person;
- "yes refill it" after the list: "Moxypen or Glucophage?", only the prescriptions that can be refilled;
- "my doc is on vacation" after "your prescription expired": sorry, a new one is still needed, a pharmacist.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

OUT_OF_SCOPE = {"en": ("I can only help with pharmacy questions",), "he": ("אני יכול לעזור רק בנושאי",)}
NOT_FOUND = {"en": ("couldn't find a medication",), "he": ("לא מצאתי תרופה",)}


def _signed_in(chat: Callable[..., Chat], language: str, patient: str) -> Chat:
    return chat(language, patient_id=patient, identity_mode="demo")


# --- a bare yes after a refill that cannot be placed yet ---------------------------------------------------------

MOXYPEN_REFILL = {"en": "i need to refill my moxypen", "he": "אני צריך לחדש את המוקסיפן שלי"}
BARE_YES = {
    "en": ["yes do it", "ok go ahead", "yes please", "sure, order it", "ok do it then", "yeah go for it"],
    "he": ["כן תעשה", "סבבה תזמין", "כן בבקשה", "יאללה קדימה", "אוקיי תגיש", "כן תזמין לי"],
}
NOT_YET = {"en": ("can't place the",), "he": ("עדיין אי אפשר להגיש",)}
BACK_ON = {"en": ("March 11, 2026",), "he": ("11 במרץ 2026",)}
OTHER_BRANCH_BACK = {"en": ("March 13, 2026",), "he": ("13 במרץ 2026",)}
PHARMACIST = {"en": ("pharmacist",), "he": ("רוקח",)}


@pytest.mark.parametrize(("language", "message"), cases(BARE_YES))
def test_a_bare_yes_after_an_out_of_stock_refill_carries_the_thread_on(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = _signed_in(chat, language, "u002")
    conversation.say(MOXYPEN_REFILL[language])
    turn = conversation.say(message)
    assert not says_any(turn, OUT_OF_SCOPE[language]) and "request_refill" not in turn.tools, why(turn)
    assert turn.args("prescription_verify")["presc_id"] == "p001", why(turn)
    assert says_any(turn, NOT_YET[language]) and says_any(turn, BACK_ON[language]), why(turn)
    assert says_any(turn, OTHER_BRANCH_BACK[language]) and says_any(turn, PHARMACIST[language]), why(turn)
    written_in(turn, language)


GLUCOPHAGE_REFILL = {"en": "refill my glucophage", "he": "תחדש לי את הגלוקופאז'"}
NO = {"en": "no", "he": "לא"}
CHANGED_MIND = {
    "en": ["ok do it", "yes go ahead", "sure, do it"],
    "he": ["כן תעשה", "סבבה תזמין", "יאללה תגיש"],
}


@pytest.mark.parametrize(("language", "message"), cases(CHANGED_MIND))
def test_a_bare_yes_after_a_declined_refill_asks_its_one_confirmation(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = _signed_in(chat, language, "u007")
    offered = conversation.say(GLUCOPHAGE_REFILL[language])
    assert offered.confirmation is not None, why(offered)
    conversation.say(NO[language])
    turn = conversation.say(message)
    assert turn.confirmation is not None and turn.args("request_refill")["presc_id"] == "p701", why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]), why(turn)


# --- "did it go through?" ---------------------------------------------------------------------------------------

WENT_THROUGH = {
    "en": ["did it go through?", "has it been sent?", "is it done?", "was it placed?", "did that get submitted?",
           "ok so is it placed?"],
    "he": ["נשלח?", "הבקשה הוגשה?", "ההזמנה התקבלה?", "זה אושר?", "זה בוצע?", "הבקשה נשלחה?"],
}  # fmt: skip
PENDING = {"en": ("already being prepared",), "he": ("כבר נמצא בהכנה",)}
ZOLOFT_REFILL = {"en": "refill my zoloft", "he": "תחדש לי את הזולופט"}


@pytest.mark.parametrize(("language", "message"), cases(WENT_THROUGH))
def test_did_it_go_through_after_a_pending_refill_gives_its_status(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = _signed_in(chat, language, "u009")
    conversation.say(ZOLOFT_REFILL[language])
    turn = conversation.say(message)
    assert "prescription_verify" in turn.tools and says_any(turn, PENDING[language]), why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


TEL_AVIV = {"en": "Tel Aviv", "he": "תל אביב"}


@pytest.mark.parametrize(("language", "message"), cases(WENT_THROUGH))
def test_did_it_go_through_after_placing_a_refill_names_it_and_its_branch(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = _signed_in(chat, language, "u001")
    assert conversation.say(ZOLOFT_REFILL[language]).confirmation is not None
    conversation.approve()
    turn = conversation.say(message)
    assert says_any(turn, PENDING[language]) and TEL_AVIV[language] in turn.reply, why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)


# --- someone else's prescription, asked about by its medication ---------------------------------------------------

RELATIVE = {
    "en": ["what about my husband yossi levi's coumadin, when does it expire", "is my wife's zoloft still valid?",
           "and yossi levi's coumadin, is it still valid?", "when does my father's coumadin expire",
           "what's the expiry on my husband's plavix?", "his coumadin, is it still valid?",
           "when does the coumadin of my husband expire?"],
    "he": ["ומה עם הקומדין של בעלי, מתי הוא פג?", "עד מתי בתוקף הזולופט של אשתי?",
           "מתי פג התוקף של הקומדין של יוסי לוי?", "מתי יפוג הפלביקס של אבא?",
           "מה תאריך התפוגה של הקומדין של אבא שלי?", "התוקף של הזולופט של נועה כהן נגמר?"],
}  # fmt: skip
OWN_ONLY = {"en": ("only show your own prescriptions",), "he": ("רק את המרשמים שלך",)}
NONE_ON_FILE = {"en": ("don't have any prescriptions",), "he": ("אין מרשמים רשומים",)}
OWN_LIST = {"en": "do i have any prescriptions", "he": "יש לי מרשמים?"}


@pytest.mark.parametrize(("language", "message"), cases(RELATIVE))
def test_a_relatives_prescription_is_refused_and_never_read(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = _signed_in(chat, language, "u004")
    conversation.say(OWN_LIST[language])
    turn = conversation.say(message)
    assert says_any(turn, OWN_ONLY[language]) and not says_any(turn, NONE_ON_FILE[language]), why(turn)
    assert not turn.tools, why(turn)  # nothing read: not the other person's records, not the caller's either
    written_in(turn, language)


# --- "a prescription for it" is the product ----------------------------------------------------------------------

IBUPROFEN_DOSE = {"en": "whats the dose of ibuprofen for adults", "he": "מה המינון של איבופרופן למבוגר"}
FOR_IT = {
    "en": ["do I need a prescription for them?", "need a prescription for them?",
           "would I need a prescription for them?", "and do you need a prescription for them or not?",
           "does one need a prescription for them?"],
    "he": ["וצריך מרשם בשביל זה?", "צריך מרשם עבור זה?", "צריך מרשם בשבילו?", "יש צורך במרשם בשביל זה?",
           "ובשביל זה צריך מרשם?"],
}  # fmt: skip
NO_RX = {"en": ("does not require a prescription",), "he": ("אינה דורשת מרשם",)}


@pytest.mark.parametrize(("language", "message"), cases(FOR_IT))
def test_a_prescription_for_it_is_about_the_product(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(IBUPROFEN_DOSE[language])
    turn = conversation.say(message)
    assert says_any(turn, NO_RX[language]), why(turn)
    assert not says_any(turn, OWN_ONLY[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


# --- "yes refill it" after the list: only those that can be refilled ---------------------------------------------

LIST = {"en": "show my prescriptions", "he": "תראה לי את המרשמים שלי"}
REFILL_IT = {
    "en": ["yes refill it", "yes please refill it", "ok renew it", "sure, refill", "refill it please"],
    "he": ["כן תחדש", "כן בבקשה תחדש", "תחדש לי", "אוקיי תחדש אותו", "כן, לחדש"],
}
REFILLABLE = {"en": ("Moxypen", "Glucophage"), "he": ("מוקסיפן", "גלוקופאז'")}
NOT_REFILLABLE = {"en": ("Lipitor", "Losec"), "he": ("ליפיטור", "לוסק")}


@pytest.mark.parametrize(("language", "message"), cases(REFILL_IT))
def test_refill_it_after_the_list_names_only_those_that_can_be_refilled(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = _signed_in(chat, language, "u002")
    conversation.say(LIST[language])
    turn = conversation.say(message)
    assert all(name in turn.reply for name in REFILLABLE[language]), why(turn)
    assert not any(name in turn.reply for name in NOT_REFILLABLE[language]), why(turn)
    assert "request_refill" not in turn.tools, why(turn)
    chosen = conversation.say(REFILLABLE[language][1])
    assert chosen.args("request_refill")["presc_id"] == "p002" and chosen.confirmation is not None, why(chosen)


@pytest.mark.parametrize(("language", "message"), cases(REFILL_IT))
def test_refill_it_after_the_list_takes_the_only_one_that_can_be_refilled(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = _signed_in(chat, language, "u003")  # Coumadin (4 refills), Plavix (none left)
    conversation.say(LIST[language])
    turn = conversation.say(message)
    assert turn.confirmation is not None and turn.args("request_refill")["presc_id"] == "p201", why(turn)


# --- the doctor is away, and a new prescription is needed ---------------------------------------------------------

LIPITOR_REFILL = {"en": "refill my lipitor", "he": "אני רוצה לחדש את הליפיטור"}
DOCTOR_AWAY = {
    "en": ["my doc is on vacation", "but my doctor is away until next month", "my gp is abroad",
           "I can't get an appointment with my doctor", "my doctor is on holiday", "the doctor isn't available"],
    "he": ["הרופא שלי בחופש", "הרופאה שלי בחו\"ל", "אין לי תור לרופא", "רופאת המשפחה בחופשה",
           "הרופא לא זמין השבוע", "לא מצליח להשיג את הרופא"],
}  # fmt: skip
STILL_NEEDED = {"en": ("still needs a new prescription",), "he": ("עדיין נדרש מרשם חדש",)}
OFFER = {"en": ("Shall I pass this to a pharmacist?",), "he": ("להעביר את הפנייה לרוקח/ת?",)}
YES = {"en": "yes", "he": "כן"}


@pytest.mark.parametrize(("language", "message"), cases(DOCTOR_AWAY))
def test_a_doctor_away_after_an_expired_prescription_gets_the_way_on(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = _signed_in(chat, language, "u002")
    conversation.say(LIPITOR_REFILL[language])
    turn = conversation.say(message)
    assert says_any(turn, STILL_NEEDED[language]) and turn.reply.endswith(OFFER[language]), why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]) and "get_user_prescriptions" not in turn.tools, why(turn)
    written_in(turn, language)
    handed = conversation.say(YES[language])
    assert "transfer_to_pharmacist" in handed.tools, why(handed)
