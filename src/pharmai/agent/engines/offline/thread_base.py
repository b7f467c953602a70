""" "The regular one" after a variant product: the plain product of the same brand.

The opposite of :func:`.thread_intent._variant` ("and the forte?" after Nurofen names Nurofen Forte): after
Nurofen Forte, "what about the regular one?", "the plain one", "the non-forte", «והרגיל?», «הפשוטה»,
«בלי הפורטה» name Nurofen. The thread's product name is cut word by word from its end ("nurofen forte" →
"nurofen") until the catalog finds another product by that shorter name: that product is added to the
message as if typed, and a product the message named only to deny it ("the non-forte") is dropped.

Only a short message counts, and a word of kind only when it stands for a product ("the regular one",
«הרגיל»), never "regular use" or «המינון הרגיל» (the usual dose), which keep the thread's product.

Nothing here calls a tool; the parse is corrected before any flow runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline.dialogue_state import DialogueState
from pharmai.agent.engines.offline.nlu import Parsed, medication_groups
from pharmai.pharmacy.search import Mention
from pharmai.text.normalize import normalize

__all__ = ["regular_of"]

Mentions = Callable[[str], Sequence[Any]]

_MAX_WORDS = 10
_KIND_EN = r"(?:regular|normal|plain|basic|standard|ordinary|original|simple|simpler|classic|usual)"
# What such a word may describe and still not be a product ("regular use", "the normal dose").
_NOT_PRODUCT_EN = (
    r"(?!\s+(?:use|usage|user|basis|dose|doses|dosage|dosing|intake|schedule|check|checkup|price|prices|hours|"
    r"size|amount|way|thing|stuff|to|for|question|day|days|time|times|customer|visit|pharmacy|store|branch)\b)"
)
_BASE_EN = re.compile(
    rf"\b(?:the|a|an|just|plain|your|about|want|need|prefer|get|check|have|got|of|or|and)\s+{_KIND_EN}\b"
    + _NOT_PRODUCT_EN
    + rf"|\b{_KIND_EN}\s+(?:one|ones|version|versions|kind|type|strength|variant|product|pill|pills|tablet|"
    r"tablets|pack|box|formula)\b" + rf"|^{_KIND_EN}\b{_NOT_PRODUCT_EN}"
)
_BASE_HE = c.cues(
    "הרגיל", "הרגילה", "הרגילים", "הרגילות", "הפשוט", "הפשוטה", "הפשוטים", "הבסיסי", "הבסיסית", "הסטנדרטי",
    "הסטנדרטית", "המקורי", "המקורית", "הקלאסי", "הקלאסית", "הרגולרי", "הרגולרית",
)  # fmt: skip
# «רגיל» with no article only closing the message ("ויש רגיל?"): "אני רגיל לקחת" is "I'm used to".
_BARE_HE = re.compile(r"(?:^|\s)ו?(?:רגיל|רגילה|פשוט|פשוטה)$")
# «המינון הרגיל» (the usual dose), «בשימוש הרגיל»: the kind word describes something other than a product.
_NOT_PRODUCT_HE = {
    normalize(word)
    for word in (
        "מינון", "המינון", "שימוש", "השימוש", "בשימוש", "מחיר", "המחיר", "כמות", "הכמות", "זמן", "הזמן",
        "שעות", "השעות", "סדר", "הסדר", "בסדר", "מקום", "המקום", "יום", "היום", "ביום", "מצב", "המצב", "אופן",
        "באופן", "לקוח", "הלקוח", "רופא", "הרופא", "תור", "התור", "טיפול", "הטיפול", "משלוח", "המשלוח",
    )
}  # fmt: skip
# "the non-forte", "not the forte", «בלי הפורטה», «לא הפורטה»: the variant word denied (filled in per name).
_DENY_EN = r"\b(?:non|not(?:\s+the)?|without(?:\s+the)?|no|minus|except(?:\s+the)?)\s+(?:%s)\b"
_DENY_HE = r"(?:^|(?<=\s))ו?(?:בלי|לא|ללא|חוץ\s+מ)\s*ה?(?:%s)(?=\s|$)"
_WORD = re.compile(r"[^\W\d_]{2,}")


def _kind_word(norm: str) -> re.Match[str] | None:
    """Where ``norm`` asks for the plain product ("the regular one", «הרגיל»), if it does."""
    if match := _BASE_EN.search(norm):
        return match
    for match in _BASE_HE.finditer(norm):
        before = norm[: match.start()].split()
        if not before or before[-1] not in _NOT_PRODUCT_HE:
            return match
    return _BARE_HE.search(norm)


def regular_of(p: Parsed, state: DialogueState, mentions: Mentions | None) -> bool:
    """Name, in ``p``, the plain product of the thread's variant when the message asks for "the regular one".

    Args:
        p: The message as :func:`.nlu.parse` read it (corrected in place).
        state: The conversation so far (the products talked about).
        mentions: The catalog's medication finder.

    Returns:
        True when the plain product was added to the message.
    """
    refs = [ref for ref in state.last_refs if ref.ids and ref.q]
    if mentions is None or not refs or len(p.norm.split()) > _MAX_WORDS:
        return False
    in_play = {med_id for ref in refs for med_id in ref.ids}
    if any(not set(getattr(m, "med_ids", ()) or ()) <= in_play for m in p.mentions):
        return False  # "the regular Acamol" names its product itself
    for ref in refs:
        words = _WORD.findall(ref.q)
        for cut in range(len(words) - 1, 0, -1):
            dropped = [normalize(w) for w in words[cut:] if len(w) > 2]
            denied = _denied(p.norm, dropped)
            cue = denied or _kind_word(p.norm)
            if cue is None:
                break
            found = _base(" ".join(words[:cut]), set(ref.ids), mentions)
            if found is not None:
                # "the non-forte" named Nurofen Forte only to deny it; "regular or forte?" asks about both.
                _name(p, found, cue, in_play if denied else set())
                return True
    return False


def _denied(norm: str, words: list[str]) -> re.Match[str] | None:
    if not words:
        return None
    alternatives = "|".join(re.escape(word) for word in words)
    return re.search(_DENY_EN % alternatives, norm) or re.search(_DENY_HE % alternatives, norm)


def _base(name: str, variant: set[str], mentions: Mentions) -> Any | None:
    """The one product ``name`` names on its own (not the variant itself), if any."""
    try:
        found = list(mentions(name))
    except Exception:  # a failing finder only means no plain product is found
        return None
    for mention in found:
        ids = set(getattr(mention, "med_ids", ()) or ())
        if ids and not ids & variant and int(getattr(mention, "end", 0)) >= len(name) - 1:
            return mention
    return None


def _name(p: Parsed, mention: Any, cue: re.Match[str], denied: set[str]) -> None:
    """Add ``mention`` to ``p`` where the cue was said; drop the products the message only ``denied``."""
    ids = tuple(getattr(mention, "med_ids", ()) or ())
    start = min(cue.start(), len(p.text))
    named = Mention(
        med_ids=ids,
        generic_id=getattr(mention, "generic_id", None),
        matched_text=cue.group(0).strip(),
        start=start,
        end=min(cue.end(), len(p.text)),
        strength=None,
        kind=getattr(mention, "kind", "exact"),
    )
    kept = [m for m in p.mentions if not (denied and set(getattr(m, "med_ids", ()) or ()) <= denied)]
    p.mentions = [*kept, named]
    p.meds = medication_groups(p.mentions)
    p.names = {key: value for key, value in p.names.items() if not (denied and set(key) <= denied)}
    p.names[ids] = str(getattr(mention, "matched_text", "") or cue.group(0))
    if p.intent in ("unknown", "followup"):
        p.intent = "medication"
