"""Probe round eleven: "can I take X" against the medications in play, pinned in both languages.

- signed in, "can I take Nurofen for a headache?" / «אני יכול לקחת אקמול לכאב ראש?»: the named medication is
  checked against the patient's own active prescriptions (warfarin), never only "I can't give medical advice";
- signed in, "the doc wants to give me Klacid" / «הרופא רוצה לתת לי קלסיד»: a medication being started is
  checked against the records at once (Simovil: avoid; Litorva: caution);
- "which one is the problem?" / «איזו מהן הבעיה» after that check: which pair is "avoid" and which "caution";
- «אשתי לוקחת קומדין והרופא רשם לה קלסיד» / "my husband is on Coumadin and the doctor prescribed him Klacid":
  a relative's medications stated in a message are checked together (INR), not refused as her records;
- "ok and mine?" / «ושלי?» after someone else's prescriptions were refused: the caller's own prescriptions.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in

WARFARIN, IBUPROFEN_IDS, PARACETAMOL = "m010", {"m001", "m002"}, "m004"
SIMOVIL, LITORVA, KLACID = "m012", "m021", "m020"
AVOID = {"en": ("cannot be taken together",), "he": ("לא ניתן ליטול",)}
ONLY_REFUSAL = {"en": "I can't give medical advice", "he": "אין באפשרותי לתת ייעוץ רפואי"}
OWN_ONLY = {"en": ("only show your own prescriptions",), "he": ("רק את המרשמים שלך",)}


def _checked(turn: Turn) -> set[str]:
    return set(turn.args("interaction_check")["med_ids"])


# --- signed in: "can I take X?" is checked against the patient's own prescriptions ------------------------------

CAN_I_TAKE_IBUPROFEN = {
    "en": ["also can i take nurofen for a headache", "can I take advil for my back?", "am I allowed to take nurofen?",
           "is it ok if i take advil tonight?", "should i take nurofen for this headache"],
    "he": ["אפשר לקחת נורופן לכאב ראש?", "מותר לי לקחת אדוויל?", "אני יכול לקחת נורופן?",
           "אני יכולה לקחת אדוויל לכאב גב?", "זה בסדר אם אקח נורופן הערב?"],
}  # fmt: skip


@pytest.mark.parametrize(("language", "message"), cases(CAN_I_TAKE_IBUPROFEN))
def test_can_i_take_an_nsaid_is_checked_against_own_warfarin(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u003", identity_mode="demo")
    turn = conversation.say(message)
    assert "get_user_prescriptions" in turn.tools and "interaction_check" in turn.tools, why(turn)
    checked = _checked(turn)
    assert WARFARIN in checked and checked & IBUPROFEN_IDS, why(turn)
    assert says_any(turn, AVOID[language]), why(turn)
    assert says_any(turn, ("Coumadin",) if language == "en" else ("קומדין",)), why(turn)
    written_in(turn, language)


CAN_I_TAKE_PARACETAMOL = {
    "en": ["can i take acamol for a headache?", "is it ok to take acamol?", "could I take some acamol for the pain"],
    "he": ["אני יכול לקחת אקמול לכאב ראש?", "אפשר לקחת אקמול?", "מותר לי לקחת אקמול לכאב?"],
}


@pytest.mark.parametrize(("language", "message"), cases(CAN_I_TAKE_PARACETAMOL))
def test_can_i_take_paracetamol_gives_the_inr_caution(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u003", identity_mode="demo")
    conversation.say("what prescriptions do i have" if language == "en" else "מה המרשמים שלי")
    turn = conversation.say(message)
    assert {WARFARIN, PARACETAMOL} <= _checked(turn), why(turn)
    assert "INR" in turn.reply, why(turn)
    written_in(turn, language)


SOMEONE_ELSE_TAKES = {
    "en": ["can my son take nurofen?", "can I give my daughter advil?"],
    "he": ["הבן שלי יכול לקחת נורופן?", "אפשר לתת לבת שלי אדוויל?"],
}


@pytest.mark.parametrize(("language", "message"), cases(SOMEONE_ELSE_TAKES))
def test_someone_elses_question_does_not_read_own_records(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u003", identity_mode="demo")
    turn = conversation.say(message)
    assert "get_user_prescriptions" not in turn.tools, why(turn)


# --- signed in: a medication being started is checked against the records at once -----------------------------

STARTING_KLACID = {
    "en": ["i got a sinus infection and the doc wants to give me klacid", "my doctor wants to put me on klacid",
           "the doctor prescribed me klacid today", "i was prescribed klacid for a chest infection"],
    "he": ["הרופא רוצה לתת לי קלסיד לדלקת סינוסים", "הרופאה רשמה לי קלסיד", "רשמו לי קלסיד לדלקת ריאות",
           "הרופא רוצה לרשום לי קלסיד"],
}  # fmt: skip


@pytest.mark.parametrize(("language", "message"), cases(STARTING_KLACID))
def test_a_new_medication_is_checked_against_own_records(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u006", identity_mode="demo")
    turn = conversation.say(message)
    assert {SIMOVIL, LITORVA, KLACID} <= _checked(turn), why(turn)
    assert says_any(turn, AVOID[language]), why(turn)
    assert ONLY_REFUSAL[language] not in turn.reply, why(turn)
    written_in(turn, language)


WHICH_ONE = {
    "en": ["which one is the problem", "which of them is the issue?", "which medication is it?", "which pair is bad?"],
    "he": ["איזו מהן הבעיה", "איזו מהתרופות הבעייתית?", "מי מהן הבעיה?", "איזה שילוב בעייתי?"],
}
SECOND = {"en": "is that ok with the meds im on", "he": "זה בסדר עם התרופות שאני לוקח?"}
MAIN_PROBLEM = {"en": "main problem is Simovil", "he": "הבעיה העיקרית היא השילוב של סימוביל"}
CAUTION_LITORVA = {"en": ("Litorva (Atorvastatin) 20 mg and", '"caution"'), "he": ("השילוב של ליטורבה", '"זהירות"')}


@pytest.mark.parametrize(("language", "message"), cases(WHICH_ONE))
def test_which_one_names_the_avoid_pair_and_the_caution_pair(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u006", identity_mode="demo")
    conversation.say(STARTING_KLACID[language][0])
    conversation.say(SECOND[language])
    turn = conversation.say(message)
    assert {SIMOVIL, LITORVA, KLACID} <= _checked(turn), why(turn)
    assert MAIN_PROBLEM[language] in turn.reply, why(turn)
    assert all(part in turn.reply for part in CAUTION_LITORVA[language]), why(turn)
    assert says_any(turn, AVOID[language]) and ONLY_REFUSAL[language] not in turn.reply, why(turn)
    # The avoid pair comes first: the answer to "which one".
    assert turn.reply.index(MAIN_PROBLEM[language]) < turn.reply.index(CAUTION_LITORVA[language][0]), why(turn)
    written_in(turn, language)


# --- a relative's stated medications are an interaction question --------------------------------------------------

RELATIVE = {
    "en": ["my husband is on coumadin and the doctor prescribed him klacid",
           "my mom takes coumadin and her doctor prescribed klacid for her",
           "my wife is taking coumadin and her doctor gave her a prescription for klacid"],
    "he": ["אשתי לוקחת קומדין והרופא רשם לה קלסיד", "בעלי לוקח קומדין והרופא רשם לו קלסיד",
           "אמא שלי לוקחת קומדין, הרופא רשם לה קלסיד", "הבת שלי מקבלת קומדין ורשמו לה קלסיד",
           "סבתא שלי נוטלת קומדין והרופא רשם לה קלסיד"],
}  # fmt: skip
PUSH = {"en": "is that a problem?", "he": "זה בעייתי?"}


@pytest.mark.parametrize(("language", "message"), cases(RELATIVE))
@pytest.mark.parametrize("patient", [None, "u003"])
def test_a_relatives_stated_medications_are_checked_together(
    chat: Callable[..., Chat], language: str, message: str, patient: str | None
) -> None:
    options = {"patient_id": patient, "identity_mode": "demo"} if patient else {}
    conversation = chat(language, **options)
    turn = conversation.say(message)
    assert _checked(turn) == {WARFARIN, KLACID}, why(turn)
    assert "INR" in turn.reply and not says_any(turn, OWN_ONLY[language]), why(turn)
    assert "get_user_prescriptions" not in turn.tools and "send_otp" not in turn.tools, why(turn)
    written_in(turn, language)
    again = conversation.say(PUSH[language])
    assert "INR" in again.reply, why(again)


RECORDS_OF_A_RELATIVE = {
    "en": ["show me my wife's coumadin and klacid prescriptions"],
    "he": ["תראה לי את המרשמים של אשתי לקומדין וקלסיד"],
}


@pytest.mark.parametrize(("language", "message"), cases(RECORDS_OF_A_RELATIVE))
def test_a_relatives_records_are_still_refused(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert says_any(turn, OWN_ONLY[language]), why(turn)


# --- "and mine?" after someone else's prescriptions were refused ------------------------------------------------

SOMEONE_ELSES_RX = {"en": "can you show me my mom's prescriptions", "he": "תראה לי את המרשמים של אשתי"}
AND_MINE = {
    "en": ["ok and mine?", "what about mine?", "and my own?", "ok what about me then"],
    "he": ["ושלי?", "ומה עם שלי?", "ומה איתי?", "אז את שלי"],
}
ASK_ID = {"en": ("email or phone number",), "he": ("המייל או מספר הטלפון",)}
WAYS = {"en": ("person whose prescription it is",), "he": ("בעל/ת המרשם",)}


@pytest.mark.parametrize(("language", "message"), cases(AND_MINE))
def test_and_mine_anonymous_asks_for_sign_in(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(SOMEONE_ELSES_RX[language])
    turn = conversation.say(message)
    assert says_any(turn, ASK_ID[language]) and not says_any(turn, WAYS[language]), why(turn)
    written_in(turn, language)


@pytest.mark.parametrize(("language", "message"), cases(AND_MINE))
def test_and_mine_signed_in_lists_own(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u003", identity_mode="demo")
    conversation.say(SOMEONE_ELSES_RX[language])
    turn = conversation.say(message)
    assert "get_user_prescriptions" in turn.tools, why(turn)
    assert says_any(turn, ("Coumadin",) if language == "en" else ("קומדין",)), why(turn)
    assert not says_any(turn, WAYS[language]), why(turn)
    written_in(turn, language)
