"""The answer to the question the last reply asked: a code, an email or phone, which store, which
medication, which prescription, or yes / no to an offer (equivalents, a refill, an interaction check, the
person's own prescriptions).

An answer may carry words of its own ("yes, show me the equivalent", "ok, what's the alternative?"); a
message with a request of its own ("do you have Acamol?" after the prescription list) is not an answer and
is left to the normal flow.

A message of acknowledgement words only ("ok", "nvm", "thanks", "thx bye", "לא תודה זהו") is answered here
too, with or without a question pending: a goodbye gets a farewell, thanks or a wave-off never accepts an
offer, and while a refill waits for its confirmation anything but a clear yes leaves it unrequested (and says
so). After an urgent-care reply they are left to the red-flag follow-up.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import (
    _policy,
    complaint_flow,
    flows_care,
    flows_catalog,
    flows_rx,
    followups_rx,
    rx_continue,
    rx_next_steps,
    sign_in_why,
)
from pharmai.agent.engines.offline.dialogue_state import (
    CodeQuestion,
    EquivalentsOffer,
    IdentifierQuestion,
    InteractionOffer,
    MedRef,
    OwnRxOffer,
    Pending,
    RefillOffer,
    RxOffer,
    WhichMed,
    WhichRx,
    WhichStore,
)
from pharmai.agent.engines.offline.nlu import MentionsFn
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import TEXTS, say
from pharmai.policy.urgent import urgent_reply
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["RunCatalog", "answer"]

#: The engine's catalog flow: ``run(d, intent, refs)`` (``refs`` ``None`` = the medications named now).
RunCatalog = Callable[[Dialogue, str, list[MedRef] | None], None]

# An answer to "shall I …?" may carry words of its own ("yes, show me the equivalent"): these readings fit.
_AFFIRM_FITS = {
    "equivalents": ("followup", "unknown", "equivalents", "availability", "medication"),
    "refill_offer": ("followup", "unknown", "refill_request", "refill_status"),
    "interaction_offer": ("followup", "unknown", "interaction"),
    "own_rx_offer": ("followup", "unknown", "prescriptions"),
    "which_store": ("followup", "unknown", "availability", "medication"),
}

# The request that accepts each offer on its own ("check a substitute" after "shall I check for one?").
_OFFERED = {
    "equivalents": "equivalents",
    "refill_offer": "refill_request",
    "interaction_offer": "interaction",
    "own_rx_offer": "prescriptions",
}


def answer(d: Dialogue, pending: Pending | None, run: RunCatalog, mentions: MentionsFn | None) -> bool:
    """Answer ``d`` as the reply to the question the last turn asked, if it is one.

    Args:
        d: The turn.
        pending: The question asked last (``None`` when there is none).
        run: The engine's catalog flow, ``run(d, intent, refs)``.
        mentions: The catalog's medication finder (for an option chosen by its position).

    Returns:
        True when the message was answered here.
    """
    if sign_in_why.answer(d, pending):
        return True  # "why do I need to sign in?" while it is pending: why, and the same question again
    kind = pending.kind if pending is not None else ""
    p = d.parsed
    ack = _ack(d)
    if ack is not None and _closes(d, ack):
        return True  # a goodbye, or anything but a clear yes while a refill waits for its confirmation
    if pending is None and not _after_red_flag(d) and rx_continue.carry_on(d):
        return True  # "yes do it" after a refill answer that asked nothing: that refill goes on
    # "thanks", "ok nvm", "no": never a yes to an offer, whatever the model reads as agreeing.
    waves_off = ack in ("thanks", "bye", "never_mind", "no")
    fits = p.intent in _AFFIRM_FITS.get(kind, ())
    # "ok, what's the alternative?" after "shall I check for an equivalent?" accepts the offer.
    asks_it = not p.meds and p.intent == _OFFERED.get(kind)
    if kind == "equivalents" and not p.meds and fits and _asks_for_equivalent(d):
        asks_it = True  # "is there something the same I can get today?": the identical equivalent offered
    if kind == "equivalents" and not (p.meds or p.stores or p.other_store) and c.MENTIONED_ONE.search(p.norm):
        asks_it = True  # "ok whats the other one you said, how many?", «מה היה השני שאמרת?»: the one offered
    if kind == "equivalents" and flows_care.asked_strength_in(p.text) is not None:
        # "the same thing in 200?": another strength, which no identical equivalent (same strength) is.
        asks_it = fits = False
    if isinstance(pending, EquivalentsOffer) and p.meds and all(str(pending.med_id) not in g for g in p.meds):
        # "ok what about the regular one there?" after Nurofen Forte's offer: another product asked about.
        asks_it = fits = False
    if kind == "equivalents" and d.turn.verdict.red_flags:
        # "my kid swallowed a bunch, anything identical?": the urgent reply alone, never another product offered.
        asks_it = fits = False
    yes = (
        (_policy.is_yes(p.text) and not p.meds)
        or (p.act in ("affirm", "affirm_content") and fits and not waves_off)
        or asks_it
    )
    # The model's "deny" stands only with a word that says no ("what now?" is read as one, and is not).
    denies = p.act == "deny" and fits and _NEGATION.search(p.norm) is not None
    no = (_policy.is_no(p.text) and not p.meds) or denies or ack in ("never_mind", "no")
    if isinstance(pending, CodeQuestion) and p.code:
        flows_rx.code(d)
    elif isinstance(pending, IdentifierQuestion) and p.identifier:
        flows_rx.identity(d)
    elif (
        isinstance(pending, IdentifierQuestion)
        and p.intent == "unknown"
        and not d.turn.verdict.is_advice
        and not followups_rx.continues_someone_else(d)  # "her name is Noa": no email, but about her (followups)
    ):
        d.say("bad_identifier")
        d.state.pending = IdentifierQuestion()
    elif isinstance(pending, WhichStore) and (p.store or yes or no) and not p.meds:
        _which_store(d, pending, no=no and not p.store)
    elif isinstance(pending, EquivalentsOffer | RefillOffer | InteractionOffer | OwnRxOffer) and (yes or no):
        _offer(d, pending, no=no)
    elif isinstance(pending, RxOffer) and (yes or p.intent.startswith("refill") or _left(d)) and not (p.refs or p.meds):
        # "yes" / "ok renew it" after the list: which one (of those that can be refilled now)
        request = p.intent == "refill_request" or c.REFILL.search(p.norm) is not None
        if _left(d):
            request = False  # "how many refills are left?": the count (its status), not a request
        flows_rx.which_rx(d, "refill_request" if request else "refill_status")
    elif isinstance(pending, RxOffer | WhichRx) and (p.refs or p.meds) and (p.intent in (
        "unknown", "medication", "followup", "refill_status", "refill_request",
    ) or rx_next_steps.answers_which_rx(d)):  # fmt: skip
        # Only a reference or a bare name answers "which prescription?": "do you have Acamol?" is a new question.
        asked = pending.intent if isinstance(pending, WhichRx) else "refill_status"
        intent = p.intent if p.intent.startswith("refill") else asked
        flows_rx.refill(d, request=intent == "refill_request")
    elif isinstance(pending, WhichMed) and not waves_off and _choose(d, pending, run, mentions):
        pass
    elif ack is not None and (pending is None or ack != "yes"):
        _acknowledge(d, ack)  # "ok", "no", "nvm", "thanks", "I'll come pick it up" after an answer
    else:
        return False
    return True


_NEGATION = c.cues(
    "no", "not", "nope", "nah", "dont", "don't", "never", "nothing", "none", "nvm", "cancel", "stop",
    "לא", "אל", "אין", "בלי", "עזוב", "עזבי", "בטל", "ביטול", "די",
)  # fmt: skip

# --- acknowledgements, thanks and goodbyes -----------------------------------------------------------------------

# The replies that end by asking whether anything else is needed: a "no" (or "thanks") after them closes.
_ASKS_MORE = ("thanks", "declined", "ack", "ack_never_mind", "ack_what_else", "out_of_scope", "greeting")
_URGENT_KINDS = ("emergency", "poison", "distress")
# The refill confirmation's question ends with these: the server's confirmation is still waiting for an answer.
_CONFIRM_TAILS = ("(yes / no)", "(כן / לא)")


def _ack(d: Dialogue) -> str | None:
    """What a message made only of acknowledgement words does: ``bye``, ``never_mind``, ``no``, ``thanks``,
    ``yes`` (an ok, a yes, a "great"), or ``pickup`` ("great, I'll come get it"); ``None`` for anything else.

    Never right after an urgent-care reply: "ok" there is the red-flag follow-up's (the urgent line again).
    """
    p, verdict = d.parsed, d.turn.verdict
    if _thanks_for_discussed(d):
        return "thanks"  # "cool, I'll grab Acamol then, thx": a decision and thanks, never the label again
    if verdict.red_flags or verdict.is_advice or p.meds or p.store or p.place or p.code or p.identifier:
        return None
    if _after_red_flag(d):
        return None
    if c.ACK_ONLY.match(p.norm):
        families = (("bye", c.ACK_BYE), ("never_mind", c.ACK_NVM), ("no", c.ACK_NO), ("thanks", c.ACK_THANKS))
        return next((name for name, pattern in families if pattern.search(p.norm)), "yes")
    quiet = p.intent in ("thanks", "followup", "unknown", "greeting", "availability", "symptom")
    if c.PICKUP.search(p.norm) and "?" not in p.text and quiet and not verdict.symptom and not p.refs:
        return "pickup"  # a statement that the person will come by, never a question about coming
    return None


# Words of "ok, I'll grab it then, thanks" / "סבבה אז אקח אקמול, תודה" beside the product's name.
_DECIDED_WORDS = frozenset(
    normalize(
        "ok okay k kk cool great good fine perfect alright right so then ill i'll i will im i'm gonna go with grab "
        "get take buy pick up the it is its it's that one thx thanks thank you ty tnx much a lot appreciate and "
        "אוקיי אוקי סבבה טוב מעולה יופי אחלה אז אני אקח אקנה לוקח לוקחת קונה אלך על את זה תודה רבה ו"
    ).split()
)


def _thanks_for_discussed(d: Dialogue) -> bool:
    """ "cool ill grab acamol then thx", "סבבה אז אקח אקמול, תודה": thanks naming a product already talked about."""
    p, verdict = d.parsed, d.turn.verdict
    if verdict.red_flags or not p.meds or "?" in p.text or not c.THANKS.search(p.norm):
        return False
    discussed = {tuple(r.ids) for r in (*d.state.recent, *d.state.last_refs) if r.ids}
    if any(tuple(m) not in discussed for m in p.meds):
        return False
    text = p.text
    for mention in sorted(p.mentions, key=lambda m: -int(getattr(m, "start", 0) or 0)):
        start, end = int(getattr(mention, "start", 0) or 0), int(getattr(mention, "end", 0) or 0)
        text = text[:start] + " " + text[end:]
    words = normalize(re.sub(r"[^\w'\s]", " ", text)).split()
    return all(any(v in _DECIDED_WORDS for v in prefix_variants(w)) for w in words)


def _after_red_flag(d: Dialogue) -> bool:
    """The last reply was an urgent-care reply (call 101, the poison center, ERAN), whatever its numbers."""
    last = d.last_reply
    if not last:
        return False
    marks = dict.fromkeys(_URGENT_KINDS, "\x00")  # the text before the first number identifies each reply
    heads = [urgent_reply(lang, [kind], marks).split("\x00")[0] for lang in ("en", "he") for kind in _URGENT_KINDS]
    heads += [say(lang, "urgent_follow") for lang in ("en", "he")]
    return any(head and head in last for head in heads)


def _asked_more(d: Dialogue) -> bool:
    """The last reply ended asking whether anything else is needed ("Is there anything else I can help with?")."""
    last = d.last_reply
    tails = (say(d.lang, key).rsplit(". ", 1)[-1].rsplit("! ", 1)[-1] for key in _ASKS_MORE)
    return bool(last) and any(last.endswith(tail) for tail in tails)


def _closes(d: Dialogue, ack: str) -> bool:
    """A goodbye, or a reply to the refill confirmation that is not a clear yes or no ("יופי תודה").

    The loop approves the server's confirmation only on a clear yes (:func:`pharmai.policy.is_yes`); thanks, a
    goodbye or "great" alone leave it unanswered and come here: the refill is not requested, and saying so
    keeps the person from believing it was. It stays pending, so a "yes" now still requests it.
    """
    waiting = d.state.refill
    if waiting is not None and d.turn.resolution is None and d.last_reply.endswith(_CONFIRM_TAILS):
        key = {
            "bye": "refill_not_requested_bye",
            "thanks": "refill_not_requested_thanks",
            "yes": "refill_ask_again",  # "great" / "cool" alone: ask once more, plainly
            "pickup": "refill_ask_again",
        }.get(ack, "refill_not_requested")
        d.say(key, name=waiting.name or waiting.presc_id or "")
        return True
    if ack == "bye":
        # After an apology for the service, "you're welcome" would not fit: a goodbye, and sorry again.
        d.say("farewell_sorry" if complaint_flow.apologised_lately(d) else "farewell")
        return True
    return False


def _acknowledge(d: Dialogue, ack: str) -> None:
    """A short answer that fits the last turn: never "I can only help with pharmacy questions"."""
    if ack in ("thanks", "no", "never_mind") and _asked_more(d):
        # "anything else?" → "no thanks": the conversation is over
        d.say("farewell" if ack == "thanks" else "farewell_no")
    elif ack == "thanks":
        d.say("thanks")
    elif ack == "no":
        d.say("declined")
    elif ack == "never_mind":
        d.say("ack_never_mind")
    elif ack == "pickup":
        d.say("ack_pickup")
    elif (name := _refill_in_progress(d)) is not None:
        d.say("ack_refill_in_progress", name=name)  # "yes" after "a refill is already being prepared"
    elif _asked_more(d):
        d.say("ack_what_else")
    else:
        d.say("ack")


def _refill_in_progress(d: Dialogue) -> str | None:
    """The medication whose refill the last reply said is already being prepared, if it said so."""
    before, _, after = TEXTS["rx_pending"][d.lang].partition("{name}")
    found = re.search(re.escape(before) + r"(.+?)" + re.escape(after), d.last_reply)
    return found.group(1) if found else None


def _offer(d: Dialogue, pending: EquivalentsOffer | RefillOffer | InteractionOffer | OwnRxOffer, *, no: bool) -> None:
    if no:
        d.say("declined")
    elif isinstance(pending, OwnRxOffer):
        flows_rx.prescriptions(d)
    elif isinstance(pending, EquivalentsOffer):
        # str(): an offer stored without a product still asks the tool (which says it does not know it).
        d.parsed.intent = "equivalents"  # the request answered: "how many of those?" next is about them
        flows_catalog.equivalents(d, str(pending.med_id), d.parsed.store or pending.store)
    elif isinstance(pending, RefillOffer):
        if pending.target is not None:
            flows_rx.verify_and_continue(d, pending.target, request=True)
    else:
        flows_catalog.interaction(d, pending.refs)


def _which_store(d: Dialogue, pending: WhichStore, *, no: bool) -> None:
    if no:
        d.say("declined")
        return
    refs = [r for r in pending.refs if r.ids]
    intent = pending.intent or "availability"
    if intent == "list":
        flows_catalog.list_medications(d)
    elif intent == "equivalents" and refs:
        flows_catalog.equivalents(d, str(refs[0].ids[0]), d.parsed.store)
    else:
        flows_catalog.availability(d, refs)
    d.state.last_intent = intent


def _choose(d: Dialogue, pending: WhichMed, run: RunCatalog, mentions: MentionsFn | None) -> bool:
    """Read the answer to "which medication?": a name, a position in the options, or a yes to the one offered."""
    p = d.parsed
    intent = pending.intent or "info"
    options = list(pending.options)
    index: int | None = None
    if not p.meds and p.refs and options:
        index = len(options) - 1 if p.refs[0] == -1 else p.refs[0] - 1
    elif not p.meds and len(options) == 1 and (_policy.is_yes(p.text) or p.act == "affirm"):
        index = 0
    if index is not None and 0 <= index < len(options):
        refs = [MedRef(ids=["?"], q=options[index])]
        d.asked_strength = pending.strength
        d.parsed.mentions = list(mentions(options[index]) if mentions else [])
        d.parsed.confirmed = True
        found = flows_catalog.targets(d)[:1]
        run(d, intent, found or refs)
        return True
    if p.meds and p.intent in ("medication", "unknown", "followup", intent):
        run(d, intent, flows_catalog.targets(d))
        return True
    return False


# "something the same", "anything similar", "משהו דומה", "יש תחליף?": a request for an identical equivalent.
_SOMETHING_ELSE = c.cues("something", "anything", "another", "other", "else", "משהו", "אחר", "אחרת", "דומה")


def _asks_for_equivalent(d: Dialogue) -> bool:
    """The message asks for a product like the one out of stock (the offer just made), in its own words.

    "is there something the same I can get today?", "anything similar?", "got another one like it?", "יש משהו
    דומה?": the model may read a stock question ("is there…"), yet what is asked is the equivalent offered.
    """
    p = d.parsed
    scores = p.reading.scores if p.reading is not None else {}
    if c.EQUIVALENT.search(p.norm) or c.GENERIC.search(p.norm) or scores.get("equivalents", 0.0) >= 0.5:
        return True
    return bool(c.SAME_THING.search(p.norm) and _SOMETHING_ELSE.search(p.norm))


def _left(d: Dialogue) -> bool:
    """ "how many refills are left?", "whats left on it", «כמה נשאר בו»: a count of refills asked."""
    norm = d.parsed.norm
    return c.ASKS_COUNT.search(norm) is not None and c.REFILLS_LEFT.search(norm) is not None
