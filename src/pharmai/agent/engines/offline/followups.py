"""Follow-ups that only make sense with the previous turn: another store, another item, another medication.

"and at the Jerusalem branch?" keeps the medication and the question and changes the store; "what about
Haifa?" says there is no branch there; "and the second one?" picks from the list last shown; "and
Tylenol?" / "no, I meant Nurofen" asks the last question about another medication. A message with a request
of its own is not a follow-up and is left to the normal flow.

State read: ``last_intent``, ``last_refs``, ``rx_list`` and ``options`` (names last listed, for "the second
one"); see :mod:`.dialogue_state`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import (
    equivalent_candidate,
    flows_care,
    flows_catalog,
    flows_compare,
    flows_rx,
    followups_names,
    followups_rx,
    followups_store,
    followups_thread,
    interaction_thread,
    meds_in_play,
    ordinal_thread,
    plain_followups,
    rx_order,
    thread_asks,
    why_not,
)
from pharmai.agent.engines.offline.dialogue_state import MedRef, WhichStore
from pharmai.agent.engines.offline.nlu import last_product_request, remainder_query
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import count_prescriptions
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["answer", "asks_label_maximum", "last_named", "remember"]

#: Keep the products a message names (for "the difference between them"); the engine calls it every turn.
remember = followups_thread.remember
asks_label_maximum = followups_thread.asks_label_maximum
last_named = followups_thread.last_named

_CATALOG = ("availability", "info", "equivalents", "list", "price", "compare")
_RX = ("prescriptions", "refill_status", "refill_request")
# A message whose own reading is one of these has no request that would replace the last one.
_NO_OWN_REQUEST = ("followup", "unknown", "medication", "greeting")
# "is X the same as Y?" then "and in Jerusalem?": the stock of both there.
_STORE_FOLLOWS = ("availability", "equivalents", "list", "info", "compare")

#: ``run(d, intent, refs)``: the engine's catalog flow (``refs`` ``None`` = the medications the message names).
Run = Callable[[Dialogue, str, list[MedRef] | None], None]
#: ``mentions(text)``: the catalog's medication finder.
Mentions = Callable[[str], Sequence[Any]]
_WORD = re.compile(r"[^\W\d_]{3,}")
# "an equivalent of Advil", "תחליף לאדוויל": the named product's equivalents, not a comparison with the last.
_EQUIVALENT_OF = re.compile(
    r"\b(?:equivalents? (?:of|to|for)|alternatives? (?:to|for)|substitutes? for|replacements? for)\b|"
    r"(?:^|\s)ו?(?:ה)?(?:תחליף|תחליפים|חלופה|חלופות) ל"
)


# "X instead of Y", "switch me to X", "תביאו לי X במקום": one product for another, so whether they are the same.
_INSTEAD = re.compile(
    r"\binstead\b|\bswitch(?:ing)? (?:me |it |over |them )?(?:to|for|with)\b|\bswap\b|\breplace\b|"
    r"(?:^|\s)ו?(?:ב|ה)?מקומ(?:\s|$)|(?:^|\s)ו?(?:להחליפ|תחליפו|תחליפ לי|החלפתמ|החליפו)(?:\s|$)"
)


def _instead_pair(d: Dialogue, run: Run) -> bool:
    """ "you gave me Litorva instead of Lipitor", "נתנו לי ליטורבה במקום ליפיטור": whether the two are the same.

    One product given or asked for in place of another is a comparison of the two (the label facts), never
    the equivalents of one of them nor each label.
    """
    p = d.parsed
    if len(p.meds) != 2 or p.interaction_cue or d.turn.verdict.red_flags or not _INSTEAD.search(p.norm):
        return False
    if d.state.last_intent == "interaction":
        return False  # "Nurofen instead of the Tramadex?" after a check: the check again (interaction_thread)
    if p.intent not in (*_NO_OWN_REQUEST, "info", "equivalents", "availability", "compare", "complaint"):
        return False
    named = flows_catalog.targets(d)[:2]
    if len(named) != 2:
        return False
    run(d, "compare", named)
    d.state.last_refs = named
    p.intent = "compare"
    return True


# "instead of Acamol", "במקום אקמול": the named product is the one to replace (its alternatives), not a swap.
_REPLACED = re.compile(r"(?:\binstead of|\brather than|(?:^|\s)ו?במקום)\s*[והלב]?\S{0,3}$", re.IGNORECASE)


# "what's the difference with Acamol?", "מה ההבדל בינו לבין אקמול": "with" here is no "taken together".
_DIFFERENCE = re.compile(r"\bdifferen(?:ce|ces|t)\b|(?:^|\s)ו?(?:מה )?ה?הבדל(?:ים)?(?:\s|$)")


def _instead_one(d: Dialogue, run: Run) -> bool:
    """ "can you switch me to Litorva then, same thing right?", "תביאו לי אוגמנטין במקום", "אז אני אקח אקמול, זה
    אותו דבר?" after another product: whether the named product is the same as the one talked about.

    Answered from the label facts in any thread (a refill, a stock check, a refusal): identical equivalents, or
    different medications (never "no equivalent of Augmentin", which reads the wrong way round). A name after
    "instead of" is the product to replace: its alternatives, left to the normal flow.
    """
    p, verdict = d.parsed, d.turn.verdict
    if len(p.meds) != 1 or p.interaction_cue or verdict.red_flags or verdict.symptom or not p.mentions:
        return False
    if d.state.last_intent == "interaction":
        return False  # "Nurofen, is that different?" after "Advil with my Zoloft?": the check again, with Nurofen
    same = c.COMPARE.search(c.COMPARE_TIMES.sub(" ", p.norm)) or c.SAME_THING.search(p.norm)
    if not (_INSTEAD.search(p.norm) or (same and (c.ANAPHOR.search(p.norm) or verdict.is_advice))):
        return False
    if (c.INDEFINITE.search(p.norm) or _EQUIVALENT_OF.search(p.norm)) and not c.ANAPHOR.search(p.norm):
        return False  # "anything instead of Acamol?": its equivalents
    if _REPLACED.search(p.text[: int(getattr(p.mentions[0], "start", 0) or 0)]):
        return False
    named = flows_catalog.named_refs(d)[:1]
    earlier = [r for r in (*_last_refs(d), *reversed(last_named(d))) if named and not set(r.ids) & set(named[0].ids)]
    if not named or not earlier:
        return False
    pair = [earlier[0], named[0]]
    if not flows_compare.compare(d, pair, count=flows_compare.units_asked(p.norm)):
        run(d, "compare", pair)  # a misspelt name: confirmed, or each product's facts
    d.state.last_refs = pair
    p.intent = "compare"
    return True


def _last_refs(d: Dialogue) -> list[MedRef]:
    return [r for r in d.state.last_refs if r.ids]


def _store_switch(d: Dialogue, last: str, run: Run) -> bool:
    p = d.parsed
    if p.meds or not (p.store or p.place) or _leftover(p.text):
        return False  # "and zirtek in Jerusalem?": a name the catalog did not find is no store switch
    if last == "equivalents" and not (p.stores or p.other_store or p.place):
        return False  # "how many of those?" at the store carried over: about the equivalent, not its list again
    if last not in _STORE_FOLLOWS and not (p.act == "ellipsis" and _last_refs(d)):
        return False  # "and at the Jerusalem branch?" follows a stock question, or names what it is about
    if p.intent not in (*_NO_OWN_REQUEST, "availability", "list"):
        return False
    intent = last if last in ("availability", "list", "equivalents") else "availability"
    refs = _last_refs(d)
    if p.place:
        flows_care.no_branch(d, ask=WhichStore(intent=intent, refs=refs))
        return True
    if intent == "list":
        flows_catalog.list_medications(d)
    elif intent == "equivalents" and refs:
        flows_catalog.equivalents(d, str(refs[0].ids[0]), p.store)
    elif refs:
        run(d, "availability", refs)
    else:
        return False
    d.state.last_intent = intent
    return True


def _position(d: Dialogue, last: str, run: Run, mentions: Mentions | None = None) -> bool:
    p = d.parsed
    if not p.refs or p.meds or p.intent not in (*_NO_OWN_REQUEST, "info", "availability", *_RX):
        return False
    listed = d.state.rx_list
    if last in _RX and listed:
        index = len(listed) - 1 if p.refs[0] == -1 else p.refs[0] - 1
        item = listed[index] if 0 <= index < len(listed) else None
        if item is None:
            # "and the second one?" after a list of one: say so, never answer about another prescription.
            d.say("no_such_position", count=count_prescriptions(d.lang, len(listed)))
            return True
        if p.intent in ("info", "availability") and item.med_id:
            # "tell me about the second one", "is the third one in stock?": the medication of that prescription.
            run(d, p.intent, [MedRef(ids=[item.med_id], q=item.name or item.med_id)])
            return True
        request = p.intent == "refill_request" or (last == "refill_request" and p.intent != "refill_status")
        flows_rx.refill(d, request=request)
        return True
    options = d.state.options
    index = len(options) - 1 if p.refs[0] == -1 else p.refs[0] - 1
    if not options or not 0 <= index < len(options):
        return False
    if p.intent in ("info", "availability"):
        intent = p.intent
    elif last == "availability" or c.RESTOCK.search(p.norm) or c.HAS.search(p.norm):
        intent = "availability"  # "what about the first one, when will it arrive?"
    else:
        intent = "info"
    earlier = [ref for ref in d.state.recent if ref.ids and ref.ids[0] != "?" and ref.q != options[0]]
    if len(options) == 1 and p.refs[0] == 1 and earlier:
        # "back to the first one" after a list of one (the equivalent just offered): no position in that
        # list, but the first product of the conversation.
        run(d, intent, [earlier[0]])
        return True
    run(d, intent, [_option_ref(options[index], mentions)])
    return True


def _option_ref(option: str, mentions: Mentions | None) -> MedRef:
    """A listed option as a reference with its product ids (looked up by its name as listed)."""
    found = [m for m in (mentions(option) if mentions else []) if getattr(m, "med_ids", None)]
    ids = list(found[0].med_ids) if len(found) == 1 else ["?"]
    return MedRef(ids=ids, q=option)


def _other_medication(d: Dialogue, last: str, run: Run) -> bool:
    p = d.parsed
    follows = p.intent in ("medication", "followup") or p.act in ("ellipsis", "correction")
    if not p.meds or not follows or last not in (*_CATALOG, "interaction"):
        return False
    if p.intent not in ("medication", "followup", last):
        return False
    intent = "info" if last in ("interaction", "list", "compare") else last
    if last == "compare" and len(p.meds) >= 2:
        intent = "compare"  # "no wait, I meant is Tylenol the same as Acamol?": the comparison, corrected
    run(d, intent, None)
    return True


def _refill_thread(d: Dialogue, last: str) -> bool:
    """ "what's the status of that?" / "why not?" right after a refill: that prescription's status again.

    The status says where the refill stands (being prepared, eligible) or why it cannot be refilled (expired,
    no refills left), so the same check answers both; a message with a request of its own is left alone.
    """
    p, verdict = d.parsed, d.turn.verdict
    if last not in ("refill_request", "refill_status") or p.meds or p.refs:
        return False
    if p.intent not in _NO_OWN_REQUEST and remainder_query(p.text):
        return False  # "יש עדכון?" is read as a stock question, yet names nothing to look up: the thread's
    if verdict.red_flags or verdict.is_advice or verdict.symptom or not c.THREAD_STATUS.search(p.norm):
        return False  # an urgent or advice question is answered by its own flow, never as a status
    if not _last_refs(d):
        return False  # no prescription was checked (none on file for the name): never guess another one
    flows_rx.refill(d, request=False)
    return True


def _strength(d: Dialogue, last: str, run: Run) -> bool:
    """ "same thing in 200?" / "ויש את אותו דבר ב-200?" after Nurofen Forte: the last product in that strength.

    The catalog flow says the strength asked for is not the one carried and, when another product of the
    same generic has it (Nurofen 200 mg), answers about that one.
    """
    p = d.parsed
    refs = _last_refs(d)
    if p.meds or p.refs or len(refs) != 1 or last not in (*_CATALOG, "interaction"):
        return False
    if p.intent not in (*_NO_OWN_REQUEST, "availability", "info", "equivalents"):
        return False
    strength = flows_care.asked_strength_in(p.text)
    if strength is None or flows_catalog.CHILD.search(p.norm):
        return False  # "for my 6 year old": an age, not a strength
    d.asked_strength = strength
    if not p.store and d.state.last_store:
        p.store = d.state.last_store  # "ובירושלים?" then "ויש ב-200?": still at Jerusalem
    run(d, last if last in ("availability", "info") else "availability", refs)
    return True


def _variant(d: Dialogue, last: str, run: Run, mentions: Mentions | None) -> bool:
    """ "and the Forte one?" / "והפורטה?" after Nurofen: a word that, after the last name, names another product."""
    p = d.parsed
    refs = _last_refs(d)
    if mentions is None or p.meds or len(refs) != 1 or last not in (*_CATALOG, "interaction"):
        return False
    # «והפורטה, יש?» may read as a symptom or a stock question of its own: the variant's name decides below.
    asks = (*_NO_OWN_REQUEST, "symptom", "availability", "info")
    if (p.intent not in asks and p.act not in ("ellipsis", "correction")) or d.turn.verdict.red_flags:
        return False
    # The name without the strength it was asked with ("nurofen 200" → "nurofen"): the variant has its own.
    name = " ".join(_WORD.findall(refs[0].q))
    if not name:
        return False
    for word in _WORD.findall(p.text):
        try:
            found = mentions(f"{name} {word}")
        except Exception:  # a failing finder only means no variant is found
            return False
        # Only a name that runs into the word counts ("nurofen forte"), never the last name found again.
        for mention in found:
            if mention.end > len(name) and set(mention.med_ids) != set(refs[0].ids):
                intent = "info" if last in ("interaction", "list", "compare") else last
                run(d, intent, [MedRef(ids=list(mention.med_ids), q=mention.matched_text)])
                return True
    return False


def answer(d: Dialogue, run: Run, mentions: Mentions | None = None, *, unknown: str | None = None) -> bool:
    """Answer ``d`` as a follow-up of the previous turn, if it is one.

    Args:
        d: The turn.
        run: ``run(d, intent, refs)``: the engine's catalog flow for an intent (``refs`` ``None`` = the
            medications this message names).
        mentions: The catalog's medication finder, for a word that names a variant of the last medication.
        unknown: The name the catalog did not find last turn ("it's an inhaler" is still about it).

    Returns:
        True when the message was answered here.
    """
    last = d.state.last_intent
    if rx_order.pickup_elsewhere(d):
        return True  # "can I collect it in Jerusalem?" while a refill waits for a "yes": that refill, there
    if why_not.answer(d, last):
        return True  # "why not?" after a refused refill, a warning, no prices: the reason, not the answer again
    if equivalent_candidate.answer(d, _last_refs(d)):
        return True  # "anything equivalent? Augmentin maybe?": the thread product's, and whether Augmentin is one
    if _instead_pair(d, run) or _instead_one(d, run):
        return True
    if thread_asks.answer(d, last, _last_refs(d), run):
        return True  # "jerusalem or tel aviv?", "if I come by tomorrow", "which has more?", "dupe?", "the stronger one"
    if followups_store.where_stocked(d, last, _last_refs(d), run):
        return True  # "where can I get it?", "which branch has more?": the stock at both branches
    if followups_store.answer(d, last) or followups_thread.answer(d, run, unknown, last):
        return True  # a branch's hours or address; the thread's products ("the difference between them")
    if followups_names.place_only(d):
        return True  # "did you open a branch in Herzliya?": no branch there, whatever the reading
    if last is None:
        return False
    return (
        rx_order.thread(d, last)  # after a refill: "check again", "why was it cancelled?", "but it worked great"
        or plain_followups.dosage(d, last, _last_refs(d), run)  # "and the dosing?": the label, not the stock
        or followups_store.count(d, last, _last_refs(d), run)  # "how many?" after the stock: units, not doses
        or _strength(d, last, run)  # first: a store carried over ("do you have it in 200 mg?") is no store switch
        or _store_switch(d, last, run)
        or _last_product(d, last, run)
        or _position(d, last, run, mentions)
        or ordinal_thread.answer(d, last, run)  # "השני צריך מרשם?" after two products answered by name
        or meds_in_play.which_pair(d, last)  # "which one is the problem?" after a check of several
        or interaction_thread.answer(d, last)
        or _other_medication(d, last, run)
        or _refill_thread(d, last)
        or followups_rx.answer(d, last)  # a prescription thread, someone else's refused records
        or _variant(d, last, run, mentions)
        or followups_names.unknown_name(d, last, run)  # "and zirtek?", "what about viagra?": looked up as a name
    )


def _last_product(d: Dialogue, last: str, run: Run) -> bool:
    """A question about the product just talked about, with no name of its own; or one name compared with it.

    "does it need a prescription?", "when will it come back?", "is there a generic?", "יש ממנו?", "כמה יש",
    "only 5?": intent words only, so "it" is the last product (see :func:`.nlu.last_product_request`); a word
    left over ("do you have xanax?") is a name and is looked up by the normal flow. "is Acamol the same
    thing?" / "זה אותו דבר כמו אקמול?" after Tylenol compares the two.
    """
    p, verdict = d.parsed, d.turn.verdict
    refs = _last_refs(d)
    if not refs or p.refs or p.loose or last not in (*_CATALOG, "interaction"):
        return False
    if verdict.red_flags or verdict.symptom or p.store or p.place or p.other_store:
        return False  # urgent care, a referral, another store: their own flows
    if p.meds:
        return _compare_with_last(d, refs, run)
    if p.intent == "list" and len(refs) >= 2 and followups_store.WHICH_OF_THEM.search(p.norm):
        p.intent = "info"  # "which of them needs a prescription?": about those two, not the prescription list
    # "זה במרשם?" ("is it by prescription?") may read as the person's own prescriptions; "it" says otherwise.
    its_rx = (
        p.intent == "prescriptions" and "rx" in p.facets and c.ANAPHOR.search(p.norm) and not c.MY_RX.search(p.norm)
    )
    if verdict.is_advice or not (
        its_rx or p.intent in (*_NO_OWN_REQUEST, "availability", "info", "equivalents", "price", "compare")
    ):
        return False
    left = _leftover(p.text)
    if left:
        if len(left.split()) <= 2 and c.COMPARE.search(c.COMPARE_TIMES.sub(" ", p.norm)):
            # "קסנקס זה אותו דבר?": a name the catalog does not know, compared with the last product: look it up.
            named = flows_catalog.resolve_targets(d, "compare")
            if named:
                run(d, "compare", [refs[0], named[0]])
            return True
        return False
    asked = last_product_request(p)
    if asked is None:
        return False
    if not p.store and d.state.last_store:
        p.store = d.state.last_store  # "how many are there?" after the Jerusalem stock: still Jerusalem
    p.intent = "info" if asked == "rx" else asked  # the request now answered (a flow may still change it)
    same = c.COMPARE.search(c.COMPARE_TIMES.sub(" ", p.norm)) or c.SAME_THING.search(p.norm)
    if asked == "equivalents" and len(refs) == 2 and same:
        # "is it even the same thing?" after two products came up together: whether those two are the same.
        p.intent = "compare"
        run(d, "compare", refs)
    elif asked == "equivalents":
        flows_catalog.equivalents(d, str(refs[0].ids[0]), p.store)
        if c.CHEAPER.search(p.norm):
            flows_care.price(d, [])  # "anything cheaper?": the equivalents, and that prices are not on file
    elif asked == "rx":
        p.facets = {"rx"}
        run(d, "info", refs)
    else:
        if asked == "availability" and c.ONLY_COUNT.search(p.norm) and len(refs) == 1:
            # "only 5?": the count at the store just checked, and at the other branch.
            here = d.store or d.turn.session.store_id
            p.stores = [here, *(s for s in c.STORES if s != here)]
        run(d, asked, refs)
    return True


# Words a question about the product of the thread carries that name nothing ("when?? give me a date", "do I
# need to bring the prescription?", "מתי?? תן תאריך"): never looked up as a medication name.
_NOT_NAMES = frozenset(
    normalize(
        "date dates exact exactly give tell me please pls plz bring need needed have to which one ones for "
        "the a an day roughly approximately approx estimate when what time soon earliest "
        "תן תני תנו תאריך תאריכ מועד בדיוק תגיד תגידי לי בבקשה להביא צריך צריכה צריכים איזה איזו אילו "
        "מהם מהן מביניהם בערך הכי מוקדם "
        # "for it", "בשביל זה", "בשבילו": the product of the thread, never a name to look up
        "בשביל בשבילו עבור עבורו צורך"
    ).split()
)


def _leftover(text: str) -> str:
    """What may be a name in a message once request words and the fillers of :data:`_NOT_NAMES` are dropped."""
    kept = [
        word
        for word in remainder_query(text).split()
        if not any(variant in _NOT_NAMES for variant in prefix_variants(normalize(word)))
    ]
    return " ".join(kept)


def _compare_with_last(d: Dialogue, refs: list[MedRef], run: Run) -> bool:
    """ "is Acamol the same thing?", "augmentin, is that the same?", "מה זה ליטורבה, זה אותו דבר?" after another
    product: the comparison of the two, never the named product's label alone."""
    p = d.parsed
    if len(p.meds) != 1 or len(refs) != 1 or set(refs[0].ids) & set(p.meds[0]):
        return False
    if p.intent not in (*_NO_OWN_REQUEST, "info", "equivalents", "availability", "compare"):
        return False
    if (p.interaction_cue and not _DIFFERENCE.search(p.norm)) or not (
        c.COMPARE.search(c.COMPARE_TIMES.sub(" ", p.norm)) or _INSTEAD.search(p.norm)
    ):
        return False  # "can I take it with Acamol?": an interaction question
    if (c.INDEFINITE.search(p.norm) or _EQUIVALENT_OF.search(p.norm)) and not c.ANAPHOR.search(p.norm):
        return False  # "anything the same as Acamol?", "an equivalent of Advil in stock?": its equivalents
    named = flows_catalog.targets(d)
    run(d, "compare", [refs[0], *named[:1]])
    d.state.last_refs = [refs[0], *named[:1]]
    p.intent = "compare"
    return True
