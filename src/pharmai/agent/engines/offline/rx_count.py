"""How many refills are left, or until when a prescription is valid: the count and the date, never a request.

"how many refills are left on my Glucophage and when does it expire?" / «כמה חידושים נשארו לי לזולופט?» asks a
number and a date. Answering it with "Yes, … eligible for a refill" and a prepared refill (``request_refill``
and "Shall I go ahead?") acts on what was only asked about; the reply gives the count on file (in agreement:
«נותרו שלושה חידושים», «נותר חידוש אחד») and the expiry date, and then offers the refill as a question
(:class:`.dialogue_state.RefillOffer`: a "yes" prepares it, as an explicit request would). Right after the
person declined a refill, nothing is offered again: a refill can still be asked for later.

A request riding along ("how many are left? then order one") and a count asked while a refill's confirmation is
open keep the refill flow's answer (the count and the one confirmation).
"""

from __future__ import annotations

from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline.dialogue_state import RefillOffer, RxItem
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import TEXTS, format_date, refills_left

__all__ = ["answer", "asks_count"]

# "how many refills are left?", "any refills left?", "כמה חידושים נשארו?": the number, not a request.
_COUNT = c.cues(
    "how many refills", "how many renewals", "how many more refills", "how many times can i refill",
    "how many left", "how many are left", "how many do i have", "refills left", "refills remaining",
    "refills remain", "refills do i have", "refills have i got", "refills are there", "number of refills",
    "any refills", "refills still",
    "כמה חידושים", "כמה חידושים נשארו", "כמה חידושים נותרו", "כמה פעמים אפשר לחדש", "כמה פעמים עוד אפשר לחדש",
    "כמה נשארו", "כמה נותרו", "כמה עוד נשארו", "חידושים נשארו", "חידושים נותרו", "נשארו לי חידושים",
    "נותרו לי חידושים", "נשארו חידושים", "נותרו חידושים", "יש לי עוד חידושים", "מספר החידושים", "כמה חידושים יש",
    # Until when the prescription is valid: a date, not a request either.
    "expire", "expires", "expiry", "expiration", "valid until", "good until", "until when", "till when",
    "עד מתי", "פג תוקף", "פג התוקף", "תאריך התפוגה", "תוקף המרשם", "התוקף של המרשם", "בתוקף עד",
)  # fmt: skip
# A request riding along ("how many are left? then order one", "כמה נשארו? אז תזמין"): the refill flow's.
_REQUEST = c.cues(
    "order", "request", "submit", "go ahead", "refill it", "renew it", "do it", "put in", "place",
    "תזמין", "תזמיני", "תגיש", "תגישי", "תחדש", "תחדשי", "להזמין", "להגיש", "תעשה", "תעשי",
    # "any left? if so put one in", «נשארו? אם כן תזמין»: a request that waits only on the count.
    "put one in", "if so", "if yes", "if there are", "if there is", "if any", "אם כן", "אם יש", "אם נשאר",
    "אם נשארו",
)  # fmt: skip
_TEXTS = {
    "count": {
        "en": "Your {name} prescription has {refills} (it's valid until {date}).",
        "he": "במרשם שלך ל{name} {refills} (המרשם בתוקף עד {date}).",
    },
    "later": {
        "en": "I haven't requested anything; if you'd like a refill later, just ask.",
        "he": "לא הגשתי שום בקשה; אם יהיה צורך בחידוש בהמשך, אפשר פשוט לבקש.",
    },
}


def _text(d: Dialogue, key: str, **values: str) -> str:
    return _TEXTS[key]["he" if d.lang == "he" else "en"].format(**values)


def asks_count(d: Dialogue) -> bool:
    """Whether the message asks how many refills are left (or until when), and asks for nothing to be done."""
    if d.resumed_count:
        return True  # asked before signing in; the message now is the code
    norm = d.parsed.norm
    return bool(_COUNT.search(norm)) and not _REQUEST.search(norm)


def _just_declined(d: Dialogue) -> bool:
    """The last reply said that the refill offered was not requested (the person said no).

    Either language: "/deny" is answered in the language the loop reads it in, not the conversation's.
    """
    return any(text in d.last_reply for text in TEXTS["refill_denied"].values())


def answer(d: Dialogue, env: dict[str, Any], name: str, target: RxItem) -> bool:
    """The refills left and the expiry date, with the refill offered (or, right after a "no", not offered).

    Args:
        d: The turn (a refill-status question about an eligible prescription).
        env: ``prescription_verify``'s envelope for that prescription.
        name: The medication's display name.
        target: The prescription (what a "yes" to the offer refills).

    Returns:
        True when answered here (nothing is requested; at most the refill is offered as a question).
    """
    if not asks_count(d) or d.state.refill is not None:
        return False
    refills = refills_left(d.lang, env.get("refills_remaining"))
    d.add(_text(d, "count", name=name, refills=refills, date=format_date(d.lang, env.get("expires_at"))))
    if _just_declined(d):
        d.add(_text(d, "later"))
    else:
        d.ask("refill_offer")
        d.state.pending = RefillOffer(target=target)
    return True
