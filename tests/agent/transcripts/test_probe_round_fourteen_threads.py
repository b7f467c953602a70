"""Probe round fourteen: threads of an equivalents question, an interaction check and a comparison.

- "need Moxypen" then "anything equivalent? Augmentin maybe?": Moxypen's equivalents (none) and that Augmentin
  is not one (a different composition), never "the equivalents of Augmentin";
- "simvastatin with clarithromycin?" then "and if it's atorvastatin?": the new medication is checked with every
  other medication of the thread (atorvastatin with clarithromycin), and the prescription note is said once;
- "is Zyrtec the same as Claritine?" then "no wait, I meant is Tylenol the same as Acamol?": the comparison
  corrected (identical equivalents), never both labels.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

DOSAGE = {"en": ("Dosage (from the label)",), "he": ("מינון (לפי העלון)",)}

# --- an equivalents question with a candidate -----------------------------------------------------------------

MOXYPEN = {"en": "need moxypen asap", "he": "יש מוקסיפן?"}
CANDIDATE = {
    "en": [
        "anything equivalent? augmentin maybe?",
        "is there an alternative? what about augmentin?",
        "any substitute? maybe augmentin",
        "something similar? augmentin?",
        "any other options? augmentin perhaps?",
    ],
    "he": [
        "יש משהו אחר במקום? אוגמנטין?",
        "יש תחליף? אולי אוגמנטין?",
        "משהו דומה? אוגמנטין?",
        "יש חלופה? אוגמנטין למשל?",
        "אפשרות אחרת? אוגמנטין אולי?",
    ],
}
NO_EQUIVALENT_OF_MOXYPEN = {"en": ("no identical equivalent of Moxypen",), "he": ("תחליף זהה עבור מוקסיפן",)}
NOT_AN_EQUIVALENT = {"en": ("not equivalents",), "he": ("ולא תחליפים",)}
OF_AUGMENTIN = {"en": ("equivalent of augmentin", "equivalent of Augmentin"), "he": ("עבור אוגמנטין",)}


@pytest.mark.parametrize(("language", "message"), cases(CANDIDATE))
def test_an_equivalents_question_with_a_candidate(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(MOXYPEN[language])
    turn = conversation.say(message)
    assert says_any(turn, NO_EQUIVALENT_OF_MOXYPEN[language]), why(turn)
    assert says_any(turn, NOT_AN_EQUIVALENT[language]), why(turn)
    assert not says_any(turn, OF_AUGMENTIN[language]), why(turn)
    written_in(turn, language)


# --- the next medication of an interaction thread -------------------------------------------------------------

STATINS = {"en": "simvastatin and clarithromycin together ok?", "he": "סימבסטטין וקלריתרומיצין ביחד זה בסדר?"}
NEXT_STATIN = {
    "en": [
        "and if its atorvastatin", "what if it's atorvastatin?", "and if it was atorvastatin?", "what about lipitor?",
        "and litorva?",
    ],
    "he": ["ואם זה אטורבסטטין?", "ומה אם זה ליפיטור?", "ואם זה ליטורבה?", "ומה עם אטורבסטטין?", "וליפיטור?"],
}  # fmt: skip
RAISED_ATORVASTATIN = {"en": ("Raised atorvastatin levels",), "he": ("עלייה ברמות אטורבסטטין",)}


@pytest.mark.parametrize(("language", "message"), cases(NEXT_STATIN))
def test_the_next_medication_is_checked_with_the_others(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(STATINS[language])
    turn = conversation.say(message)
    assert says_any(turn, RAISED_ATORVASTATIN[language]), why(turn)
    written_in(turn, language)


TAKEN = {"en": "can i take tramadex with my zoloft?", "he": "אפשר לקחת טרמדקס עם הזולופט שלי?"}
ONE_INGREDIENT = {
    "en": [
        "and atorvastatin?", "what about atorvastatin?", "and with atorvastatin?", "and atorvastatin then?",
        "how about atorvastatin?",
    ],
    "he": ["ואטורבסטטין?", "ומה עם אטורבסטטין?", "ועם אטורבסטטין?", "ואם אטורבסטטין?", "ומה לגבי אטורבסטטין?"],
}  # fmt: skip
RX_NOTE = {"en": "requires a prescription", "he": "תרופת מרשם"}


@pytest.mark.parametrize(("language", "message"), cases(ONE_INGREDIENT))
def test_the_prescription_note_is_said_once(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(TAKEN[language])
    turn = conversation.say(message)
    assert turn.reply.count(RX_NOTE[language]) <= 1, why(turn)
    written_in(turn, language)


# --- a corrected comparison -----------------------------------------------------------------------------------

ANTIHISTAMINES = {"en": "is zyrtec same as claritin", "he": "זירטק זה כמו קלריטין?"}
CORRECTED = {
    "en": [
        "no wait i meant is tylenol same as acamol",
        "sorry i meant is litorva the same as lipitor",
        "no no i meant is nurofen same as advil",
        "no i meant, is acamol the same as tylenol?",
        "sorry, i meant is lipitor the same as litorva?",
    ],
    "he": [
        "רגע התכוונתי, טיילנול זה כמו אקמול?",
        "סליחה, התכוונתי נורופן זה כמו אדוויל?",
        "לא, התכוונתי ליטורבה זה אותו דבר כמו ליפיטור?",
        "התכוונתי, אקמול וטיילנול זה אותו דבר?",
        "אופס התכוונתי אדוויל זה כמו נורופן?",
    ],
}
IDENTICAL = {"en": ("are identical equivalents",), "he": ("תחליפים זהים",)}


@pytest.mark.parametrize(("language", "message"), cases(CORRECTED))
def test_a_corrected_comparison(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(ANTIHISTAMINES[language])
    turn = conversation.say(message)
    assert says_any(turn, IDENTICAL[language]), why(turn)
    assert not says_any(turn, DOSAGE[language]), why(turn)
    written_in(turn, language)
