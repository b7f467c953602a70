"""Probe round thirteen, words that are not medication names, pinned in both languages.

- "do you have a store in Haifa?", "יש לכם סניף בחיפה?": a question about a branch is never a medication
  lookup ("I couldn't find a medication named 'סניף בחיפה'");
- "did you open a branch in Herzliya?": no branch there, never "I can only help with pharmacy questions";
- "a branch in Eilat? I need Moxypen": both answered (no branch there, and the stock at both branches);
- "what does the label say about dosage", "ומה המינון הרגיל שכתוב על העלון", "what's the generic name of it":
  that fact of the product talked about last, never a lookup of "label say" or "name";
- "nvm forget it. do u have Zyrtec…", "עזוב, לא משנה. יש…": the wave-off is no name;
- "and zirtek?" after a stock check: looked up like a typed name ("did you mean Zyrtec?", and a "yes"
  checks it at the branch of the thread), never "I can only help with pharmacy questions";
- "what about viagra lol", "ויש ונטולין?": a product not carried is said not to be found, never an advice
  refusal nor out-of-scope.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in

NOT_FOUND = {"en": ("couldn't find",), "he": ("לא מצאתי",)}
OUT_OF_SCOPE = {"en": ("I can only help with pharmacy",), "he": ("אני יכול לעזור רק",)}
ADVICE_REFUSAL = {"en": ("can't give medical advice",), "he": ("אין באפשרותי לתת ייעוץ",)}
NO_BRANCH = {"en": ("don't have a branch",), "he": ("אין לנו סניף",)}


def _looked_up(turn: Turn) -> list[str]:
    """The names looked up in the catalog this turn."""
    return [
        str(call["arguments"].get("medication_name")) for call in turn.calls if call["name"] == "get_medication_by_name"
    ]


# --- a branch question is never a medication lookup ----------------------------------------------------------

BRANCH_QUESTIONS = {
    "en": [
        "do you have a store in haifa",
        "is there a branch in eilat?",
        "any pharmacy of yours in netanya?",
        "got a location in beer sheva",
        "do you guys have a shop in ashdod?",
        "did you open a branch in herzliya?",
    ],
    "he": [
        "יש לכם סניף בחיפה?",
        "יש סניף באילת?",
        "יש לכם חנות בנתניה?",
        "יש לכם בית מרקחת באשדוד?",
        "פתחתם סניף בהרצליה?",
        "יש לכם סניף ברחוב הרצל בחולון?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(BRANCH_QUESTIONS))
def test_a_branch_question_is_never_a_medication_lookup(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert not _looked_up(turn), why(turn)
    assert says_any(turn, NO_BRANCH[language]), why(turn)
    assert not says_any(turn, NOT_FOUND[language]) and not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    written_in(turn, language)


BRANCH_AND_NEED = {
    "en": [
        "do you have a branch in eilat? i need moxypen",
        "is there a store in haifa? also looking for moxypen",
        "any branch in netanya? need moxypen urgently",
        "u have a pharmacy in ashdod? i need moxypen.",
        "is there a location in holon, I'm looking for moxypen",
    ],
    "he": [
        "יש לכם סניף באילת? צריך מוקסיפן",
        "יש סניף בחיפה? אני צריכה מוקסיפן",
        "יש לכם חנות בנתניה? מחפש מוקסיפן",
        "יש סניף באשדוד? צריך דחוף מוקסיפן",
        "יש לכם סניף בחולון? אני מחפשת מוקסיפן",
    ],
}
RESTOCK_DATES = {"en": ("March 11, 2026", "March 13, 2026"), "he": ("11 במרץ 2026", "13 במרץ 2026")}


@pytest.mark.parametrize(("language", "message"), cases(BRANCH_AND_NEED))
def test_a_branch_question_beside_a_need_answers_both(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert says_any(turn, NO_BRANCH[language]), why(turn)
    checked = {call["arguments"].get("store_id") for call in turn.calls if call["name"] == "inventory_check"}
    assert checked == {"s1", "s2"}, why(turn)
    assert all(date in turn.reply for date in RESTOCK_DATES[language]), why(turn)
    assert not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


# --- a label fact of the product talked about last ------------------------------------------------------------

ACAMOL_PERSONAL = {"en": "im pregnant, can i take acamol?", "he": "אני בהריון אפשר לקחת אקמול?"}
LABEL_DOSAGE = {
    "en": [
        "ok what does the label say about dosage",
        "what's the usual dosage written on the leaflet?",
        "and the regular dosage on the label?",
        "whats the standard dosage on the package insert",
        "what does the box say, dosage wise",
    ],
    "he": [
        "ומה המינון הרגיל שכתוב על העלון",
        "מה כתוב בעלון על המינון?",
        "מה המינון המומלץ שרשום בעלון?",
        "ומה המינון שרשום על האריזה?",
        "מה המינון הרגיל שכתוב על הקופסה?",
    ],
}
ACAMOL_MAXIMUM = "4,000"


@pytest.mark.parametrize(("language", "message"), cases(LABEL_DOSAGE))
def test_what_the_label_says_is_that_fact_of_the_last_product(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(ACAMOL_PERSONAL[language])
    turn = conversation.say(message)
    assert ACAMOL_MAXIMUM in turn.reply, why(turn)
    assert not says_any(turn, NOT_FOUND[language]), why(turn)
    assert all("acamol" in name.lower() or "אקמול" in name for name in _looked_up(turn)), why(turn)
    written_in(turn, language)


ZOLOFT_JERUSALEM = {
    "en": "how much does zoloft cost and do u have it in jerusalem",
    "he": "כמה עולה זולופט ויש לכם בירושלים?",
}
GENERIC_NAME = {
    "en": [
        "whats the generic name of it",
        "what's it called generically?",
        "and its generic name?",
        "what is the name of the active ingredient?",
        "ok and the scientific name?",
    ],
    "he": [
        "מה השם הגנרי שלו?",
        "ומה השם הגנרי?",
        "מה שם החומר הפעיל שלו?",
        "איך קוראים לחומר הפעיל?",
        "מה השם המדעי שלו?",
    ],
}
SERTRALINE = {"en": "Sertraline", "he": "סרטרלין"}


@pytest.mark.parametrize(("language", "message"), cases(GENERIC_NAME))
def test_the_generic_name_of_it_is_its_ingredient(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(ZOLOFT_JERUSALEM[language])
    turn = conversation.say(message)
    assert SERTRALINE[language] in turn.reply, why(turn)
    assert "inventory_find_equivalent" not in turn.tools, why(turn)
    assert not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


# --- a wave-off is no name --------------------------------------------------------------------------------------

WAVED_OFF = {
    "en": [
        ("nvm forget it. do u have zyrtec in tel aviv", "m006"),
        ("never mind that. got claritin at dizengoff?", "m017"),
        ("forget about it, is acamol in stock?", "m004"),
        ("no worries. do you have nurofen?", "m002"),
        ("it doesnt matter. tylenol in jerusalem?", "m005"),
    ],
    "he": [
        ("עזוב, לא משנה. יש זירטק בתל אביב?", "m006"),
        ("לא משנה. יש אקמול?", "m004"),
        ("עזבי את זה, יש נורופן בירושלים?", "m002"),
        ("לא חשוב, יש קלריטין?", "m017"),
        ("אין צורך. יש טיילנול בדיזנגוף?", "m005"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(WAVED_OFF))
def test_a_wave_off_before_a_question_is_no_name(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    message, med_id = case
    turn = chat(language).say(message)
    assert turn.args("inventory_check")["med_id"] == med_id, why(turn)
    assert len(_looked_up(turn)) == 0, why(turn)
    assert not says_any(turn, NOT_FOUND[language]) and "?" not in turn.reply.strip().split("\n")[-1], why(turn)
    written_in(turn, language)


# --- a bare follow-up with a misspelt or unknown name ---------------------------------------------------------

CLARITIN_JERUSALEM = {"en": "do u have claritin in jerusalem", "he": "יש קלריטין בירושלים?"}
MISSPELT = {
    "en": ["and zirtek?", "what about zirtekk?", "how about zirtek", "and zirteck?", "ok and zirtek"],
    "he": ["יש גם זרטקקק?", "ומה עם זרטקקק?", "ויש זירטקקקק?", "ומה לגבי זרטקקק", "וגם זרטקקק?"],
}
ZYRTEC = {"en": "Zyrtec", "he": "זירטק"}
YES = {"en": "yes", "he": "כן"}


@pytest.mark.parametrize(("language", "message"), cases(MISSPELT))
def test_a_misspelt_name_in_a_follow_up_is_looked_up_in_the_thread(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(CLARITIN_JERUSALEM[language])
    turn = conversation.say(message)
    assert ZYRTEC[language] in turn.reply, why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    written_in(turn, language)
    answer = conversation.say(YES[language])
    assert answer.args("inventory_check") == {"store_id": "s2", "med_id": "m006", "language": language}, why(answer)
    written_in(answer, language)


ACAMOL_STOCK = {"en": "do you have acamol?", "he": "יש לכם אקמל?"}
NOT_CARRIED = {
    "en": [
        ("what about viagra lol", "viagra"),
        ("and ventolin?", "ventolin"),
        ("how about xanax", "xanax"),
        ("ok and lyrica?", "lyrica"),
        ("what about ozempic then", "ozempic"),
    ],
    "he": [
        ("ויש ונטולין?", "ונטולין"),
        ("ומה עם ויאגרה?", "ויאגרה"),
        ("ומה עם קסנקס?", "קסנקס"),
        ("ומה לגבי ליריקה?", "ליריקה"),
        ("ויש אוזמפיק?", "אוזמפיק"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(NOT_CARRIED))
def test_a_product_not_carried_in_a_follow_up_is_said_not_found(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    message, name = case
    conversation = chat(language)
    conversation.say(ACAMOL_STOCK[language])
    turn = conversation.say(message)
    assert says_any(turn, NOT_FOUND[language]) and name in turn.reply, why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]) and not says_any(turn, ADVICE_REFUSAL[language]), why(turn)
    assert "inventory_check" not in turn.tools, why(turn)
    written_in(turn, language)


# A guard (right before the fix too): a complaint after a stock answer is still referred, never looked up.
COMPLAINT_FOLLOW_UP = {
    "en": ["and a headache?", "and i have a cough"],
    "he": ["ויש לי שיעול?", "ואם כואב לי הראש?"],
}


@pytest.mark.parametrize(("language", "message"), cases(COMPLAINT_FOLLOW_UP))
def test_a_complaint_in_a_follow_up_is_never_a_name(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(ACAMOL_STOCK[language])
    turn = conversation.say(message)
    assert not _looked_up(turn) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)
