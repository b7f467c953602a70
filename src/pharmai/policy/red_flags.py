"""Red flags: messages that describe an emergency, a poisoning or emotional distress.

A red flag is found by the high-precision cues of :mod:`._red_flag_rules` or by the trained model
(:mod:`pharmai.nlu`); either is enough, because a missed emergency costs more than a needless phone
number. The urgent-care reply (:func:`pharmai.policy.texts.urgent_reply`) then comes first, whatever
engine writes the rest.
"""

from __future__ import annotations

from collections.abc import Sequence

from pharmai.nlu import Understanding, understand
from pharmai.policy._after_urgent import takes_advice_then_asks
from pharmai.policy._ordinary_use import (
    asks_about_a_new_pair,
    asks_for_own_medication,
    given_for_an_ordinary_condition,
)
from pharmai.policy._red_flag_gate import model_flag_stands, names_an_amount, names_the_mind
from pharmai.policy._red_flag_rules import ALWAYS, LABEL_CONTEXT, RULES
from pharmai.policy._rules import any_of, split_clauses
from pharmai.policy.declines_person import declines_a_person
from pharmai.text import normalize, prefilter

__all__ = ["RED_FLAG_KINDS", "carried_red_flags", "red_flags"]

# Every cue of every kind at once (a clause can only match a cue the whole message matches).
_SCREEN = any_of([*RULES.values(), *ALWAYS.values()])

#: The kinds, most urgent first: the order the urgent-care reply names them in.
RED_FLAG_KINDS = ("emergency", "poison", "distress")


def _rule_kinds(text: str) -> set[str]:
    whole = normalize(text)
    if not prefilter.search(_SCREEN, whole):
        return set()  # most messages name no red flag at all: one scan rules them out
    found: set[str] = set()
    for clause in split_clauses(text):
        # "Is bleeding listed as a side effect?" asks what the leaflet says, not about an event.
        label = bool(LABEL_CONTEXT.search(clause))
        for kind, pattern in (ALWAYS if label else RULES).items():
            if pattern.search(clause):
                found.add(kind)
    for kind, pattern in ALWAYS.items():
        if pattern.search(whole):
            found.add(kind)
    if not LABEL_CONTEXT.search(whole):
        # A cue may span a clause break ("confused and sweaty"): the whole message counts too.
        found.update(kind for kind, pattern in RULES.items() if pattern.search(whole))
    return found


def red_flags(text: str, reading: Understanding | None = None) -> tuple[str, ...]:
    """The red-flag kinds ``text`` describes, most urgent first (empty for an ordinary message).

    Args:
        text: The person's message.
        reading: The model's reading of ``text``, when the caller already has it.
    """
    if not isinstance(text, str) or not text.strip():
        return ()
    found = _rule_kinds(text)
    reading = reading or understand(text)
    if reading.red_flag is not None and (found or _model_flag_taken(text, reading.red_flag)):
        # The model alone, on a message that could describe nothing ("ok thanks", "Advil was out again"):
        # see :mod:`._red_flag_gate` for why that flag is not taken.
        found.add(reading.red_flag)
    return tuple(kind for kind in RED_FLAG_KINDS if kind in found)


def _model_flag_taken(text: str, kind: str) -> bool:
    """Whether the model's ``kind``, which no rule found in ``text``, is taken."""
    if kind == "emergency" and given_for_an_ordinary_condition(text):
        return False  # "they gave her Losec for heartburn": a treatment, not an event (see ._ordinary_use)
    if asks_for_own_medication(text):
        return False  # "i need more of my thyroid pills": an order of one's routine medication (ditto)
    return model_flag_stands(text, kind)


def _model_only_distress(text: str, flags: set[str]) -> set[str]:
    """``{"distress"}`` when only the model reads distress in ``text`` and no word of it is about the mind."""
    if "distress" not in flags or "distress" in _rule_kinds(text) or names_the_mind(text):
        return set()
    return {"distress"}


# The model's readings of a request of its own: a message asking one starts a new thread. Anything else said
# right after an urgent-care reply ("what do I do?", "he's 4", "I feel fine though", "ok") still belongs to it.
_OWN_REQUESTS = frozenset(
    {"availability", "info", "price", "equivalents", "list", "prescriptions", "refill_status", "refill_request",
     "hours", "delivery", "handoff"}
)  # fmt: skip
_OWN_REQUEST_SCORE = 0.5


def carried_red_flags(
    text: str, flags: Sequence[str], previous: object, spans: Sequence[tuple[int, int]] = ()
) -> tuple[str, ...]:
    """The red flags a message answers to: its own, plus those of the message before when it continues that one.

    "My son swallowed my warfarin" then "he's 4" or "what should I do?": the second message names no red flag,
    yet the danger has not passed, so the urgent-care text comes first again (a missed emergency costs more
    than a repeated phone number). A message that asks something of its own ("is Acamol in stock?") starts
    afresh.

    Args:
        text: The person's message.
        flags: Its own red flags (:func:`red_flags`).
        previous: The red flags the last message answered to, as stored (kinds; anything else is ignored).
        spans: The medication names in ``text`` (as read for the classifier).
    """
    if not isinstance(previous, list | tuple) or not previous or not isinstance(text, str) or not text.strip():
        return tuple(flags)
    reading = understand(text, spans)
    # "I don't want to talk to anyone" reads as a handoff to the model: it refuses one, and the thread goes on.
    own_requests = _OWN_REQUESTS - {"handoff"} if declines_a_person(text) else _OWN_REQUESTS
    if any(reading.scores.get(intent, 0.0) >= _OWN_REQUEST_SCORE for intent in own_requests):
        return tuple(flags)
    if takes_advice_then_asks(text, spans):
        return tuple(flags)  # "ok will call them. so acamol?": the advice taken, then a question of its own
    if set(previous) <= {"emergency"} and asks_about_a_new_pair(text, spans):
        # "what if she takes Nurofen with the Plavix?": a new pair asked about (the engine repeats the number
        # in one line). A poisoning or distress thread goes on: the harm there may still be under way.
        return tuple(flags)
    # The thread goes on: what it was about still holds, whatever this message adds. "I don't know, maybe 5
    # or 6" after "my son swallowed Acamol" is still a poisoning; the model's distress guess on it (a worried
    # parent's words) must not push the poison centre out, nor come before it.
    own = set(flags)
    if {"emergency", "poison"}.intersection(previous) and "distress" not in previous:
        own -= _model_only_distress(text, own)
    if "emergency" in previous and "poison" in own and "poison" not in _rule_kinds(text) and not names_an_amount(text):
        # "I feel ok, just a bit tired" after "my stool is black": no word of an amount or a swallowing.
        own.discard("poison")
    found = own.union(kind for kind in previous if kind in RED_FLAG_KINDS)
    return tuple(kind for kind in RED_FLAG_KINDS if kind in found)
