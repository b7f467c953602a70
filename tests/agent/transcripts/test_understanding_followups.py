"""Issue #14, kinds 2 and 6: follow-ups keep the thread, and several requests in one message are all answered.

A short follow-up ("and in Jerusalem?", "yes, the substitute") refers to the medication of the turn before;
a message that asks two or three things gets each of them, without the full label nobody asked for. The
phrasings are fresh customer messages in both languages; the tests assert tools, arguments and key facts.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in


def _checked(turn: Turn) -> list[str]:
    """The medications whose stock the turn checked."""
    return [call["arguments"].get("med_id") for call in turn.calls if call["name"] == "inventory_check"]


REFERRAL = {"en": ("pharmacist",), "he": ("רוקח",)}
DOSAGE = {"en": "Dosage", "he": "מינון"}

# --- Kind 2: follow-ups keep the thread -----------------------------------------------------------------

ASK_ADVIL = {"en": "do you have Advil?", "he": "יש לכם אדוויל?"}
WANTS_EQUIVALENT = {
    "en": [
        "yes, show me the equivalent",
        "ok what's the alternative?",
        "sure, anything similar in stock?",
        "yeah check a substitute pls",
        "yes please, the same thing from another brand",
    ],
    "he": [
        "כן, תבדוק תחליף",
        "כן בבקשה, מה יש במקום?",
        "יאללה תבדוק חלופה",
        "אוקיי, יש משהו דומה?",
        "כן תראה לי תחליף",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(WANTS_EQUIVALENT))
def test_equivalent_follow_up_is_for_the_medication_just_asked(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    first = conversation.say(ASK_ADVIL[language])
    assert first.args("inventory_check")["med_id"] == "m001", why(first)
    turn = conversation.say(message)
    assert "inventory_find_equivalent" in turn.tools, why(turn)
    assert turn.args("inventory_find_equivalent")["med_id"] == "m001", why(turn)
    assert ("Nurofen" if language == "en" else "נורופן") in turn.reply, why(turn)
    written_in(turn, language)


ASK_PLAVIX = {"en": "do you have Plavix?", "he": "יש לכם פלביקס?"}
OTHER_BRANCH = {
    "en": [
        "and at the Jerusalem branch?",
        "what about jerusalem?",
        "ok and in Jerusalem",
        "how about your store on Jaffa street?",
        "hmm, and the jerusalem one?",
    ],
    "he": [
        "ובסניף ירושלים?",
        "ומה עם ירושלים?",
        "ובירושלים?",
        "ובסניף ברחוב יפו?",
        "אוקיי, ואם אני בירושלים?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(OTHER_BRANCH))
def test_other_branch_follow_up_checks_the_same_medication_there(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    first = conversation.say(ASK_PLAVIX[language])
    assert first.args("inventory_check")["med_id"] == "m015", why(first)
    turn = conversation.say(message)
    assert "inventory_check" in turn.tools, why(turn)
    assert turn.args("inventory_check")["med_id"] == "m015", why(turn)
    assert turn.args("inventory_check")["store_id"] == "s2", why(turn)
    assert "15" in turn.reply, why(turn)
    written_in(turn, language)


NO_BRANCH_CITY = {
    "en": ["what about Haifa?", "and in haifa?", "do you have it in Haifa", "ok and the haifa branch?", "and Eilat?"],
    "he": ["ומה עם חיפה?", "ובחיפה?", "יש את זה בחיפה?", "ובסניף חיפה?", "ובאילת?"],
}
NO_BRANCH = {"en": ("no branch", "don't have a branch", "do not have a branch"), "he": ("אין לנו סניף",)}


@pytest.mark.parametrize(("language", "message"), cases(NO_BRANCH_CITY))
def test_city_follow_up_without_a_branch_is_said(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(ASK_PLAVIX[language])
    turn = conversation.say(message)
    assert "inventory_check" not in turn.tools, why(turn)
    assert says_any(turn, NO_BRANCH[language]), why(turn)
    written_in(turn, language)


MY_PRESCRIPTIONS = {"en": "what are my prescriptions?", "he": "מה המרשמים שלי?"}
ACAMOL_AFTER_LIST = {
    "en": [
        "Do you have Acamol?",
        "and acamol, you got it?",
        "ok, is acamol in stock?",
        "btw do u have acamol",
        "also need acamol - available?",
    ],
    "he": [
        "יש לכם אקמול?",
        "ואקמול יש?",
        "אוקיי, אקמול במלאי?",
        "דרך אגב, יש אקמול?",
        "צריך גם אקמול, יש?",
    ],
}
VALID_PRESCRIPTION = {"en": "valid prescription", "he": "מרשם בתוקף"}


@pytest.mark.parametrize(("language", "message"), cases(ACAMOL_AFTER_LIST))
def test_stock_question_after_the_prescription_list_is_a_plain_stock_check(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u002")
    listed = conversation.say(MY_PRESCRIPTIONS[language])
    assert "get_user_prescriptions" in listed.tools, why(listed)
    turn = conversation.say(message)
    assert "inventory_check" in turn.tools, why(turn)
    assert turn.args("inventory_check")["med_id"] == "m004", why(turn)
    assert "150" in turn.reply, why(turn)
    assert VALID_PRESCRIPTION[language] not in turn.reply, why(turn)  # Acamol needs no prescription
    written_in(turn, language)


# A word that, after the medication just asked about, names another product of the catalog: "Nurofen" then
# "and the Forte one?" is about Nurofen Forte (m003), not a new, unreadable request.
VARIANT = {
    "en": [
        ("do you have nurofen 200?", "and the forte one?"),
        ("is Nurofen in stock?", "what about forte?"),
        ("do you have nurofen", "ok and the Forte?"),
    ],
    "he": [
        ("יש נורופן 200?", "והפורטה?"),
        ("נורופן יש במלאי?", "ומה עם הפורטה?"),
        ("יש לכם נורופן?", "ופורטה?"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(VARIANT))
def test_a_variant_word_follows_the_medication_just_asked(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    first, follow_up = case
    conversation = chat(language)
    conversation.say(first)
    turn = conversation.say(follow_up)
    assert _checked(turn) == ["m003"], why(turn)
    assert ("Nurofen Forte" if language == "en" else "נורופן פורטה") in turn.reply, why(turn)
    written_in(turn, language)


# "the other branch" is the store that is not the one last talked about (the session's store at first).
OTHER_BRANCH = {
    "en": [
        ("is litorva in stock", "how about in the other branch", "s2"),
        ("is advil in stock in jerusalem", "and at the other branch?", "s1"),
        ("do you have zyrtec?", "what about your other store", "s2"),
    ],
    "he": [
        ("ליטורבה יש במלאי?", "ומה בסניף השני", "s2"),
        ("יש אדוויל בירושלים?", "ובסניף האחר?", "s1"),
        ("יש לכם זירטק?", "ובסניף השני שלכם?", "s2"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(OTHER_BRANCH))
def test_the_other_branch_is_the_store_not_last_asked(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, str]
) -> None:
    first, follow_up, store = case
    conversation = chat(language)
    conversation.say(first)
    turn = conversation.say(follow_up)
    assert "inventory_check" in turn.tools, why(turn)
    # The first check is the branch asked about; one out there is followed by a check of the other branch.
    checked = next(call["arguments"] for call in turn.calls if call["name"] == "inventory_check")
    assert checked["store_id"] == store, why(turn)
    written_in(turn, language)


# "I take Plavix" alone is noted (and checked against what is asked next), never an empty or garbled reply.
TAKING_ALONE = {
    "en": [("I take plavix", "can i also take losec")],
    "he": [("אני לוקח פלביקס", "מותר לי גם לוסק?")],
}
NOTED = {"en": ("Noted",), "he": ("רשמתי",)}
AVOID = {"en": ("cannot be taken together",), "he": ("לא ניתן ליטול",)}


@pytest.mark.parametrize(("language", "case"), cases(TAKING_ALONE))
def test_a_medication_taken_said_alone_is_noted(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    statement, question = case
    conversation = chat(language)
    turn = conversation.say(statement)
    assert says_any(turn, NOTED[language]), why(turn)
    written_in(turn, language)
    turn = conversation.say(question)
    assert says_any(turn, AVOID[language]), why(turn)


# --- Kind 6: several requests in one message ------------------------------------------------------------

STOCK_AND_ADVICE = {
    "en": [
        "Is Advil in stock? Should I take it?",
        "do u have advil and is it ok for me to take?",
        "advil available? is it good for my back pain?",
        "Is there Advil in stock, and should I be taking it with my blood pressure?",
        "got advil? would it help my headache",
    ],
    "he": [
        "יש אדוויל במלאי? כדאי לי לקחת?",
        "יש לכם אדוויל? זה מתאים לי?",
        "אדוויל זמין? זה טוב לכאב גב?",
        "יש אדוויל? ומותר לי לקחת את זה עם לחץ דם?",
        "יש לכם אדוויל, וזה יעזור לי לכאב ראש?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(STOCK_AND_ADVICE))
def test_stock_and_advice_in_one_message_gets_both(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "m001" in _checked(turn), why(turn)
    assert ("March 8" if language == "en" else "8 במרץ") in turn.reply, why(turn)
    assert says_any(turn, REFERRAL[language]), why(turn)
    written_in(turn, language)


THREE_MEDS = {
    "en": [
        "I need Zyrtec, Acamol and Losec",
        "do you have zyrtec, acamol, losec?",
        "looking for Acamol + Zyrtec + Losec",
        "need to pick up zyrtec and acamol and also losec",
        "can I get Losec, Zyrtec & Acamol today",
    ],
    "he": [
        "אני צריך זירטק, אקמול ולוסק",
        "יש לכם זירטק, אקמול ולוסק?",
        "מחפשת אקמול, זירטק ולוסק",
        "צריך לאסוף זירטק ואקמול וגם לוסק",
        "אפשר לקבל היום לוסק, זירטק ואקמול?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(THREE_MEDS))
def test_three_medications_in_one_message_are_each_checked(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    assert {"m004", "m006", "m014"} <= set(_checked(turn)), why(turn)
    assert DOSAGE[language] not in turn.reply, why(turn)  # nobody asked for the full labels
    for name in ("Zyrtec", "Acamol", "Losec") if language == "en" else ("זירטק", "אקמול", "לוסק"):
        assert name in turn.reply, why(turn)
    written_in(turn, language)


@pytest.mark.parametrize(
    ("language", "messages"),
    [
        ("en", ["what prescriptions do i have", "and the second one, can i refill it?"]),
        ("he", ["אילו מרשמים יש לי", "אפשר לחדש את השני?"]),
    ],
)
def test_a_position_past_the_list_is_said_not_guessed(
    chat: Callable[..., Chat], language: str, messages: list[str]
) -> None:
    conversation = chat(language, patient_id="u001")  # one prescription on file
    conversation.say(messages[0])
    turn = conversation.say(messages[1])
    assert "request_refill" not in turn.tools and "prescription_verify" not in turn.tools, why(turn)
    assert says_any(turn, ["only 1 prescription", "רק מרשם אחד"]), why(turn)


@pytest.mark.parametrize(
    ("language", "messages"),
    [
        ("en", ["do you have zyrtec", "yes show me the equivalent"]),
        ("en", ["got nurofen?", "ok check an alternative too"]),
        ("he", ["יש זירטק?", "כן, תבדוק תחליף"]),
        ("he", ["יש נורופן?", "סבבה, תראה לי חלופה"]),
    ],
)
def test_asking_for_the_equivalent_after_a_stock_answer_keeps_the_medication(
    chat: Callable[..., Chat], language: str, messages: list[str]
) -> None:
    conversation = chat(language)
    conversation.say(messages[0])
    turn = conversation.say(messages[1])
    assert turn.tools == ["inventory_find_equivalent"], why(turn)
    written_in(turn, language)


@pytest.mark.parametrize(
    ("language", "message", "store"),
    [
        ("en", "how about nurofen at jaffa street", "Jerusalem"),
        ("en", "nurofen at dizengoff", "Dizengoff"),
        ("he", "ומה עם נורופן ברחוב יפו", "ירושלים"),
    ],
)
def test_a_product_at_a_branch_is_a_stock_question(
    chat: Callable[..., Chat], language: str, message: str, store: str
) -> None:
    turn = chat(language).say(message)
    assert turn.tools == ["inventory_check"], why(turn)
    assert store in turn.reply, why(turn)


@pytest.mark.parametrize(
    ("language", "answer"), [("en", "actually no, cancel that"), ("en", "hmm no"), ("he", "רגע, בעצם לא")]
)
def test_a_hedged_no_declines_the_refill(chat: Callable[..., Chat], language: str, answer: str) -> None:
    conversation = chat(language, patient_id="u006")
    first = conversation.say({"en": "refill my simovil", "he": "תחדש לי את הסימוביל"}[language])
    assert first.confirmation is not None, why(first)
    turn = conversation.say(answer)
    assert turn.confirmation is None, why(turn)
    assert not any(call["name"] == "request_refill" and call.get("result", {}).get("ok") for call in turn.calls[1:])
    assert says_any(turn, ["nothing was", "did not submit", "didn't submit", "לא הגשתי", "לא בוצע"]), why(turn)


# Three requests joined by everyday connectors ("and if not", "by the way", "ודרך אגב", "ואם לא"): each is
# answered, and the pair named together is checked and warned about.
THREE_REQUESTS = {
    "en": [
        "do you have advil and if not is there an equivalent and also can I take it with coumadin",
        "advil in stock? if not an equivalent, btw can i take it with coumadin",
    ],
    "he": [
        "יש אדוויל ואם לא יש תחליף ודרך אגב אפשר לקחת אותו עם קומדין",
        "יש אדוויל? ואם לא אז תחליף, אגב מותר לשלב אותו עם קומדין?",
    ],
}
AVOID_WARNING = {"en": ("cannot be taken together",), "he": ("לא ניתן ליטול",)}


@pytest.mark.parametrize(("language", "message"), cases(THREE_REQUESTS))
def test_three_requests_joined_by_connectors_are_all_answered(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    assert "m001" in _checked(turn), why(turn)
    assert "inventory_find_equivalent" in turn.tools, why(turn)
    assert {"m001", "m010"} <= set(turn.args("interaction_check")["med_ids"]), why(turn)
    assert says_any(turn, AVOID_WARNING[language]), why(turn)
    assert ("Coumadin" if language == "en" else "קומדין") in turn.reply, why(turn)
    written_in(turn, language)
