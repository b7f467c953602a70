"""The answer to the question the last reply asked: a code, an email or phone, which store, which
medication, which prescription, or yes / no to an offer (equivalents, a refill, an interaction check, the
person's own prescriptions).

An answer may carry words of its own ("yes, show me the equivalent", "ok, what's the alternative?"); a
message with a request of its own ("do you have Acamol?" after the prescription list) is not an answer and
is left to the normal flow.
"""

from __future__ import annotations

from collections.abc import Callable

from pharmai.agent.engines.offline import _policy, flows_care, flows_catalog, flows_rx
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
    kind = pending.kind if pending is not None else ""
    p = d.parsed
    fits = p.intent in _AFFIRM_FITS.get(kind, ())
    # "ok, what's the alternative?" after "shall I check for an equivalent?" accepts the offer.
    asks_it = not p.meds and p.intent == _OFFERED.get(kind)
    if kind == "equivalents" and flows_care.asked_strength_in(p.text) is not None:
        # "the same thing in 200?": another strength, which no identical equivalent (same strength) is.
        asks_it = fits = False
    yes = (_policy.is_yes(p.text) and not p.meds) or (p.act in ("affirm", "affirm_content") and fits) or asks_it
    no = (_policy.is_no(p.text) and not p.meds) or (p.act == "deny" and fits)
    if isinstance(pending, CodeQuestion) and p.code:
        flows_rx.code(d)
    elif isinstance(pending, IdentifierQuestion) and p.identifier:
        flows_rx.identity(d)
    elif isinstance(pending, IdentifierQuestion) and p.intent == "unknown" and not d.turn.verdict.is_advice:
        d.say("bad_identifier")
        d.state.pending = IdentifierQuestion()
    elif isinstance(pending, WhichStore) and (p.store or yes or no) and not p.meds:
        _which_store(d, pending, no=no and not p.store)
    elif isinstance(pending, EquivalentsOffer | RefillOffer | InteractionOffer | OwnRxOffer) and (yes or no):
        _offer(d, pending, no=no)
    elif isinstance(pending, RxOffer) and yes and not p.refs:
        d.say("which_rx")  # "yes" to "check the refill status of any of these?": which one
        d.state.pending = WhichRx(intent="refill_status")
    elif isinstance(pending, RxOffer | WhichRx) and (p.refs or p.meds) and p.intent in (
        "unknown", "medication", "followup", "refill_status", "refill_request",
    ):  # fmt: skip
        # Only a reference or a bare name answers "which prescription?": "do you have Acamol?" is a new question.
        asked = pending.intent if isinstance(pending, WhichRx) else "refill_status"
        intent = p.intent if p.intent.startswith("refill") else asked
        flows_rx.refill(d, request=intent == "refill_request")
    elif isinstance(pending, WhichMed) and _choose(d, pending, run, mentions):
        pass
    else:
        return False
    return True


def _offer(d: Dialogue, pending: EquivalentsOffer | RefillOffer | InteractionOffer | OwnRxOffer, *, no: bool) -> None:
    if no:
        d.say("declined")
    elif isinstance(pending, OwnRxOffer):
        flows_rx.prescriptions(d)
    elif isinstance(pending, EquivalentsOffer):
        # str(): an offer stored without a product still asks the tool (which says it does not know it).
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
