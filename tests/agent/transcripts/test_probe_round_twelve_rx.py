"""Probe round twelve, refills: a signed-in patient's own prescription asked for in everyday words.

- "I want to order more Plavix" / "צריכה גלוקופאז' כמו תמיד": a medication on file, asked for, is its refill
  (which knows whether it can be refilled), never a stock count ("להזמין" holds "זמין", "available");
- "can I pick it up in Jerusalem?" while a refill waits for a "yes": the refill offered there instead (one
  pending confirmation, at the new branch);
- "why was it cancelled?", "expired?? since when", "check again", "it's been a week", "but it worked great":
  the refill thread, never "out of scope", a refusal or a price line ("מעולה" holds "עולה", "costs");
- "what's the status on my metformin one": that prescription's line, also by its generic name;
- "I need my thyroid med": the patient's prescriptions (what a product treats is not on file);
- "my doctor said she sent one for Zoloft" with none on file: none has arrived, ask the doctor or the branch;
- "she's right here, she says it's fine" after someone else's records were refused: she signs in herself;
- "what do I do, I have no pills for tomorrow" after "a new prescription is needed": and a pharmacist for the gap.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

REFUSAL = {"en": ("can't give medical advice or recommend",), "he": ("אין באפשרותי לתת ייעוץ רפואי או להמליץ",)}
OUT_OF_SCOPE = {"en": ("I can only help with pharmacy questions",), "he": ("אני יכול לעזור רק בנושאי",)}
STOCK_LINE = {"en": ("in stock at",), "he": ("זמין במלאי",)}


def _signed_in(chat: Callable[..., Chat], language: str, patient: str) -> Chat:
    return chat(language, patient_id=patient, identity_mode="demo")


# --- "I want to order X" is X's refill ---------------------------------------------------------------------------

ORDER_NO_REFILLS = {
    "en": ["can I order plavix?", "i need my plavix", "i need plavix please", "plavix as usual please"],
    "he": ["רציתי להזמין עוד פלביקס", "אני צריך פלביקס כמו תמיד", "אפשר להזמין פלביקס?", "רוצה להזמין את הפלביקס"],
}
NO_REFILLS = {"en": ("no refills left",), "he": ("לא נותרו בו חידושים",)}


@pytest.mark.parametrize(("language", "message"), cases(ORDER_NO_REFILLS))
def test_ordering_a_medication_on_file_checks_its_refills(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = _signed_in(chat, language, "u003").say(message)
    assert "prescription_verify" in turn.tools and "request_refill" not in turn.tools, why(turn)
    assert says_any(turn, NO_REFILLS[language]) and not says_any(turn, STOCK_LINE[language]), why(turn)
    written_in(turn, language)


ORDER_ACTIVE = {
    "en": ["I need Glucophage like always", "i need my glucophage", "glucophage as usual please"],
    "he": ["צריכה גלוקופאז' כמו תמיד", "אני רוצה להזמין גלוקופאז'", "אפשר להזמין את הגלוקופאז' כרגיל?"],
}
CONFIRM = {"en": ("Shall I go ahead",), "he": ("להמשיך?",)}


@pytest.mark.parametrize(("language", "message"), cases(ORDER_ACTIVE))
def test_ordering_an_active_prescription_offers_its_refill(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = _signed_in(chat, language, "u007").say(message)
    assert turn.tools[-1] == "request_refill" and turn.confirmation is not None, why(turn)
    assert turn.args("request_refill")["presc_id"] == "p701", why(turn)
    assert says_any(turn, CONFIRM[language]), why(turn)


ORDER_CANCELLED = {
    "en": ["can I order tramadex?", "I need my tramadex", "i'd like to order Tramadex"],
    "he": ["היי אפשר להזמין טרמדקס?", "אני צריכה טרמדקס", "רציתי להזמין טרמדקס"],
}
CANCELLED = {"en": ("was cancelled",), "he": ("בוטל",)}
WHY_CANCELLED = {
    "en": ["why was it cancelled? who cancelled it?", "how come it got cancelled", "who cancelled it"],
    "he": ["למה בוטל? מי ביטל?", "מי ביטל את זה?", "למה ביטלו לי אותו"],
}
REASON = {"en": ("reason isn't recorded",), "he": ("הסיבה אינה מופיעה",)}
AT_LEAST = {"en": "ok then at least the eltroxin", "he": "טוב אז לפחות את האלטרוקסין"}


@pytest.mark.parametrize(("language", "message"), cases(ORDER_CANCELLED))
@pytest.mark.parametrize("why_index", range(3))
def test_ordering_a_cancelled_prescription_then_why_then_another(
    chat: Callable[..., Chat], language: str, message: str, why_index: int
) -> None:
    conversation = _signed_in(chat, language, "u005")
    first = conversation.say(message)
    assert says_any(first, CANCELLED[language]) and not says_any(first, STOCK_LINE[language]), why(first)
    second = conversation.say(WHY_CANCELLED[language][why_index])
    assert says_any(second, REASON[language]), why(second)
    assert not says_any(second, OUT_OF_SCOPE[language]), why(second)
    written_in(second, language)
    third = conversation.say(AT_LEAST[language])
    assert third.confirmation is not None and third.args("request_refill")["presc_id"] == "p502", why(third)


def test_a_product_not_on_file_asked_for_keeps_the_stock_answer(chat: Callable[..., Chat]) -> None:
    turn = _signed_in(chat, "he", "u003").say("רציתי להזמין אקמול")
    assert "inventory_check" in turn.tools and "prescription_verify" not in turn.tools, why(turn)


# --- another branch while a refill waits for a "yes" -------------------------------------------------------------

PICKUP_ELSEWHERE = {
    "en": ["can I pick it up in Jerusalem instead?", "what if I collect it at the jerusalem branch",
           "actually make it the Jerusalem branch"],
    "he": ["ואם אני רוצה לאסוף בירושלים כי אני אצל הילדים", "אפשר לאסוף את זה בירושלים?", "בעצם בסניף ירושלים"],
}  # fmt: skip
FIRST_REFILL = {"en": "please refill my zoloft", "he": "אני צריכה לחדש את הזולופט שלי"}
JERUSALEM = {"en": "Jerusalem", "he": "ירושלים"}


@pytest.mark.parametrize(("language", "message"), cases(PICKUP_ELSEWHERE))
def test_another_branch_replaces_the_waiting_refill_offer(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = _signed_in(chat, language, "u001")
    offered = conversation.say(FIRST_REFILL[language])
    assert offered.confirmation is not None, why(offered)
    moved = conversation.say(message)
    assert moved.args("inventory_check")["store_id"] == "s2", why(moved)
    assert moved.args("request_refill")["store_id"] == "s2" and moved.confirmation is not None, why(moved)
    assert JERUSALEM[language] in moved.reply, why(moved)
    pending = conversation.loop.pending_confirmation(conversation.id)
    assert pending is not None and pending["id"] == moved.confirmation["id"], why(moved)
    done = conversation.say("yes" if language == "en" else "כן")
    assert done.result("request_refill")["refill"]["store_id"] == "s2", why(done)


# --- a refill thread: since when, check again, it's been a week, a protest ---------------------------------------

SINCE_WHEN = {
    "en": ["expired?? since when", "since when is it expired", "wait it expired? since when?"],
    "he": ["רגע, פג תוקף? מאיזה תאריך?"],
}
GLUCOPHAGE = {"en": "Glucophage", "he": "גלוקופאז'"}
EXPIRY_DATE = {"en": ("January 30, 2026",), "he": ("30 בינואר 2026",)}


@pytest.mark.parametrize(("language", "message"), cases(SINCE_WHEN))
def test_since_when_after_an_expired_refill_gives_the_date(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = _signed_in(chat, language, "u002")
    conversation.say("need to refill my lipitor pls" if language == "en" else "צריך לחדש את הליפיטור שלי")
    turn = conversation.say(message)
    assert says_any(turn, EXPIRY_DATE[language]) and not says_any(turn, REFUSAL[language]), why(turn)
    assert GLUCOPHAGE[language] not in turn.reply, why(turn)  # that prescription, not the whole list


STATUS_BY_GENERIC = {
    "en": ["fine. whats the status on my metformin one", "any status on the metformin?"],
    "he": ["מה הסטטוס של המטפורמין שלי?", "מה הסטטוס של המטפורמין?"],
}
GLUCOPHAGE_LINE = {"en": ("September 17, 2026", "5 refills"), "he": ("17 בספטמבר 2026",)}


@pytest.mark.parametrize(("language", "message"), cases(STATUS_BY_GENERIC))
def test_status_of_a_prescription_by_its_generic(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = _signed_in(chat, language, "u002").say(message)
    assert "get_user_prescriptions" in turn.tools, why(turn)
    assert all(part in turn.reply for part in GLUCOPHAGE_LINE[language]), why(turn)


RECHECK = {
    "en": ["I don't remember sending it, check again", "its been a week", "can you check again please"],
    "he": ["לא זוכר ששלחתי, תבדוק שוב", "כבר כמה ימים אני מחכה", "תבדקי שוב בבקשה"],
}
PENDING = {"en": ("already being prepared",), "he": ("כבר נמצא בהכנה",)}


@pytest.mark.parametrize(("language", "message"), cases(RECHECK))
def test_check_again_after_a_pending_refill(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = _signed_in(chat, language, "u009")
    conversation.say("can I refill zoloft?" if language == "en" else "בוקר טוב, אפשר לחדש זולופט?")
    turn = conversation.say(message)
    assert "prescription_verify" in turn.tools and says_any(turn, PENDING[language]), why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]) and "couldn't find" not in turn.reply, why(turn)


PROTEST = {
    "en": ["but it worked really well for me", "but I take it every day!!", "but it worked great"],
    "he": ["אבל זה עבד לי מעולה", "אבל אני לוקח את זה כל יום!!", "אבל זה ממש עזר לי"],
}
COMPLETED = {"en": ("has been completed",), "he": ("הושלם",)}


@pytest.mark.parametrize(("language", "message"), cases(PROTEST))
def test_a_protest_after_a_refused_refill_restates_it(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = _signed_in(chat, language, "u008")
    conversation.say("can I refill my klacid" if language == "en" else "אפשר עוד קלסיד כמו בפעם שעברה")
    turn = conversation.say(message)
    assert says_any(turn, COMPLETED[language]), why(turn)
    assert not says_any(turn, ("price", "מחיר")) and not says_any(turn, REFUSAL[language]), why(turn)


NO_PILLS = {
    "en": ["so what do I do now, I have no pills for tomorrow", "what now? I ran out"],
    "he": ["ומה אני עושה עכשיו, אין לי כדורים למחר", "אז מה עושים? נגמרו לי הכדורים"],
}
NEW_RX = {"en": ("new prescription",), "he": ("מרשם חדש",)}
GAP = {"en": ("pharmacist",), "he": ("רוקח/ת",)}


@pytest.mark.parametrize(("language", "message"), cases(NO_PILLS))
def test_no_pills_after_an_expired_prescription(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = _signed_in(chat, language, "u010")
    conversation.say("refill my eltroxin" if language == "en" else "היי אני צריכה חידוש לאלטרוקסין")
    turn = conversation.say(message)
    assert says_any(turn, NEW_RX[language]) and says_any(turn, GAP[language]), why(turn)


# --- by what it treats; a prescription the doctor sent; someone else, "she's right here" -------------------------

BY_USE = {
    "en": ["I need my thyroid med", "i want my cholesterol meds", "need my heart medication"],
    "he": ["אני צריך את התרופה של בלוטת התריס", "צריכה את התרופה שלי לבלוטה", "רציתי את התרופה שלי"],
}
ELTROXIN = {"en": "Eltroxin", "he": "אלטרוקסין"}


@pytest.mark.parametrize(("language", "message"), cases(BY_USE))
def test_my_med_by_what_it_treats_lists_the_prescriptions(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = _signed_in(chat, language, "u005").say(message)
    assert "get_user_prescriptions" in turn.tools and ELTROXIN[language] in turn.reply, why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]), why(turn)


DOCTOR_SENT = {
    "en": ["weird my doctor said she sent one for zoloft", "my doctor sent a prescription for zoloft"],
    "he": ["הרופאה אמרה ששלחה לי מרשם לזולופט", "הרופא שלח לי זולופט"],
}
NOT_RECEIVED = {"en": ("none has reached the pharmacy",), "he": ("עדיין לא התקבל מרשם",)}
WHAT_NOW = {"en": "what do I do", "he": "אז מה אני עושה?"}
ASK_DOCTOR = {"en": ("contact your doctor",), "he": ("לפנות לרופא/ה",)}


@pytest.mark.parametrize(("language", "message"), cases(DOCTOR_SENT))
def test_a_prescription_the_doctor_sent_that_has_not_arrived(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = _signed_in(chat, language, "u004")
    turn = conversation.say(message)
    assert says_any(turn, NOT_RECEIVED[language]) and "request_refill" not in turn.tools, why(turn)
    written_in(turn, language)
    after = conversation.say(WHAT_NOW[language])
    assert says_any(after, ASK_DOCTOR[language]) and not says_any(after, REFUSAL[language]), why(after)


CONSENT = {
    "en": ["she's right here she says its fine", "she is right here with me", "she says its ok to tell me"],
    "he": ["היא מסכימה שתגיד לי", "זה בסדר מבחינתה, היא אמרה"],
}
SIGN_IN_HERSELF = {"en": ("sign in here themselves",), "he": ("בעל/ת המרשם",)}
SISTER = {
    "en": "my sister dana mizrahi asked me to check if her thyroid refill went through",
    "he": "אחותי דנה מזרחי ביקשה שאבדוק אם החידוש של האלטרוקסין שלה עבר",
}


@pytest.mark.parametrize(("language", "message"), cases(CONSENT))
def test_consent_of_the_other_person_is_no_sign_in(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = _signed_in(chat, language, "u008")
    conversation.say(SISTER[language])
    turn = conversation.say(message)
    assert says_any(turn, SIGN_IN_HERSELF[language]) and not says_any(turn, REFUSAL[language]), why(turn)
    assert not turn.tools, why(turn)
