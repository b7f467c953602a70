"""A refill thread carried on by a bare "yes", a "did it go through?", or "which one?" after the list.

- "yes" / "ok do it" / "כן תעשה" / "סבבה תזמין" right after a refill answer that asked nothing (the refill
  could not be prepared: out of stock, expired…): the thread goes on. The prescription is checked again; when
  the refill can be placed, the one confirmation is asked; when it cannot, why (briefly) and what can be done
  (the restock date, the other branch's stock, a pharmacist) — never "I can only help with pharmacy questions".
- "did it go through?", "was it sent?", "זה עבר?", "נשלח?" after a refill: its status (being prepared, when,
  where), never a name lookup of "go through".

The affirmation and the progress question are read by their words, whatever the model leans to: every word
must be one of their vocabularies, so a message that asks anything of its own is never read as either.

State read: ``last_intent``, ``last_refs`` (see :mod:`.dialogue_state`).
"""

from __future__ import annotations

import re
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import _policy, flows_rx, rx_doctor
from pharmai.agent.engines.offline.dialogue_state import RxItem
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import TEXTS, format_date
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["affirms", "carry_on", "progress"]

_REFILL = ("refill_request", "refill_status")
_MAX_WORDS = 7


def _words(*texts: str) -> frozenset[str]:
    return frozenset(normalize(" ".join(texts)).split())


# A yes, or the action itself ("do it", "order it", "תזמין"): at least one of these in an affirmation.
_AGREE = _words(
    "yes yeah yep yup ya sure absolutely definitely certainly confirm confirmed approve approved ahead do proceed "
    "submit send place order reorder refill renew request book go",
    "כן בטח יאללה קדימה בהחלט מאשר מאשרת אשר תאשר תאשרי תעשה תעשי תגיש תגישי תזמין תזמיני תחדש תחדשי תשלח "
    "תשלחי תבצע תבצעי בצע כמובן ברור להזמין לחדש להגיש לעשות",
)
# Words that may come with it ("ok so go ahead and order it for me please", "סבבה אז תזמין לי את זה בבקשה").
_AROUND = _words(
    "ok okay k kk alright fine right go for it that this one the me and then now please pls plz just well so "
    "actually hmm of course you can",
    "אוקיי אוקי סבבה טוב בסדר אחלה יופי אז נו רגע בעצם לי את זה אותו אותה בבקשה עכשיו לך לכי על אם אפשר",
)
# "did it go through?": at least one word of where a request stands…
_PROGRESS = _words(
    "through thru submitted sent placed processed done approved accepted received confirmed completed finished "
    "worked happened pending update updates news status",
    "עבר עברה נשלח נשלחה נשלחו הוגש הוגשה אושר אושרה התקבל התקבלה בטיפול בוצע בוצעה הושלם הושלמה הסתדר הסתדרה "
    "סודר יצא יצאה נקלט נקלטה הצליח הצליחה עבד קרה טופל טופלה הוזמן הוזמנה שלחת הגשת הזמנת ביצעת עדכון סטטוס",
)
# …and only words a question about it carries ("so did my refill go through already?", "נו, זה כבר נשלח?").
_PROGRESS_AROUND = _words(
    "did does has have is was were will it that this my the refill request order prescription so and then yet "
    "already all go gone went get got you any on there still being been it's its ok okay now well hey",
    "זה הוא היא אז נו כבר עדיין כן האם יש חדש מה עם החידוש הבקשה ההזמנה המרשם הכל בסדר",
)


def _only(norm: str, allowed: frozenset[str], needed: frozenset[str]) -> bool:
    """Every word of ``norm`` is in ``allowed`` or ``needed`` (a prefix letter may be glued on), one in ``needed``."""
    words = norm.split()
    if not words or len(words) > _MAX_WORDS:
        return False
    seen = False
    for word in words:
        variants = set(prefix_variants(word)) | {word}
        if variants & needed:
            seen = True
        elif not variants & allowed:
            return False
    return seen


def _plain(d: Dialogue) -> bool:
    """Nothing of its own: no name, store, reference, code or identifier; no red flag, advice or symptom word."""
    p, verdict = d.parsed, d.turn.verdict
    if p.meds or p.store or p.place or p.refs or p.code or p.identifier:
        return False
    if verdict.red_flags or verdict.is_advice:
        return False
    return not (c.SYMPTOM_WORDS.search(p.norm) or c.TAKING.search(p.norm))


def affirms(d: Dialogue) -> bool:
    """Whether the message is a bare yes to go on ("yes", "ok do it", "כן תעשה"), not a mere "ok" or "thanks"."""
    return _plain(d) and _only(d.parsed.norm, _AROUND, _AGREE)


def _talked(d: Dialogue) -> bool:
    return any(ref.ids for ref in d.state.last_refs)


def carry_on(d: Dialogue) -> bool:
    """A bare yes when no question is pending: the thread of the last answer goes on.

    After the offer to pass a question to a pharmacist, the pharmacist; after a refill answer, that refill
    (placed when it can be, with the one confirmation; else why not, and what can be done).

    Args:
        d: The turn (no question was pending).

    Returns:
        True when the message was answered here.
    """
    if not affirms(d):
        return False
    if rx_doctor.accepts_pharmacist(d):
        return True
    if d.state.last_intent not in _REFILL or not d.identified or not _talked(d) or _said_pending(d):
        return False  # "yes" after "already being prepared" / "done": nothing more to do (an acknowledgement)
    target = flows_rx.current_target(d)
    if target is None:
        return False
    _go_on(d, target)
    d.parsed.intent = "refill_request"
    return True


def _said_pending(d: Dialogue) -> bool:
    """The last reply said that a refill is already being prepared, or that it was just requested."""
    before, _, after = TEXTS["rx_pending"][d.lang].partition("{name}")
    if re.search(re.escape(before) + r".+?" + re.escape(after), d.last_reply):
        return True
    done = TEXTS["refill_done"][d.lang].split("{", 1)[0]
    return bool(done) and done in d.last_reply


def _go_on(d: Dialogue, target: RxItem) -> None:
    """Check the prescription again; request its refill (one confirmation) or say why it cannot be now."""
    name = str(target.name or target.presc_id)
    result = d.call("prescription_verify", presc_id=target.presc_id, intent="refill")
    if not result.ok:
        d.add(d.error_text(result, name))
        return
    env = result.envelope
    if env.get("next_step") != "allow_refill_request":
        flows_rx.not_eligible(d, env, name, target.med_id)  # expired, no refills, already being prepared…
        return
    here = d.store or d.turn.session.store_id
    stock = _stock(d, target, here)
    if stock is None:
        return
    if stock.get("in_stock"):
        flows_rx.verify_and_continue(d, target, request=True)  # the refill, up to its one confirmation
        return
    _not_yet(d, target, name, here, stock)


def _stock(d: Dialogue, target: RxItem, store: str | None) -> dict[str, Any] | None:
    result = d.call("inventory_check", med_id=target.med_id, store_id=store)
    if not result.ok:
        d.add(d.error_text(result, str(target.name or "")))
        return None
    matches = [m for m in result.envelope.get("matches") or [] if isinstance(m, dict)]
    found: dict[str, Any] = dict(matches[0]) if matches else {}
    found["store_name"] = str((result.envelope.get("store") or {}).get("name") or "")
    return found


def _not_yet(d: Dialogue, target: RxItem, name: str, here: str | None, stock: dict[str, Any]) -> None:
    """Out of stock where it would be picked up: why the refill cannot be placed now, and what can be done."""
    eta = stock.get("restock_eta")
    when = rx_doctor.text(d, "back_on", date=format_date(d.lang, eta)) if eta else ""
    d.add(rx_doctor.text(d, "not_yet", name=name, store=stock["store_name"], eta=when))
    other = next((s for s in c.STORES if s != here), None)
    there = _stock(d, target, other) if other else None
    if there is not None and there.get("in_stock"):
        d.add(rx_doctor.text(d, "other_has", store=there["store_name"], count=str(there.get("qty_on_hand") or "")))
    elif there is not None:
        later = there.get("restock_eta")
        back = rx_doctor.text(d, "back_on", date=format_date(d.lang, later)) if later else ""
        d.add(rx_doctor.text(d, "other_out", store=there["store_name"], eta=back))
    d.add(rx_doctor.text(d, "meanwhile"))
    d.add(_policy.rx_note(d.lang, name))


def progress(d: Dialogue, last: str) -> bool:
    """ "did it go through?" / "זה עבר?" after a refill: its status (being prepared, when and where).

    Args:
        d: The turn.
        last: The request the previous turn answered.

    Returns:
        True when the refill's status answered it.
    """
    if last not in _REFILL or not _talked(d) or not _plain(d):
        return False
    if not _only(d.parsed.norm, _PROGRESS_AROUND, _PROGRESS):
        return False
    flows_rx.refill(d, request=False)
    d.parsed.intent = "refill_status"
    return True
