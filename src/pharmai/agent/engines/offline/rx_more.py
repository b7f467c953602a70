"""More of a medication: "can I get more Klacid?", "I ran out of my Glucophage", "אפשר עוד אקמול".

More of a medication on file is its refill (:mod:`~pharmai.agent.engines.offline.rx_next_steps`); more of one
with no prescription on file is its stock. Kept apart from both flows so that the prescription flow and
the next-steps module, which builds on it, share the cue without importing each other.
"""

from __future__ import annotations

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_catalog
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["MORE", "more_not_on_file"]

# "can I get more Klacid?", "I ran out of my Glucophage": more of a medication = its refill, when on file.
MORE = c.cues(
    "more", "another box", "another pack", "another bottle", "ran out", "run out", "running out", "running low",
    "out of my", "need some more", "get some more",
    "עוד", "נגמר לי", "נגמרה לי", "נגמרו לי", "נגמר", "נגמרו", "עוד קופסה", "עוד חבילה",
)  # fmt: skip


def more_not_on_file(d: Dialogue) -> bool:
    """ "אפשר עוד אקמול" with no prescription for it on file: more of a product is its stock, not a refill.

    The model may read "more X" as a refill request; with no word of a refill in the message and nothing on
    file for X, "I don't see a valid prescription for Acamol, see your doctor" would answer a question never
    asked (Acamol needs none). The stock answer says whether it needs a prescription.

    Args:
        d: The turn (a refill flow found no prescription for the medication named).

    Returns:
        True when the stock was answered instead.
    """
    p = d.parsed
    if not p.meds or not MORE.search(p.norm) or c.REFILL.search(p.norm) or c.TAKING.search(p.norm):
        return False
    flows_catalog.availability(d, None)
    p.intent = "availability"
    return True
