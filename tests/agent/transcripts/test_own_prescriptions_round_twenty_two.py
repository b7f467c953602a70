"""Round twenty-two: a signed-in customer's own prescriptions, named by purpose, by "the other one", or asked after.

- "hi, I need my thyroid med refilled", «היי, התרופה שלי לבלוטת התריס»: a greeting does not swallow the
  request; the one prescription for that purpose is refilled (several or none: the list, to choose from).
- "and the cholesterol one?", «וזה של הסוכרת?» in a prescription thread: that prescription of the patient's
  (never "no medication named 'cholesterol'").
- "is my moxypen in yet?": its stock and that it is the patient's prescription, never the label.
- "what can I refill then?", «מה כן אפשר לחדש?» after a refusal: those that can be refilled now.
- "refill the other one then", «אז את השני» after a refusal: the other prescription, never the refusal again.
- "what do I have then?", «אז מה יש לי?» right after a prescription answer: the prescriptions on file; after a
  symptom, still no diagnosis and no records read.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in

GREETING = {"en": ("I'm the pharmacy assistant",), "he": ("אני העוזר",)}
NOT_FOUND = {"en": ("couldn't find a medication",), "he": ("לא מצאתי תרופה",)}
LABEL = {"en": ("Dosage (from the label)", "Warnings:"), "he": ("מינון (לפי העלון)", "אזהרות:")}
DIAGNOSIS = {"en": ("can't assess symptoms",), "he": ("אין באפשרותי להעריך תסמינים",)}
RECORDS = ("get_user_prescriptions", "prescription_verify", "request_refill")


def _signed_in(chat: Callable[..., Chat], language: str, patient: str) -> Chat:
    return chat(language, patient_id=patient, identity_mode="demo")


def _verified(turn: Turn, presc_id: str) -> None:
    assert "prescription_verify" in turn.tools, why(turn)
    assert turn.args("prescription_verify")["presc_id"] == presc_id, why(turn)


# --- 1. a greeting and a prescription named by its purpose ---------------------------------------------------------

THYROID = {
    "en": [
        "hey there, i need a refill on my thyroid pills",
        "hi again, time to reorder my thyroid tablets",
        "hey, my thyroid meds need a refill",
        "hello, i need my thyroid medicine, the usual",
        "good evening! i'd like my thyroid prescription again",
    ],
    "he": [
        "היי, אני צריכה לחדש את התרופה שלי לבלוטת התריס",
        "הי, צריכה את התרופה שלי לבלוטת התריס",
        "ערב טוב, אפשר לחדש את המרשם שלי לבלוטת התריס?",
        "שלום רב, אני רוצה להזמין שוב את התרופה שלי לתריס",
        "היי, אני צריכה את הכדורים שלי לבלוטת התריס כרגיל",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(THYROID))
def test_a_greeting_with_a_purpose_refills_that_one_prescription(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = _signed_in(chat, language, "u005").say(message)  # Tramadex cancelled, Eltroxin active
    _verified(turn, "p502")
    assert not says_any(turn, GREETING[language]), why(turn)
    written_in(turn, language)


# Two of David's prescriptions can be refilled (Moxypen, Glucophage): the purpose chooses, not the count.
DIABETES = {
    "en": [
        "please refill my diabetes medication",
        "hi, can you renew my diabetes pills",
        "refill the one for my blood sugar please",
        "hey, i'd like to refill my diabetes meds",
        "can you put in a refill for my sugar tablets?",
    ],
    "he": [
        "תחדש לי בבקשה את התרופה לסוכרת",
        "היי, תחדשי לי את הכדורים שלי לסוכרת",
        "אני רוצה לחדש את המרשם שלי לסוכרת",
        "שלום, אפשר חידוש לתרופה שלי נגד סוכרת?",
        "תגיש בקשה לחידוש של הכדורים לסוכר שלי",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(DIABETES))
def test_the_purpose_picks_among_several_refillable(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = _signed_in(chat, language, "u002").say(message)
    _verified(turn, "p002")
    written_in(turn, language)


SEVERAL = {
    "en": [
        "hi, i need my statin refilled",
        "hello, i need my cholesterol medicine",
        "hey! time to reorder my cholesterol pills",
    ],
    "he": ["שלום, אני צריך את הכדורים שלי לכולסטרול", "ערב טוב, אני צריך את התרופה שלי לכולסטרול"],
}


@pytest.mark.parametrize(("language", "message"), cases(SEVERAL))
def test_two_prescriptions_for_the_purpose_are_listed_to_choose(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = _signed_in(chat, language, "u006").say(message)  # Litorva and Simovil
    assert "get_user_prescriptions" in turn.tools and "prescription_verify" not in turn.tools, why(turn)
    names = ("Litorva", "Simovil") if language == "en" else ("ליטורבה", "סימוביל")
    assert all(name in turn.reply for name in names), why(turn)


# --- 2. "the cholesterol one" in a prescription thread -------------------------------------------------------------

BY_PURPOSE = {
    "en": [
        ("what about my cholesterol pills?", "p003"),
        ("and the one for cholesterol?", "p003"),
        ("ok and my cholesterol med", "p003"),
        ("how about the statin one", "p003"),
        ("and the diabetes one?", "p002"),
        ("what about my blood sugar tablets", "p002"),
    ],
    "he": [
        ("ומה עם זה של הכולסטרול?", "p003"),
        ("והתרופה לכולסטרול?", "p003"),
        ("ומה לגבי הכדורים שלי לסוכרת?", "p002"),
        ("וזה של הסוכרת?", "p002"),
        ("והמרשם לכולסטרול?", "p003"),
        ("ומה עם התרופה שלי נגד כולסטרול", "p003"),
    ],
}
FIRST = {"en": "can I refill my moxypen?", "he": "אפשר לחדש את המוקסיפן שלי?"}
EXPIRED = {"en": ("expired",), "he": ("פג תוקף",)}


@pytest.mark.parametrize(("language", "case"), cases(BY_PURPOSE))
def test_a_prescription_named_by_purpose_in_the_thread(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    message, presc_id = case
    conversation = _signed_in(chat, language, "u002")
    conversation.say(FIRST[language])
    turn = conversation.say(message)
    _verified(turn, presc_id)
    assert not says_any(turn, NOT_FOUND[language]), why(turn)
    if presc_id == "p003":  # Lipitor: expired, a new prescription from the doctor
        assert says_any(turn, EXPIRED[language]) and turn.confirmation is None, why(turn)
    written_in(turn, language)


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_purpose_after_a_label_question_is_still_the_prescription(chat: Callable[..., Chat], language: str) -> None:
    conversation = _signed_in(chat, language, "u002")
    conversation.say({"en": "is moxypen an antibiotic?", "he": "מוקסיפן זה אנטיביוטיקה?"}[language])
    turn = conversation.say({"en": "and my cholesterol one?", "he": "ומה עם התרופה שלי לכולסטרול?"}[language])
    _verified(turn, "p003")


# --- 3. the stock of the patient's own prescription medication -----------------------------------------------------

OWN_STOCK = {
    "en": [
        "is my moxypen in yet?",
        "has my amoxicillin arrived yet",
        "any news on my moxypen, is it back in stock?",
        "any update on my amoxicillin, did it come in yet?",
        "is my moxypen one available yet",
    ],
    "he": [
        "המוקסיפן שלי כבר הגיע?",
        "מה קורה עם האמוקסיצילין שלי, הוא כבר במלאי?",
        "יש כבר את המוקסיפן שלי?",
        "המוקסיפן שלי חזר למלאי?",
        "מה המצב עם המוקסיפן שלי, הגיע?",
    ],
}
RESTOCK = {"en": ("March 11, 2026",), "he": ("11 במרץ 2026",)}
YOURS = {"en": ("Your prescription for Moxypen",), "he": ("המרשם שלך עבור מוקסיפן",)}


@pytest.mark.parametrize(("language", "message"), cases(OWN_STOCK))
def test_own_prescription_stock_is_stock_not_the_label(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = _signed_in(chat, language, "u002")
    conversation.say({"en": "refill my glucophage", "he": "תחדש לי את הגלוקופאז'"}[language])
    turn = conversation.say(message)
    assert "inventory_check" in turn.tools and "get_medication_by_name" not in turn.tools, why(turn)
    assert says_any(turn, RESTOCK[language]) and says_any(turn, YOURS[language]), why(turn)
    assert not says_any(turn, LABEL[language]), why(turn)
    written_in(turn, language)


# --- 4. "what can I refill then?" after a refusal ------------------------------------------------------------------

REFILLABLE = {
    "en": [
        "so what can I refill?",
        "which ones can be renewed then",
        "ok, what can be refilled?",
        "which of my prescriptions can I renew",
        "what am I able to refill then",
        "is there anything I can refill?",
    ],
    "he": [
        "אז מה אפשר לחדש?",
        "איזה מרשמים כן אפשר לחדש?",
        "מה אני כן יכול לחדש?",
        "אילו תרופות ניתן לחדש?",
        "ומה כן ניתן לחדש לי?",
        "איזה מהם אפשר לחדש?",
    ],
}
LOSEC_REFUSED = {"en": ("has been completed",), "he": ("הושלם",)}
OUT_NOTE = {"en": ("out of stock",), "he": ("אזל במלאי",)}


@pytest.mark.parametrize(("language", "message"), cases(REFILLABLE))
def test_what_can_be_refilled_lists_the_refillable_ones(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = _signed_in(chat, language, "u002")
    conversation.say({"en": "can you refill my losec", "he": "תחדש לי את הלוסק"}[language])
    turn = conversation.say(message)
    names = ("Moxypen", "Glucophage") if language == "en" else ("מוקסיפן", "גלוקופאז'")
    assert all(name in turn.reply for name in names), why(turn)
    assert not says_any(turn, LOSEC_REFUSED[language]) and says_any(turn, OUT_NOTE[language]), why(turn)
    assert ("Lipitor" if language == "en" else "ליפיטור") not in turn.reply, why(turn)
    assert turn.confirmation is None, why(turn)
    written_in(turn, language)


@pytest.mark.parametrize("language", ["en", "he"])
def test_only_one_refillable_is_offered_at_once(chat: Callable[..., Chat], language: str) -> None:
    conversation = _signed_in(chat, language, "u003")  # Coumadin 4 refills, Plavix none
    conversation.say({"en": "refill my plavix", "he": "תחדש לי את הפלביקס"}[language])
    turn = conversation.say({"en": "what can i renew then?", "he": "אז מה כן אפשר לחדש לי?"}[language])
    _verified(turn, "p201")
    assert turn.confirmation is not None, why(turn)


# --- 5. "the other one" after a refusal ----------------------------------------------------------------------------

OTHER_ONE = {
    "en": [
        "ok then the other one",
        "what about the other prescription?",
        "can you do the other one instead",
        "renew the other one please",
        "fine, the other med then",
        "and the other one?",
    ],
    "he": [
        "אז את השני",
        "תחדש את השני",
        "ומה עם השני?",
        "אז את המרשם השני",
        "תחדש לי את התרופה האחרת",
        "טוב, אז את האחר",
    ],
}
PLAVIX_REFUSED = {"en": ("no refills left",), "he": ("לא נותרו חידושים",)}


@pytest.mark.parametrize(("language", "message"), cases(OTHER_ONE))
def test_the_other_one_is_the_other_prescription(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = _signed_in(chat, language, "u003")
    conversation.say({"en": "please refill my plavix", "he": "תחדש לי את הפלביקס"}[language])
    turn = conversation.say(message)
    _verified(turn, "p201")
    assert turn.confirmation is not None, why(turn)
    assert not says_any(turn, PLAVIX_REFUSED[language]), why(turn)
    written_in(turn, language)


@pytest.mark.parametrize("language", ["en", "he"])
def test_the_other_one_of_several_asks_among_the_refillable_others(chat: Callable[..., Chat], language: str) -> None:
    conversation = _signed_in(chat, language, "u002")
    conversation.say({"en": "can you refill my losec", "he": "תחדש לי את הלוסק"}[language])
    turn = conversation.say({"en": "the other one then", "he": "אז את השני"}[language])
    assert "prescription_verify" not in turn.tools and turn.confirmation is None, why(turn)
    names = ("Moxypen", "Glucophage") if language == "en" else ("מוקסיפן", "גלוקופאז'")
    assert all(name in turn.reply for name in names) and not says_any(turn, LOSEC_REFUSED[language]), why(turn)


# --- 6. "what do I have then?" after prescription talk -------------------------------------------------------------

WHAT_I_HAVE = {
    "en": [
        "ok so what do i have?",
        "then what have I got?",
        "what do I have on file",
        "so whats on my account then",
        "hmm what do i even have",
    ],
    "he": ["אז מה יש לי?", "מה כן יש לי?", "אז מה יש לי בכלל?", "מה רשום לי?", "אז מה כן יש לי?"],
}
KLACID = {"en": ("Klacid",), "he": ("קלסיד",)}


@pytest.mark.parametrize(("language", "message"), cases(WHAT_I_HAVE))
def test_what_do_i_have_after_prescription_talk_is_the_list(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = _signed_in(chat, language, "u008")  # Klacid, completed
    conversation.say({"en": "can you refill my klacid", "he": "תחדש לי את הקלסיד"}[language])
    turn = conversation.say(message)
    assert "get_user_prescriptions" in turn.tools and says_any(turn, KLACID[language]), why(turn)
    assert not says_any(turn, DIAGNOSIS[language]), why(turn)
    written_in(turn, language)


AFTER_SYMPTOM = {
    "en": ["I've had a headache and nausea since yesterday", "what do I have?"],
    "he": ["יש לי כאב ראש ובחילה מאתמול", "מה יש לי?"],
}


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("after_rx", [False, True])
def test_what_do_i_have_after_a_symptom_stays_refused(chat: Callable[..., Chat], language: str, after_rx: bool) -> None:
    conversation = _signed_in(chat, language, "u008")
    if after_rx:
        conversation.say({"en": "can you refill my klacid", "he": "תחדש לי את הקלסיד"}[language])
    symptom, question = AFTER_SYMPTOM[language]
    conversation.say(symptom)
    turn = conversation.say(question)
    assert not set(turn.tools) & set(RECORDS), why(turn)
    assert not says_any(turn, KLACID[language]), why(turn)


# --- negatives: another person's records, a product for a condition ------------------------------------------------

SOMEONE_ELSE = {
    "en": [
        "can you refill my wife's thyroid med",
        "refill my dad's cholesterol pills",
        "what about my husband's diabetes one?",
    ],
    "he": [
        "תחדש את התרופה של אשתי לבלוטת התריס",
        "תחדש את המרשם של הכולסטרול של אבא שלי",
        "ומה עם הכדורים לסוכרת של בעלי?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(SOMEONE_ELSE))
def test_someone_elses_purpose_medication_is_still_refused(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = _signed_in(chat, language, "u002").say(message)
    assert not set(turn.tools) & set(RECORDS), why(turn)


FOR_A_CONDITION = {
    "en": ["what do you have for cholesterol?", "hi, do you have something for my thyroid?"],
    "he": ["מה יש לכם לכולסטרול?", "היי, יש לכם משהו לבלוטת התריס שלי?"],
}


@pytest.mark.parametrize(("language", "message"), cases(FOR_A_CONDITION))
def test_a_product_for_a_condition_is_not_picked_from_the_prescriptions(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = _signed_in(chat, language, "u002").say(message)
    assert not set(turn.tools) & set(RECORDS), why(turn)
