"""Reply quality, round twenty-one, in both languages.

- "hi, I'd like to refill my Coumadin prescription please", «שלום, רציתי לחדש את המרשם של הקומדין»: the
  refill flow only. The word "prescription" names what is refilled; it asks nothing about the label, so no
  ingredient line rides along and the prescription note is said once.
- No reply carries the same paragraph or line twice, whatever the message.
- 10 units that the data marks as low stock read as a limited quantity every time they are said: in the
  "it is in stock at Jerusalem" line after an out-of-stock answer as in the answer about Jerusalem itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why

# (the patient, a refill of a prescription that patient holds, said with the word "prescription").
REFILL_MY_RX = {
    "en": [
        ("u003", "hi, could you refill my coumadin prescription?"),
        ("u002", "hello, can you refill my glucophage prescription?"),
        ("u001", "good morning, i need to renew my zoloft prescription"),
        ("u006", "hey there, please refill the prescription for my simovil"),
        ("u007", "hi! refill my glucophage prescription, thanks"),
        ("u002", "hey, i want to refill my moxypen prescription"),
    ],
    "he": [
        ("u003", "היי, אפשר לחדש את המרשם לקומדין?"),
        ("u002", "שלום, אני צריך לחדש את המרשם של הגלוקופאז' שלי"),
        ("u001", "בוקר טוב, רציתי לחדש מרשם לזולופט"),
        ("u006", "שלום רב, תחדשו לי בבקשה את המרשם של הליטורבה"),
        ("u007", "היי, אני רוצה לחדש את המרשם שלי לגלוקופאז'"),
        ("u002", "ערב טוב, רציתי לחדש את המרשם של המוקסיפן"),
    ],
}
LABEL = {"en": ("contains the active ingredient", "dosage:", "warnings:"), "he": ("מכיל את החומר הפעיל", "מינון:")}
RX_NOTE = {"en": "requires a prescription", "he": "היא תרופת מרשם"}


def _repeated(turn: Turn) -> list[str]:
    """The non-empty lines the reply says more than once."""
    lines = Counter(line.strip() for line in turn.reply.splitlines() if line.strip())
    return [line for line, count in lines.items() if count > 1]


@pytest.mark.parametrize(("language", "case"), cases(REFILL_MY_RX))
def test_a_refill_of_ones_own_prescription_is_the_refill_only(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    patient, message = case
    turn = chat(language=language, patient_id=patient).say(message)
    assert "prescription_verify" in turn.tools, why(turn)
    assert "get_medication_by_name" not in turn.tools, why(turn)  # no label looked up
    assert not says_any(turn, LABEL[language]), why(turn)
    assert turn.reply.count(RX_NOTE[language]) <= 1, why(turn)
    assert not _repeated(turn), why(turn)


# Varied messages, several of which answer two requests at once (each may say the prescription note).
SWEEP = {
    "en": [
        ("u003", "hi, id like to refill my coumadin prescription please"),
        ("u002", "hi, id like to refill my moxypen prescription please"),
        (None, "hello, what is lipitor and is it in stock?"),
        (None, "hi, does zoloft need a prescription, and do you have it in jerusalem?"),
        (None, "when will lipitor be back in tel aviv"),
        (None, "tell me about coumadin, is it prescription only?"),
        (None, "hey, moxypen - in stock? prescription?"),
        ("u002", "good evening, please refill my glucophage prescription and tell me its dosage"),
    ],
    "he": [
        ("u003", "שלום, רציתי לחדש את המרשם של הקומדין בבקשה"),
        ("u002", "שלום, רציתי לחדש את המרשם של המוקסיפן בבקשה"),
        (None, "שלום, מה זה ליפיטור והאם יש במלאי?"),
        (None, "היי, זולופט צריך מרשם? ויש לכם בירושלים?"),
        (None, "מתי ליפיטור יחזור לתל אביב"),
        (None, "ספרו לי על קומדין, זה במרשם?"),
        (None, "היי, מוקסיפן - יש במלאי? צריך מרשם?"),
        ("u002", "ערב טוב, תחדשו לי את המרשם של הגלוקופאז' ומה המינון שלו"),
    ],
}


@pytest.mark.parametrize("language", ["en", "he"])
def test_no_reply_says_a_line_twice(chat: Callable[..., Chat], language: str) -> None:
    repeated = {}
    for patient, message in SWEEP[language]:
        turn = chat(language=language, patient_id=patient).say(message)
        if _repeated(turn):
            repeated[message] = why(turn)
    assert not repeated, repeated


LIPITOR_TEL_AVIV = {
    "en": ["when will lipitor be back in tel aviv", "is lipitor in stock in tel aviv?", "got lipitor at dizengoff?"],
    "he": ["מתי ליפיטור יחזור לתל אביב", "יש ליפיטור בתל אביב?", "יש לכם ליפיטור בדיזנגוף?"],
}
AND_JERUSALEM = {"en": "and jerusalem?", "he": "ומה עם ירושלים?"}
LIMITED = {"en": "limited quantity", "he": "כמות מוגבלת"}


@pytest.mark.parametrize(("language", "message"), cases(LIPITOR_TEL_AVIV))
def test_low_stock_elsewhere_reads_as_limited_both_times(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    c = chat(language=language)
    first = c.say(message)  # out at Tel Aviv; Jerusalem has 10, which the data marks as low stock
    assert says_any(first, ["10"]), why(first)
    assert says_any(first, [LIMITED[language]]), why(first)
    second = c.say(AND_JERUSALEM[language])
    assert says_any(second, [LIMITED[language]]), why(second)


# A branch with plenty is no "limited quantity" (Advil: out at Tel Aviv, 40 at Jerusalem).
ADVIL_TEL_AVIV = {"en": ["do you have advil in tel aviv?"], "he": ["יש אדוויל בתל אביב?"]}


@pytest.mark.parametrize(("language", "message"), cases(ADVIL_TEL_AVIV))
def test_plenty_elsewhere_is_not_limited(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language=language).say(message)
    assert says_any(turn, ["40"]), why(turn)
    assert not says_any(turn, [LIMITED[language]]), why(turn)
