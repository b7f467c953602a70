"""Round twenty-one: "something identical instead?" after a stock answer goes to the product's equivalents.

A blind tester asked «כמה קלריטין נשאר לכם בתל אביב?» then «ויש משהו זהה במקום?», and got «לא מצאתי תרופה בשם
'זהה'»; after "do u guys have advil at dizengoff" (out of stock, an identical equivalent offered), "ok whats
the other one you said then, how many of those" got "I couldn't find a medication named 'other'". Both ask
for the equivalents of the product in play:

- after a stock answer (with or without the offer), "anything identical?", "a replacement for it?", «יש משהו
  מקביל?», «אין משהו אחר במקום?», «שווה ערך»: the equivalents check of that product, at that branch, and the
  ordinary word is never quoted back as "medication not found";
- right after the offer, "the other one you mentioned", «מה היה השני שאמרת?»: a yes to it (Nurofen, with its
  count at Dizengoff);
- an unknown real-looking name is still "not found", a new product named is its own question, and a red
  flag still opens the reply.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

NOT_FOUND = {"en": ("couldn't find a medication named",), "he": ("לא מצאתי תרופה בשם",)}
# The stock question whose product is in play (Claritine: 8 units at Dizengoff, no identical equivalent).
CLARITINE = {"en": "how many claritine do you have left in tel aviv?", "he": "כמה קלריטין נשאר לכם בתל אביב?"}
# Out of stock at Dizengoff; the reply offers to check an identical equivalent (Nurofen, 85 units there).
ADVIL = {"en": "do u guys have advil at dizengoff", "he": "יש לכם אדוויל בדיזנגוף?"}
NUROFEN = {"en": "Nurofen", "he": "נורופן"}


# --- after a stock answer: "anything identical / a replacement / the same by another maker?" ---------------

LIKE_IT = {
    "en": [
        "got anything identical though?",
        "is there an identical one in stock?",
        "what's a replacement for it then",
        "any option from another company that's the same?",
        "ok and something identical from another brand?",
        "hmm anything identical u could give me instead",
        "and the identical alternative, is there one?",
    ],
    "he": [
        "ויש לכם משהו זהה?",
        "יש משהו מקביל אליו?",
        "ואין משהו אחר במקום?",
        "יש תרופה שווה ערך?",
        "אז יש חלופה זהה או לא?",
        "ומה עם אותו הדבר של יצרן אחר?",
        "יש אופציה אחרת שהיא זהה?",
        "והמקבילה שלו קיימת אצלכם?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(LIKE_IT))
def test_something_identical_after_a_stock_answer_checks_its_equivalents(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    before = conversation.say(CLARITINE[language])
    assert before.args("inventory_check")["med_id"] == "m017", why(before)
    turn = conversation.say(message)
    assert "inventory_find_equivalent" in turn.tools, why(turn)
    assert turn.args("inventory_find_equivalent")["med_id"] == "m017", why(turn)
    assert turn.args("inventory_find_equivalent")["store_id"] == "s1", why(turn)
    assert "get_medication_by_name" not in turn.tools and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


# --- right after "shall I check an identical equivalent?": "the other one you said" is a yes ----------------

OFFERED_ONE = {
    "en": [
        "ok whats the other one you mentioned, how many of those",
        "fine, the one you said, is it there?",
        "and what about the other one?",
        "the identical one, how many do u have",
        "which other ones are there then",
        "wait what was the one you suggested",
    ],
    "he": [
        "אוקיי מה היה השני שאמרת? כמה יש ממנו?",
        "ומה עם זה שהצעת?",
        "והאחר? כמה יש?",
        "טוב אז את הזהה יש לכם?",
        "ומה עם המקביל, כמה יחידות?",
        "רגע, מה התרופה שהזכרת?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(OFFERED_ONE))
def test_the_one_offered_is_the_identical_equivalent_with_its_count(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    before = conversation.say(ADVIL[language])
    assert "inventory_find_equivalent" not in before.tools, why(before)
    turn = conversation.say(message)
    assert "inventory_find_equivalent" in turn.tools, why(turn)
    assert turn.args("inventory_find_equivalent")["med_id"] == "m001", why(turn)
    assert turn.args("inventory_find_equivalent")["store_id"] == "s1", why(turn)
    assert NUROFEN[language] in turn.reply and "85" in turn.reply, why(turn)
    assert "get_medication_by_name" not in turn.tools and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


# --- what must not change ----------------------------------------------------------------------------------

UNKNOWN_NAME = {"en": "what about xanax then, got any?", "he": "ומה עם קסנקס, יש לכם?"}


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("first", [CLARITINE, ADVIL])
def test_an_unknown_name_after_the_stock_answer_is_still_not_found(
    chat: Callable[..., Chat], language: str, first: dict[str, str]
) -> None:
    conversation = chat(language)
    conversation.say(first[language])
    turn = conversation.say(UNKNOWN_NAME[language])
    assert "inventory_find_equivalent" not in turn.tools, why(turn)
    assert says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


NEW_PRODUCT = {"en": "ok and how many zyrtec do you have?", "he": "אוקיי וכמה זירטק יש לכם?"}


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("first", [CLARITINE, ADVIL])
def test_a_new_product_after_the_stock_answer_is_its_own_question(
    chat: Callable[..., Chat], language: str, first: dict[str, str]
) -> None:
    conversation = chat(language)
    conversation.say(first[language])
    turn = conversation.say(NEW_PRODUCT[language])
    assert "inventory_find_equivalent" not in turn.tools, why(turn)
    assert turn.args("inventory_check")["med_id"] == "m006", why(turn)
    written_in(turn, language)


RED_FLAG = {
    "en": "my 3 year old just swallowed a bunch of them, is there anything identical?",
    "he": "הבן שלי בן 3 בלע הרבה כדורים, יש משהו זהה?",
}


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_red_flag_still_opens_the_reply(chat: Callable[..., Chat], language: str) -> None:
    conversation = chat(language)
    conversation.say(ADVIL[language])
    turn = conversation.say(RED_FLAG[language])
    assert "04-777-1900" in turn.reply.split("\n\n")[0], why(turn)
    assert "inventory_find_equivalent" not in turn.tools, why(turn)
    written_in(turn, language)
