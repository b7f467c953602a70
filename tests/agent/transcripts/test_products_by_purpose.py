"""Products asked for by what they treat, and listings that share a strength with a prescription product.

The catalog is not grouped by purpose, so "which painkillers do you have?", "ומשככי כאבים?" after a listing
or "which allergy medicines are in stock?" can be answered neither by the whole catalog nor by a search for
"painkillers": the reply says so, refers the choice to a pharmacist and offers to check a named product.
A listing keeps every line: "Acamol 500 mg (no prescription)" beside "Klacid 500 mg (prescription)" had been
dropped by the reply guard as a prescription contradiction (the strength alone was read as Klacid's name).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

OFFER = {"en": ("product in mind",), "he": ("מוצר מסוים",)}
REFERRAL = {"en": ("pharmacist",), "he": ("רוקח",)}

BY_CLASS = {
    "en": [
        "what painkillers do you have?",
        "which allergy medicines are in stock?",
        "do u sell sleeping pills",
        "any antihistamines at dizengoff?",
        "What medications do you have for allergies in stock?",
        "got any cough syrup?",
    ],
    "he": [
        "אילו משככי כאבים יש לכם?",
        "מה יש לכם נגד כאבים?",
        "יש במלאי נוגדי דלקת?",
        "יש לכם כדורי שינה?",
        "אילו תרופות לאלרגיה יש במלאי?",
        "יש סירופ לשיעול?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(BY_CLASS))
def test_a_class_of_products_is_referred_with_an_offer_never_the_catalog(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    assert "list_medications" not in turn.tools, why(turn)
    assert not {"inventory_check", "get_medication_by_name"} & set(turn.tools), why(turn)
    assert says_any(turn, REFERRAL[language]) and says_any(turn, OFFER[language]), why(turn)
    written_in(turn, language)


NON_RX_LIST = {"en": "what do you sell without a prescription?", "he": "מה יש לכם בלי מרשם?"}
CLASS_FOLLOWUP = {
    "en": ["and painkillers?", "what about allergy pills", "ok and antibiotics?"],
    "he": ["ומשככי כאבים?", "ומה עם כדורים לאלרגיה", "ואנטיביוטיקה?"],
}


@pytest.mark.parametrize(("language", "message"), cases(CLASS_FOLLOWUP))
def test_a_class_after_a_listing_is_not_searched_as_a_name(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(NON_RX_LIST[language])
    turn = conversation.say(message)
    assert "list_medications" not in turn.tools, why(turn)
    assert says_any(turn, OFFER[language]), why(turn)
    assert not says_any(turn, {"en": ("couldn't find",), "he": ("לא מצאתי",)}[language]), why(turn)
    written_in(turn, language)


EVERYTHING = {
    "en": ["what do you have?", "show me all your medications"],
    "he": ["אילו תרופות יש לכם?", "תראה לי את כל התרופות"],
}
SHARED_STRENGTH = {
    "en": ("Acamol", "Tylenol", "Micropirin", "Klacid"),
    "he": ("אקמול", "טיילנול", "מיקרופירין", "קלסיד"),
}


@pytest.mark.parametrize(("language", "message"), cases(EVERYTHING))
def test_a_listing_keeps_otc_products_that_share_a_strength_with_rx_ones(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    assert "list_medications" in turn.tools, why(turn)
    for name in SHARED_STRENGTH[language]:
        assert name in turn.reply, why(turn)
    assert "\n\n-" not in turn.reply, why(turn)  # no hole where a line was dropped
    written_in(turn, language)


NEAR_A_PLACE = {
    "en": ["anything near netanya?", "do you have something close to Haifa"],
    "he": ["יש לכם משהו ליד נתניה?", "יש לכם משהו ליד אילת?", "יש לכם משהו באזור חיפה?"],
}
NO_BRANCH = {"en": ("don't have a branch",), "he": ("אין לנו סניף",)}


@pytest.mark.parametrize(("language", "message"), cases(NEAR_A_PLACE))
def test_something_near_a_place_asks_for_a_branch_not_a_product(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    assert says_any(turn, NO_BRANCH[language]) and not says_any(turn, OFFER[language]), why(turn)
    written_in(turn, language)
