"""Round nine (catalog share): follow-ups about the product just talked about, pinned in both languages.

- intent words only ("does it need a prescription?", "when will it come back?", "is there a generic?", "יש
  ממנו?", "כמה יש", "only 5?"): the last product, never a lookup of the leftover words nor the off-topic line;
  a real unknown name ("do you have xanax?") is still looked up and not found;
- "only 5?" after a stock answer is a reaction to the count, never a strength ("not 5 mg");
- store short forms and misspellings ("and jlm?", "ובירושליים", "ובת"א?"): the same question there;
- one product named and asked whether it is the same ("is acamol the same thing?", "זה אותו דבר כמו אקמול?"):
  the comparison with the last product, not the named product's label;
- corrections ("no, I meant the generic one", "לא התכוונתי לגלוקופאז התכוונתי ללוסק"): only the one meant;
- a name the person typed with a prefix ("לליטורבה") is echoed without a doubled prefix.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in

NOT_FOUND = {"en": ("couldn't find a medication named",), "he": ("לא מצאתי תרופה בשם",)}
OFF_TOPIC = {"en": ("I can only help with pharmacy questions",), "he": ("אני יכול לעזור רק בנושאי בית מרקחת",)}
PRICE = {"en": ("prices on file",), "he": ("מידע על מחירים",)}
STRENGTH_NOTE = {"en": ("we carry",), "he": ("נמכר אצלנו",)}
LABEL = {"en": ("Dosage (from the label)", "contains the active ingredient"), "he": ("מינון (לפי העלון)", "מכיל את")}


def _stock_checks(turn: Turn) -> list[tuple[str, str]]:
    """(store, product) of each stock check of the turn."""
    calls = [c["arguments"] for c in turn.calls if c["name"] == "inventory_check"]
    return [(args.get("store_id") or "s1", args.get("med_id")) for args in calls]  # no store: the session's (s1)


def _lost(turn: object, language: str) -> bool:
    return says_any(turn, NOT_FOUND[language]) or says_any(turn, OFF_TOPIC[language])  # type: ignore[arg-type]


# --- intent words only: the prescription fact of the last product ---------------------------------------------

RX_QUESTION = {
    "en": ["does it need a prescription", "can i buy it without prescription", "do i need a prescription for it?",
           "is it prescription only?"],
    "he": ["צריך מרשם?", "אפשר לקנות את זה בלי מרשם?", "זה במרשם?", "צריך לזה מרשם?"],
}  # fmt: skip
FIRST = {
    "advil": {"en": "do you have advil?", "he": "יש לכם אדוויל?"},
    "glucophage": {"en": "tell me about glucophage", "he": "ספר לי על גלוקופאז"},
}
OTC = {"en": ("does not require a prescription",), "he": ("אינה דורשת מרשם",)}
RX = {"en": ("requires a prescription",), "he": ("תרופת מרשם",)}


@pytest.mark.parametrize(("language", "message"), cases(RX_QUESTION))
@pytest.mark.parametrize(("first", "expected"), [("advil", OTC), ("glucophage", RX)])
def test_prescription_question_about_it_is_the_label_fact(
    chat: Callable[..., Chat], language: str, message: str, first: str, expected: dict[str, tuple[str, ...]]
) -> None:
    conversation = chat(language)
    conversation.say(FIRST[first][language])
    turn = conversation.say(message)
    assert not _lost(turn, language), why(turn)
    assert says_any(turn, expected[language]), why(turn)
    assert not says_any(turn, LABEL[language]), why(turn)  # one line: not the whole label again
    assert len([line for line in turn.reply.splitlines() if line.strip()]) == 1, why(turn)
    written_in(turn, language)


# --- intent words only: restock date, stock, units, equivalents --------------------------------------------------

WHEN = {
    "en": ["when will it come", "ugh fine when does it come back", "when is it expected back?",
           "when do you get it back in stock?"],
    "he": ["מתי זה מגיע?", "מתי הוא יחזור למלאי?", "נו אז מתי יגיע?", "ומתי זה חוזר?"],
}  # fmt: skip
MOXYPEN_FIRST = {"en": "do you have moxypen?", "he": "יש לכם מוקסיפן?"}
RESTOCK = {"en": ("Expected restock date",), "he": ("מועד חידוש המלאי",)}


@pytest.mark.parametrize(("language", "message"), cases(WHEN))
def test_when_will_it_come_is_the_restock_date(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(MOXYPEN_FIRST[language])
    turn = conversation.say(message)
    assert turn.args("inventory_check").get("med_id") == "m007", why(turn)
    assert says_any(turn, RESTOCK[language]) and not _lost(turn, language), why(turn)
    written_in(turn, language)


HAS_IT = {
    "en": ["got any of it?", "do you have it?", "is there any left?"],
    "he": ["יש ממנו?", "ויש ממנו עכשיו?", "נשאר ממנו?"],
}


@pytest.mark.parametrize(("language", "message"), cases(HAS_IT))
def test_is_it_in_stock_after_its_label_is_its_stock(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say({"en": "tell me about moxypen", "he": "ספר לי על מוקסיפן"}[language])
    turn = conversation.say(message)
    assert turn.args("inventory_check").get("med_id") == "m007", why(turn)
    assert not _lost(turn, language), why(turn)
    written_in(turn, language)


GENERIC = {
    "en": ["is there a generic", "is there a generic version?", "any generic?"],
    "he": ["יש גנרי?", "יש לזה גנרי?", "יש גרסה גנרית?"],
}


@pytest.mark.parametrize(("language", "message"), cases(GENERIC))
def test_is_there_a_generic_is_its_equivalents(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say({"en": "tell me about advil", "he": "ספר לי על אדוויל"}[language])
    turn = conversation.say(message)
    assert turn.args("inventory_find_equivalent").get("med_id") == "m001", why(turn)
    assert says_any(turn, {"en": ("Nurofen",), "he": ("נורופן",)}[language]), why(turn)
    assert not _lost(turn, language), why(turn)
    written_in(turn, language)


HOW_MANY = {
    "en": ["how many do you have?", "how many are left?", "how many units?"],
    "he": ["כמה יש", "כמה יש במלאי?", "כמה נשאר?"],
}
CLARITINE_FIRST = {"en": "do you have claritine?", "he": "יש קלריטין?"}


@pytest.mark.parametrize(("language", "message"), cases(HOW_MANY))
def test_how_many_after_a_stock_answer_is_the_units(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(CLARITINE_FIRST[language])
    turn = conversation.say(message)
    assert _stock_checks(turn)[-1:] == [("s1", "m017")], why(turn)
    assert "8" in turn.reply and not says_any(turn, PRICE[language]), why(turn)
    written_in(turn, language)


def test_how_many_is_about_the_store_the_last_answer_named(chat: Callable[..., Chat]) -> None:
    conversation = chat("he")
    conversation.say("יש זירטק בתל אביב?")
    conversation.say("ובירושלים?")
    conversation.say("יש קלריטין?")  # asked at the session's store: that one is talked about now
    turn = conversation.say("כמה יש")
    assert _stock_checks(turn)[-1:] == [("s1", "m017")], why(turn)
    assert "8" in turn.reply, why(turn)


UNKNOWN = {"en": ["do you have xanax?", "is xanax the same thing?"], "he": ["יש לכם קסנקס?", "קסנקס זה אותו דבר?"]}


@pytest.mark.parametrize(("language", "message"), cases(UNKNOWN))
def test_an_unknown_name_after_a_product_is_still_looked_up(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say({"en": "do you have tylenol?", "he": "יש טיילנול?"}[language])
    turn = conversation.say(message)
    assert says_any(turn, NOT_FOUND[language]), why(turn)
    assert "interaction_check" not in turn.tools and "inventory_find_equivalent" not in turn.tools, why(turn)


# --- "only 5?" is a count ----------------------------------------------------------------------------------------

ONLY = {"en": ["only 5?", "only 5 units?", "only 5 left?"], "he": ["רק 5?", "רק 5 יחידות?", "רק 5 נשארו?"]}
TYLENOL_FIRST = {"en": "do you have tylenol?", "he": "יש טיילנול?"}


@pytest.mark.parametrize(("language", "message"), cases(ONLY))
def test_only_n_after_a_stock_answer_is_never_a_strength(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(TYLENOL_FIRST[language])
    turn = conversation.say(message)
    assert not says_any(turn, STRENGTH_NOTE[language]) and not _lost(turn, language), why(turn)
    assert ("s1", "m005") in _stock_checks(turn), why(turn)
    assert ("s2", "m005") in _stock_checks(turn), why(turn)  # and the other branch
    written_in(turn, language)


ONLY_THERE = {
    "en": ["only 8? and jerusalem", "just 8? what about jerusalem"],
    "he": ["רק 8? ובירושלים", "רק 8? ובירושליים?"],
}


@pytest.mark.parametrize(("language", "message"), cases(ONLY_THERE))
def test_only_n_and_another_store_is_that_store(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(CLARITINE_FIRST[language])
    turn = conversation.say(message)
    assert _stock_checks(turn)[-1:] == [("s2", "m017")], why(turn)
    assert not says_any(turn, STRENGTH_NOTE[language]), why(turn)


ONLY_CHEAPER = {
    "en": ["only 5? is there a cheaper version", "just 5? anything cheaper?"],
    "he": ["רק 5? יש משהו זול יותר?", "רק 5? יש גרסה יותר זולה?"],
}


@pytest.mark.parametrize(("language", "message"), cases(ONLY_CHEAPER))
def test_only_n_and_cheaper_is_the_equivalents(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(TYLENOL_FIRST[language])
    turn = conversation.say(message)
    assert turn.args("inventory_find_equivalent").get("med_id") == "m005", why(turn)
    assert says_any(turn, {"en": ("Acamol",), "he": ("אקמול",)}[language]), why(turn)
    assert says_any(turn, PRICE[language]) and not says_any(turn, STRENGTH_NOTE[language]), why(turn)


# --- store short forms and misspellings ----------------------------------------------------------------------------

TO_JERUSALEM = {
    "en": ["and jlm?", "what about jlm", "and in jerusalm?"],
    "he": ["ובירושליים", "ובירושלם?", "ובירושליים?"],
}
TO_TEL_AVIV = {"en": ["and tlv?", "and in tel-aviv?"], "he": ['ובת"א?', "ובת״א?", "ומה בתל-אביב?"]}


@pytest.mark.parametrize(("language", "message"), cases(TO_JERUSALEM))
def test_jerusalem_short_forms_switch_the_store(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say({"en": "do you have zyrtec in tel aviv?", "he": "יש זירטק בתל אביב?"}[language])
    turn = conversation.say(message)
    assert _stock_checks(turn)[-1:] == [("s2", "m006")], why(turn)
    assert not _lost(turn, language), why(turn)


@pytest.mark.parametrize(("language", "message"), cases(TO_TEL_AVIV))
def test_tel_aviv_short_forms_switch_the_store(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say({"en": "do you have nurofen forte in jerusalem?", "he": "יש נורופן פורטה בירושלים?"}[language])
    turn = conversation.say(message)
    assert _stock_checks(turn)[-1:] == [("s1", "m003")], why(turn)
    assert not _lost(turn, language), why(turn)


# --- one product named and compared with the last one -----------------------------------------------------------

SAME_AS_LAST = {
    "en": ["is acamol the same thing", "acamol, is that the same?", "is it the same as acamol?"],
    "he": ["זה אותו דבר כמו אקמול?", "אקמול זה אותו דבר?", "זה זהה לאקמול?"],
}
IDENTICAL = {"en": ("identical equivalents",), "he": ("תחליפים זהים",)}


@pytest.mark.parametrize(("language", "message"), cases(SAME_AS_LAST))
def test_same_as_a_named_product_compares_it_with_the_last(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(TYLENOL_FIRST[language])
    turn = conversation.say(message)
    assert says_any(turn, IDENTICAL[language]), why(turn)
    assert says_any(turn, {"en": ("Tylenol",), "he": ("טיילנול",)}[language]), why(turn)
    assert not says_any(turn, LABEL[language]), why(turn)
    written_in(turn, language)


NOT_SAME = {
    "en": ["what about augmentin is that the same", "is augmentin the same thing?"],
    "he": ["ואוגמנטין זה אותו דבר?", "אוגמנטין זה אותו הדבר?"],
}
DIFFERENT = {"en": ("not equivalents",), "he": ("ולא תחליפים",)}


@pytest.mark.parametrize(("language", "message"), cases(NOT_SAME))
def test_a_product_with_another_ingredient_is_not_the_same(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(MOXYPEN_FIRST[language])
    conversation.say({"en": "no thanks", "he": "לא תודה"}[language])
    turn = conversation.say(message)
    assert says_any(turn, DIFFERENT[language]), why(turn)
    assert says_any(turn, {"en": ("Moxypen",), "he": ("מוקסיפן",)}[language]), why(turn)
    assert not says_any(turn, LABEL[language]), why(turn)


def test_what_is_x_is_it_the_same_after_lipitor_compares(chat: Callable[..., Chat]) -> None:
    conversation = chat("he")
    conversation.say("יש ליפיטור?")
    turn = conversation.say("מה זה ליטורבה זה אותו דבר?")
    assert says_any(turn, IDENTICAL["he"]) and says_any(turn, ("ליפיטור",)), why(turn)
    assert not says_any(turn, LABEL["he"]), why(turn)


# --- corrections ---------------------------------------------------------------------------------------------------

MEANT_GENERIC = {
    "en": ["no i meant the generic one", "sorry, i meant the generic", "no no, i mean the generic version"],
    "he": ["לא, התכוונתי לגנרי", "התכוונתי לגנרית", "לא לא, התכוונתי לגרסה הגנרית"],
}


@pytest.mark.parametrize(("language", "message"), cases(MEANT_GENERIC))
def test_i_meant_the_generic_one_is_the_equivalent_from_then_on(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say({"en": "do you have lipitor in tel aviv", "he": "יש ליפיטור בתל אביב?"}[language])
    turn = conversation.say(message)
    assert says_any(turn, {"en": ("Litorva",), "he": ("ליטורבה",)}[language]), why(turn)
    assert not _lost(turn, language), why(turn)
    there = conversation.say({"en": "ok and in jerusalem", "he": "ובירושלים?"}[language])
    assert _stock_checks(there)[-1:] == [("s2", "m012")], why(there)


MEANT_OTHER = {
    "en": ["i didn't mean glucophage, i meant losec", "not glucophage, i meant losec"],
    "he": ["לא התכוונתי לגלוקופאז התכוונתי ללוסק", "לא גלוקופאז, התכוונתי ללוסק"],
}


@pytest.mark.parametrize(("language", "message"), cases(MEANT_OTHER))
def test_i_didnt_mean_x_i_meant_y_is_only_y(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say({"en": "do you have glucophage?", "he": "יש גלוקופאז?"}[language])
    turn = conversation.say(message)
    assert turn.args("inventory_check").get("med_id") == "m014", why(turn)
    # (the loop's own safety net may still check every name typed, silently)
    assert not says_any(turn, {"en": ("Glucophage", "interaction"), "he": ("גלוקופאז", "אינטראקציה")}[language]), why(
        turn
    )
    there = conversation.say({"en": "in jerusalem?", "he": "בירושלים?"}[language])
    assert _stock_checks(there) == [("s2", "m014")], why(there)


def test_a_negation_without_meant_keeps_both_names(chat: Callable[..., Chat]) -> None:
    # "no advil with coumadin?" is a question about taking them together: both are checked.
    turn = chat("en").say("so no advil with coumadin?")
    assert sorted(turn.args("interaction_check")["med_ids"]) == ["m001", "m010"], why(turn)


# --- a typed prefix is never doubled --------------------------------------------------------------------------------

RX_FOR = {
    "he": ["אז יש לי מרשם לליטורבה?", "האם יש לי מרשם לליטורבה?", "יש לי מרשם גם לליטורבה?"],
    "en": ["so do i have a prescription for litorva?", "and a prescription for litorva?"],
}


@pytest.mark.parametrize(("language", "message"), cases(RX_FOR))
def test_a_name_typed_with_a_prefix_is_echoed_once(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language, patient_id="u002", identity_mode="demo").say(message)
    assert says_any(turn, {"en": ("for Litorva", "for litorva"), "he": ("מרשם לליטורבה",)}[language]), why(turn)
    assert "ללליטורבה" not in turn.reply and "לליטורבה" not in turn.reply.replace("מרשם לליטורבה", ""), why(turn)
