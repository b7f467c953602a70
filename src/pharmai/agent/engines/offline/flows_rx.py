"""Prescription flows (seed 001 flow C, seed 000's rules): identity, the list, refill status and requests.

Identity comes first: with no verified patient the engine asks for an email or phone, has a code sent
(``verify_customer_identity``), verifies the code, and then resumes the request it was asked. A refill is
always ``prescription_verify`` → ``inventory_check`` → ``request_refill``, and the request only runs once
the person confirms it (the loop resolves the confirmation; this module writes the follow-up).
"""

from __future__ import annotations

from typing import Any, Final, Literal

from pharmai.agent.base import ToolResult
from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import (
    _policy,
    flows_multi,
    rx_count,
    rx_more,
    rx_out_of_stock,
    rx_pending,
    rx_status_note,
    rx_where,
    rx_which,
)
from pharmai.agent.engines.offline.dialogue_state import (
    AfterIdentity,
    AwaitingRefill,
    CodeQuestion,
    IdentifierQuestion,
    MedRef,
    OwnRxOffer,
    RxItem,
    RxOffer,
    WhichRx,
)
from pharmai.agent.engines.offline.flows_catalog import targets
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import (
    count_prescriptions,
    format_date,
    join_names,
    refills_after,
    refills_left,
    say,
    status_word,
)
from pharmai.policy.unchecked import is_failure

__all__ = [
    "code",
    "current_target",
    "identity",
    "load_items",
    "named_on_file",
    "none_on_file",
    "not_eligible",
    "own_only",
    "prescriptions",
    "refill",
    "resolution",
    "typed_name",
    "verify_and_continue",
    "which_rx",
]

_MAX_RX = 20
#: What :func:`_target` answers when the medications named have no prescription on file.
_NOT_ON_FILE: Final = "not_on_file"
_NO_SUCH_POSITION: Final = "no_such_position"


def _start_identity(d: Dialogue, after: AfterIdentity) -> None:
    d.state.after_identity = after
    if d.parsed.identifier:
        identity(d)
        return
    d.say("ask_identifier")
    d.state.pending = IdentifierQuestion()


def _after(d: Dialogue, intent: str) -> AfterIdentity:
    return AfterIdentity(
        intent=intent,
        refs=list(d.parsed.refs),
        meds=[list(group) for group in d.parsed.meds],
        count=intent == "refill_status" and rx_count.asks_count(d),
    )


def identity(d: Dialogue) -> None:
    """An email or phone was given: have a code sent (or, in ``identifier`` mode, identify at once)."""
    identifier = d.parsed.identifier
    if not identifier and c.SIGN_IN.search(d.parsed.norm):
        # "sign me in", «להתחבר»: asked for, not mistyped.
        if d.identified:
            d.say("already_signed_in")
            return
        d.say("ask_identifier_sign_in")
        d.state.pending = IdentifierQuestion()
        return
    if not identifier:
        d.say("bad_identifier")
        d.state.pending = IdentifierQuestion()
        return
    result = d.call("verify_customer_identity", identifier=identifier)
    if result.ok and result.envelope.get("status") == "verified":
        _verified(d, result.envelope)
        return
    if result.ok:
        d.state.identifier = identifier
        d.say("code_sent", destination=result.envelope.get("masked_destination") or "")
        d.state.pending = CodeQuestion()
        return
    if result.error_code == "VALIDATION_ERROR":
        d.say("bad_identifier")
        d.state.pending = IdentifierQuestion()
    elif result.error_code == "AUTH_FAILED":
        d.say("identifier_unknown")
        d.state.pending = IdentifierQuestion()
    else:
        d.add(d.error_text(result))


def code(d: Dialogue) -> None:
    """A one-time code was typed: verify it, then resume the request that needed identity."""
    identifier = d.state.identifier
    if identifier is None or not d.parsed.code:
        d.say("code_without_identifier")
        d.state.pending = IdentifierQuestion()
        return
    result = d.call("verify_customer_identity", identifier=identifier, code=d.parsed.code)
    if result.ok:
        _verified(d, result.envelope)
    elif result.error_code == "AUTH_FAILED":
        d.say("auth_failed")
        d.state.pending = CodeQuestion()
    elif result.error_code == "AUTH_EXPIRED":
        d.state.identifier = None
        d.say("auth_expired")
        d.state.pending = IdentifierQuestion()
    else:
        d.add(d.error_text(result))
        d.state.pending = CodeQuestion()


def _verified(d: Dialogue, envelope: dict[str, Any]) -> None:
    d.state.verified = True
    d.state.identifier = None
    d.state.rx_list = []
    user = envelope.get("user") or {}
    d.say("verified", name=user.get("full_name") or "")
    after = d.state.after_identity or AfterIdentity(intent="prescriptions")
    d.state.after_identity = None
    d.parsed.refs = list(after.refs)
    d.parsed.meds = [tuple(m) for m in after.meds]
    intent = after.intent
    # The request resumed is what this turn answered (not "the code"): "and the Coumadin yes" next goes on
    # with that thread, as it would have had no sign-in come between.
    d.parsed.intent = intent
    d.resumed_count = after.count  # the code's message asks nothing itself: the question asked before does
    if intent in ("refill_status", "refill_request"):
        refill(d, request=intent == "refill_request")
    else:
        prescriptions(d)


class _Unread(Exception):
    """The prescriptions could not be read just now (the reply already says so): nothing may be concluded."""


def _load(d: Dialogue) -> list[dict[str, Any]] | None:
    """The patient's prescriptions (asks for identity and returns ``None`` when there is no patient).

    Raises:
        _Unread: The tool could not answer (a limit, the database…). An empty list would read as "you have
            no prescriptions" to a patient who has some, so the flows stop instead.
    """
    result = d.call("get_user_prescriptions")
    if result.error_code == "IDENTITY_REQUIRED":
        d.state.verified = False
        return None
    if not result.ok:
        d.add(d.error_text(result))
        raise _Unread
    items = [p for p in result.envelope.get("prescriptions") or [] if isinstance(p, dict)][:_MAX_RX]
    d.state.rx_list = [
        RxItem(presc_id=p.get("presc_id"), med_id=p.get("med_id"), name=p.get("display_name")) for p in items
    ]
    d.rx_user = str((result.envelope.get("user") or {}).get("full_name") or "")
    d.loaded_rx = items
    return items


def load_items(d: Dialogue) -> list[dict[str, Any]] | None:
    """The patient's prescriptions as the tool lists them; ``None`` when not identified or unread (said so)."""
    try:
        return d.loaded_rx if d.loaded_rx is not None else _load(d)
    except _Unread:
        return None


def none_on_file(d: Dialogue) -> None:
    """Say that the patient has no prescriptions on file, and what can be done instead.

    Never "none of your prescriptions can be refilled" nor "no valid prescription for Coumadin": both imply
    there are some.
    """
    d.say("rx_none")
    d.say("rx_none_next")


def prescriptions(d: Dialogue) -> None:
    """Flow C: the patient's prescriptions, after identity."""
    try:
        _prescriptions(d)
    except _Unread:
        return  # said so; never "you have no prescriptions"


def _prescriptions(d: Dialogue) -> None:
    if not d.identified:
        _start_identity(d, _after(d, "prescriptions"))
        return
    items = d.loaded_rx if d.loaded_rx is not None else _load(d)
    if items is None:
        _start_identity(d, _after(d, "prescriptions"))
        return
    if not items:
        if rx_more.sent_by_doctor(d):  # "my doctor sent one for Zoloft": none has arrived yet, what to do
            d.say("rx_none")
            d.add(rx_more.not_received(d, _typed_name(d)))
        else:
            none_on_file(d)
        return
    groups = [set(group) for group in d.parsed.meds]
    if not groups and c.IT.search(d.parsed.norm):
        # "until when is it valid?" right after a prescription was checked: that one, not the whole list.
        groups = [set(ref.ids) for ref in d.state.last_refs[:1] if any(i.get("med_id") in ref.ids for i in items)]
    if groups:
        # "Until when is my Glucophage prescription valid?": that prescription only.
        named = [(n, i) for n, i in enumerate(items, start=1) if any(i.get("med_id") in g for g in groups)]
        if not named:
            if rx_more.sent_by_doctor(d):  # "my doctor sent one for Zoloft": none has arrived yet, what to do
                d.add(rx_more.not_received(d, _typed_name(d)))
            else:
                d.say("rx_not_on_file", name=_typed_name(d))
            return
        # Its own sentence, not a numbered line of a list the person never saw; then what its status means
        # ("expired": the doctor; "cancelled": why is not on file, the doctor or a pharmacist can say).
        d.add("\n".join(_rx_line(d, n, item, key="rx_named") for n, item in named))
        # "when does it expire?" next: the prescription just shown.
        d.state.last_refs = [MedRef(ids=[str(i.get("med_id"))], q=str(i.get("display_name") or "")) for _, i in named]
        for note in filter(None, (rx_status_note.note(d, item) for _, item in named)):
            d.add(note)
        return
    lines = [say(d.lang, "rx_header", count=count_prescriptions(d.lang, len(items)), user=d.rx_user)]
    lines.extend(_rx_line(d, n, item) for n, item in enumerate(items, start=1))
    lines.append(say(d.lang, "rx_offer" if len(items) > 1 else "rx_offer_one"))  # "any of these" needs several
    d.add("\n".join(lines))
    d.state.pending = RxOffer()


# A cancelled or expired prescription's refills cannot be used: "2 refills left" beside "cancelled" misleads.
_UNUSABLE = {"en": "it can't be refilled", "he": "לא ניתן לחדש אותו"}


def _rx_line(d: Dialogue, n: int, item: dict[str, Any], key: str = "rx_line") -> str:
    status = "refill_pending" if item.get("refill_pending") else item.get("status")
    unusable = status in ("cancelled", "expired") and item.get("refills_left")
    return say(
        d.lang,
        key,
        n=n,
        name=item.get("display_name"),
        refills=_UNUSABLE[d.lang] if unusable else refills_left(d.lang, item.get("refills_left")),
        status=status_word(d.lang, status),
        expires=format_date(d.lang, item.get("expires_at")),
    )


def own_only(d: Dialogue) -> None:
    """Someone else's prescriptions were asked for: only the person's own can be discussed.

    No tool runs — no lookup of the other person, no code sent to a phone or email the message gave, and no
    check of the person's own prescriptions either (that would answer a question about someone else). The
    reply says why and offers the person's own list, which needs their own identification first.
    """
    d.say("own_rx_only")
    if c.EVERYONE.search(d.parsed.norm):
        d.say("own_rx_everyone")  # no one to sign in as: say what can be done instead
        return
    if d.identified:
        if say(d.lang, "rx_none") not in d.last_reply:  # just told they have none: no offer to show them
            d.say("own_rx_offer")
            d.state.pending = OwnRxOffer()
        return
    d.state.after_identity = AfterIdentity(intent="prescriptions")
    d.say("ask_identifier")
    d.state.pending = IdentifierQuestion()


def _listed(d: Dialogue) -> list[RxItem] | None:
    if not d.state.rx_list and _load(d) is None:
        return None
    return list(d.state.rx_list)


def named_on_file(d: Dialogue) -> bool | None:
    """Whether a medication the message names is one of the patient's prescriptions.

    Args:
        d: The turn (its patient must be identified; otherwise nothing is on file).

    Returns:
        ``True`` or ``False``; ``None`` when the prescriptions could not be read just now (the reply says so).
    """
    try:
        listed = _listed(d) if d.identified else None
    except _Unread:
        return None
    return any(item.med_id in group for item in listed or [] for group in d.parsed.meds)


def _target(d: Dialogue) -> RxItem | Literal["not_on_file", "no_such_position"] | None:
    listed = _listed(d)
    if listed is None:
        return None
    for ref in d.parsed.refs:
        index = len(listed) - 1 if ref == -1 else ref - 1
        if 0 <= index < len(listed):
            return listed[index]
    if d.parsed.refs and not d.parsed.meds:
        return _NO_SUCH_POSITION  # "the second one" of a list of one: never guess another prescription
    groups = [tuple(g) for g in d.parsed.meds] or [tuple(ref.ids) for ref in targets(d)]
    for group in groups:
        for item in listed:
            if item.med_id in group:
                return item
    if not groups:
        # "can you renew it?" right after a question about Glucophage: the medication last talked about,
        # when it is one of the person's prescriptions.
        for talked in d.state.last_refs:
            for candidate in listed:
                if candidate.med_id in talked.ids:
                    return candidate
    if not groups and _about_last_product(d):
        return _NOT_ON_FILE  # "can I refill it?" right after a question about Augmentin: none on file for it
    if len(listed) == 1 and not groups:
        return listed[0]
    return _NOT_ON_FILE if groups else None


def current_target(d: Dialogue) -> RxItem | None:
    """The prescription a follow-up is about (named, else talked about last); ``None`` if none or unread."""
    try:
        found = _target(d) if d.identified else None
    except _Unread:
        return None
    return found if isinstance(found, RxItem) else None


def _about_last_product(d: Dialogue) -> bool:
    """ "can I refill it?" right after a catalog question: "it" is that product, whether on file or not."""
    last = d.state.last_intent
    catalog = ("availability", "info", "equivalents", "price", "compare", "interaction", "medication")
    one = len([ref for ref in d.state.last_refs if ref.ids]) == 1  # of two ("X with Y"), "it" names neither
    return last in catalog and one and bool(c.IT.search(d.parsed.norm))


def refill(d: Dialogue, *, request: bool) -> None:
    """Refill eligibility, or a refill request up to the confirmation."""
    try:
        _refill(d, request=request)
    except _Unread:
        return  # said so; never "I don't see a prescription for …"


def _refill(d: Dialogue, *, request: bool) -> None:
    intent = "refill_request" if request else "refill_status"
    if not d.identified:
        _start_identity(d, _after(d, intent))
        return
    if request and len(d.parsed.meds) >= 2 and _many(d):
        return
    target = _target(d)
    if target is None and not d.identified:
        _start_identity(d, _after(d, intent))
        return
    if target is None and not request and not d.parsed.meds:
        _prescriptions(d)  # "how many refills do I have left?": every prescription, with its refills
        return
    if target is None:
        which_rx(d, intent)  # "refill it" with several on file: which of those that can be refilled now
        return
    if target == _NOT_ON_FILE:
        if rx_more.more_not_on_file(d):  # "אפשר עוד אקמול": its stock, not a refill
            return
        if d.loaded_rx == []:
            none_on_file(d)  # none at all: never "no valid prescription for Coumadin", which implies others
        else:
            d.say("rx_none_for_med", name=_typed_name(d))
        return
    if target == _NO_SUCH_POSITION:
        d.say("no_such_position", count=count_prescriptions(d.lang, len(d.state.rx_list)))
        d.state.pending = WhichRx(intent=intent)
        return
    verify_and_continue(d, target, request=request)


def which_rx(d: Dialogue, intent: str) -> None:
    """Ask which prescription a refill is for, naming only those that can be refilled now (see :mod:`.rx_which`).

    Args:
        d: The turn (signed in; the message names no prescription).
        intent: ``refill_request`` or ``refill_status``.
    """
    request = intent == "refill_request"
    rx_which.ask(d, load_items(d), intent, lambda item: verify_and_continue(d, item, request=request))


def _many(d: Dialogue) -> bool:
    """Several refills in one message: check them together first, then request them one at a time."""
    listed = _listed(d) or []
    found: list[RxItem] = []
    missing: list[str] = []
    for group in d.parsed.meds:
        item = next((i for i in listed if i.med_id in group and i not in found), None)
        if item is not None:
            found.append(item)
        else:
            missing.append(d.parsed.names.get(tuple(group)) or str(group[0]))
    if len(found) < 2:
        return False
    for name in missing:
        d.say("rx_none_for_med", name=name)
    flows_multi.check_together(d, [(str(t.med_id), t.name or "") for t in found])
    flows_multi.queue(d, found[1:])
    verify_and_continue(d, found[0], request=True)
    _continue_queue(d)
    return True


def _continue_queue(d: Dialogue) -> None:
    """Request the queued refills until one waits for its confirmation (one confirmation at a time)."""
    while d.state.refill is None:
        target = flows_multi.pop_next(d)
        if target is None:
            return
        d.say("refill_next", name=target.name or target.presc_id)
        verify_and_continue(d, target, request=True)
    names = flows_multi.queued_names(d)
    if names:
        d.say("refill_then", names=join_names(d.lang, names))


def typed_name(d: Dialogue) -> str:
    """The medication's name as the person typed it (its prefix letters dropped), for "no prescription for …"."""
    return _typed_name(d)


def _typed_name(d: Dialogue) -> str:
    mention = next(iter(d.parsed.mentions), None)
    if mention is None:
        # "what's the status of that?" names nothing: the medication talked about last is the one meant.
        # ("can I refill it?" leaves a request word that hides the last one from ``targets``: it is still meant.)
        talked = targets(d) or [ref for ref in d.state.last_refs if ref.ids]
        return next((ref.q for ref in talked if ref.q), "")
    # The name as typed without the prefix letters glued to it ("לליטורבה" → "ליטורבה"): the reply adds its own.
    typed = d.parsed.names.get(tuple(getattr(mention, "med_ids", ()) or ()))
    return str(typed or getattr(mention, "matched_text", "") or "")


def verify_and_continue(d: Dialogue, target: RxItem, *, request: bool) -> None:
    """Check a prescription's refill eligibility and stock, and (when both allow) request its refill.

    Args:
        d: The turn.
        target: The prescription.
        request: A refill was asked for (else only whether one is possible).
    """
    name = str(target.name or target.presc_id)
    if target.med_id:
        # This prescription's medication is now the one talked about: "order it", "can I refill it?", "until
        # when is it valid?" and "can I take X with it?" mean it (the interaction check needs it most).
        d.state.last_refs = [MedRef(ids=[str(target.med_id)], q=name)]
    # "how many refills are left?" while this refill's confirmation is still open: the count, then that same
    # question in a word, never the whole offer (and its prescription note) a second time.
    waiting = d.state.refill
    again = not request and waiting is not None and waiting.presc_id == target.presc_id
    result = d.call("prescription_verify", presc_id=target.presc_id, intent="refill")
    if not result.ok:
        d.add(d.error_text(result, name))
        return
    env = result.envelope
    if env.get("next_step") != "allow_refill_request":
        _not_eligible(d, env, name, target.med_id)
        return
    if not request and rx_count.answer(d, env, name, target):
        return  # "how many refills are left?", "when does it expire?": the count and the date, never a request
    if request:
        # Seed 000: several medications are checked together before another one is requested.
        flows_multi.check_together(d, [(str(target.med_id), name)])
    else:
        left = refills_left(d.lang, env.get("refills_remaining"))
        d.say("rx_eligible", name=name, date=format_date(d.lang, env.get("expires_at")), refills=left)
        if not again:
            d.add(_policy.rx_note(d.lang, name))
    stock = d.call("inventory_check", med_id=target.med_id, store_id=d.store or d.turn.session.store_id)
    if not stock.ok:
        d.add(d.error_text(stock, name))
        return
    store = str((stock.envelope.get("store") or {}).get("name") or "")
    matches = [m for m in stock.envelope.get("matches") or [] if isinstance(m, dict)]
    match: dict[str, Any] = matches[0] if matches else {}
    if not match.get("in_stock"):
        # Eligible, but nothing to pick up yet: say so, and propose nothing. A request hears every branch's
        # stock and restock date, and what can be done (the tool cannot reserve it in advance).
        here = {**match, "store_id": (stock.envelope.get("store") or {}).get("store_id"), "store_name": store}
        if request and match and rx_out_of_stock.answer(d, target.med_id, name, here):
            return
        eta = match.get("restock_eta")
        eta_text = say(d.lang, "refill_eta", date=format_date(d.lang, eta)) if eta else ""
        d.say("refill_no_stock", name=name, store=store, eta=eta_text)
        if request:
            d.add(_policy.rx_note(d.lang, name))
        return
    here_id = str((stock.envelope.get("store") or {}).get("store_id") or "")
    # "where can I pick it up?": every branch that has it, not only the one this refill would go to.
    rx_where.in_stock_line(d, target.med_id, name, {here_id: {**match, "store_name": store}})
    placed = d.call("request_refill", presc_id=target.presc_id, store_id=d.store or d.turn.session.store_id)
    refills = env.get("refills_remaining")
    after = max(int(refills) - 1, 0) if isinstance(refills, int) else None
    d.state.refill = AwaitingRefill(presc_id=target.presc_id, med_id=target.med_id, name=name, store=store)
    if placed.confirmation is not None or placed.error_code == "CONFIRMATION_REQUIRED":
        # The server's confirmation is the only question: a "yes" approves it (one step for the person).
        if request:
            d.add(_policy.rx_note(d.lang, name))
        key = "refill_confirm_again" if again else "refill_confirm"
        d.ask(key, name=name, store=store, after=refills_after(d.lang, after))
    elif placed.ok:
        _done(d, placed.envelope)
    else:
        d.state.refill = None
        _not_placed(d, placed, name)


def not_eligible(d: Dialogue, env: dict[str, Any], name: str, med_id: Any = None) -> None:
    """Why a prescription cannot be refilled now (``prescription_verify``'s envelope), and its prescription note."""
    _not_eligible(d, env, name, med_id)


def _not_eligible(d: Dialogue, env: dict[str, Any], name: str, med_id: Any = None) -> None:
    status = env.get("rx_status")
    date = format_date(d.lang, env.get("expires_at"))
    if status == "expired":
        d.say("rx_expired", name=name, date=date)
        rx_pending.expired_refills(d, env)
    elif status == "completed":
        d.say("rx_completed", name=name)
    elif status == "active" and env.get("refills_remaining") == 0:
        d.say("rx_no_refills", name=name)
    elif status == "cancelled":
        d.say("rx_cancelled", name=name)
    elif status == "refill_pending":
        d.say("rx_pending", name=name)
        rx_pending.pending_details(d, env, med_id, name)  # when, where, and the refills still left (all on file)
    else:
        d.say("rx_none_for_med", name=name)
    d.add(_policy.rx_note(d.lang, name))


def _not_placed(d: Dialogue, result: ToolResult, name: str | None) -> None:
    """The refill was not requested: the tool's reason, or that it could not be placed just now."""
    failed = d.error_text(result, name) if is_failure(result.error_code) else None
    if failed is not None:
        d.add(failed)
    else:
        d.say("refill_failed", reason=_reason(result.envelope))


def _reason(envelope: dict[str, Any]) -> str:
    error = envelope.get("error") if isinstance(envelope, dict) else None
    return str(error.get("message")) if isinstance(error, dict) and error.get("message") else "?"


def _done(d: Dialogue, envelope: dict[str, Any]) -> None:
    waiting = d.state.refill or AwaitingRefill()
    d.state.refill = None
    placed = envelope.get("refill") or {}
    flows_multi.remember(d, waiting.med_id, waiting.name)
    rx_pending.remember_store(d, waiting.med_id, waiting.store)
    d.say(
        "refill_done",
        name=waiting.name or placed.get("presc_id"),
        refill_id=placed.get("refill_id"),
        store=waiting.store or placed.get("store_id"),
        date=format_date(d.lang, placed.get("ready_by")),
    )
    d.state.rx_list = []  # refills left changed


def resolution(d: Dialogue) -> None:
    """The follow-up once the person approved or denied the pending refill."""
    res = d.turn.resolution
    if res is None:
        return
    if not res.approved:
        d.state.refill = None
        d.say("refill_denied")
    elif res.result.ok:
        _done(d, res.result.envelope)
    else:
        waiting = d.state.refill
        if not is_failure(res.result.error_code):
            d.state.refill = None  # refused for good; after a failure the confirmation stays pending
        _not_placed(d, res.result, waiting.name if waiting is not None else None)
    _continue_queue(d)
