"""Round twenty-four: a name corrected inside the message that says it.

"I take Lipitor... wait no, Litorva. Can I have Zyrtec too?" replaced Lipitor with Litorva, but both were
checked: the customer got a "double dose" note about Lipitor and Litorva and no word about Zyrtec. A name
corrected in the same message ("X… wait no, Y", "X, oops I meant Y", "X or rather Y", "not X, Y", «X… רגע לא,
Y», «X סליחה התכוונתי ל-Y», «לא X אלא Y», «X, כלומר Y») is never checked nor named; the rest of the message
is answered for Y (the interaction check of Y with the medication asked about, an "avoid" warning included).

A name nobody corrected is never dropped: "I take coumadin and plavix, can I take advil?" keeps all three,
and a doubt ("not sure if aspirin is ok with my coumadin") is no correction.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in

NAMES = {
    "m006": ("zyrtec", "זירטק"),
    "m009": ("zoloft", "זולופט"),
    "m010": ("coumadin", "קומדין"),
    "m011": ("lipitor", "ליפיטור"),
    "m008": ("glucophage", "גלוקופאז"),
}
NOTHING_RECORDED = {"en": ("no interactions",), "he": ("לא רשומה אינטראקציה",)}
REFERRAL = {"en": ("pharmacist",), "he": ("רוקח",)}
WARNING = {"en": ("warning",), "he": ("אזהרה",)}


def _checks(turn: Turn) -> list[set[str]]:
    return [
        {str(m) for m in call["arguments"].get("med_ids") or []}
        for call in turn.calls
        if call["name"] == "interaction_check"
    ]


def _corrected_away(turn: Turn, language: str, wrong: str, meant: set[str]) -> None:
    """``wrong`` is neither checked nor named; ``meant`` (the corrected name and the one asked about) is checked."""
    written_in(turn, language)
    checks = _checks(turn)
    assert checks, why(turn)
    assert all(wrong not in ids for ids in checks), why(turn)
    assert any(meant <= ids for ids in checks), why(turn)
    assert not says_any(turn, NAMES[wrong]), why(turn)


# --- 1. a correction, then a question about another medication: nothing recorded for the name meant --------------
NOTHING_BETWEEN = {
    "en": [
        ("m010", {"m015", "m017"}, "i'm on coumadin, oops i meant plavix. is claritine ok with it?"),
        ("m009", {"m019", "m013"}, "been taking zoloft — actually no, eltroxin. can i take tramadex with that?"),
        ("m008", {"m014", "m002"}, "my pills are glucophage, my bad, losec. is nurofen fine with them?"),
        ("m009", {"m019", "m001"}, "i use zoloft or rather eltroxin, is advil ok to take?"),
        ("m010", {"m015", "m002"}, "coumadin I meant to write plavix, can I take nurofen?"),
        ("m010", {"m015", "m004"}, "not coumadin, plavix. would acamol be ok with it?"),
    ],
    "he": [
        ("m009", {"m019", "m013"}, "אני לוקחת זולופט... רגע לא, אלטרוקסין. מותר לי טרמדקס?"),
        ("m009", {"m014", "m002"}, "לא זולופט אלא לוסק, אפשר איתו נורופן?"),
        ("m010", {"m015", "m004"}, "אני לוקח קומדין, כלומר פלביקס, זה בסדר עם אקמול?"),
        ("m008", {"m014", "m006"}, "אני לוקח גלוקופאז' אופס טעות, לוסק. אפשר גם זירטק?"),
        ("m009", {"m019", "m001"}, "אני נוטל זולופט, טעיתי, אלטרוקסין. אפשר אדוויל?"),
        ("m010", {"m015", "m017"}, "קומדין סליחה, התכוונתי ל-פלביקס. קלריטין מותר איתו?"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(NOTHING_BETWEEN))
def test_a_corrected_name_is_replaced_and_the_question_answered(
    chat: Callable[..., Chat], language: str, case: tuple[str, set[str], str]
) -> None:
    wrong, meant, message = case
    turn = chat(language).say(message)
    _corrected_away(turn, language, wrong, meant)
    assert says_any(turn, NOTHING_RECORDED[language]), why(turn)
    assert says_any(turn, REFERRAL[language]), why(turn)
    assert not says_any(turn, WARNING[language]), why(turn)


# --- 2. a correction, then a pair to avoid: the warning is about the name meant ----------------------------------
AVOID_AFTER = {
    "en": [
        ("m010", {"m015", "m014"}, "i'm taking coumadin, sorry i meant plavix. is losec a problem?"),
        ("m010", {"m021", "m020"}, "not coumadin, simovil - can i add klacid?"),
        ("m008", {"m009", "m013"}, "glucophage... no wait, zoloft. the doc wants to add tramadex, ok?"),
        ("m011", {"m021", "m020"}, "lipitor, scratch that, simovil. can i take klacid with it?"),
        ("m008", {"m010", "m002"}, "i'm on glucophage err i mean coumadin, is nurofen safe with it?"),
    ],
    "he": [
        ("m010", {"m021", "m020"}, "אני על קומדין סליחה התכוונתי לסימוביל, אפשר לקחת קלסיד?"),
        ("m008", {"m015", "m014"}, "לא גלוקופאז' אלא פלביקס, ואפשר איתו לוסק?"),
        ("m008", {"m009", "m013"}, "אני לוקחת גלוקופאז', טעיתי, זולופט. מותר לי טרמדקס?"),
        ("m011", {"m010", "m016"}, "אני לוקח ליפיטור... רגע לא, קומדין. אפשר מיקרופירין?"),
        ("m009", {"m010", "m002"}, "אני לוקח זולופט, סליחה, קומדין. נורופן בסדר?"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(AVOID_AFTER))
def test_a_pair_to_avoid_after_a_correction_is_warned_about(
    chat: Callable[..., Chat], language: str, case: tuple[str, set[str], str]
) -> None:
    wrong, meant, message = case
    turn = chat(language).say(message)
    _corrected_away(turn, language, wrong, meant)
    assert says_any(turn, WARNING[language]), why(turn)


# --- 3. a signed-in customer's own medication, corrected: checked with the new one, no "double dose" --------------
OWN = {
    "en": [
        "i'm on lipitor, no wait, litorva. would zyrtec be ok too? hay fever",
        "i take lipitor sorry i mean litorva, can i also take zyrtec for my allergy?",
    ],
    "he": [
        "אני לוקח ליפיטור, רגע לא, ליטורבה. אפשר גם זירטק לאלרגיה?",
        "לא ליפיטור אלא ליטורבה, מותר לי לקחת איתו זירטק?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(OWN))
def test_an_own_medication_corrected_gets_no_double_dose_note(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language, patient_id="u006").say(message)
    _corrected_away(turn, language, "m011", {"m012", "m006"})
    assert says_any(turn, NOTHING_RECORDED[language]), why(turn)
    assert says_any(turn, REFERRAL[language]), why(turn)
    assert not says_any(turn, ("double dose", "מנה כפולה")), why(turn)


# --- 4. safety pins: names nobody corrected are all kept -----------------------------------------------------------
KEPT = {
    "en": [
        ({"m010", "m015", "m001"}, "I take coumadin and plavix, can I take advil?"),
        ({"m016", "m010"}, "not sure if aspirin is ok with my coumadin"),
        ({"m010", "m016"}, "sorry to bother, i take coumadin. is micropirin ok?"),
        ({"m010", "m015", "m002"}, "coumadin, plavix - and actually can i take nurofen?"),
        ({"m009", "m013"}, "i don't mean to be a pain but zoloft and tramadex together?"),
        # "actually" and "wait" alone may add a name rather than correct one: both kept, the warning given.
        ({"m010", "m001"}, "i'm on coumadin, actually advil ok with it?"),
        ({"m010", "m002"}, "coumadin wait nurofen too?"),
    ],
    "he": [
        ({"m010", "m015", "m001"}, "אני לוקח קומדין ופלביקס, אפשר אדוויל?"),
        ({"m016", "m010"}, "לא בטוח אם אספירין בסדר עם הקומדין שלי"),
        ({"m010", "m015", "m001"}, "לא, אני לוקח קומדין, פלביקס. אפשר אדוויל?"),
        ({"m009", "m013"}, "סליחה על השאלה, זולופט וטרמדקס ביחד זה בסדר?"),
        ({"m010", "m016"}, "רגע, אני על קומדין, אפשר מיקרופירין?"),
        ({"m010", "m001"}, "אני על קומדין, בעצם אדוויל זה בסדר איתו?"),
        ({"m010", "m002"}, "קומדין רגע נורופן גם?"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(KEPT))
def test_names_nobody_corrected_are_all_checked(
    chat: Callable[..., Chat], language: str, case: tuple[set[str], str]
) -> None:
    meds, message = case
    turn = chat(language).say(message)
    written_in(turn, language)
    assert any(meds <= ids for ids in _checks(turn)), why(turn)
    assert says_any(turn, WARNING[language]), why(turn)  # every pin holds a pair to avoid
