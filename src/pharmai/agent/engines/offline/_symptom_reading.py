"""When the model's "symptom" reading of a message is dropped: no word of it could name a complaint.

The trained model guesses "symptom" for short messages it cannot place: question words about the conversation
("why can't I?"), "tell me about" around names, and a word it never saw, such as a variant of the product
talked about («והפורטה, יש?», «ויש גם פורטה?» after Nurofen). With the symptom kept, the reply is the refusal
to advise (and, with no name read, no stock check at all). It is dropped only when nothing but request words
and names is left; a red flag or an advice request is never dropped.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from pharmai.agent.base import TurnInput
from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline.nlu import remainder_query
from pharmai.text.normalize import normalize, prefix_variants
from pharmai.text.prefilter import search as _screened

__all__ = ["drop_empty_symptom", "drop_named_symptom"]

_WORD = re.compile(r"[^\W_]+")
# Stock words (normalised, finals folded): a follow-up made of these and a name asks for the stock.
_STOCK = frozenset(
    normalize(word)
    for word in (
        "any", "have", "got", "carry", "sell", "stock", "available", "availability",
        "יש", "אין", "במלאי", "מלאי", "זמין", "זמינה", "זמינים", "נשאר",
    )
)  # fmt: skip
# The only other words a follow-up naming a variant may have for its symptom reading to be dropped: a closed
# list of words that cannot describe a complaint (one more word, "back", "כואב", "me", keeps the reading).
_ASKING = _STOCK | frozenset(
    normalize(word)
    for word in (
        "and", "what", "about", "how", "the", "a", "one", "version", "too", "also", "as", "well", "is", "are",
        "do", "does", "you", "u", "ya", "guys", "still", "in", "ok", "okay", "so", "then", "please", "pls",
        "there", "that", "this", "it", "of",
        "ו", "מה", "עם", "לגבי", "גם", "ה", "הזה", "הזאת", "זה", "לכם", "לך", "אצלכם", "אצלך", "עוד", "עדיין",
        "כרגע", "עכשיו", "אוקיי", "אוקי", "טוב", "בבקשה", "האם", "בסניף", "שם",
    )
)  # fmt: skip


def _kept(turn: TurnInput, parsed: Any) -> bool:
    """Whether there is a symptom reading that could be dropped at all (never a red flag or advice)."""
    verdict = turn.verdict
    if not (verdict.symptom or parsed.intent == "symptom"):
        return False
    return not (verdict.red_flags or verdict.is_advice)


def drop_empty_symptom(turn: TurnInput, parsed: Any) -> None:
    """A symptom read into a message of question words only ("why can't I?", "any update on that?") is none.

    With no word left that could name a complaint, the message asks about the conversation, and the thread (or
    one short question) answers it. "tell me about X and Y" gets the labels.
    """
    if not _kept(turn, parsed):
        return  # nothing to drop (and the remainder, the costly part, need not be read)
    if parsed.meds and _asks_about_named(parsed):
        # «ספר לי על זירטק ועל קלריטין», "explain Acamol and Optalgin": the labels of the names, with no word of a
        # complaint (the model hears one in "tell me" around names); the names are checked together as always.
        turn.verdict = replace(turn.verdict, symptom=False)
        if parsed.intent in ("symptom", "unknown"):
            parsed.intent = "info"
        return
    if remainder_query(parsed.text):
        return
    _drop(turn, parsed, "followup")


def drop_named_symptom(turn: TurnInput, parsed: Any) -> None:
    """After the thread named the product («והפורטה, יש?» → Nurofen Forte), a symptom read into its word is none.

    Called once the thread has added the products its words name: with every name blanked out, nothing but
    request words may be left, and no word of a complaint. The request is then the stock (a stock word) or
    the product itself.
    """
    if not parsed.meds or not _kept(turn, parsed):
        return
    text = parsed.text
    for mention in sorted(parsed.mentions, key=lambda m: m.start, reverse=True):
        if isinstance(mention.start, int) and isinstance(mention.end, int):
            text = text[: mention.start] + " " + text[mention.end :]
    words = [normalize(word) for word in _WORD.findall(text)]
    if not all(any(v in _ASKING for v in prefix_variants(word)) for word in words if word):
        return  # a word that may say something of the person («כאבי גב», "my back is killing me") keeps it
    stock = any(any(v in _STOCK for v in prefix_variants(word)) for word in words)
    _drop(turn, parsed, "availability" if stock else "medication")


def _drop(turn: TurnInput, parsed: Any, intent: str) -> None:
    if turn.verdict.symptom:
        turn.verdict = replace(turn.verdict, symptom=False)
    if parsed.intent == "symptom":
        parsed.intent = intent
        parsed.intents = [intent, *(i for i in parsed.intents if i not in ("symptom", intent))]


def _asks_about_named(parsed: Any) -> bool:
    """Whether the message asks what named products are ("tell me about X and Y"), with no word of a symptom."""
    return bool(_screened(c.INFO_STRONG, parsed.norm)) and not _screened(c.SYMPTOM_WORDS, parsed.norm)
