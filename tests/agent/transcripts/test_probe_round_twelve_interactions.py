"""Probe round twelve: interaction checks that use what the conversation already knows, pinned in both languages.

- a signed-in patient told by someone else to take a product ("my neighbor said I should take aspirin"), or
  buying one for their own complaint ("I have heartburn, can I buy Losec?"), gets it checked against their own
  active prescriptions (the relative is the adviser, not the patient);
- "and if I'm also on Coumadin?" after a check of two products: the new one is checked with both of them;
- "I take Micropirin daily, Advil or Acamol?": the choice is referred, each option is checked with Micropirin;
- "what about Nurofen, is that different?" after "Advil with my Zoloft": the same ingredient, said so, and the
  check with Nurofen;
- "what about Nexium?" (not in the catalog) after a warning: no data, ask a pharmacist, never the old warning;
- "what is serotonin syndrome?" / "what signs should we watch for?" after a warning: the stored note and a
  referral (seek care if symptoms appear), never a diagnosis.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

AVOID = {"en": ("cannot be taken together",), "he": ("לא ניתן ליטול",)}
CHOICE_REFERRED = {
    "en": ("can't give medical advice", "can't say which medication is better"),
    "he": ("ייעוץ רפואי", "איזו תרופה"),
}
NO_INTERACTION = {"en": ("no interactions between",), "he": ("לא רשומה אינטראקציה",)}

# --- advised by someone else, or bought for one's own complaint: the patient's records join the check ---------

ADVISED = {
    "en": [
        "my neighbor said i should take a baby aspirin too for my heart, ok?",
        "my friend told me to take aspirin every day, is that ok?",
        "my sister says i should take micropirin as well",
    ],
    "he": [
        "השכנה אמרה לי לקחת אספירין ללב, זה בסדר?",
        "חבר שלי אמר שאני צריך לקחת מיקרופירין, אפשר?",
        "אחותי אמרה שכדאי לי לקחת אספירין כל יום",
    ],
}
WARFARIN = {"en": ("Coumadin",), "he": ("קומדין",)}


@pytest.mark.parametrize(("language", "message"), cases(ADVISED))
def test_advice_from_a_relative_is_checked_against_own_records(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u003", identity_mode="demo")
    turn = conversation.say(message)
    assert "get_user_prescriptions" in turn.tools and "interaction_check" in turn.tools, why(turn)
    assert "m010" in turn.args("interaction_check")["med_ids"], why(turn)
    assert says_any(turn, AVOID[language]) and says_any(turn, WARFARIN[language]), why(turn)
    written_in(turn, language)


OWN_USE = {
    "en": [
        "I've got heartburn, is there losec in stock?",
        "i want to buy losec for my heartburn",
        "i've got reflux, do you have losec?",
    ],
    "he": [
        "אוקיי. ודרך אגב יש לי צרבות, אפשר לקנות לוסק?",
        "אני רוצה לקנות לוסק לצרבת",
        "יש לי צרבת, יש לכם לוסק?",
    ],
}
PLAVIX = {"en": ("Plavix",), "he": ("פלביקס",)}


@pytest.mark.parametrize(("language", "message"), cases(OWN_USE))
def test_a_product_for_ones_own_complaint_is_checked_against_own_records(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u003", identity_mode="demo")
    turn = conversation.say(message)
    assert "interaction_check" in turn.tools, why(turn)
    assert {"m014", "m015"} <= set(turn.args("interaction_check")["med_ids"]), why(turn)
    assert says_any(turn, AVOID[language]) and says_any(turn, PLAVIX[language]), why(turn)
    written_in(turn, language)


# --- "and if I also take Coumadin?": checked with every medication of the thread --------------------------------

PAIR_FIRST = {"en": "zyrtec and tylenol together a problem?", "he": "זירטק וטיילנול ביחד זה בעיה?"}
ALSO_TAKING = {
    "en": ["and what if i'm also on coumadin?", "and if I also take coumadin?", "i take coumadin too"],
    "he": ["ואם אני גם לוקחת קומדין?", "אני גם על קומדין", "ומה אם אני לוקח גם קומדין?"],
}
INR = {"en": ("INR",), "he": ("INR",)}


@pytest.mark.parametrize(("language", "message"), cases(ALSO_TAKING))
def test_a_medication_also_taken_is_checked_with_the_whole_thread(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(PAIR_FIRST[language])
    turn = conversation.say(message)
    assert {"m005", "m006", "m010"} <= set(turn.args("interaction_check")["med_ids"]), why(turn)
    assert says_any(turn, INR[language]), why(turn)
    written_in(turn, language)


# --- a choice from someone who takes a medication: each option checked with it ----------------------------------

CHOICE = {
    "en": [
        "I take micropirin every day for my heart. I have a headache, which is better, advil or acamol?",
        "i'm on micropirin daily. advil or tylenol, which is better for my headache?",
        "I take micropirin, what's better for pain - advil or acamol?",
    ],
    "he": [
        "אני לוקח מיקרופירין כל יום ללב. כואב לי הראש, מה עדיף אדוויל או אקמול?",
        "אני על מיקרופירין, מה יותר טוב לכאב ראש, אקמול או אדוויל?",
        "אני לוקחת מיקרופירין. מה עדיף לכאבים, אדוויל או טיילנול?",
    ],
}
BLUNT = {"en": ("blunt aspirin",), "he": ("להחליש את השפעת האספירין",)}


@pytest.mark.parametrize(("language", "message"), cases(CHOICE))
def test_a_choice_checks_each_option_with_what_is_taken(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    checked = [set(call["arguments"]["med_ids"]) for call in turn.calls if call["name"] == "interaction_check"]
    assert {"m016", "m001"} in checked, why(turn)
    assert says_any(turn, BLUNT[language]), why(turn)
    assert says_any(turn, CHOICE_REFERRED[language]), why(turn)
    written_in(turn, language)


# --- the same ingredient under another name -------------------------------------------------------------------

ADVIL_WITH_ZOLOFT = {"en": "can I take advil with my zoloft?", "he": "אפשר לקחת אדוויל עם הזולופט שלי?"}
OTHER_BRAND = {
    "en": ["what about nurofen is that different", "is nurofen any different?", "what about nurofen then?"],
    "he": ["ומה עם נורופן, זה שונה?", "ונורופן? הוא שונה?", "מה לגבי נורופן?"],
}
SAME = {"en": ("has the same active ingredient as",), "he": ("מכיל את אותו חומר פעיל כמו",)}
BLEEDING = {"en": ("stomach bleeding",), "he": ("דימום",)}


@pytest.mark.parametrize(("language", "message"), cases(OTHER_BRAND))
def test_the_same_ingredient_under_another_name_gets_the_same_note(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(ADVIL_WITH_ZOLOFT[language])
    turn = conversation.say(message)
    assert {"m009", "m002"} <= set(turn.args("interaction_check")["med_ids"]), why(turn)
    assert says_any(turn, SAME[language]) and says_any(turn, BLEEDING[language]), why(turn)
    written_in(turn, language)


def test_the_same_ingredient_for_a_signed_in_patient(chat: Callable[..., Chat]) -> None:
    conversation = chat("en", patient_id="u001", identity_mode="demo")
    conversation.say("hi can I get a refill on my sertraline")
    conversation.say("also can I take advil with it for cramps")
    turn = conversation.say("what about nurofen is that different")
    assert says_any(turn, SAME["en"]) and says_any(turn, BLEEDING["en"]), why(turn)


# --- a name not in the catalog after a warning -------------------------------------------------------------------

PLAVIX_LOSEC = {"en": "plavix and losec together ok?", "he": "פלביקס ולוסק ביחד זה בסדר?"}
NOT_IN_CATALOG = {
    "en": ["what about nexium", "and nexium?", "how about nexium then"],
    "he": ["ומה עם נקסיום?", "מה לגבי נקסיום", "ונקסיום?"],
}
NO_DATA = {"en": ("no interaction data",), "he": ("אין לי מידע על אינטראקציות",)}
PHARMACIST = {"en": ("pharmacist",), "he": ("רוקח",)}


@pytest.mark.parametrize(("language", "message"), cases(NOT_IN_CATALOG))
def test_a_name_not_in_the_catalog_has_no_data(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(PLAVIX_LOSEC[language])
    turn = conversation.say(message)
    assert says_any(turn, NO_DATA[language]) and says_any(turn, PHARMACIST[language]), why(turn)
    assert not says_any(turn, AVOID[language]) and not says_any(turn, NO_INTERACTION[language]), why(turn)
    written_in(turn, language)


# --- "what is that?" about the risk of a warning ----------------------------------------------------------------

ZOLOFT_TRAMADEX = {
    "en": "my husband takes zoloft and the dentist gave him tramadex, is that ok together?",
    "he": "בעלי לוקח זולופט ורופא השיניים נתן לו טרמדקס אחרי עקירה, זה בסדר ביחד?",
}
WHAT_IS_IT = {
    "en": ["what is serotonin syndrome", "what signs should we watch for", "what symptoms should he look out for?"],
    "he": ["מה זה תסמונת סרוטונין", "למה צריך לשים לב?", "מה הסימנים?"],
}
EXPLAIN = {"en": ("can explain", "seek medical care"), "he": ("יוכלו להסביר", "לפנות מיד")}


@pytest.mark.parametrize(("language", "message"), cases(WHAT_IS_IT))
def test_a_question_about_the_risk_is_referred_with_the_stored_note(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    first = conversation.say(ZOLOFT_TRAMADEX[language])
    turn = conversation.say(message)
    assert turn.reply != first.reply, why(turn)
    assert all(phrase.lower() in turn.reply.lower() for phrase in EXPLAIN[language]), why(turn)
    written_in(turn, language)


def test_signs_to_watch_for_after_a_statin_warning(chat: Callable[..., Chat]) -> None:
    conversation = chat("en")
    conversation.say("my grandpa takes simvastatin and just got prescribed clarithromycin, is that safe")
    turn = conversation.say("what signs should we watch for")
    assert says_any(turn, ("muscle damage",)) and says_any(turn, ("seek medical care",)), why(turn)
