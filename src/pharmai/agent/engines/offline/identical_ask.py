"""A stock question that also asks for an identical product: "lipitor's out at dizengoff, anything identical?".

The model hears the stock question only, and the stock answer used to end with "shall I check for an
identical equivalent?", a question the customer had just asked. When the message itself asks for one
("anything identical?", "same thing by another brand?", «יש משהו זהה?», «יש תחליף?»), the equivalents are
answered in the same reply; the offer stays for when the customer did not ask.
"""

from __future__ import annotations

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline.nlu import Parsed

__all__ = ["asks_for_identical", "asks_identical"]

# "any", "something", «יש», «משהו»: the words that make "identical" / «אותו דבר» a request for a product,
# never a remark ("it's the same thing", «זה אותו דבר»).
_ASKS_FOR_ONE = c.cues(
    "any", "anything", "something", "is there", "are there", "got", "do you have", "do u have", "have you got",
    "by another", "from another", "other brand", "another brand", "other company", "another company",
    "יש", "אין", "משהו", "יש לכם", "אולי", "מחברה אחרת", "ממותג אחר", "של חברה אחרת",
)  # fmt: skip


def asks_identical(p: Parsed) -> bool:
    """Whether a message about one product also asks for an identical product (its equivalents).

    Args:
        p: The message as read (two products named are a comparison, never this).

    Returns:
        True when the equivalents of the one product named should be answered with the stock.
    """
    if len(p.meds) != 1 or p.refs or c.CHEAPER.search(p.norm):
        return False  # "cheaper?" has its own answer (equivalents, and no prices on file)
    if c.EQUIVALENT.search(p.norm):
        return True  # "an alternative?", «יש תחליף?»
    return bool(c.IDENTICAL_ONE.search(p.norm) and _ASKS_FOR_ONE.search(p.norm))


def asks_for_identical(norm: str) -> bool:
    """Whether a normalised part asks for a product identical to one in play ("anything identical?", «יש משהו
    שווה ערך?»), never a remark about two products ("it's the same thing", «זה אותו דבר»)."""
    return bool(c.IDENTICAL_ONE.search(norm) and _ASKS_FOR_ONE.search(norm))
