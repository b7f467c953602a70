"""How many refills are left, asked right after the person declined a refill: the count, and no new offer.

"how many refills do I have left?" / «כמה חידושים נשארו לי?» right after "no" to "Shall I request a refill of
Zoloft?" asks a number. Answering it with the whole refill offer again (and a second confirmation) reopens what
the person has just declined; the reply gives the count on file (in agreement: «נותרו שלושה חידושים», «נותר
חידוש אחד»), the expiry date, and that a refill can still be asked for later. Nothing is requested.

A count question at any other time keeps the refill flow's answer (the count and the one confirmation).
"""

from __future__ import annotations

from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import TEXTS, format_date, refills_left

__all__ = ["after_decline", "asks_count"]

# "how many refills are left?", "any refills left?", "כמה חידושים נשארו?": the number, not a request.
_COUNT = c.cues(
    "how many refills", "how many renewals", "how many more refills", "how many times can i refill",
    "how many left", "how many are left", "how many do i have", "refills left", "refills remaining",
    "refills remain", "refills do i have", "refills have i got", "refills are there", "number of refills",
    "any refills", "refills still",
    "כמה חידושים", "כמה חידושים נשארו", "כמה חידושים נותרו", "כמה פעמים אפשר לחדש", "כמה פעמים עוד אפשר לחדש",
    "כמה נשארו", "כמה נותרו", "כמה עוד נשארו", "חידושים נשארו", "חידושים נותרו", "נשארו לי חידושים",
    "נותרו לי חידושים", "נשארו חידושים", "נותרו חידושים", "יש לי עוד חידושים", "מספר החידושים", "כמה חידושים יש",
)  # fmt: skip
# A request riding along ("how many are left? then order one", "כמה נשארו? אז תזמין"): the refill flow's.
_REQUEST = c.cues(
    "order", "request", "submit", "go ahead", "refill it", "renew it", "do it", "put in", "place",
    "תזמין", "תזמיני", "תגיש", "תגישי", "תחדש", "תחדשי", "להזמין", "להגיש", "תעשה", "תעשי",
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
    """Whether the message asks how many refills are left, and asks for nothing to be done."""
    norm = d.parsed.norm
    return bool(_COUNT.search(norm)) and not _REQUEST.search(norm)


def _just_declined(d: Dialogue) -> bool:
    """The last reply said that the refill offered was not requested (the person said no).

    Either language: "/deny" is answered in the language the loop reads it in, not the conversation's.
    """
    return any(text in d.last_reply for text in TEXTS["refill_denied"].values())


def after_decline(d: Dialogue, env: dict[str, Any], name: str) -> bool:
    """The refills left, without a new offer, when the person has just declined a refill.

    Args:
        d: The turn (a refill-status question about an eligible prescription).
        env: ``prescription_verify``'s envelope for that prescription.
        name: The medication's display name.

    Returns:
        True when answered here (nothing is requested and no confirmation is opened).
    """
    if not _just_declined(d) or not asks_count(d) or d.state.refill is not None:
        return False
    refills = refills_left(d.lang, env.get("refills_remaining"))
    d.add(_text(d, "count", name=name, refills=refills, date=format_date(d.lang, env.get("expires_at"))))
    d.add(_text(d, "later"))
    return True
