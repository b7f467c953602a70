"""Probe round eleven, prescriptions and refills: what comes after a refill answer, pinned in both languages.

- "how do I get a new one?" / "so what do I do?" / "and after that?" / "אז מה עושים?" / "ואחרי זה?" after an
  expired, completed or one-refill-left answer: ask the doctor for a new prescription (and what the pharmacy
  can do then), never the refusal alone, "out of scope" or a name lookup of "איך משיגים";
- a refill already pending: "I already did? when?" / "כבר ביקשתי? מתי?" confirms it with its date on file, and
  "how many refills do I have left?" gives the count (2), not only "being prepared";
- "can I get more Klacid?" from a patient with a (completed) prescription for it: the refill answer (doctor),
  not a stock count; "it came back" about the infection: see the doctor, never a name lookup;
- "the Glucophage one" / "זה של הגלוקופאג'" after "which prescription?": that prescription; "where do I pick
  it up?" after a refill was placed: the store it was placed for.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

REFUSAL_ONLY = {"en": ("can't give medical advice or recommend",), "he": ("או להמליץ מה ליטול",)}
NOT_FOUND = {"en": ("couldn't find a medication named",), "he": ("לא מצאתי תרופה בשם",)}
OUT_OF_SCOPE = {"en": ("I can only help with pharmacy questions",), "he": ("רק בנושאי בית מרקחת",)}
NEW_RX = {"en": ("new prescription",), "he": ("מרשם חדש",)}
DOCTOR = {"en": ("doctor",), "he": ("רופא/ה",)}


def _no_dead_end(turn: object, language: str) -> None:
    for phrases in (REFUSAL_ONLY, NOT_FOUND, OUT_OF_SCOPE):
        assert not says_any(turn, phrases[language]), why(turn)  # type: ignore[arg-type]


# --- the next step after a refill answer ----------------------------------------------------------------------

EXPIRED_FIRST = {"en": "can I refill my lipitor?", "he": "אפשר לחדש את הליפיטור שלי?"}
NEXT_AFTER_EXPIRED = {
    "en": [
        "how do i get a new one",
        "so what do i do",
        "what are my options?",
        "ok so how do I get a new prescription?",
        "what now?",
    ],
    "he": ["אז מה עושים", "אז איך משיגים מרשם חדש", "איך מקבלים מרשם חדש?", "מה האפשרויות?", "מה הלאה?"],
}


@pytest.mark.parametrize(("language", "message"), cases(NEXT_AFTER_EXPIRED))
def test_next_step_after_an_expired_prescription_is_a_new_one_from_the_doctor(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u002", identity_mode="demo")
    conversation.say(EXPIRED_FIRST[language])
    turn = conversation.say(message)
    assert says_any(turn, NEW_RX[language]) and says_any(turn, DOCTOR[language]), why(turn)
    assert "Lipitor" in turn.reply or "ליפיטור" in turn.reply, why(turn)
    assert "request_refill" not in turn.tools, why(turn)
    _no_dead_end(turn, language)
    written_in(turn, language)


ONE_LEFT_FIRST = {
    "en": ["when does my glucophage script expire", "can i refill it now"],
    "he": ["עד מתי המרשם שלי לגלוקופאז'", "אפשר לחדש עכשיו"],
}
NEXT_AFTER_ONE_LEFT = {
    "en": ["and after that?", "then what?", "what happens after that?", "and then what do i do?"],
    "he": ["ואחרי זה?", "ומה אחר כך?", "מה קורה אחרי זה?", "ומה הלאה אחרי זה?"],
}
NONE_LEFT = {"en": ("no refills will be left",), "he": ("לא יישארו חידושים",)}


@pytest.mark.parametrize(("language", "message"), cases(NEXT_AFTER_ONE_LEFT))
def test_after_the_last_refill_comes_a_new_prescription(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u007", identity_mode="demo")
    for first in ONE_LEFT_FIRST[language]:
        conversation.say(first)
    turn = conversation.say(message)
    assert says_any(turn, NONE_LEFT[language]) and says_any(turn, NEW_RX[language]), why(turn)
    _no_dead_end(turn, language)
    written_in(turn, language)


TAKE_INSTEAD = {"en": ["so what should i take instead?"], "he": ["אז מה לקחת במקום?"]}
REFUSAL = {"en": ("can't give medical advice",), "he": ("ייעוץ רפואי",)}


@pytest.mark.parametrize(("language", "message"), cases(TAKE_INSTEAD))
def test_what_to_take_instead_is_still_refused(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u002", identity_mode="demo")
    conversation.say(EXPIRED_FIRST[language])
    turn = conversation.say(message)
    assert says_any(turn, REFUSAL[language]), why(turn)


# --- a refill already pending ---------------------------------------------------------------------------------

PENDING_FIRST = {"en": "need to refill zoloft", "he": "אני צריכה לחדש זולופט"}
ALREADY = {
    "en": ["i already did? when", "did I already request it?", "when will it be ready?", "did i already order it"],
    "he": ["כבר ביקשתי? מתי", "מתי זה יהיה מוכן?", "כבר הזמנתי, לא?", "ביקשתי כבר?"],
}
BEING_PREPARED = {"en": ("already being prepared",), "he": ("כבר נמצא בהכנה",)}
READY_DATE = {"en": ("March 2, 2026",), "he": ("2 במרץ 2026",)}


@pytest.mark.parametrize(("language", "message"), cases(ALREADY))
def test_already_asked_confirms_the_pending_refill_and_its_date(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u009", identity_mode="demo")
    conversation.say(PENDING_FIRST[language])
    turn = conversation.say(message)
    assert says_any(turn, BEING_PREPARED[language]) and says_any(turn, READY_DATE[language]), why(turn)
    assert "request_refill" not in turn.tools, why(turn)
    _no_dead_end(turn, language)
    written_in(turn, language)


HOW_MANY = {
    "en": ["ok how many refills do i have left", "how many refills are left on it?", "how many refills remain?"],
    "he": ["כמה חידושים נשארו לי", "כמה חידושים נשארו במרשם?", "כמה חידושים יש לי עוד?"],
}
TWO_LEFT = {"en": ("2 refills left",), "he": ("נותרו שני חידושים",)}


@pytest.mark.parametrize(("language", "message"), cases(HOW_MANY))
def test_refills_left_are_counted_while_one_is_pending(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u009", identity_mode="demo")
    conversation.say(PENDING_FIRST[language])
    turn = conversation.say(message)
    assert says_any(turn, TWO_LEFT[language]), why(turn)
    assert "request_refill" not in turn.tools, why(turn)
    written_in(turn, language)


# --- "can I get more X?" from a patient with a prescription for it --------------------------------------------

MORE = {
    "en": ["can i get more klacid", "I need more klacid", "i ran out of klacid", "can I get some more Klacid?"],
    "he": ["אני צריך עוד קלסיד", "אפשר לקבל עוד קלסיד?", "יש אפשרות לקבל עוד קלסיד?", "תן לי עוד קלסיד"],
}
COMPLETED = {"en": ("has been completed",), "he": ("הושלם",)}


@pytest.mark.parametrize(("language", "message"), cases(MORE))
def test_more_of_a_prescribed_medication_is_its_refill(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u008", identity_mode="demo")
    turn = conversation.say(message)
    assert "prescription_verify" in turn.tools, why(turn)
    assert says_any(turn, COMPLETED[language]) and says_any(turn, DOCTOR[language]), why(turn)
    written_in(turn, language)


MORE_OTC = {
    "en": ["can i get more acamol", "I need more acamol"],
    "he": ["אני צריך עוד אקמול", "אפשר עוד אקמול", "אפשר לקבל עוד אקמול?"],
}


@pytest.mark.parametrize(("language", "message"), cases(MORE_OTC))
def test_more_of_a_product_with_no_prescription_is_still_stock(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u008", identity_mode="demo")
    turn = conversation.say(message)
    assert "inventory_check" in turn.tools and "prescription_verify" not in turn.tools, why(turn)


CAME_BACK = {
    "en": ["its for the same infection, it came back", "the infection came back", "it's the same infection again"],
    "he": ["הדלקת חזרה", "זה בשביל אותה דלקת, היא חזרה", "הזיהום חזר שוב"],
}
SEE_DOCTOR = {"en": ("see your doctor",), "he": ("לפנות לרופא/ה",)}


@pytest.mark.parametrize(("language", "message"), cases(CAME_BACK))
def test_an_infection_that_came_back_is_for_the_doctor(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u008", identity_mode="demo")
    conversation.say({"en": "can i get more klacid", "he": "אפשר עוד קלסיד"}[language])
    turn = conversation.say(message)
    assert says_any(turn, SEE_DOCTOR[language]), why(turn)
    assert not says_any(turn, NOT_FOUND[language]), why(turn)
    assert "request_refill" not in turn.tools, why(turn)
    written_in(turn, language)


# --- "which prescription?" answered by name; where a placed refill is picked up --------------------------------

WHICH_FIRST = {"en": "can i refill my prescription", "he": "אני רוצה לחדש מרשם"}
THE_ONE = {
    # English already picked it (a guard); Hebrew "זה של…" read as a question about the product.
    "en": ["the glucophage one", "it's the glucophage one"],
    "he": ["זה של הגלוקופאג'", "זה הגלוקופאז'", "זה בשביל הגלוקופאז'"],
}
GLUCOPHAGE = {"en": "Glucophage", "he": "גלוקופאז'"}
LEAFLET = {"en": ("Warnings:",), "he": ("אזהרות:",)}


@pytest.mark.parametrize(("language", "message"), cases(THE_ONE))
def test_the_named_one_answers_which_prescription(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u002", identity_mode="demo")
    conversation.say(WHICH_FIRST[language])
    turn = conversation.say(message)
    assert "prescription_verify" in turn.tools, why(turn)
    assert turn.args("prescription_verify").get("presc_id") == "p002", why(turn)
    assert GLUCOPHAGE[language] in turn.reply and not says_any(turn, LEAFLET[language]), why(turn)


PICKUP = {
    "en": ["where do I pick it up?", "where can i collect it?", "which branch do i pick it up from?"],
    "he": ["איפה אוספים?", "מאיפה אוספים את זה?", "באיזה סניף אוספים?"],
}
REFILL_FIRST = {"en": "refill my glucophage", "he": "לחדש גלוקופאז'"}
STORE = {"en": "Tel Aviv – Dizengoff", "he": "תל אביב – דיזנגוף"}
JERUSALEM = {"en": "Jerusalem", "he": "ירושלים"}


@pytest.mark.parametrize(("language", "message"), cases(PICKUP))
def test_a_placed_refill_is_picked_up_where_it_was_placed(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u002", identity_mode="demo")
    conversation.say(REFILL_FIRST[language])
    placed = conversation.approve()
    assert "request_refill" in placed.tools, why(placed)
    turn = conversation.say(message)
    assert STORE[language] in turn.reply and JERUSALEM[language] not in turn.reply, why(turn)
    assert "request_refill" not in turn.tools, why(turn)
    written_in(turn, language)


PENDING_PICKUP = {"en": ["where do I pick it up?"], "he": ["איפה אוספים?"]}
UNKNOWN_STORE = {"en": ("can't see which branch",), "he": ("אין לי פרטים על הסניף",)}
PICKUP_AT = {"en": ("ready for pickup at",), "he": ("ניתן יהיה לאסוף את התרופה בסניף",)}


@pytest.mark.parametrize(("language", "message"), cases(PENDING_PICKUP))
def test_an_earlier_refill_names_no_invented_store(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u009", identity_mode="demo")
    conversation.say(PENDING_FIRST[language])
    turn = conversation.say(message)
    assert says_any(turn, UNKNOWN_STORE[language]), why(turn)
    # No branch is named as the refill's (none is on file); round eighteen names those that have it in stock.
    assert not says_any(turn, PICKUP_AT[language]), why(turn)


# --- "how many refills are left?" while the refill's confirmation is open --------------------------------------

OFFERED_FIRST = {"en": "I want to refill my glucophage prescription", "he": "אני רוצה לחדש את המרשם של הגלוקופאז"}
COUNT_WHILE_OFFERED = {
    "en": ["how many refills do i have left", "how many refills are left?"],
    "he": ["כמה חידושים נשארו לי", "כמה חידושים נשארו?"],
}
FIVE_LEFT = {"en": ("5 refills left",), "he": ("נותרו חמישה חידושים",)}
FULL_OFFER = {"en": "I can request a refill of", "he": "אפשר להגיש בקשה לחידוש"}
RX_NOTE = {"en": "requires a prescription", "he": "היא תרופת מרשם"}
DONE = {"en": ("has been requested",), "he": ("התקבלה",)}


@pytest.mark.parametrize(("language", "message"), cases(COUNT_WHILE_OFFERED))
def test_the_count_while_a_refill_waits_asks_its_question_once_more_in_short(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u002", identity_mode="demo")
    first = conversation.say(OFFERED_FIRST[language])
    assert FULL_OFFER[language] in first.reply, why(first)
    turn = conversation.say(message)
    assert says_any(turn, FIVE_LEFT[language]), why(turn)
    assert FULL_OFFER[language] not in turn.reply and RX_NOTE[language] not in turn.reply, why(turn)
    assert turn.reply.count("?") == 1 and turn.reply.rstrip().endswith(")"), why(turn)
    done = conversation.say({"en": "yes", "he": "כן"}[language])
    assert "request_refill" in done.tools and says_any(done, DONE[language]), why(done)


# English was already the stock (a guard); Hebrew "עוד" was read as "another one" (the equivalents).
MORE_ANONYMOUS = {"en": ["can i get more acamol?"], "he": ["אפשר לקבל עוד אקמול?", "אפשר לקבל עוד נורופן?"]}


@pytest.mark.parametrize(("language", "message"), cases(MORE_ANONYMOUS))
def test_more_of_a_product_before_sign_in_is_its_stock(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "inventory_check" in turn.tools, why(turn)
    assert "inventory_find_equivalent" not in turn.tools and "get_user_prescriptions" not in turn.tools, why(turn)
