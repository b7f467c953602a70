"""Probe round thirteen, stock, strength, comparison and price questions in a thread, in both languages.

- a product and a branch with no request words ("ok what about nurofen forte in jlm") ask about the stock
  there, never the label; "the Forte" / "הפורטה" after Nurofen is Nurofen Forte, never Nurofen 200 mg again;
- a strength that is not carried ("נורופן 600") names the strengths that are (Nurofen Forte 400 mg);
- "is Lipitor out in Tel Aviv? anything similar?": the stock (with the restock date) first, then the equivalent;
- "cheaper in Jerusalem?" after a price question: prices are not on file (never the stock instead);
- "and the Zyrtec in Jerusalem, how much?" right after a stock answer: the count, never a price;
- several questions in one message, each about its own product and branch, answered part by part; "anywhere" /
  "בשום מקום" means every branch;
- "acetaminophen is the same as paracetamol, right?", "אופטלגין זה דיפירון?": yes, two names of one ingredient
  (also right after an emergency, whose line stays first); "is that like dipyrone?" after Acamol compares them.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in

DOSAGE = {"en": ("Dosage (from the label)",), "he": ("מינון (לפי העלון)",)}
PRICE_UNKNOWN = {"en": ("prices on file",), "he": ("אין לי מידע על מחירים",)}


def _stock_at(turn: Turn) -> set[tuple[str, str]]:
    """The (store, product) pairs whose stock the turn checked."""
    return {
        (str(call["arguments"].get("store_id")), str(call["arguments"].get("med_id")))
        for call in turn.calls
        if call["name"] == "inventory_check"
    }


# --- a product and a branch, after a stock question -----------------------------------------------------------

ADVIL_TLV = "do u have advil in tel aviv"
# The model reads "what about X in jlm" as a label question; a branch only matters for stock. (Hebrew phrasings
# of this already read as stock; "the Forte" in Hebrew, below, is the case that failed there.)
PRODUCT_THERE = [
    ("ok what about nurofen forte in jlm", "m003"),
    ("alright what about zyrtec in jlm", "m006"),
    ("hmm what about tylenol in jlm", "m005"),
    ("ok what about acamol in jlm", "m004"),
    ("ok what about optalgin in jlm", "m018"),
    ("cool what about micropirin in jlm", "m016"),
    ("k what about claritine in jlm", "m017"),
]


@pytest.mark.parametrize(("message", "med_id"), PRODUCT_THERE)
def test_a_product_and_a_branch_ask_the_stock_there(chat: Callable[..., Chat], message: str, med_id: str) -> None:
    conversation = chat("en")
    conversation.say(ADVIL_TLV)
    turn = conversation.say(message)
    assert ("s2", med_id) in _stock_at(turn), why(turn)
    assert "Jerusalem" in turn.reply and not says_any(turn, DOSAGE["en"]), why(turn)
    written_in(turn, "en")


OUT = {"en": ("out of stock",), "he": ("אזל",)}


NUROFEN = {"en": "do you have nurofen", "he": "יש לכם נורופן?"}
THE_FORTE_THERE = {
    "en": [
        "can you check the forte in jerusalem",
        "is the forte available in jerusalem",
        "the forte, do they have it in jerusalem?",
        "do they have the forte in jerusalem",
        "is there forte at the jerusalem branch",
    ],
    "he": [
        "מה עם הפורטה בסניף ירושלים",
        "ויש פורטה בירושלים?",
        "יש את הפורטה בירושלים?",
        "תבדוק בבקשה את הפורטה בסניף ירושלים",
        "הפורטה זמין בירושלים?",
        "יש גם פורטה ביפו?",
    ],
}
FORTE = {"en": ("Nurofen Forte",), "he": ("נורופן פורטה",)}


@pytest.mark.parametrize(("language", "message"), cases(THE_FORTE_THERE))
def test_the_forte_is_nurofen_forte(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(NUROFEN[language])
    turn = conversation.say(message)
    assert ("s2", "m003") in _stock_at(turn) and ("s2", "m002") not in _stock_at(turn), why(turn)
    assert says_any(turn, FORTE[language]) and says_any(turn, OUT[language]), why(turn)
    written_in(turn, language)


# --- out at the branch named: the other branch's stock --------------------------------------------------------

OUT_THERE = {
    "en": [
        ("do you have nurofen forte in jerusalem?", "Tel Aviv", "30 units"),
        ("is nurofen forte in stock at the jerusalem branch", "Tel Aviv", "30 units"),
        ("any nurofen forte in jlm", "Tel Aviv", "30 units"),
        ("is lipitor available at dizengoff?", "Jerusalem", "10 units"),
        ("do you have advil in tel aviv", "Jerusalem", "40 units"),
    ],
    "he": [
        ("יש נורופן פורטה בירושלים?", "תל אביב", "30 יחידות"),
        ("נורופן פורטה במלאי בסניף ירושלים?", "תל אביב", "30 יחידות"),
        ("נורופן פורטה ביפו?", "תל אביב", "30 יחידות"),
        ("יש לכם ליפיטור בתל אביב?", "ירושלים", "10 יחידות"),
        ("יש אדוויל בדיזנגוף?", "ירושלים", "40 יחידות"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(OUT_THERE))
def test_out_at_the_branch_named_says_the_other_branch(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, str]
) -> None:
    message, other, count = case
    turn = chat(language).say(message)
    assert says_any(turn, OUT[language]), why(turn)
    stock_line = next((line for line in turn.reply.splitlines() if count in line), "")
    assert other in stock_line, why(turn)
    written_in(turn, language)


# --- a strength that is not carried ---------------------------------------------------------------------------

NO_SUCH_STRENGTH = {
    "en": [
        "do you have nurofen 600",
        "nurofen 600mg in stock?",
        "got any nurofen 800 mg",
        "is there nurofen 1000",
        "tell me about nurofen 600 mg",
    ],
    "he": ["יש לכם נורופן 600", 'נורופן 600 מ"ג במלאי?', "יש נורופן 800?", "אפשר לקבל נורופן 1000", "מה זה נורופן 600"],
}
STRENGTHS = {"en": ("Nurofen Forte (Ibuprofen) 400 mg",), "he": ('נורופן פורטה (איבופרופן) 400 מ"ג',)}


@pytest.mark.parametrize(("language", "message"), cases(NO_SUCH_STRENGTH))
def test_a_strength_not_carried_names_the_ones_that_are(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert says_any(turn, STRENGTHS[language]), why(turn)
    assert says_any(turn, ("200",)), why(turn)
    written_in(turn, language)


# --- out of stock, and something similar ----------------------------------------------------------------------

OUT_AND_SIMILAR = {
    "en": [
        "did you run out of lipitor in tel aviv? anything similar",
        "did you run out of lipitor at dizengoff? anything similar",
        "ran out of lipitor in tlv? something similar",
        "is lipitor sold out at dizengoff? any alternatives",
        "lipitor missing in tel aviv? anything similar?",
        "out of lipitor at dizengoff? whats an equivalent",
    ],
    "he": [
        'נגמר לכם הליפיטור בת"א? יש משהו דומה',
        "אזל הליפיטור בתל אביב? יש תחליף?",
        "נגמר הליפיטור בדיזנגוף? יש תחליף",
        "נגמרו לכם ליפיטור בתל אביב? משהו דומה יש?",
        "אין ליפיטור בתל אביב? יש משהו דומה",
        "הליפיטור אזל בדיזנגוף? יש משהו במקום",
    ],
}
LIPITOR_BACK = {"en": ("March 6, 2026",), "he": ("6 במרץ 2026",)}
LITORVA = {"en": ("Litorva",), "he": ("ליטורבה",)}


@pytest.mark.parametrize(("language", "message"), cases(OUT_AND_SIMILAR))
def test_out_of_stock_and_similar_gives_the_stock_first(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert ("s1", "m011") in _stock_at(turn), why(turn)
    assert says_any(turn, LIPITOR_BACK[language]) and says_any(turn, LITORVA[language]), why(turn)
    assert turn.reply.index(LIPITOR_BACK[language][0]) < turn.reply.index(LITORVA[language][0]), why(turn)
    written_in(turn, language)


# --- cheaper at another branch --------------------------------------------------------------------------------

ZYRTEC_PRICE = {"en": "how much is zyrtec", "he": "כמה עולה זירטק"}
CHEAPER_THERE = {
    "en": [
        "is it cheaper in jerusalem?",
        "and in jerusalem cheaper?",
        "cheaper at the jerusalem branch?",
        "what about jlm, is it cheaper there",
        "cheaper in jlm?",
        "jerusalem cheaper?",
        "is the jerusalem one cheaper",
    ],
    "he": [
        "ובירושלים יותר זול?",
        "בירושלים זה זול יותר?",
        "ביפו יותר זול?",
        "ובירושלים הכי זול?",
        "ובירושלים זה יותר זול?",
        "בסניף ירושלים יותר זול?",
        "בירושלים משתלם יותר?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(CHEAPER_THERE))
def test_cheaper_at_a_branch_is_a_price_question(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(ZYRTEC_PRICE[language])
    turn = conversation.say(message)
    assert says_any(turn, PRICE_UNKNOWN[language]), why(turn)
    assert "inventory_check" not in turn.tools, why(turn)
    written_in(turn, language)


# --- "how much?" right after a stock answer -------------------------------------------------------------------

ZYRTEC_TLV = {"en": "how many zyrtec do you have in tel aviv", "he": "כמה זירטק יש בתל אביב"}
COUNT_THERE = {
    "en": [
        "and the zyrtec in jerusalem, how much?",
        "zyrtec in jlm how much",
        "ok and zyrtec at the jerusalem branch how much",
        "and jerusalem zyrtec how much?",
        "what about zyrtec in jerusalem, how much",
    ],
    "he": [
        "והזירטק בירושלים כמה?",
        "וזירטק בירושלים כמה",
        "זירטק ביפו כמה?",
        "זירטק ירושלים כמה?",
        "ובירושלים כמה זירטק?",
        "וכמה זירטק ביפו?",
        "ובירושלים, זירטק כמה?",
    ],
}
FIFTY = {"en": ("50 units",), "he": ("50 יחידות",)}


@pytest.mark.parametrize(("language", "message"), cases(COUNT_THERE))
def test_how_much_after_a_stock_answer_is_the_count(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(ZYRTEC_TLV[language])
    turn = conversation.say(message)
    assert says_any(turn, FIFTY[language]), why(turn)
    assert not says_any(turn, PRICE_UNKNOWN[language]), why(turn)
    written_in(turn, language)


HOW_MANY_AT = {
    "en": [
        ("how many zyrtec at dizengoff", "200"),
        ("how many optalgin at jaffa street", "70"),
        ("how many claritine in jlm", "30"),
        ("how many zyrtec at the tel aviv branch", "200"),
        ("how many zyrtec in tlv", "200"),
    ],
    "he": [
        ('כמה זירטק בת"א?', "200"),
        ("כמה זירטק בתא", "200"),
        ("כמה אקמול בירושלים", "120"),
        ("כמה אופטלגין בירושלים?", "70"),
        ("כמה זירטק בירושלים?", "50"),
        ("כמה טיילנול בירושלים", "20"),
    ],
}
UNITS = {"en": "{} units", "he": "{} יחידות"}


@pytest.mark.parametrize(("language", "case"), cases(HOW_MANY_AT))
def test_how_many_at_a_branch_is_the_count(chat: Callable[..., Chat], language: str, case: tuple[str, str]) -> None:
    message, count = case
    turn = chat(language).say(message)
    assert UNITS[language].format(count) in turn.reply, why(turn)
    assert not says_any(turn, DOSAGE[language]) and not says_any(turn, PRICE_UNKNOWN[language]), why(turn)
    written_in(turn, language)


# --- several questions in one message -------------------------------------------------------------------------

SEVERAL = {
    "en": [
        "how many zyrtec in tel aviv, what's the dosage of claritine and do you have optalgin in jerusalem?",
        "zyrtec stock at dizengoff, claritine dosage, and is optalgin available in jerusalem",
        "do you have zyrtec in tel aviv? whats the dose of claritine? also optalgin in jerusalem?",
    ],
    "he": [
        "כמה זירטק יש בתל אביב, מה המינון של קלריטין וגם יש אופטלגין בירושלים?",
        "יש זירטק בדיזנגוף? מה המינון של קלריטין? ויש אופטלגין בירושלים?",
        "זירטק במלאי בתל אביב, מינון של קלריטין, וגם אופטלגין בירושלים",
    ],
}
CLARITINE_NAMED = {"en": ("Claritine (Loratadine) 10 mg",), "he": ('קלריטין (לורטדין) 10 מ"ג',)}
TOO_MANY = {"en": ("more steps",), "he": ("יותר צעדים",)}


@pytest.mark.parametrize(("language", "message"), cases(SEVERAL))
def test_each_part_keeps_its_product_and_branch(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    checked = _stock_at(turn)
    assert ("s1", "m006") in checked and ("s2", "m018") in checked, why(turn)
    assert ("s2", "m006") not in checked and ("s1", "m018") not in checked, why(turn)
    assert not any(med == "m017" for _, med in checked), why(turn)  # Claritine's dosage, not its stock
    assert says_any(turn, CLARITINE_NAMED[language]) and says_any(turn, DOSAGE[language]), why(turn)
    assert not says_any(turn, TOO_MANY[language]), why(turn)
    written_in(turn, language)


SAME_AND_ANYWHERE = {
    "en": [
        "3 things: is augmentin the same as moxypen, do you have moxypen anywhere, and when is it back",
        "is augmentin the same as moxypen? do you have moxypen at any branch? when is it back?",
        "augmentin vs moxypen same thing? and is moxypen anywhere in stock",
    ],
    "he": [
        "אוגמנטין זה אותו דבר כמו מוקסיפן? יש מוקסיפן בשום מקום? ומתי הוא חוזר?",
        "האם אוגמנטין זהה למוקסיפן, ויש מוקסיפן באיזה סניף?",
        "מה ההבדל בין אוגמנטין למוקסיפן, ויש מוקסיפן בשום סניף?",
    ],
}
NOT_SAME = {"en": ("not have the same active ingredients",), "he": ("החומרים הפעילים אינם זהים",)}
MOXYPEN_BACK = {"en": ("March 11, 2026", "March 13, 2026"), "he": ("11 במרץ 2026", "13 במרץ 2026")}


@pytest.mark.parametrize(("language", "message"), cases(SAME_AND_ANYWHERE))
def test_same_and_anywhere_answered_part_by_part(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    checked = _stock_at(turn)
    assert {("s1", "m007"), ("s2", "m007")} <= checked, why(turn)
    assert not any(med == "m022" for _, med in checked), why(turn)  # nobody asked for Augmentin's stock
    assert says_any(turn, NOT_SAME[language]), why(turn)
    assert all(date in turn.reply for date in MOXYPEN_BACK[language]), why(turn)
    written_in(turn, language)


ANYWHERE = {
    "en": [
        "do you have moxypen anywhere?",
        "is moxypen in stock at any branch",
        "any moxypen at either branch?",
        "moxypen available anywhere?",
        "do any of your branches have moxypen? anywhere at all",
    ],
    "he": [
        "יש מוקסיפן בשום מקום?",
        "יש מוקסיפן באחד הסניפים?",
        "מוקסיפן זמין בכל הסניפים?",
        "יש לכם מוקסיפן באף סניף?",
        "יש מוקסיפן בשני הסניפים?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(ANYWHERE))
def test_anywhere_is_every_branch(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert {("s1", "m007"), ("s2", "m007")} <= _stock_at(turn), why(turn)
    assert all(date in turn.reply for date in MOXYPEN_BACK[language]), why(turn)
    written_in(turn, language)


# --- two names of one ingredient ------------------------------------------------------------------------------

SAME_INGREDIENT = {
    "en": [
        "acetaminophen is the same thing as paracetamol right?",
        "is acetaminophen the same as paracetamol",
        "paracetamol = acetaminophen?",
        "is optalgin the same as dipyrone?",
        "optalgin is dipyrone right?",
        "is tylenol acetaminophen?",
    ],
    "he": [
        "אצטמינופן זה פרצטמול?",
        "אצטמינופן ופרצטמול זה אותו דבר?",
        "אופטלגין זה דיפירון?",
        "האם טיילנול זה אצטמינופן?",
        "פרצטמול הוא אצטמינופן?",
    ],
}
YES = {"en": "Yes:", "he": "כן:"}


@pytest.mark.parametrize(("language", "message"), cases(SAME_INGREDIENT))
def test_two_names_of_one_ingredient_are_said_to_be_the_same(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    assert turn.reply.startswith(YES[language]), why(turn)
    assert not says_any(turn, DOSAGE[language]), why(turn)
    written_in(turn, language)


POISON = {
    "en": "my dad swallowed like 20 optalgin by accident hes confused",
    "he": "אבא שלי בלע בטעות בערך 20 אופטלגין והוא מבולבל",
}
AFTER_THE_CALL = {
    "en": [
        "ok called them. is optalgin the same as dipyrone?",
        "ok done, called them. optalgin = dipyrone?",
        "we called. optalgin is dipyrone right?",
        "they're on the way. is optalgin the same thing as dipyrone",
    ],
    "he": [
        "אוקיי התקשרתי אליהם. אופטלגין זה דיפירון?",
        "התקשרנו. אופטלגין זה דיפירון?",
        "הם בדרך. אופטלגין זה אותו דבר כמו דיפירון?",
        "התקשרתי אליהם. האם אופטלגין זה דיפירון?",
    ],
}
METAMIZOLE = {"en": ("Metamizole",), "he": ("מטמיזול",)}
POISON_LINE = ("04-777-1900", "101")


@pytest.mark.parametrize(("language", "message"), cases(AFTER_THE_CALL))
def test_a_factual_question_after_an_emergency_is_answered(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(POISON[language])
    turn = conversation.say(message)
    assert says_any(turn, METAMIZOLE[language]) and YES[language] in turn.reply, why(turn)
    urgent = [turn.reply.find(number) for number in POISON_LINE if number in turn.reply]
    assert all(at < turn.reply.index(YES[language]) for at in urgent), why(turn)  # an urgent line stays first
    written_in(turn, language)


ACAMOL = {"en": "tell me about acamol", "he": "ספר לי על אקמול"}
LIKE_IT = {
    "en": [
        "is that like dipyrone?",
        "is it like dipyrone",
        "is this like optalgin?",
        "is that similar to dipyrone",
        "is it like metamizole?",
        "is this similar to optalgin",
    ],
    "he": ["זה דומה לדיפירון?", "זה דומה לאופטלגין?", "האם זה דומה לדיפירון", "הוא דומה למטמיזול?", "זה דומה למטמיזול"],
}


@pytest.mark.parametrize(("language", "message"), cases(LIKE_IT))
def test_likened_to_the_last_product_says_the_ingredients_differ(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(ACAMOL[language])
    turn = conversation.say(message)
    assert says_any(turn, NOT_SAME[language]), why(turn)
    assert not says_any(turn, DOSAGE[language]), why(turn)
    written_in(turn, language)
