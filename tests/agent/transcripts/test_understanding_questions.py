"""Issue #14, kinds 1 and 5: colloquial questions read for what they ask, and near-miss names and strengths.

Every phrasing is a fresh, realistic customer message (slang, typos, Hebrew prefixes on names). The tests
assert what the person sees and what the tools did: the right tool for the right medication, key facts in
the reply and the reply's language, never exact wording.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in


def _looked_up(turn: Turn) -> list[str]:
    """The medications the turn's tools looked at (arguments and results)."""
    ids: list[str] = []
    for call in turn.calls:
        arguments, result = call["arguments"], call["result"] or {}
        if arguments.get("med_id"):
            ids.append(arguments["med_id"])
        ids.extend(arguments.get("med_ids") or [])
        if isinstance(result.get("medication"), dict):
            ids.append(result["medication"]["med_id"])
        ids.extend(match["med_id"] for match in result.get("matches") or [])
    return ids


DOSAGE = {"en": "Dosage", "he": "מינון"}

# --- Kind 1: misread questions -------------------------------------------------------------------------

NUROFEN_STOCK = {
    "en": [
        "is nurofen there or not",
        "nurofen u got any?",
        "hey do u guys still have nurofen",
        "nurofen in stock or nah?",
        "quick q - any nurofin left?",
    ],
    "he": [
        "נורופן יש?",
        "יש לכם נורופן או לא?",
        "נשאר לכם נורופן?",
        "תגיד, יש נורופן במלאי",
        "אפשר לקבל נורופן? יש?",
        "הנורופן במלאי אצלכם?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(NUROFEN_STOCK))
def test_colloquial_stock_question_checks_inventory(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "inventory_check" in turn.tools, why(turn)
    assert turn.args("inventory_check")["med_id"] == "m002", why(turn)
    assert "85" in turn.reply, why(turn)
    written_in(turn, language)


ADVIL_WHEN = {
    "en": [
        "advil still out? when will it arrive?",
        "is Advil still out of stock? when's it coming back",
        "when do u get advil back in",
        "advil's still missing?? any date for restock",
        "Advil - when will you have it again?",
    ],
    "he": [
        "אדוויל עדיין חסר? מתי יגיע?",
        "מתי האדוויל חוזר למלאי?",
        "אדוויל עוד לא הגיע? מתי יהיה?",
        "מתי יהיה לכם אדוויל שוב",
        "אדויל נגמר? מתי מגיע משלוח?",
    ],
}
RESTOCK = {"en": "March 8", "he": "8 במרץ"}


@pytest.mark.parametrize(("language", "message"), cases(ADVIL_WHEN))
def test_still_out_question_gives_the_restock_date(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "inventory_check" in turn.tools, why(turn)
    assert turn.args("inventory_check")["med_id"] == "m001", why(turn)
    assert RESTOCK[language] in turn.reply, why(turn)
    written_in(turn, language)


OUT_OF_STOCK_LIST = {
    "en": [
        "what is out of stock right now?",
        "which meds are you out of?",
        "what's missing from the shelves today",
        "list everything that's sold out",
        "anything out of stock at the moment?",
    ],
    "he": [
        "מה חסר לכם כרגע במלאי?",
        "אילו תרופות אזלו?",
        "מה נגמר לכם?",
        "תן רשימה של מה שאין במלאי",
        "איזה תרופות חסרות עכשיו",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(OUT_OF_STOCK_LIST))
def test_out_of_stock_list_question_lists_out_of_stock(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "list_medications" in turn.tools, why(turn)
    assert turn.args("list_medications")["stock_filter"] == "out_of_stock", why(turn)
    assert ("Advil" if language == "en" else "אדוויל") in turn.reply, why(turn)
    written_in(turn, language)


OWN_PRESCRIPTIONS = {
    "en": [
        "I want to check what's in my prescriptions",
        "what do i have on my scripts",
        "can u pull up my prescriptions",
        "which prescriptions do I have with you?",
        "show me what my doctor prescribed me",
    ],
    "he": [
        "אני רוצה לבדוק מה יש לי במרשמים",
        "מה יש לי במרשמים?",
        "תראה לי את המרשמים שלי בבקשה",
        "אילו מרשמים יש לי אצלכם",
        "תבדוק לי מה הרופא רשם לי",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(OWN_PRESCRIPTIONS))
def test_own_prescriptions_question_lists_them(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language, patient_id="u002").say(message)
    assert "get_user_prescriptions" in turn.tools, why(turn)
    assert turn.result("get_user_prescriptions")["user"]["user_id"] == "u002", why(turn)
    assert ("Glucophage" if language == "en" else "גלוקופאז'") in turn.reply, why(turn)
    written_in(turn, language)


HUMAN = {
    "en": [
        "this is useless, get me a human",
        "can I talk to a real person",
        "I want a pharmacist, not a bot",
        "stop. connect me to someone from the staff",
        "ugh just put me through to an actual pharmacist",
    ],
    "he": [
        "זה לא עוזר, תעביר אותי לבן אדם",
        "אני רוצה לדבר עם רוקח",
        "תן לי לדבר עם מישהו אמיתי",
        "די, תחבר אותי לנציג",
        "אפשר רוקחת אנושית בבקשה?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(HUMAN))
def test_asking_for_a_human_transfers(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "transfer_to_pharmacist" in turn.tools, why(turn)
    assert turn.result("transfer_to_pharmacist")["ok"] is True, why(turn)
    written_in(turn, language)


PRICE = {
    "en": [
        "how much is Advil?",
        "whats the price of nurofen",
        "how much does a box of acamol cost",
        "advil price?",
        "how much do you charge for zyrtec",
    ],
    "he": [
        "כמה עולה אדוויל?",
        "מה המחיר של נורופן?",
        "כמה עולה קופסה של אקמול",
        "מחיר לזירטק?",
        "כמה זה עולה אצלכם אקמול?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(PRICE))
def test_price_question_is_about_price_not_the_label(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert ("price" if language == "en" else "מחיר") in turn.reply, why(turn)
    assert DOSAGE[language] not in turn.reply, why(turn)
    written_in(turn, language)


HOURS = {
    "en": [
        "what r ur opening hours",
        "are you open on saturday?",
        "when do you close today",
        "what time do you open tomorrow morning?",
        "hi, what are the hours of the jerusalem branch",
    ],
    "he": [
        "מה שעות הפתיחה",
        "עד מתי אתם פתוחים היום?",
        "אתם פתוחים בשבת?",
        "באיזו שעה פותחים מחר?",
        "מה שעות הפעילות של הסניף בירושלים",
    ],
}
NOT_ON_FILE = {"en": ("opening hours",), "he": ("שעות הפתיחה",)}
BRANCHES = {"en": ("Jerusalem – Jaffa Street",), "he": ("ירושלים – רחוב יפו",)}


@pytest.mark.parametrize(("language", "message"), cases(HOURS))
def test_opening_hours_are_said_to_be_not_on_file(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert not turn.tools, why(turn)
    assert says_any(turn, NOT_ON_FILE[language]), why(turn)
    assert says_any(turn, BRANCHES[language]), why(turn)
    written_in(turn, language)


OTHER_CITY = {
    "en": [
        "Nurofen in Haifa?",
        "do you have nurofen at your haifa branch",
        "is there nurofen in haifa",
        "I'm in Haifa, got Nurofen there?",
        "nurofen - haifa store?",
    ],
    "he": [
        "יש נורופן בחיפה?",
        "נורופן בסניף חיפה?",
        "אני בחיפה, יש לכם שם נורופן?",
        "בחיפה יש נורופן?",
        "תבדוק נורופן בחיפה",
    ],
}
NO_BRANCH = {"en": ("no branch", "don't have a branch", "do not have a branch"), "he": ("אין לנו סניף",)}


@pytest.mark.parametrize(("language", "message"), cases(OTHER_CITY))
def test_city_without_a_branch_is_said(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "inventory_check" not in turn.tools, why(turn)
    assert says_any(turn, NO_BRANCH[language]), why(turn)
    written_in(turn, language)


# --- Kind 5: strengths and near-miss names --------------------------------------------------------------

WRONG_STRENGTH = {
    "en": [
        ("Lipitor 40 mg", "m011", "20", "40"),
        ("do u have lipitor 40mg?", "m011", "20", "40"),
        ("Zoloft 100mg in stock?", "m009", "50", "100"),
        ("I need Losec 40 mg", "m014", "20", "40"),
        ("glucophage 500 please", "m008", "850", "500"),
    ],
    "he": [
        ('ליפיטור 40 מ"ג', "m011", "20", "40"),
        ("יש לכם ליפיטור 40?", "m011", "20", "40"),
        ("זולופט 100 מ״ג יש?", "m009", "50", "100"),
        ('צריך לוסק 40 מ"ג', "m014", "20", "40"),
        ("גלוקופאז' 500 בבקשה", "m008", "850", "500"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(WRONG_STRENGTH))
def test_strength_we_do_not_carry_is_said(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, str, str]
) -> None:
    message, med_id, carried, asked = case
    turn = chat(language).say(message)
    assert med_id in _looked_up(turn), why(turn)
    assert carried in turn.reply and asked in turn.reply, why(turn)
    written_in(turn, language)


NUROFEN_400 = {
    "en": [
        "Nurofen 400",
        "nurofen 400mg in stock?",
        "do you have the 400 mg nurofen",
        "info about Nurofen 400 please",
        "got nurofen 400s?",
    ],
    "he": [
        "נורופן 400",
        'יש נורופן 400 מ"ג?',
        "נורופן של 400",
        "מידע על נורופן 400 בבקשה",
        "צריך נורופן 400 מ״ג",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(NUROFEN_400))
def test_nurofen_400_is_nurofen_forte(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    looked_up = _looked_up(turn)
    # Nurofen itself may be looked up first (it is what was named); the answer is about Nurofen Forte.
    assert "m003" in looked_up, why(turn)
    assert "400" in turn.reply and ("Forte" if language == "en" else "פורטה") in turn.reply, why(turn)
    written_in(turn, language)


FAR_MISSPELLING = {
    "en": ["plaxivv", "do you have tramadoxin?", "is augmentol in stock", "info on plavics pls", "simbolin 20mg"],
    "he": ["פלצבוקס", "יש לכם טרמדוקסין?", "אוגמנטול במלאי?", "מידע על זילופטן בבקשה", 'סימבולין 20 מ"ג'],
}
DID_YOU_MEAN = {"en": ("did you mean",), "he": ("התכוונת",)}


@pytest.mark.parametrize(("language", "message"), cases(FAR_MISSPELLING))
def test_far_misspelling_asks_did_you_mean(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert says_any(turn, DID_YOU_MEAN[language]), why(turn)
    assert DOSAGE[language] not in turn.reply, why(turn)  # not silently answered as if the name were exact
    written_in(turn, language)


@pytest.mark.parametrize(
    ("language", "message"),
    [("he", "הבוט הזה לא שווה כלום, תביא בן אדם"), ("en", "this is worthless, get me a pharmacist")],
)
def test_a_frustrated_handoff_is_not_refused_as_advice(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert turn.tools == ["transfer_to_pharmacist"], why(turn)
    assert not says_any(turn, ["medical advice", "ייעוץ רפואי"]), why(turn)


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("he", "תחדש בבקשה את הזולופט של בעלי"),
        ("he", "אפשר לחדש לאמא שלי את הקומדין?"),
        ("en", "refill my dad's coumadin pls"),
    ],
)
def test_a_refill_for_a_relative_is_refused_without_any_lookup(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    assert turn.tools == [], why(turn)
    assert says_any(turn, ["your own prescriptions", "רק את המרשמים שלך"]), why(turn)


@pytest.mark.parametrize(
    ("language", "message"),
    [("en", "till when can i use my glucophage script"), ("he", "עד מתי המרשם שלי לגלוקופאז' בתוקף?")],
)
def test_the_validity_of_one_prescription_is_said_in_a_sentence(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language, patient_id="u002").say(message)
    assert turn.tools == ["get_user_prescriptions"], why(turn)
    assert says_any(turn, ["Your prescription for Glucophage", "המרשם שלך עבור גלוקופאז'"]), why(turn)
    assert not turn.reply.lstrip().startswith(("1.", "2.")), why(turn)


@pytest.mark.parametrize(
    ("language", "message"), [("he", "מה יש בנורופן"), ("he", "מה יש באקמול?"), ("en", "whats in nurofen")]
)
def test_what_is_in_a_product_is_its_ingredients(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "get_medication_by_name" in turn.tools, why(turn)
    assert says_any(turn, ["active ingredient", "החומר הפעיל"]), why(turn)


# "How much may I take?" is personal dosage: the label's dosage is given, the amount for this person is
# referred. Hebrew gets the label line as English does ("כמה … מותר ביום" names the dosage).
PERSONAL_DOSE = {
    "en": ["how many acamol can i take in a day", "how many acamol pills am I allowed per day?"],
    "he": ["כמה אקמול מותר ביום", "כמה כדורים של אקמול מותר לקחת?", "כמה אקמול מותר לקחת ביממה"],
}
ASK_A_PHARMACIST = {"en": ("pharmacist",), "he": ("רוקח",)}


@pytest.mark.parametrize(("language", "message"), cases(PERSONAL_DOSE))
def test_a_personal_dose_question_gets_the_label_and_a_referral(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    assert DOSAGE[language] in turn.reply and "4,000" in turn.reply, why(turn)
    assert says_any(turn, ASK_A_PHARMACIST[language]), why(turn)
    written_in(turn, language)


# Two stores named in one stock question: each is checked, in the order named.
TWO_STORES = {
    "en": ["is nurofen in stock at dizengoff and jerusalem?", "nurofen - tel aviv and jerusalem branches?"],
    "he": ["יש נורופן בדיזנגוף ובירושלים?", "נורופן בסניף תל אביב ובסניף ירושלים?"],
}


@pytest.mark.parametrize(("language", "message"), cases(TWO_STORES))
def test_two_stores_in_one_question_are_both_checked(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    checked = [(c["arguments"].get("med_id"), c["arguments"].get("store_id")) for c in turn.calls]
    assert [store for _, store in checked] == ["s1", "s2"], why(turn)
    assert "85" in turn.reply and "60" in turn.reply, why(turn)
    written_in(turn, language)


# Orders and delivery are not done in the chat: said so, and the stock of a product named is checked.
DELIVERY = {
    "en": ["can you order me some advil for delivery", "do you do home delivery?", "can you ship nurofen to my house"],
    "he": ["אפשר להזמין אדוויל במשלוח הביתה?", "יש לכם משלוחים?", "תשלחו לי נורופן הביתה"],
}
NO_DELIVERY = {"en": ("delivery",), "he": ("משלוח",)}


@pytest.mark.parametrize(("language", "message"), cases(DELIVERY))
def test_delivery_is_said_to_be_unavailable(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert says_any(turn, NO_DELIVERY[language]), why(turn)
    assert "request_refill" not in turn.tools and "list_medications" not in turn.tools, why(turn)
    if any(name in message.lower() for name in ("advil", "nurofen", "אדוויל", "נורופן")):
        assert "inventory_check" in turn.tools, why(turn)
    written_in(turn, language)


# "cancel my refill" with nothing waiting for a confirmation is never read as a refill request: nothing is
# requested or offered, and the reply says nothing was done and who can cancel one already requested.
CANCEL = {
    "en": ["cancel my litorva refill", "no wait, cancel", "can you cancel the refill I asked for?"],
    "he": ["תבטל את החידוש של הליטורבה", "רגע, תבטל", "אפשר לבטל את החידוש שביקשתי?"],
}
NOTHING_DONE = {"en": ("nothing was done",), "he": ("לא בוצע דבר",)}


@pytest.mark.parametrize(("language", "message"), cases(CANCEL))
def test_cancel_with_nothing_pending_requests_nothing(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language, patient_id="u006").say(message)
    assert "request_refill" not in turn.tools and turn.confirmation is None, why(turn)
    assert says_any(turn, NOTHING_DONE[language]), why(turn)
    written_in(turn, language)
