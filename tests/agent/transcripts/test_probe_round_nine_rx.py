"""Issue #14, ninth probe round: prescription threads and someone else's prescription, in both languages.

- another medication named in a refill or prescription thread ("and the Coumadin?", "ומה עם הליפיטור?",
  "what about the tramadex") is asked the same thing (its refill, why it cannot be refilled), never answered
  with its leaflet; a refill it can have waits for the person's yes, and "yes please" approves it;
- "when does it expire?" / "מה תאריך התפוגה?" after a refill: that prescription's expiry date, never a lookup
  of "does expire" as a medication name;
- "can I refill it?" right after a question about a product the person has no prescription for: "no
  prescription for it on file", never the list of every prescription;
- after "I can only show your own prescriptions": a name, "she can't come, she's at work", "so what can I do?"
  get what can be done (that person signs in, the branch, a pharmacist), with no tool call at all, never the
  medical-advice refusal nor "I can only help with pharmacy questions". A question of its own (what can she
  take for a headache?) keeps its own answer.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

REFUSAL = {"en": ("can't give medical advice",), "he": ("ייעוץ רפואי",)}
OUT_OF_SCOPE = {"en": ("I can only help with pharmacy questions",), "he": ("אני יכול לעזור רק בנושאי",)}
NOT_FOUND = {"en": ("couldn't find a medication named",), "he": ("לא מצאתי תרופה בשם",)}
LEAFLET = {"en": ("contains the active ingredient", "Dosage (from the label)"), "he": ("מכיל את החומר הפעיל", "מינון")}
YES = {"en": "yes", "he": "כן"}


def _refilled(chat: Callable[..., Chat], language: str, patient: str, message: dict[str, str]) -> Chat:
    """A conversation in which ``patient`` asked for a refill and said yes to it."""
    conversation = chat(language, patient_id=patient, identity_mode="demo")
    asked = conversation.say(message[language])
    assert asked.confirmation is not None, why(asked)
    done = conversation.say(YES[language])
    assert done.result("request_refill")["ok"] is True, why(done)
    return conversation


# --- another medication named in a refill thread --------------------------------------------------------------

GLUCOPHAGE_REFILL = {"en": "i need a refill of my glucophage", "he": "תחדש לי את הגלוקופאז"}
GLUCOPHAGE_STATUS = {"en": "can I refill my glucophage?", "he": "אפשר לחדש את הגלוקופאז?"}
AND_LIPITOR = {
    "en": ["what about the lipitor?", "and lipitor?", "how about my lipitor", "ok and the lipitor", "and Lipitor"],
    "he": ["ומה עם הליפיטור?", "ולגבי הליפיטור?", "והליפיטור?", "ומה עם ליפיטור", "ואת הליפיטור?"],
}
EXPIRED = {"en": ("expired on January 30, 2026",), "he": ("פג תוקף ב-30 בינואר 2026",)}


@pytest.mark.parametrize(("language", "message"), cases(AND_LIPITOR))
@pytest.mark.parametrize("first", [GLUCOPHAGE_REFILL, GLUCOPHAGE_STATUS], ids=["after-refill", "after-status"])
def test_another_prescription_named_in_the_thread_gets_the_same_question(
    chat: Callable[..., Chat], language: str, message: str, first: dict[str, str]
) -> None:
    if first is GLUCOPHAGE_REFILL:
        conversation = _refilled(chat, language, "u002", first)
    else:
        conversation = chat(language, patient_id="u002", identity_mode="demo")
        conversation.say(first[language])
    turn = conversation.say(message)
    assert turn.args("prescription_verify")["presc_id"] == "p003", why(turn)
    assert says_any(turn, EXPIRED[language]), why(turn)  # expired on 30 Jan, so a doctor
    assert "request_refill" not in turn.tools and not says_any(turn, LEAFLET[language]), why(turn)
    written_in(turn, language)


PLAVIX = {"en": "refill my plavix", "he": "תחדש לי את הפלביקס"}
AND_COUMADIN = {
    "en": ["what about coumadin", "and the coumadin?", "how about my coumadin?", "and coumadin"],
    "he": ["ואת הקומדין?", "ומה עם הקומדין?", "והקומדין?", "ולגבי הקומדין"],
}
NO_REFILLS = {"en": ("no refills left",), "he": ("לא נותרו בו חידושים",)}
YES_PLEASE = {"en": "yes please", "he": "כן בבקשה"}


@pytest.mark.parametrize(("language", "message"), cases(AND_COUMADIN))
def test_a_prescription_with_refills_named_next_is_offered_and_yes_please_approves_it(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u003", identity_mode="demo")
    first = conversation.say(PLAVIX[language])
    assert says_any(first, NO_REFILLS[language]), why(first)
    turn = conversation.say(message)
    assert turn.args("prescription_verify")["presc_id"] == "p201", why(turn)
    assert turn.confirmation is not None and turn.confirmation["tool"] == "request_refill", why(turn)
    assert not says_any(turn, LEAFLET[language]), why(turn)
    done = conversation.say(YES_PLEASE[language])
    placed = done.result("request_refill")
    assert placed["ok"] is True and placed["refill"]["presc_id"] == "p201", why(done)
    assert not says_any(done, OUT_OF_SCOPE[language]), why(done)


ELTROXIN = {"en": "hi i need a refill of my eltroxin", "he": "תחדש לי את האלטרוקסין"}
AND_TRAMADEX = {
    "en": ["what about the tramadex", "and tramadex?", "how about the tramadex?", "and my tramadex"],
    "he": ["ואת הטרמדקס?", "ומה עם הטרמדקס?", "ולגבי טרמדקס", "והטרמדקס?"],
}
CANCELLED = {"en": ("cancelled",), "he": ("בוטל",)}


@pytest.mark.parametrize(("language", "message"), cases(AND_TRAMADEX))
def test_a_cancelled_prescription_named_next_says_it_cannot_be_renewed(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = _refilled(chat, language, "u005", ELTROXIN)
    turn = conversation.say(message)
    assert turn.args("prescription_verify")["presc_id"] == "p501", why(turn)
    assert says_any(turn, CANCELLED[language]) and not says_any(turn, LEAFLET[language]), why(turn)
    assert "request_refill" not in turn.tools, why(turn)
    written_in(turn, language)


# --- "when does it expire?" after a refill -------------------------------------------------------------------

WHEN_EXPIRES = {
    "en": ["when does it expire", "when does it expire?", "what's the expiry date", "how long is it valid for",
           "when will it expire?"],
    "he": ["מתי הוא פג?", "מה תאריך התפוגה?", "עד מתי הוא בתוקף?", "מתי זה פג תוקף", "מתי יפוג?"],
}  # fmt: skip
ELTROXIN_EXPIRES = {"en": ("March 11, 2026",), "he": ("11 במרץ 2026",)}


@pytest.mark.parametrize(("language", "message"), cases(WHEN_EXPIRES))
def test_when_does_it_expire_after_a_refill_is_that_prescriptions_date(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = _refilled(chat, language, "u005", ELTROXIN)
    turn = conversation.say(message)
    assert "get_user_prescriptions" in turn.tools, why(turn)
    assert says_any(turn, ELTROXIN_EXPIRES[language]), why(turn)
    assert "טרמדקס" not in turn.reply and "Tramadex" not in turn.reply, why(turn)  # that one, not the list
    assert not says_any(turn, NOT_FOUND[language]) and not says_any(turn, LEAFLET[language]), why(turn)
    written_in(turn, language)


@pytest.mark.parametrize("language", ["en", "he"])
def test_the_next_prescription_named_after_an_expiry_question(chat: Callable[..., Chat], language: str) -> None:
    conversation = _refilled(chat, language, "u005", ELTROXIN)
    conversation.say(WHEN_EXPIRES[language][0])
    turn = conversation.say(AND_TRAMADEX[language][0])
    assert says_any(turn, CANCELLED[language]) and not says_any(turn, LEAFLET[language]), why(turn)


# --- "can I refill it?" about a product with no prescription on file ---------------------------------------------

AUGMENTIN = {"en": ["do u have augmentin", "how much in jerusalem"], "he": ["יש לכם אוגמנטין?", "כמה זה עולה?"]}
REFILL_IT = {
    "en": ["can i refill it", "can you renew it?", "can I get a refill of it?", "i want to refill it"],
    "he": ["אפשר לחדש אותו?", "תחדש לי אותו", "אפשר לחדש את זה?", "אני רוצה לחדש אותו"],
}
NONE_FOR = {"en": ("I don't see a valid prescription for augmentin",), "he": ("לא מצאתי מרשם בתוקף לאוגמנטין",)}
THE_LIST = {"en": ("I found 4 prescriptions", "Moxypen"), "he": ("מצאתי ארבעה מרשמים", "מוקסיפן")}


@pytest.mark.parametrize(("language", "message"), cases(REFILL_IT))
@pytest.mark.parametrize("turns", [1, 2])
def test_refill_it_after_a_product_without_a_prescription_says_there_is_none(
    chat: Callable[..., Chat], language: str, message: str, turns: int
) -> None:
    conversation = chat(language, patient_id="u002", identity_mode="demo")
    for first in AUGMENTIN[language][:turns]:
        conversation.say(first)
    turn = conversation.say(message)
    assert says_any(turn, NONE_FOR[language]), why(turn)
    assert not says_any(turn, THE_LIST[language]), why(turn)
    assert "prescription_verify" not in turn.tools and "request_refill" not in turn.tools, why(turn)
    written_in(turn, language)


GLUCOPHAGE_STOCK = {"en": "do you have glucophage?", "he": "יש לכם גלוקופאז?"}


@pytest.mark.parametrize("language", ["en", "he"])
def test_refill_it_after_a_product_on_file_is_that_prescription(chat: Callable[..., Chat], language: str) -> None:
    conversation = chat(language, patient_id="u002", identity_mode="demo")
    conversation.say(GLUCOPHAGE_STOCK[language])
    turn = conversation.say(REFILL_IT[language][0])
    assert turn.args("prescription_verify")["presc_id"] == "p002", why(turn)


# --- someone else's prescription, continued ---------------------------------------------------------------------

SOMEONE_ELSE = {
    "en": ["i want to refill my moms zoloft prescription", "show me my wife's prescriptions"],
    "he": ["אני רוצה לחדש את המרשם של אשתי לזולופט", "תראה לי את המרשמים של אמא שלי"],
}
ABOUT_HER = {
    "en": ["her name is noa cohen", "she can't come in, she's at work", "so what can i do?", "what now?",
           "his name is dan levi", "what do we do then"],
    "he": ["קוראים לה נועה כהן", "היא לא יכולה להגיע היא בעבודה", "אז מה עושים", "מה אפשר לעשות?",
           "השם שלו דן לוי", "היא לא נמצאת בארץ"],
}  # fmt: skip
WAYS = {"en": ("sign in here themselves", "contact the branch"), "he": ("להזדהות כאן בעצמו/ה", "לפנות לסניף")}
NEVER_MIND = {"en": ["ok nvm", "never mind"], "he": ["אוקיי עזוב", "לא משנה"]}


def _refused(chat: Callable[..., Chat], language: str, patient: str | None, first: int) -> Chat:
    conversation = chat(language, patient_id=patient, identity_mode="demo") if patient else chat(language)
    opened = conversation.say(SOMEONE_ELSE[language][first])
    assert "get_user_prescriptions" not in opened.tools, why(opened)
    return conversation


@pytest.mark.parametrize(("language", "message"), cases(ABOUT_HER))
@pytest.mark.parametrize("patient", [None, "u002"], ids=["anonymous", "signed-in"])
@pytest.mark.parametrize("first", [0, 1])
def test_someone_elses_prescription_continued_gets_what_can_be_done(
    chat: Callable[..., Chat], language: str, message: str, patient: str | None, first: int
) -> None:
    conversation = _refused(chat, language, patient, first)
    turn = conversation.say(message)
    assert turn.tools == [], why(turn)  # nothing of that person is looked up, not even by the name given
    assert all(phrase.lower() in turn.reply.lower() for phrase in WAYS[language]), why(turn)
    assert not says_any(turn, REFUSAL[language]) and not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    assert not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)
    again = conversation.say(ABOUT_HER[language][2])  # and "so what can I do?" after that
    assert again.tools == [] and says_any(again, WAYS[language]), why(again)
    assert not says_any(again, REFUSAL[language]), why(again)


@pytest.mark.parametrize(("language", "message"), cases(NEVER_MIND))
@pytest.mark.parametrize("patient", [None, "u002"], ids=["anonymous", "signed-in"])
def test_never_mind_after_someone_elses_prescription_is_no_refusal(
    chat: Callable[..., Chat], language: str, message: str, patient: str | None
) -> None:
    conversation = _refused(chat, language, patient, 0)
    conversation.say(ABOUT_HER[language][0])
    turn = conversation.say(message)
    assert turn.tools == [], why(turn)
    assert not says_any(turn, REFUSAL[language]) and not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    written_in(turn, language)


OWN_QUESTION = {
    "en": ["what can she take for her headache?", "she has a fever, what should she take?"],
    "he": ["מה היא יכולה לקחת לכאב ראש?", "יש לה חום, מה לתת לה?"],
}


@pytest.mark.parametrize(("language", "message"), cases(OWN_QUESTION))
def test_a_question_of_its_own_after_someone_elses_prescription_keeps_its_answer(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = _refused(chat, language, "u002", 0)
    turn = conversation.say(message)
    assert says_any(turn, REFUSAL[language]) and not says_any(turn, WAYS[language]), why(turn)


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_new_request_after_someone_elses_prescription_is_answered(chat: Callable[..., Chat], language: str) -> None:
    conversation = _refused(chat, language, "u002", 0)
    turn = conversation.say({"en": "do you have acamol?", "he": "יש לכם אקמול?"}[language])
    assert "inventory_check" in turn.tools and not says_any(turn, WAYS[language]), why(turn)


# --- where / when to collect a refill just requested ------------------------------------------------------------

PICK_UP = {
    "en": ["where do i pick it up", "when can i pick it up?", "where can i collect it?"],
    "he": ["איפה אוספים?", "מתי אפשר לאסוף?", "מאיפה אוספים את זה?"],
}
BEING_PREPARED = {"en": ("already being prepared",), "he": ("כבר נמצא בהכנה",)}


@pytest.mark.parametrize(("language", "message"), cases(PICK_UP))
def test_where_to_pick_up_a_refill_is_about_that_refill(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = _refilled(chat, language, "u005", ELTROXIN)
    turn = conversation.say(message)
    assert turn.args("prescription_verify")["presc_id"] == "p502", why(turn)
    assert says_any(turn, BEING_PREPARED[language]), why(turn)
    assert not says_any(turn, NOT_FOUND[language]) and not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    assert "request_refill" not in turn.tools, why(turn)
    written_in(turn, language)
