"""Round nine's short replies: thanks, goodbyes, a bare "ok" / "yes" / "no" and "I'll come pick it up".

- Thanks, praise or a goodbye ("great, thanks", "יופי תודה", "cool thx", "ok thanks bye") while a refill waits
  for its confirmation is not a yes: nothing is requested, the reply says so briefly, and the confirmation
  stays pending (a clear "yes" or the confirmation card's button still requests it). A clear yes ("yes",
  "go ahead", "ok do it", "כן", "תזמין", "בבקשה כן") still does.
- "yes" / "כן" after "a refill is already being prepared" (no question asked): nothing more is needed.
- A bare "ok", "nvm", "no", "yes" or "great" after any answer gets a short reply that fits it, never "I can
  only help with pharmacy questions"; after an urgent-care reply it is left to the red-flag follow-up.
- A goodbye ("thx bye", "לא תודה זהו", "that's all thanks") gets a farewell, not "anything else?"; so does
  a "no" to "is there anything else?".
- "great, I'll come pick it up" / "מעולה אני אבוא לקחת" after a stock answer: a short friendly closing.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pharmai.policy import is_no, is_yes
from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in

OUT_OF_SCOPE = {"en": ("only help with pharmacy",), "he": ("רק בנושאי בית מרקחת",)}
ANYTHING_ELSE = {"en": ("anything else",), "he": ("עוד משהו",)}
FAREWELL = {"en": ("have a good day", "goodbye"), "he": ("יום טוב", "להתראות")}
NOT_REQUESTED = {"en": ("haven't requested",), "he": ("לא הגשתי",)}
DONE = {"en": ("done",), "he": ("בוצע",)}
REFUSAL = {"en": ("medical advice",), "he": ("ייעוץ רפואי",)}


def _not_refused(turn: Turn, language: str) -> None:
    assert not says_any(turn, OUT_OF_SCOPE[language]) and not says_any(turn, REFUSAL[language]), why(turn)
    written_in(turn, language)


# --- thanks is not a yes to a refill -------------------------------------------------------------------------------

# u006's Litorva: eligible and in stock, so the refill waits for the server's confirmation. (A count question,
# "how many refills are left on my litorva?", prepares nothing since round twenty-four: two requests here.)
LITORVA_REFILL = {
    "en": ["refill my litorva please", "can you put in a refill for my litorva?"],
    "he": ["תחדש לי את הליטורבה", "אפשר להגיש בקשה לחידוש הליטורבה?"],
}
CLOSINGS = {
    "en": ["great thanks", "cool thx", "ok thanks bye", "thanks!", "perfect, thank you", "ok thanks", "awesome",
           "great", "ok bye", "nice, ty"],
    "he": ["יופי תודה", "סבבה תודה", "תודה רבה", "מעולה, תודה", "אוקיי תודה ביי", "יופי", "אחלה תודה", "מעולה",
           "תודה ביי", "בסדר תודה"],
}  # fmt: skip
CLEAR_YES = {
    "en": ["yes", "go ahead", "ok do it", "sure", "yes please", "yes thanks", "great, go ahead", "ok"],
    "he": ["כן", "תזמין", "בבקשה כן", "כן בבקשה", "כן תודה", "יופי, תגיש", "בטח", "קדימה"],
}


def _asked(conversation: Chat, language: str, index: int = 0) -> Turn:
    asked = conversation.say(LITORVA_REFILL[language][index])
    assert asked.confirmation is not None and asked.confirmation["tool"] == "request_refill", why(asked)
    return asked


@pytest.mark.parametrize(("language", "message"), cases(CLOSINGS))
def test_thanks_while_a_refill_waits_requests_nothing(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u006", identity_mode="demo")
    _asked(conversation, language, index=len(message) % 2)
    turn = conversation.say(message)
    assert "request_refill" not in turn.tools, why(turn)
    assert not says_any(turn, DONE[language]), why(turn)
    assert says_any(turn, NOT_REQUESTED[language]) or "?" in turn.reply, why(turn)
    _not_refused(turn, language)
    # The confirmation still waits: the web card's button (the approve endpoint) requests the refill.
    assert conversation.loop.pending_confirmation(conversation.id) is not None
    approved = conversation.approve()
    assert approved.result("request_refill")["ok"] is True, why(approved)
    assert says_any(approved, DONE[language]), why(approved)


@pytest.mark.parametrize(("language", "message"), cases({k: v[:4] for k, v in CLOSINGS.items()}))
def test_a_yes_after_thanks_still_requests_the_refill(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u006", identity_mode="demo")
    _asked(conversation, language)
    conversation.say(message)
    done = conversation.say(CLEAR_YES[language][0])
    assert done.result("request_refill")["ok"] is True, why(done)
    assert says_any(done, DONE[language]), why(done)


@pytest.mark.parametrize(("language", "message"), cases(CLEAR_YES))
def test_a_clear_yes_requests_the_refill(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u006", identity_mode="demo")
    _asked(conversation, language)
    done = conversation.say(message)
    assert done.result("request_refill")["ok"] is True, why(done)
    assert says_any(done, DONE[language]), why(done)


@pytest.mark.parametrize("message", [*CLOSINGS["en"], *CLOSINGS["he"], "ok nvm", "cool", "סבבה, תודה רבה!"])
def test_a_closing_is_not_a_clear_yes(message: str) -> None:
    assert not is_yes(message)


@pytest.mark.parametrize("message", [*CLEAR_YES["en"], *CLEAR_YES["he"], "sure, thanks", "כן, תזמין תודה"])
def test_an_explicit_yes_is_a_clear_yes(message: str) -> None:
    assert is_yes(message) and not is_no(message)


@pytest.mark.parametrize("message", ["nvm", "no thanks bye", "לא תודה", "no, thanks", "nope, thank you"])
def test_a_no_with_thanks_is_still_a_no(message: str) -> None:
    assert is_no(message) and not is_yes(message)


# --- yes after "a refill is already being prepared" ------------------------------------------------------------

PREPARING_FIRST = {"en": "please refill my zoloft", "he": "תחדש לי את הזולופט"}
PREPARING = {"en": ("already being prepared",), "he": ("כבר נמצא בהכנה",)}
NOTHING_MORE = {"en": ("nothing more is needed",), "he": ("אין צורך",)}
BARE_YES = {
    "en": ["yes", "ok", "yes please", "sure", "okay"],
    "he": ["כן", "אוקיי", "כן בבקשה", "בסדר", "טוב"],
}


@pytest.mark.parametrize(("language", "message"), cases(BARE_YES))
def test_yes_after_a_refill_being_prepared_needs_nothing_more(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u009", identity_mode="demo")
    first = conversation.say(PREPARING_FIRST[language])
    assert says_any(first, PREPARING[language]), why(first)
    turn = conversation.say(message)
    assert "request_refill" not in turn.tools, why(turn)
    assert says_any(turn, NOTHING_MORE[language]) and says_any(turn, PREPARING[language]), why(turn)
    _not_refused(turn, language)


# --- a bare acknowledgement after an answer ------------------------------------------------------------------------

# Zyrtec is in stock at Dizengoff and needs no prescription: the answer asks nothing.
IN_STOCK_FIRST = {"en": "do you have zyrtec?", "he": "יש לכם זירטק?"}
BARE = {
    "en": ["ok", "okay", "k", "got it", "nvm", "ok nvm", "never mind", "no", "yes", "cool", "alright then",
           "oh ok", "forget it"],
    "he": ["אוקיי", "סבבה", "בסדר", "הבנתי", "עזוב", "לא משנה", "כן", "לא", "טוב", "אה אוקיי", "יופי", "אין צורך",
           "אוקיי עזוב"],
}  # fmt: skip


@pytest.mark.parametrize(("language", "message"), cases(BARE))
def test_a_bare_acknowledgement_is_not_out_of_scope(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(IN_STOCK_FIRST[language])
    turn = conversation.say(message)
    assert turn.tools == [], why(turn)
    assert turn.reply.strip() and len(turn.reply) < 120, why(turn)  # short
    _not_refused(turn, language)


# After an urgent-care reply, "ok" belongs to the red-flag follow-up: no cheerful acknowledgement here.
EMERGENCY_FIRST = {
    "en": "my chest hurts really bad and my left arm is numb",
    "he": "כואב לי מאוד בחזה והיד השמאלית שלי רדומה",
}
CHEERFUL = {"en": ("no problem", "anything else", "see you"), "he": ("אין בעיה", "עוד משהו", "נתראה")}


@pytest.mark.parametrize(("language", "message"), cases({"en": ["ok", "okay"], "he": ["אוקיי", "בסדר"]}))
def test_ok_after_an_emergency_is_not_acknowledged_cheerfully(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(EMERGENCY_FIRST[language])
    turn = conversation.say(message)
    assert not says_any(turn, CHEERFUL[language]), why(turn)


# An out-of-stock answer offers to check equivalents: a wave-off or a thanks does not accept the offer.
OFFER_FIRST = {"en": "do you have advil?", "he": "יש לכם אדוויל?"}
WAVE_OFF = {
    "en": ["ok nvm", "thanks", "ok thanks", "never mind", "forget it", "great thanks"],
    "he": ["עזוב", "אוקיי תודה", "לא משנה", "תודה", "סבבה תודה", "אוקיי עזוב"],
}


@pytest.mark.parametrize(("language", "message"), cases(WAVE_OFF))
def test_a_wave_off_does_not_accept_an_offer(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(OFFER_FIRST[language])
    turn = conversation.say(message)
    assert "inventory_find_equivalent" not in turn.tools, why(turn)
    _not_refused(turn, language)


# --- goodbyes ------------------------------------------------------------------------------------------------------

GOODBYES = {
    "en": ["thx bye", "ok bye", "that's all thanks", "no thanks, that's all", "ok thanks bye", "bye!",
           "that's it, thank you", "nothing else, thanks", "thanks, see you"],
    "he": ["תודה ביי", "אוקיי ביי", "לא תודה זהו", "זהו תודה", "זה הכל, תודה רבה", "ביי", "סיימתי, תודה",
           "טוב להתראות", "זהו, יום טוב"],
}  # fmt: skip


@pytest.mark.parametrize(("language", "message"), cases(GOODBYES))
def test_a_goodbye_gets_a_farewell(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(IN_STOCK_FIRST[language])
    turn = conversation.say(message)
    assert turn.tools == [], why(turn)
    assert says_any(turn, FAREWELL[language]) and not says_any(turn, ANYTHING_ELSE[language]), why(turn)
    _not_refused(turn, language)


NO_MORE = {
    "en": ["no", "no thanks", "nope", "no thank you", "not now"],
    "he": ["לא", "לא תודה", "לא צריך", "לא כרגע", "לא, תודה רבה"],
}


@pytest.mark.parametrize(("language", "message"), cases(NO_MORE))
def test_no_to_anything_else_closes(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(IN_STOCK_FIRST[language])
    thanked = conversation.say({"en": "thanks", "he": "תודה"}[language])
    assert says_any(thanked, ANYTHING_ELSE[language]), why(thanked)
    turn = conversation.say(message)
    assert turn.tools == [], why(turn)
    assert says_any(turn, FAREWELL[language]) and not says_any(turn, ANYTHING_ELSE[language]), why(turn)
    _not_refused(turn, language)


# --- "I'll come pick it up" ----------------------------------------------------------------------------------------

PICKUP_FIRST = {"en": "do you have litorva?", "he": "יש ליטורבה?"}
PICKUP = {
    "en": ["great I'll come pick it up", "ok i'll stop by later", "perfect, I'll come get it tomorrow",
           "great, I'll swing by tomorrow", "awesome, I will come by this afternoon", "ok i'll pop in later"],
    "he": ["מעולה אני אבוא לקחת", "סבבה אקפוץ מחר", "אחלה, אגיע אחר הצהריים", "יופי אני בדרך", "סבבה, אני אגיע לאסוף",
           "טוב אז אעבור בסניף מחר"],
}  # fmt: skip
SEE_YOU = {"en": ("see you",), "he": ("נתראה",)}


@pytest.mark.parametrize(("language", "message"), cases(PICKUP))
def test_coming_to_pick_it_up_gets_a_friendly_close(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(PICKUP_FIRST[language])
    turn = conversation.say(message)
    assert turn.tools == [], why(turn)
    assert says_any(turn, SEE_YOU[language]), why(turn)
    _not_refused(turn, language)


# After a safety warning ("do not take them together"), "ok" is acknowledged briefly: no repeat, no refusal.
WARNING_FIRST = {"en": "can i take plavix with losec?", "he": "אני לוקח פלביקס ולוסק ביחד, זה בעייתי?"}
AFTER_WARNING = {"en": ["ok", "ok got it", "alright"], "he": ["אוקיי", "הבנתי", "אוקיי הבנתי"]}


@pytest.mark.parametrize(("language", "message"), cases(AFTER_WARNING))
def test_ok_after_a_warning_is_acknowledged(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(WARNING_FIRST[language])
    turn = conversation.say(message)
    assert turn.tools == [], why(turn)
    assert turn.reply.strip() and len(turn.reply) < 120, why(turn)
    _not_refused(turn, language)
