"""Issue #14: what a ninth round of fresh, multi-turn customer conversations found, pinned in both languages.

- "why can't I?" / "any update on that?" / "למה אני לא יכול?" / "יש עדכון?" right after a refill check: a
  message of question words only is about that refill (its status again, which says why), never "I can't
  give medical advice" (the model guesses a symptom for short questions it cannot place) nor a stock answer;
- "tell me about it" after a prescription check: the product of that prescription, never "which one did you
  mean: Lipitor or Litorva?" (a brand named with its generic, "Lipitor (Atorvastatin) 20 mg", is that brand).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

REFUSAL = {"en": ("can't give medical advice",), "he": ("ייעוץ רפואי",)}
NOT_FOUND = {"en": ("couldn't find a medication named",), "he": ("לא מצאתי תרופה בשם",)}

# --- question words only, after a refill check ----------------------------------------------------------------

REFUSED_FIRST = {"en": "can I refill my lipitor?", "he": "אפשר לחדש את הליפיטור שלי?"}
ONLY_QUESTION_WORDS = {
    "en": ["why can't I?", "why cant i", "any update on that?", "any update?", "why can't i do it?"],
    "he": ["למה אני לא יכול?", "יש עדכון?", "למה אני לא יכולה?", "יש חדש?", "אז למה לא?"],
}
EXPIRED = {"en": ("expired on",), "he": ("פג תוקף",)}


@pytest.mark.parametrize(("language", "message"), cases(ONLY_QUESTION_WORDS))
def test_question_words_after_a_refill_check_are_about_it(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u002", identity_mode="demo")
    first = conversation.say(REFUSED_FIRST[language])
    assert says_any(first, EXPIRED[language]), why(first)
    turn = conversation.say(message)
    assert "prescription_verify" in turn.tools and "inventory_check" not in turn.tools, why(turn)
    assert says_any(turn, EXPIRED[language]), why(turn)
    assert not says_any(turn, REFUSAL[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


# --- "tell me about it" after a prescription check ------------------------------------------------------------

ABOUT_IT = {
    "en": ["tell me about it", "what's in it?", "what is it exactly?"],
    "he": ["ספר לי עליו", "מה יש בו?", "מה זה בעצם?"],
}
LIPITOR = {"en": "Lipitor", "he": "ליפיטור"}
WHICH_ONE = {"en": ("which one did you mean", "Which of them"), "he": ("לאיזו מהן", "לאיזו")}


@pytest.mark.parametrize(("language", "message"), cases(ABOUT_IT))
def test_it_after_a_prescription_check_is_that_product(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u002", identity_mode="demo")
    conversation.say(REFUSED_FIRST[language])
    turn = conversation.say(message)
    assert LIPITOR[language] in turn.reply, why(turn)
    assert not says_any(turn, WHICH_ONE[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


# --- an emergency is not over after one message ------------------------------------------------------------------

RED_FLAG_FIRST = {
    "en": ["my son swallowed a bunch of my warfarin pills", "chest pressure and my left arm is numb",
           "i took like 30 acamol tablets"],
    "he": ["הבן שלי בלע כמה כדורי קומדין שלי", "יש לי לחץ בחזה והיד השמאלית נרדמת", "לקחתי בערך 30 כדורי אקמול"],
}  # fmt: skip
RED_FLAG_NEXT = {
    "en": ["hes 4", "what should i do", "i feel fine tho", "ok", "what do i do now?"],
    "he": ["הוא בן 3", "מה לעשות", "אני מרגיש בסדר בינתיים", "אוקיי", "מה עושים עכשיו?"],
}
URGENT = {"en": ("101",), "he": ("101",)}
ADVICE_REFUSAL = {"en": ("I can't give medical advice",), "he": ("אין באפשרותי לתת ייעוץ רפואי",)}


@pytest.mark.parametrize(("language", "message"), cases(RED_FLAG_NEXT))
@pytest.mark.parametrize("first", range(3))
def test_the_next_message_after_a_red_flag_gets_the_urgent_line_again(
    chat: Callable[..., Chat], language: str, message: str, first: int
) -> None:
    conversation = chat(language)
    opened = conversation.say(RED_FLAG_FIRST[language][first])
    assert says_any(opened, URGENT[language]), why(opened)
    turn = conversation.say(message)
    assert turn.reply.split("\n\n")[0].count("101"), why(turn)  # first, as on the message before
    assert not says_any(turn, ADVICE_REFUSAL[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


NEW_REQUEST = {"en": "is acamol in stock at dizengoff?", "he": "יש אקמול במלאי בדיזנגוף?"}


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_request_of_its_own_after_a_red_flag_starts_afresh(chat: Callable[..., Chat], language: str) -> None:
    conversation = chat(language)
    conversation.say(RED_FLAG_FIRST[language][0])
    turn = conversation.say(NEW_REQUEST[language])
    assert "inventory_check" in turn.tools or "get_medication_by_name" in turn.tools, why(turn)
    assert not says_any(turn, URGENT[language]), why(turn)


# --- the interaction thread --------------------------------------------------------------------------------------

AVOID = {"en": ("cannot be taken together",), "he": ("לא ניתן ליטול",)}
NO_INTERACTION = {"en": ("No interactions between",), "he": ("לא רשומה אינטראקציה",)}
INR = {"en": ("INR",), "he": ("INR",)}
ON_COUMADIN = {"en": "im on coumadin can i take advil for a headache", "he": "אני על קומדין, מותר לי אדוויל לכאב ראש?"}
NEXT_MED = {
    "en": ["what about acamol then", "and with acamol?", "acamol instead?", "and acamol?", "ok what about acamol"],
    "he": ["ומה עם אקמול?", "ועם אקמול?", "ואקמול?", "ואם אקח אקמול במקום?", "אז אקמול?"],
}


@pytest.mark.parametrize(("language", "message"), cases(NEXT_MED))
def test_the_next_medication_is_checked_with_the_one_it_was_asked_with(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    first = conversation.say(ON_COUMADIN[language])
    assert says_any(first, AVOID[language]), why(first)
    turn = conversation.say(message)
    assert "interaction_check" in turn.tools, why(turn)
    assert says_any(turn, INR[language]), why(turn)  # warfarin + paracetamol: the caution, not the leaflet
    written_in(turn, language)


CORRECTION = {
    "en": [("my mom takes coumadin can she take aspirin", "micropirin i mean"),
           ("can my dad take advil with his coumadin", "sorry i meant micropirin"),
           ("is it ok to mix zoloft and acamol", "no i meant tramadex")],
    "he": [("אמא שלי לוקחת קומדין, מותר לה אספירין?", "התכוונתי למיקרופירין"),
           ("אפשר לקחת אדוויל עם קומדין?", "סליחה, התכוונתי למיקרופירין"),
           ("מותר לשלב זולופט ואקמול?", "לא, התכוונתי לטרמדקס")],
}  # fmt: skip


@pytest.mark.parametrize(("language", "case"), cases(CORRECTION))
def test_a_corrected_medication_is_checked_again(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    conversation = chat(language)
    conversation.say(case[0])
    turn = conversation.say(case[1])
    assert "interaction_check" in turn.tools, why(turn)
    assert says_any(turn, AVOID[language]), why(turn)
    written_in(turn, language)


PUSH_BACK = {
    "en": ["my doctor gave me both tho", "is it dangerous?", "but my doctor said its fine", "so is it safe or not",
           "even at a low dose?"],
    "he": ["אבל הרופא אמר שזה בסדר", "זה מסוכן?", "הרופא רשם לי את שניהם", "אז מותר או לא?", "גם אם זה מינון נמוך?"],
}  # fmt: skip
PAIR_FIRST = {"en": "can i take zoloft and tramadex together", "he": "אפשר לקחת זולופט וטרמדקס ביחד?"}


@pytest.mark.parametrize(("language", "message"), cases(PUSH_BACK))
def test_a_push_back_after_a_warning_restates_it(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    first = conversation.say(PAIR_FIRST[language])
    assert says_any(first, AVOID[language]), why(first)
    turn = conversation.say(message)
    assert "interaction_check" in turn.tools and says_any(turn, AVOID[language]), why(turn)
    assert not says_any(turn, ("I can only help with pharmacy questions", "אני יכול לעזור רק בנושאי")), why(turn)
    written_in(turn, language)


COMBINE_WITH = {
    "en": [("do you have optalgin?", "can i combine it with acamol?"),
           ("is coumadin in stock", "can i combine with advil?")],
    "he": [("יש אופטלגין?", "ואפשר לשלב עם אקמול?"), ("יש קומדין במלאי?", "אפשר לשלב עם אדוויל?")],
}  # fmt: skip
COMBINE_RESULT = {"en": (NO_INTERACTION["en"][0], AVOID["en"][0]), "he": (NO_INTERACTION["he"][0], AVOID["he"][0])}


@pytest.mark.parametrize(("language", "case"), cases(COMBINE_WITH))
def test_one_medication_in_an_interaction_question_is_checked_with_the_last(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    conversation = chat(language)
    conversation.say(case[0])
    turn = conversation.say(case[1])
    assert "interaction_check" in turn.tools, why(turn)
    assert says_any(turn, COMBINE_RESULT[language]), why(turn)
    written_in(turn, language)


# --- frustration with the assistant ------------------------------------------------------------------------------

COMPLAINTS = {
    "en": ["this bot is useless i cant find anything", "you don't understand anything", "what a waste of time",
           "this is not helpful at all"],
    "he": ["הבוט הזה חסר תועלת", "אתה לא מבין כלום", "איזה בזבוז זמן", "איזה בוט גרוע"],
}  # fmt: skip
SORRY = {"en": ("I'm sorry this hasn't helped",), "he": ("מצטער שזה לא עזר",)}


@pytest.mark.parametrize(("language", "message"), cases(COMPLAINTS))
def test_a_complaint_gets_an_apology_and_what_can_be_done(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(NEW_REQUEST[language])
    turn = conversation.say(message)
    assert says_any(turn, SORRY[language]), why(turn)
    assert not says_any(turn, ADVICE_REFUSAL[language]), why(turn)
    assert not says_any(turn, ("I can only help with pharmacy questions", "אני יכול לעזור רק בנושאי")), why(turn)
    written_in(turn, language)


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_medication_that_does_not_help_is_not_a_complaint_about_the_assistant(
    chat: Callable[..., Chat], language: str
) -> None:
    message = {"en": "the acamol is useless for my headache", "he": "האקמול חסר תועלת לכאב הראש שלי"}[language]
    turn = chat(language).say(message)
    assert not says_any(turn, SORRY[language]), why(turn)
    assert says_any(turn, ADVICE_REFUSAL[language] + ("pharmacist", "רוקח")), why(turn)


# --- "how much can I take a day?": the label's dosage, then the referral ------------------------------------------

DOSING = {
    "en": [("do you sell optalgin", "how much can i take a day"), ("", "how much acamol can i take per day?"),
           ("is nurofen in stock?", "how many can I take?")],
    "he": [("יש אופטלגין?", "כמה מותר לקחת ביום?"), ("", "כמה אקמול מותר לקחת ביום?"),
           ("נורופן במלאי?", "כמה כדורים אני יכול לקחת?")],
}  # fmt: skip
LABEL_DOSAGE = {"en": ("Dosage (from the label)",), "he": ("מינון (לפי העלון)",)}
DOSE_REFERRAL = {"en": ("I can't tell you how much to take",), "he": ("אין באפשרותי לומר כמה ליטול",)}


@pytest.mark.parametrize(("language", "case"), cases(DOSING))
def test_a_personal_dosage_question_gets_the_label_dosage_and_the_referral(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    conversation = chat(language)
    if case[0]:
        conversation.say(case[0])
    turn = conversation.say(case[1])
    assert says_any(turn, LABEL_DOSAGE[language]) and says_any(turn, DOSE_REFERRAL[language]), why(turn)
    assert not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


LABEL_AFTER_WARNING = {"en": "what are the side effects of tramadex?", "he": "מה תופעות הלוואי של טרמדקס?"}
WARNINGS_LINE = {"en": ("Warnings:",), "he": ("אזהרות:",)}


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_label_question_after_a_warning_gets_the_label(chat: Callable[..., Chat], language: str) -> None:
    conversation = chat(language)
    conversation.say(PAIR_FIRST[language])
    turn = conversation.say(LABEL_AFTER_WARNING[language])
    assert "get_medication_by_name" in turn.tools and says_any(turn, WARNINGS_LINE[language]), why(turn)


CHILD_DOSE = {
    "en": [("how much acamol can i take a day?", "and for my 6 year old?"), ("", "how much acamol can i give my kid?"),
           ("how much nurofen can i take?", "what about a child?")],
    "he": [("כמה אקמול מותר לקחת ביום?", "ולילד בן 6?"), ("", "כמה אקמול לתת לילד שלי?"),
           ("כמה נורופן אני יכול לקחת?", "ולילדה בת 4?")],
}  # fmt: skip


@pytest.mark.parametrize(("language", "case"), cases(CHILD_DOSE))
def test_a_childs_dose_is_referred_and_never_read_off_the_label(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    conversation = chat(language)
    if case[0]:
        conversation.say(case[0])
    turn = conversation.say(case[1])
    assert says_any(turn, DOSE_REFERRAL[language] + ADVICE_REFUSAL[language]), why(turn)
    assert not says_any(turn, LABEL_DOSAGE[language]), why(turn)
    written_in(turn, language)


# --- one medication swapped for another in an interaction thread (probe round ten) --------------------------------

SWAP = {
    "en": [("can i take zoloft and tramadex together", "what about with nurofen instead of the tramadex",
            "zoloft and nurofen"),
           ("can i take plavix with losec", "what if i swap the losec for tylenol", "plavix and tylenol"),
           ("can i take zoloft and tramadex together", "optalgin instead?", "zoloft and optalgin")],
    "he": [("אפשר לקחת זולופט עם טרמדקס?", "ומה אם נורופן במקום הטרמדקס?", "זולופט ונורופן"),
           ("אפשר לקחת זולופט עם טרמדקס?", "ואם אני לוקחת במקום זה אופטלגין?", "זולופט ואופטלגין"),
           ("אני לוקחת זולופט ומיקרופירין, מותר לי אדוויל?", "ואם במקום אדוויל אקמול?", "מיקרופירין ואקמול")],
}  # fmt: skip


@pytest.mark.parametrize(("language", "case"), cases(SWAP))
def test_a_swapped_medication_replaces_the_one_it_names(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, str]
) -> None:
    conversation = chat(language)
    conversation.say(case[0])
    turn = conversation.say(case[1])
    assert "interaction_check" in turn.tools, why(turn)
    assert case[2] in turn.reply, why(turn)
    assert not says_any(turn, AVOID[language]), why(turn)  # the replaced medication's warning is not repeated
    written_in(turn, language)


# --- politeness and the request's own words around a yes or a no (probe round ten) -------------------------------

REFILL_ASK = {"en": "can you refill my simovil", "he": "תחדש לי את הסימוביל"}
POLITE_YES = {"en": ["yes pls", "yes please go ahead", "ok do it now", "well yes"],
              "he": ["טוב כן תזמין", "כן תזמין לי", "כן בבקשה", "אז כן"]}  # fmt: skip
POLITE_NO = {"en": ["no dont do it yet", "not yet", "hold off for now"], "he": ["עוד לא", "לא עדיין", "טוב לא"]}


@pytest.mark.parametrize(("language", "message"), cases(POLITE_YES))
def test_a_polite_yes_approves_the_refill(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u006", identity_mode="demo")
    asked = conversation.say(REFILL_ASK[language])
    assert asked.confirmation is not None, why(asked)
    turn = conversation.say(message)
    assert "request_refill" in turn.tools or any("refill" in t for t in turn.tools), why(turn)
    assert not says_any(turn, ("I can only help with pharmacy questions", "אני יכול לעזור רק בנושאי")), why(turn)


@pytest.mark.parametrize(("language", "message"), cases(POLITE_NO))
def test_a_polite_no_requests_nothing(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u006", identity_mode="demo")
    asked = conversation.say(REFILL_ASK[language])
    assert asked.confirmation is not None, why(asked)
    turn = conversation.say(message)
    assert not says_any(turn, ("I can only help with pharmacy questions", "אני יכול לעזור רק בנושאי")), why(turn)
    assert not says_any(turn, ("has been requested", "התקבלה")), why(turn)


# --- misspelt request words and chat shorthand are not names (probe round ten) ------------------------------------

SHORTHAND = {
    "en": [("is lipitor in stock", "does that need a prescripton"), ("do u have advil", "ok whats similar that u have"),
           ("tylenol in stock?", "is it the same thing basicaly"), ("do you have acamol", "what brands")],
    "he": [("יש ליפיטור?", "זה צריך מרשמ?"), ("יש אדוויל?", "יש משהו דומה אצלכם?"),
           ("יש טיילנול?", "זה אותו דבר בעצם?"), ("יש אקמול?", "איזה מותגים יש?")],
}  # fmt: skip


@pytest.mark.parametrize(("language", "case"), cases(SHORTHAND))
def test_shorthand_and_typos_of_request_words_are_never_looked_up(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    conversation = chat(language)
    conversation.say(case[0])
    turn = conversation.say(case[1])
    assert not says_any(turn, NOT_FOUND[language]), why(turn)
    assert not says_any(turn, ("I can only help with pharmacy questions", "אני יכול לעזור רק בנושאי")), why(turn)
    written_in(turn, language)


# --- "I need X", and "how much?" after a referral (probe round ten) ----------------------------------------------

NEED_IT = {
    "en": ["i need moxypen urgently", "need advil asap", "I want zyrtec"],
    "he": ["צריך מוקסיפן דחוף", "אני צריכה אדוויל בדחיפות", "רוצה זירטק"],
}
PRICES = {"en": ("I don't have prices on file",), "he": ("אין לי מידע על מחירים",)}


@pytest.mark.parametrize(("language", "message"), cases(NEED_IT))
def test_a_product_needed_gets_its_stock(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "inventory_check" in turn.tools, why(turn)
    written_in(turn, language)


HOW_MUCH_AFTER_REFERRAL = {
    "en": [("my son is 3 can he have nurofen", "how much"), ("can my daughter take acamol", "how much?")],
    "he": [("הבן שלי בן 3, אפשר לתת לו נורופן?", "כמה?"), ("מותר לבת שלי אקמול?", "כמה")],
}  # fmt: skip
HOW_MUCH_MAY_I = {"en": "how much acamol can i have", "he": "כמה אקמול אפשר"}


@pytest.mark.parametrize(("language", "case"), cases(HOW_MUCH_AFTER_REFERRAL))
def test_how_much_after_a_referral_asks_a_dose_not_a_price(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    conversation = chat(language)
    conversation.say(case[0])
    turn = conversation.say(case[1])
    assert says_any(turn, DOSE_REFERRAL[language]) and not says_any(turn, PRICES[language]), why(turn)


@pytest.mark.parametrize("language", ["en", "he"])
def test_how_much_may_i_take_is_a_dose_not_a_price(chat: Callable[..., Chat], language: str) -> None:
    turn = chat(language).say(HOW_MUCH_MAY_I[language])
    assert says_any(turn, DOSE_REFERRAL[language]) and not says_any(turn, PRICES[language]), why(turn)


HESITATION = {"en": ("do you have moxypen?", "wait is it even in stock?"), "he": ("יש מוקסיפן?", "רגע יש בכלל במלאי?")}
WHAT_DO_YOU_MEAN = {"en": ["what do you mean", "meaning?"], "he": ["מה זאת אומרת", "כלומר?"]}
PREPARING = {"en": ("already being prepared",), "he": ("כבר נמצא בהכנה",)}


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_hesitation_is_never_looked_up(chat: Callable[..., Chat], language: str) -> None:
    conversation = chat(language)
    conversation.say(HESITATION[language][0])
    turn = conversation.say(HESITATION[language][1])
    assert "inventory_check" in turn.tools and not says_any(turn, NOT_FOUND[language]), why(turn)


@pytest.mark.parametrize(("language", "message"), cases(WHAT_DO_YOU_MEAN))
def test_what_do_you_mean_after_a_refill_restates_it(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u009", identity_mode="demo")
    conversation.say({"en": "refill my zoloft", "he": "תחדש לי את הזולופט"}[language])
    turn = conversation.say(message)
    assert says_any(turn, PREPARING[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
