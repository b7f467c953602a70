"""Round eighteen: where and when a refill is picked up, asked right after it or in a later conversation.

- "where do I collect it? is it in stock at Dizengoff?", «מאיפה לאסוף? וכמה יש בדיזנגוף?» right after a refill:
  the branch and date of that refill, then the stock at the branch named (never "no medication named 'pick
  up'");
- "is it ready yet? do you have it in Jerusalem too?", «מתי זה מוכן? יש לכם בירושלים?»: the date it is due, and
  the stock asked about;
- "can I pick it up in Jerusalem instead?", «אפשר לאסוף בירושלים במקום?»: the request names one branch and no
  tool moves it, so that is said, with who can help (a pharmacist) and the stock there; no new refill;
- the same questions from a patient whose refill was requested in an earlier conversation (u009): its date from
  the records, and that its branch is not shown;
- a pickup verb ("pick it up", "collect", «אוספים», «לאסוף») is never looked up as a medication's name.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in

NOT_FOUND = {"en": ("couldn't find", "in our catalog"), "he": ("לא מצאתי", "בקטלוג")}
REFILL = {"en": "i want to refill my zoloft", "he": "אני רוצה לחדש את הזולופט"}
READY_ON = {"en": "March 2, 2026", "he": "2 במרץ 2026"}
TEL_AVIV = {"en": "Tel Aviv – Dizengoff", "he": "תל אביב – דיזנגוף"}
# Zoloft on the shelf: 60 at Dizengoff (59 once this conversation's refill holds one), 30 in Jerusalem.
UNITS = {"s1": ("59", "60"), "s2": ("30",)}
CANNOT_MOVE = {"en": ("can't move it", "can't change its branch"), "he": ("אין לי אפשרות להעביר", "לשנות את הסניף")}
PHARMACIST = {"en": ("pharmacist",), "he": ("רוקח",)}
BRANCH_UNKNOWN = {"en": ("can't see which branch", "can't change its branch"), "he": ("אין לי פרטים על הסניף", "לשנות")}


def _after_refill(chat: Callable[..., Chat], language: str) -> Chat:
    conversation = chat(language, patient_id="u001", identity_mode="demo")
    conversation.say(REFILL[language])
    done = conversation.approve()
    assert READY_ON[language] in done.reply, why(done)
    return conversation


def _no_name_lookup(turn: Turn, language: str) -> None:
    assert "get_medication_by_name" not in turn.tools, why(turn)
    assert not says_any(turn, NOT_FOUND[language]), why(turn)


def _stock_at(turn: Turn, store_id: str) -> None:
    checked = [c for c in turn.calls if c["name"] == "inventory_check" and c["arguments"].get("store_id") == store_id]
    assert checked and checked[-1]["arguments"].get("med_id") == "m009", why(turn)
    assert any(units in turn.reply for units in UNITS[store_id]), why(turn)


# --- where, glued to a question about a branch's stock ----------------------------------------------------

WHERE_AND_BRANCH = {
    "en": [
        ("where do i collect it? is it in stock at dizengoff?", "s1"),
        ("which branch do i pick it up from? do you have it in jerusalem?", "s2"),
        ("so where's the pickup? got any in jerusalem?", "s2"),
        ("where do i pick it up from, and any stock in tel aviv?", "s1"),
        ("where am i collecting it? is there some at the jaffa street branch?", "s2"),
    ],
    "he": [
        ("איפה אוספים את זה? יש לכם בירושלים?", "s2"),
        ("מאיפה לאסוף? וכמה יש בדיזנגוף?", "s1"),
        ("באיזה סניף אני אוספת? יש במלאי בירושלים?", "s2"),
        ("ומאיפה אאסוף אותו? יש לכם בתל אביב?", "s1"),
        ("מאיפה אני אוסף את זה? זה זמין בסניף יפו?", "s2"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(WHERE_AND_BRANCH))
def test_where_to_collect_with_a_branch_stock(chat: Callable[..., Chat], language: str, case: tuple[str, str]) -> None:
    message, store_id = case
    turn = _after_refill(chat, language).say(message)
    _no_name_lookup(turn, language)
    assert TEL_AVIV[language] in turn.reply and READY_ON[language] in turn.reply, why(turn)
    _stock_at(turn, store_id)
    assert "request_refill" not in turn.tools, why(turn)
    written_in(turn, language)


# --- when it is ready, glued to a question about a branch's stock -----------------------------------------

READY_AND_BRANCH = {
    "en": [
        ("is it ready yet? do you have it in jerusalem too?", "s2"),
        ("when can i get it? any at the jerusalem branch?", "s2"),
        ("when will it be ready? is it in stock at dizengoff?", "s1"),
        ("how soon can i pick it up? how many do you have in tel aviv?", "s1"),
        ("is it ready for pickup? and is there stock in jlm?", "s2"),
    ],
    "he": [
        ("מתי זה מוכן? יש לכם בירושלים?", "s2"),
        ("זה כבר מוכן? יש במלאי בדיזנגוף?", "s1"),
        ("מתי אוכל לאסוף? כמה יש בסניף ירושלים?", "s2"),
        ("מתי זה יהיה מוכן? יש לכם גם בירושלים?", "s2"),
        ("מתי אפשר לבוא לאסוף? יש במלאי בתל אביב?", "s1"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(READY_AND_BRANCH))
def test_when_it_is_ready_with_a_branch_stock(chat: Callable[..., Chat], language: str, case: tuple[str, str]) -> None:
    message, store_id = case
    turn = _after_refill(chat, language).say(message)
    _no_name_lookup(turn, language)
    assert READY_ON[language] in turn.reply and TEL_AVIV[language] in turn.reply, why(turn)
    _stock_at(turn, store_id)
    written_in(turn, language)


# --- another branch instead: one branch per request, said plainly, with who can help ---------------------

INSTEAD = {
    "en": [
        "can I pick it up in Jerusalem instead?",
        "could i collect it at the jaffa street branch instead?",
        "can i switch the pickup to jerusalem?",
        "is it possible to collect it at the other branch instead?",
        "can i get it from the jerusalem branch instead? is it in stock there?",
    ],
    "he": [
        "אפשר לאסוף בירושלים במקום?",
        "אני יכולה לאסוף אותו בסניף ירושלים במקום?",
        "אפשר להעביר את האיסוף לירושלים?",
        "אני יכול לאסוף אותו בסניף השני במקום? יש שם במלאי?",
        "ניתן לשנות את סניף האיסוף לירושלים?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(INSTEAD))
def test_collecting_at_another_branch_instead(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = _after_refill(chat, language).say(message)
    _no_name_lookup(turn, language)
    assert TEL_AVIV[language] in turn.reply and READY_ON[language] in turn.reply, why(turn)
    assert says_any(turn, CANNOT_MOVE[language]) and says_any(turn, PHARMACIST[language]), why(turn)
    _stock_at(turn, "s2")
    assert "request_refill" not in turn.tools and turn.confirmation is None, why(turn)  # never a second refill
    written_in(turn, language)


# --- a refill requested in an earlier conversation: from the records -------------------------------------

EARLIER = {
    "en": [
        ("where do i collect my refill? do you have it at dizengoff?", "s1"),
        ("is my refill ready yet? any in jerusalem?", "s2"),
        ("when can i pick up my zoloft? how many are in stock in jerusalem?", "s2"),
        ("can I pick it up in Jerusalem instead?", "s2"),
        ("could i collect my refill at the tel aviv branch?", "s1"),
    ],
    "he": [
        ("מאיפה אני אוסף את החידוש? יש לכם בדיזנגוף?", "s1"),
        ("החידוש שלי כבר מוכן? יש לכם בירושלים?", "s2"),
        ("מתי אוכל לאסוף את הזולופט? כמה יש בירושלים?", "s2"),
        ("אפשר לאסוף בירושלים במקום?", "s2"),
        ("אני יכולה לאסוף את החידוש בסניף תל אביב?", "s1"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(EARLIER))
def test_a_refill_from_an_earlier_conversation(chat: Callable[..., Chat], language: str, case: tuple[str, str]) -> None:
    message, store_id = case
    turn = chat(language, patient_id="u009", identity_mode="demo").say(message)
    _no_name_lookup(turn, language)
    assert turn.args("prescription_verify").get("presc_id") == "p901", why(turn)
    assert READY_ON[language] in turn.reply, why(turn)  # the date on file
    _stock_at(turn, store_id)
    if says_any(turn, CANNOT_MOVE[language]) or store_id == "s1":
        assert says_any(turn, BRANCH_UNKNOWN[language]), why(turn)  # its branch is not shown: never guessed
    assert "request_refill" not in turn.tools, why(turn)
    written_in(turn, language)


# --- a pickup verb is never a medication's name ----------------------------------------------------------

PICKUP_WORDS = {
    "en": [
        "where do i pick it up? do you have it at dizengoff?",
        "where can i pick it up? any in jerusalem?",
        "can i pick it up in jerusalem? do you have it there?",
        "where's the pick up? do you have it in tel aviv?",
        "where do i pick it up, dizengoff or jerusalem?",
    ],
    "he": [
        "מאיפה אוספים? יש לכם בדיזנגוף?",
        "איפה אוספים את זה? יש בירושלים?",
        "מאיפה אוספים? יש בירושלים?",
        "איפה אוספים? בדיזנגוף יש?",
        "באיזה סניף אוספים? יש בתל אביב?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(PICKUP_WORDS))
def test_a_pickup_verb_is_never_a_name(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    _no_name_lookup(turn, language)
    written_in(turn, language)
