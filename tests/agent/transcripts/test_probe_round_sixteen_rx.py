"""Probe round sixteen, prescriptions and refills: what the person asked, answered from the right place.

- "refill my moxypen" while it is out of stock: every branch where it is out, each restock date, and what can
  be done (ask again once it is back, a pharmacist sooner) — never "out of stock at Tel Aviv" alone; a branch
  that has it is named instead;
- "can I get another round of Klacid?", "Klacid again", «עוד סבב של קלסיד», «שוב קלסיד» (signed in, on file):
  the prescription's refill answer (completed, a new prescription is needed), not its stock and equivalents;
- "how many refills do I have left?" right after declining a refill: the count, and no new refill offer;
- "glucofage 850 is it prescription" / «גלוקופאז 850 זה במרשם?» before any sign-in: the label's fact, with no
  request for an email or phone;
- "why do I need to sign in?" / «למה צריך להזדהות?» while the sign-in is pending: why, and the same question
  again (never "that doesn't look like an email address").
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import select

from pharmai.db.engine import Database
from pharmai.db.models import Inventory
from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

OUT_OF_SCOPE = {"en": ("I can only help with pharmacy questions",), "he": ("אני יכול לעזור רק בנושאי",)}
PHARMACIST = {"en": ("pharmacist",), "he": ("רוקח",)}


def _signed_in(chat: Callable[..., Chat], language: str, patient: str) -> Chat:
    return chat(language, patient_id=patient, identity_mode="demo")


# --- a refill of a medication out of stock: every branch, every date, what can be done ---------------------------

MOXYPEN_REFILL = {
    "en": ["refill my moxypen", "i need to refill my moxypen", "please renew my amoxicillin prescription"],
    "he": ["אני רוצה לחדש את המוקסיפן", "תחדש לי את המוקסיפן בבקשה", "אני צריך לחדש את המרשם לאמוקסיצילין"],
}
BOTH_BRANCHES = {"en": ("out of stock at both branches",), "he": ("חסר כרגע במלאי בשני הסניפים",)}
TEL_AVIV_BACK = {"en": ("Tel Aviv – Dizengoff (expected back on March 11, 2026)",), "he": ("11 במרץ 2026",)}
JERUSALEM_BACK = {"en": ("Jerusalem – Jaffa Street (expected back on March 13, 2026)",), "he": ("13 במרץ 2026",)}
WHAT_TO_DO = {"en": ("ask me again once it's back",), "he": ("לפנות אליי שוב כשהתרופה תחזור",)}


@pytest.mark.parametrize(("language", "message"), cases(MOXYPEN_REFILL))
def test_a_refill_out_of_stock_everywhere_names_every_branch_and_date(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = _signed_in(chat, language, "u002").say(message)
    assert turn.args("prescription_verify")["presc_id"] == "p001", why(turn)
    assert "request_refill" not in turn.tools and turn.confirmation is None, why(turn)
    stores = sorted(call["arguments"].get("store_id") for call in turn.calls if call["name"] == "inventory_check")
    assert stores == ["s1", "s2"], why(turn)
    assert says_any(turn, BOTH_BRANCHES[language]), why(turn)
    assert says_any(turn, TEL_AVIV_BACK[language]) and says_any(turn, JERUSALEM_BACK[language]), why(turn)
    assert says_any(turn, WHAT_TO_DO[language]) and says_any(turn, PHARMACIST[language]), why(turn)
    written_in(turn, language)


THERE = {"en": ("The Jerusalem – Jaffa Street branch has it in stock (20 units)",), "he": ("בסניף ירושלים",)}
MARCH_11 = {"en": ("March 11, 2026",), "he": ("11 במרץ 2026",)}
JERUSALEM_THEN = {"en": "ok then refill it in jerusalem", "he": "אז תחדש לי אותו בסניף ירושלים"}
PICK_UP_THERE = {"en": ("refill it at that branch",), "he": ("לבקש את החידוש בסניף הזה",)}


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_refill_out_of_stock_here_names_the_branch_that_has_it(
    chat: Callable[..., Chat], db: Database, language: str
) -> None:
    with db.session(write=True) as session:
        row = session.scalars(select(Inventory).where(Inventory.store_id == "s2", Inventory.med_id == "m007")).one()
        row.qty_on_hand, row.restock_eta = 20, None
    conversation = _signed_in(chat, language, "u002")
    turn = conversation.say(MOXYPEN_REFILL[language][0])
    assert "request_refill" not in turn.tools and turn.confirmation is None, why(turn)
    assert says_any(turn, THERE[language]) and says_any(turn, PICK_UP_THERE[language]), why(turn)
    assert not says_any(turn, BOTH_BRANCHES[language]), why(turn)
    assert says_any(turn, MARCH_11[language]), why(turn)
    written_in(turn, language)
    there = conversation.say(JERUSALEM_THEN[language])
    assert there.confirmation is not None and there.args("request_refill")["store_id"] == "s2", why(there)


# --- "another round of Klacid": the prescription's answer -------------------------------------------------------

ANOTHER_ROUND = {
    "en": ["can i get another round of klacid", "can i have another course of klacid", "klacid again please",
           "i need one more box of klacid", "can i get klacid again?"],
    "he": ["אפשר עוד סבב של קלסיד?", "אני צריך שוב קלסיד", "אפשר לקבל סבב נוסף של קלסיד",
           "אני רוצה עוד פעם קלסיד", "אפשר קופסה נוספת של קלסיד?"],
}  # fmt: skip
NEW_RX = {"en": ("new prescription",), "he": ("מרשם חדש",)}
COMPLETED = {"en": ("completed",), "he": ("הושלם",)}


@pytest.mark.parametrize(("language", "message"), cases(ANOTHER_ROUND))
def test_another_round_of_a_medication_on_file_is_its_refill(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = _signed_in(chat, language, "u008").say(message)
    assert turn.args("prescription_verify")["presc_id"] == "p801", why(turn)
    assert "inventory_find_equivalent" not in turn.tools and "inventory_check" not in turn.tools, why(turn)
    assert says_any(turn, COMPLETED[language]) and says_any(turn, NEW_RX[language]), why(turn)
    written_in(turn, language)


ZOLOFT_AGAIN = {"en": ["can i get another round of zoloft"], "he": ["אפשר שוב זולופט?"]}


@pytest.mark.parametrize(("language", "message"), cases(ZOLOFT_AGAIN))
def test_another_round_of_an_eligible_prescription_asks_its_one_confirmation(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = _signed_in(chat, language, "u001").say(message)
    assert turn.confirmation is not None and turn.args("request_refill")["presc_id"] == "p101", why(turn)
    assert "inventory_find_equivalent" not in turn.tools, why(turn)


# --- the count right after a declined refill ---------------------------------------------------------------------

ZOLOFT_REFILL = {"en": "i need to refill my zoloft", "he": "אני צריכה עוד זולופט, אפשר לחדש?"}
DECLINE = {"en": ["/deny", "no"], "he": ["/deny", "לא"]}
COUNT = {
    "en": ["how many refills do i have left?", "how many refills are left?", "any refills left on it?"],
    "he": ["כמה חידושים נשארו לי?", "כמה חידושים נותרו?", "כמה חידושים יש לי עוד?"],
}
THREE_LEFT = {"en": ("3 refills left",), "he": ("נותרו שלושה חידושים",)}
OFFER = {"en": ("Shall I", "I can request a refill"), "he": ("להמשיך?", "אפשר להגיש בקשה לחידוש")}


@pytest.mark.parametrize("decline", [0, 1])
@pytest.mark.parametrize(("language", "message"), cases(COUNT))
def test_the_count_after_a_declined_refill_offers_it_no_again(
    chat: Callable[..., Chat], language: str, message: str, decline: int
) -> None:
    conversation = _signed_in(chat, language, "u001")
    offered = conversation.say(ZOLOFT_REFILL[language])
    assert offered.confirmation is not None, why(offered)
    conversation.say(DECLINE[language][decline])
    turn = conversation.say(message)
    assert says_any(turn, THREE_LEFT[language]), why(turn)
    assert turn.confirmation is None and "request_refill" not in turn.tools, why(turn)
    assert not says_any(turn, OFFER[language]), why(turn)
    written_in(turn, language)


ONE_LEFT = {"en": ("1 refill left",), "he": ("נותר חידוש אחד",)}
GLUCOPHAGE_REFILL = {"en": "refill my glucophage", "he": "תחדש לי את הגלוקופאז'"}


@pytest.mark.parametrize("language", ["en", "he"])
def test_the_count_after_a_declined_refill_agrees_with_one(chat: Callable[..., Chat], language: str) -> None:
    conversation = _signed_in(chat, language, "u007")
    conversation.say(GLUCOPHAGE_REFILL[language])
    conversation.say(DECLINE[language][1])
    turn = conversation.say(COUNT[language][0])
    assert says_any(turn, ONE_LEFT[language]) and turn.confirmation is None, why(turn)


# --- "is it prescription?": the label, with no sign-in -----------------------------------------------------------

IS_IT_RX = {
    "en": ["glucofage 850 is it prescription", "is glucophage prescription only?", "glucophage - need a prescription?",
           "is zoloft otc or prescription?"],
    "he": ["גלוקופאז 850 זה במרשם?", "צריך מרשם לגלוקופאז'?", "גלוקופאז' דורש מרשם?", "זולופט זה בלי מרשם?"],
}  # fmt: skip
ASKS_SIGN_IN = {"en": ("email or phone",), "he": ("המייל או מספר הטלפון",)}
NEEDS_RX = {"en": ("requires a prescription",), "he": ("היא תרופת מרשם",)}


@pytest.mark.parametrize(("language", "message"), cases(IS_IT_RX))
def test_whether_a_product_needs_a_prescription_asks_no_sign_in(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    assert not says_any(turn, ASKS_SIGN_IN[language]), why(turn)
    assert "get_user_prescriptions" not in turn.tools, why(turn)
    assert says_any(turn, NEEDS_RX[language]), why(turn)
    written_in(turn, language)


# --- "why do I need to sign in?" while it is pending -------------------------------------------------------------

SHOW_MINE = {"en": "show my prescriptions", "he": "תראה לי את המרשמים שלי"}
WHY_SIGN_IN = {
    "en": ["why do I need to sign in?", "what do you need my phone for", "why do you need my email?",
           "how come i have to identify myself"],
    "he": ["למה צריך להזדהות?", "בשביל מה אתה צריך את הטלפון שלי?", "למה אתם צריכים את המייל שלי?",
           "לשם מה צריך את הפרטים שלי?"],
}  # fmt: skip
BAD_IDENTIFIER = {"en": ("doesn't look like an email",), "he": ("זו לא כתובת מייל",)}
REASON = {"en": ("one-time code",), "he": ("קוד חד-פעמי",)}
ASK_AGAIN = {"en": ("type your email or phone number",), "he": ("להקליד את כתובת המייל או מספר הטלפון",)}


@pytest.mark.parametrize(("language", "message"), cases(WHY_SIGN_IN))
def test_why_sign_in_is_answered_and_the_sign_in_stays_pending(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(SHOW_MINE[language])
    turn = conversation.say(message)
    assert not says_any(turn, BAD_IDENTIFIER[language]) and not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    assert says_any(turn, REASON[language]) and says_any(turn, ASK_AGAIN[language]), why(turn)
    assert turn.tools == [], why(turn)
    written_in(turn, language)
    # Still pending: the email typed next gets its code, and the code opens the prescriptions asked for.
    sent = conversation.say("david.cohen@example.com")
    assert sent.args("verify_customer_identity")["identifier"] == "david.cohen@example.com", why(sent)
    listed = conversation.say("{{otp}}")
    assert listed.result("get_user_prescriptions")["user"]["user_id"] == "u002", why(listed)


WHY_CODE = {"en": ["why do you need a code?"], "he": ["למה צריך קוד?"]}
ASK_CODE = {"en": ("type the code",), "he": ("להקליד את הקוד",)}


@pytest.mark.parametrize(("language", "message"), cases(WHY_CODE))
def test_why_a_code_is_answered_and_the_code_stays_pending(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(SHOW_MINE[language])
    conversation.say("david.cohen@example.com")
    turn = conversation.say(message)
    assert says_any(turn, REASON[language]) and says_any(turn, ASK_CODE[language]), why(turn)
    assert "verify_customer_identity" not in turn.tools, why(turn)
    listed = conversation.say("{{otp}}")
    assert listed.result("get_user_prescriptions")["user"]["user_id"] == "u002", why(listed)
