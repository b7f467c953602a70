"""Round eighteen: questions about one's own prescription that are not worded as a refill request.

- "what's remaining on my coumadin?", «כמה נותר לי בקומדין?»: the refills left on that prescription (in
  agreement in Hebrew), never the label or the shelf's count;
- "is my eltroxin prescription still good?", «המרשם לאלטרוקסין עוד בתוקף?»: its expiry date, and when it has
  expired, that the doctor issues a new one;
- "why can't I see my tramadex?", «למה אני לא רואה את הטרמדקס שלי?»: its status (cancelled) and who can say why;
- "please order me some plavix", «תזמיני לי פלביקס» with no refills left: no refills, a new prescription from
  the doctor (no "I can't take orders" and no stock);
- "the coumadin yes" right after signing in through the chat inside a refill thread: Coumadin's refill;
- "could I get the klacid again", «אפשר עוד פעם קלסיד?»: the completed Klacid prescription, not a referral;
- "which branch do I pick up my refill from?": every branch that has the medication in stock.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in

LABEL = {"en": ("contains the active ingredient", "Dosage (from the label)"), "he": ("מכיל את החומר הפעיל", "מינון")}
DOCTOR = {"en": ("doctor",), "he": ("רופא",)}
NO_ORDERS = {"en": ("can't take orders",), "he": ("אין באפשרותי לקבל הזמנות",)}
DISTRESS = ("1201",)
ADVICE_ONLY = {"en": ("can look at your situation",), "he": ("יוכלו לבחון את המצב",)}


def _signed_in(chat: Callable[..., Chat], language: str, patient: str) -> Chat:
    return chat(language, patient_id=patient, identity_mode="demo")


def _no_label(turn: Turn, language: str) -> None:
    assert "get_medication_by_name" not in turn.tools and not says_any(turn, LABEL[language]), why(turn)


# --- what is left on a prescription ---------------------------------------------------------------------------

LEFT_COUMADIN = {
    "en": [
        "what's remaining on my coumadin?",
        "how much is left on my coumadin prescription",
        "what do I still have left on my coumadin?",
        "whats left for me on coumadin",
        "how much remains on my coumadin",
    ],
    "he": [
        "כמה נותר לי בקומדין?",
        "מה נשאר לי במרשם של הקומדין?",
        "כמה עוד נשאר לי על הקומדין?",
        "כמה עוד נותר לי בקומדין",
        "כמה נשארו לי בקומדין",
    ],
}
FOUR_LEFT = {"en": ("4 refills left",), "he": ("נותרו ארבעה חידושים", "נותרו 4 חידושים")}


@pytest.mark.parametrize(("language", "message"), cases(LEFT_COUMADIN))
def test_what_is_left_on_a_prescription(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = _signed_in(chat, language, "u003").say(message)
    assert turn.args("prescription_verify")["presc_id"] == "p201", why(turn)
    assert says_any(turn, FOUR_LEFT[language]), why(turn)
    _no_label(turn, language)
    written_in(turn, language)


LEFT_NONE = {
    "en": ["whats left on my plavix script?", "what's remaining on my plavix?", "what do I have left on plavix"],
    "he": ["כמה נשאר לי בפלביקס?", "מה נותר לי במרשם לפלביקס", "מה נשאר לי בפלביקס?"],
}
NONE_LEFT = {"en": ("no refills left",), "he": ("לא נותרו",)}


@pytest.mark.parametrize(("language", "message"), cases(LEFT_NONE))
def test_nothing_left_on_a_prescription(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = _signed_in(chat, language, "u003").say(message)
    assert turn.args("prescription_verify")["presc_id"] == "p202", why(turn)
    assert says_any(turn, NONE_LEFT[language]) and says_any(turn, DOCTOR[language]), why(turn)
    assert "request_refill" not in turn.tools, why(turn)
    _no_label(turn, language)


ONE_LEFT = {"en": "what's remaining on my simovil?", "he": "כמה נשאר לי בסימוביל?"}
ONE = {"en": ("1 refill left",), "he": ("נותר חידוש אחד",)}


@pytest.mark.parametrize("language", ["en", "he"])
def test_one_refill_left_agrees(chat: Callable[..., Chat], language: str) -> None:
    turn = _signed_in(chat, language, "u006").say(ONE_LEFT[language])
    assert turn.args("prescription_verify")["presc_id"] == "p602", why(turn)
    assert says_any(turn, ONE[language]), why(turn)
    _no_label(turn, language)


# --- until when a prescription is valid -------------------------------------------------------------------------

EXPIRY = {
    "en": [
        "is my eltroxin prescription still good?",
        "how long is my eltroxin script valid for",
        "till when can I use my eltroxin prescription",
        "when does my eltroxin expire",
        "what's the validity of my eltroxin prescription",
    ],
    "he": [
        "המרשם לאלטרוקסין עוד בתוקף?",
        "עד איזה תאריך המרשם לאלטרוקסין?",
        "מתי פג התוקף של האלטרוקסין שלי?",
        "עד מתי אפשר להשתמש במרשם לאלטרוקסין?",
        "מה התוקף של המרשם שלי לאלטרוקסין",
    ],
}
VALID_UNTIL = {"en": "March 11, 2026", "he": "11 במרץ 2026"}
EXPIRED_ON = {"en": "February 24, 2026", "he": "24 בפברואר 2026"}
EXPIRED = {"en": ("expired",), "he": ("פג תוקף", "תוקף המרשם פג")}


@pytest.mark.parametrize(("language", "message"), cases(EXPIRY))
def test_until_when_a_prescription_is_valid(chat: Callable[..., Chat], language: str, message: str) -> None:
    active = _signed_in(chat, language, "u005").say(message)
    assert VALID_UNTIL[language] in active.reply, why(active)
    _no_label(active, language)
    # Expired: said so, with its date, and the doctor for a new one.
    turn = _signed_in(chat, language, "u010").say(message)
    assert EXPIRED_ON[language] in turn.reply and says_any(turn, EXPIRED[language]), why(turn)
    assert says_any(turn, DOCTOR[language]), why(turn)
    _no_label(turn, language)
    written_in(turn, language)


# --- a prescription that does not show ---------------------------------------------------------------------------

MISSING = {
    "en": [
        "why can't I see my tramadex?",
        "my tramadex disappeared, why?",
        "where did my tramadex go?",
        "why isn't tramadex showing for me",
        "tramadex is missing from my list",
    ],
    "he": [
        "למה אני לא רואה את הטרמדקס שלי?",
        "הטרמדקס נעלם לי",
        "איפה הטרמדקס שלי נעלם?",
        "למה הטרמדקס לא מופיע אצלי?",
        "למה חסר לי הטרמדקס ברשימה?",
    ],
}
CANCELLED = {"en": ("cancelled",), "he": ("בוטל",)}
WHO_TO_ASK = {"en": ("doctor", "pharmacist"), "he": ("רופא", "רוקח")}


@pytest.mark.parametrize(("language", "message"), cases(MISSING))
def test_a_prescription_that_does_not_show(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = _signed_in(chat, language, "u005").say(message)
    assert "get_user_prescriptions" in turn.tools, why(turn)
    assert says_any(turn, CANCELLED[language]) and says_any(turn, WHO_TO_ASK[language]), why(turn)
    _no_label(turn, language)
    written_in(turn, language)


# --- "order me" a prescription medication -------------------------------------------------------------------------

ORDER_ME = {
    "en": [
        "please order me some plavix",
        "order me plavix",
        "can you order me another box of plavix",
        "order me my plavix",
        "could you order me plavix for pickup",
    ],
    "he": [
        "תזמין לי פלביקס",
        "אפשר שתזמין לי פלביקס?",
        "תזמינו לי פלביקס בבקשה",
        "תזמין לי עוד קופסה של פלביקס",
        "תזמין לי את הפלביקס שלי",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(ORDER_ME))
def test_order_me_a_prescription_with_no_refills(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = _signed_in(chat, language, "u003").say(message)
    assert turn.args("prescription_verify")["presc_id"] == "p202", why(turn)
    assert says_any(turn, NONE_LEFT[language]) and says_any(turn, DOCTOR[language]), why(turn)
    assert not says_any(turn, NO_ORDERS[language]) and "inventory_check" not in turn.tools, why(turn)
    written_in(turn, language)


ORDER_COUMADIN = {"en": "order me coumadin", "he": "תזמין לי קומדין"}


@pytest.mark.parametrize("language", ["en", "he"])
def test_order_me_a_prescription_with_refills_offers_it(chat: Callable[..., Chat], language: str) -> None:
    turn = _signed_in(chat, language, "u003").say(ORDER_COUMADIN[language])
    assert turn.args("request_refill")["presc_id"] == "p201" and turn.confirmation is not None, why(turn)
    assert not says_any(turn, NO_ORDERS[language]), why(turn)


DELIVER = {"en": "can you deliver plavix to my home?", "he": "אפשר משלוח של פלביקס הביתה?"}


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_real_delivery_is_still_refused(chat: Callable[..., Chat], language: str) -> None:
    turn = _signed_in(chat, language, "u003").say(DELIVER[language])
    assert says_any(turn, NO_ORDERS[language]), why(turn)
    assert "request_refill" not in turn.tools, why(turn)


# --- "and the Coumadin yes" after signing in through the chat ----------------------------------------------------

FIRST_REFILL = {"en": "please refill my plavix", "he": "אני רוצה לחדש את הפלביקס"}
COUMADIN_YES = {
    "en": [
        "and the coumadin yes",
        "the coumadin yes please",
        "coumadin yes",
        "but the coumadin yes",
        "and coumadin, yes",
    ],
    "he": ["ואת הקומדין כן", "והקומדין כן", "את הקומדין כן בבקשה", "גם את הקומדין כן", "קומדין כן"],
}


@pytest.mark.parametrize(("language", "message"), cases(COUMADIN_YES))
def test_another_refill_after_signing_in_in_the_chat(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(FIRST_REFILL[language])
    conversation.say("yossi.levi@example.com")
    verified = conversation.say("{{otp}}")
    assert verified.args("prescription_verify")["presc_id"] == "p202", why(verified)
    turn = conversation.say(message)
    assert turn.args("request_refill")["presc_id"] == "p201" and turn.confirmation is not None, why(turn)
    _no_label(turn, language)
    written_in(turn, language)


# --- a medication asked for again ----------------------------------------------------------------------------------

AGAIN = {
    "en": [
        "can i have klacid again?",
        "i want the klacid again",
        "may I have klacid again?",
        "can I have the klacid again please",
        "can i have my klacid again?",
        "can I have klacid once more?",
        "can i have klacid one more time",
        "can i have more klacid?",
    ],
    "he": [
        "אפשר שוב את הקלסיד שלי?",
        "אפשר את הקלסיד שוב?",
        "אפשר לי שוב קלסיד?",
        "אפשר שוב קלסיד עבורי?",
        "האם אפשר שוב את הקלסיד?",
        "אפשר שוב את הקלסיד עכשיו?",
    ],
}
COMPLETED = {"en": ("completed",), "he": ("הושלם",)}


@pytest.mark.parametrize(("language", "message"), cases(AGAIN))
def test_a_completed_prescription_asked_for_again(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = _signed_in(chat, language, "u008").say(message)
    assert turn.args("prescription_verify")["presc_id"] == "p801", why(turn)
    assert says_any(turn, COMPLETED[language]) and says_any(turn, DOCTOR[language]), why(turn)
    assert not says_any(turn, DISTRESS) and not says_any(turn, ADVICE_ONLY[language]), why(turn)
    written_in(turn, language)


TAKE_AGAIN = {
    "en": ["can I take klacid again?", "is it safe to have klacid again?"],
    "he": ["מותר לי לקחת שוב קלסיד?", "אפשר להמשיך עם הקלסיד שוב?"],
}
REFUSAL = {"en": ("can't give medical advice",), "he": ("אין באפשרותי לתת ייעוץ רפואי",)}


@pytest.mark.parametrize(("language", "message"), cases(TAKE_AGAIN))
def test_taking_it_again_is_still_referred(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = _signed_in(chat, language, "u008").say(message)
    assert says_any(turn, REFUSAL[language]), why(turn)
    assert "request_refill" not in turn.tools, why(turn)


# --- where a refill can be picked up --------------------------------------------------------------------------------

WHERE = {
    "en": [
        "which branch do I pick up my refill from?",
        "where do I collect my zoloft refill?",
        "where can I get my refill from?",
        "where is my zoloft refill waiting for me?",
        "which store has my refill",
    ],
    "he": [
        "מאיפה אוספים את החידוש של הזולופט?",
        "באיזה סניף אני אוספת את החידוש?",
        "איפה אני אוספת את החידוש של הזולופט?",
        "לאיזה סניף ללכת לאסוף את החידוש?",
        "איפה אני יכול לקחת את החידוש שלי?",
    ],
}
TEL_AVIV = {"en": "Tel Aviv – Dizengoff (60 units", "he": "בסניף תל אביב – דיזנגוף (60 יחידות"}
JERUSALEM = {"en": "Jerusalem – Jaffa Street (30 units", "he": "בסניף ירושלים – רחוב יפו (30 יחידות"}


@pytest.mark.parametrize("patient", ["u001", "u009"])
@pytest.mark.parametrize(("language", "message"), cases(WHERE))
def test_where_to_pick_up_names_every_branch_with_stock(
    chat: Callable[..., Chat], language: str, message: str, patient: str
) -> None:
    turn = _signed_in(chat, language, patient).say(message)
    stores = sorted(call["arguments"].get("store_id") for call in turn.calls if call["name"] == "inventory_check")
    assert stores == ["s1", "s2"], why(turn)
    assert TEL_AVIV[language] in turn.reply and JERUSALEM[language] in turn.reply, why(turn)
    written_in(turn, language)
