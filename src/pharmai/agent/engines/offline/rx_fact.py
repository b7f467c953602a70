"""Whether a product needs a prescription: a catalog fact, never a look-up of the person's own prescriptions.

"glucofage 850 is it prescription", "does Zoloft need a prescription?", «צריך מרשם לגלוקופאז'?», «גלוקופאז 850
זה במרשם?» ask about the product's label. The model may hear "prescription" and read a request for the
person's records, which opens with "I'll need your email or phone…" before the answer; the label's
prescription fact needs no sign-in. A message about the person's own prescription ("do I have a prescription
for Zoloft?", "is my Glucophage prescription still valid?", «יש לי מרשם לזולופט?») is not this question.
"""

from __future__ import annotations

from pharmai.agent.engines.offline import _cues as c

__all__ = ["asks_if_rx", "asks_needs_rx"]

# "is it prescription?", "do I need a prescription for it?", "over the counter?": the label's fact.
_NEEDS_RX = c.cues(
    "is it prescription", "is it a prescription", "is it rx", "is it otc", "is this prescription",
    "is that prescription", "prescription only", "rx only", "need a prescription", "needs a prescription",
    "need prescription", "needs prescription", "need an rx", "need a script", "need a doctor's prescription",
    "require a prescription", "requires a prescription", "require prescription", "requires prescription",
    "prescription required", "prescription needed", "without a prescription", "without prescription",
    "no prescription", "over the counter", "otc", "by prescription", "prescription drug", "prescription medicine",
    "prescription medication", "a prescription med", "is prescription", "prescription or not",
    "צריך מרשם", "צריכה מרשם", "צריכים מרשם", "צריך מרשם רופא", "דורש מרשם", "דורשת מרשם", "מצריך מרשם",
    "מצריכה מרשם", "מחייב מרשם", "מחייבת מרשם", "נדרש מרשם", "במרשם", "בלי מרשם", "ללא מרשם", "תרופת מרשם",
    "זה מרשם", "עם מרשם או בלי", "רק עם מרשם", "רק במרשם", "חייב מרשם", "חייבים מרשם",
)  # fmt: skip
# The person's own prescription: their records, which do need a sign-in.
_OWN = c.cues(
    "my prescription", "my prescriptions", "my rx", "my script", "do i have a prescription", "i have a prescription",
    "have i got a prescription", "on file", "on my", "refill", "refills", "renew", "valid", "expire", "expires",
    "המרשם שלי", "המרשמים שלי", "יש לי מרשם", "לי מרשם", "שלי", "חידוש", "לחדש", "תוקף", "בתוקף",
)  # fmt: skip


def asks_if_rx(norm: str, *, named: bool) -> bool:
    """Whether the message asks if a named product needs a prescription (and nothing about the person's own).

    Args:
        norm: The message, normalised.
        named: The message names a medication (nothing else has a label to read).
    """
    return named and bool(_NEEDS_RX.search(norm)) and not _OWN.search(norm)


def asks_needs_rx(norm: str) -> bool:
    """Whether the normalised message asks if something needs a prescription (whoever it is for)."""
    return bool(_NEEDS_RX.search(norm))
