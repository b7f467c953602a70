"""Flows that keep a customer safe and honest: symptoms, prices, places without a branch, strengths and
names that only nearly match.

None of them recommends anything. A symptom gets the referral and an offer to look up a product the person
names (never a catalog listing); a price is said to be missing (prices are not on file); a town with no
branch is named as such before anything is checked; a strength that was not asked for, or a name that only
resembles a product, is said or asked about instead of being silently swapped.
"""

from __future__ import annotations

import re
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import _policy, quantity
from pharmai.agent.engines.offline.dialogue_state import WhichMed, WhichStore
from pharmai.agent.engines.offline.nlu import PLACES
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import join_names, say, strength_text
from pharmai.policy.unchecked import is_failure
from pharmai.text.fuzzy import similarity
from pharmai.text.normalize import normalize, prefix_variants

__all__ = [
    "asked_strength",
    "asked_strength_in",
    "confirm_near_miss",
    "no_branch",
    "no_branch_apart",
    "place_name",
    "price",
    "resembles",
    "strength_note",
    "symptom",
]

#: A misspelt name at least this similar (0–100) to the product's own name is taken as that product;
#: below it the person is asked "did you mean …?".
NEAR_MISS_SIMILARITY = 80
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
# A number said as a count ("only 5?", "רק 8 יחידות?", "just 3 left", "5 units"), not as a strength.
_COUNT = re.compile(
    r"(?:\b(?:only|just|merely)|(?:^|(?<=\s))ו?רק)\s*\d+(?![\d.]*\s*(?:mg|mcg|מ[\"״]?ג))"
    r"|\d+\s*(?:units?|left|pcs|pieces|boxes|packs?|יחידות|יחידה|קופסאות|בלבד|נשארו)\b",
    re.IGNORECASE,
)
_UNIT = re.compile(r"mg|mcg|מ[\"״]?ג|מיליגרם", re.IGNORECASE)
# "i weigh 50kg", "my son is 6 years old", "38.5 degrees": a number with another unit is never a strength.
_OTHER_UNIT = (
    r"\s*(?:kg|kgs|kilo|kilos|kilograms?|lbs?|pounds?|years?|yrs?|yo|months?|weeks?|days?|hours?|degrees?|cm|ml|%"
    r"|fever|temp|temperature|ק[\"״]?ג|קילו|שנים|שנה|חודשים|חודש|שבועות|ימים|שעות|מעלות|חום|מ[\"״]ל)(?![^\W\d_])"
)
# "fever 38.3", «חום של 38.5»: a temperature said before its number (the unit after it is handled above).
_FEVER_BEFORE = re.compile(r"(?:fever|temp|temperature|חום)(?:\s+(?:of|is|at|של|הוא|עד))?\s*$", re.IGNORECASE)
_MESSAGE_STRENGTH = re.compile(
    r"(?<![\d.])(\d{1,4}(?:\.\d+)?)\s*(?:mg|mcg|מ[\"״]?ג|מיליגרם)?(?!\.?\d)(?!" + _OTHER_UNIT + ")", re.IGNORECASE
)


def symptom(d: Dialogue) -> None:
    """A symptom or condition: the referral, and an offer to look up a product the person names."""
    d.add(_policy.refusal(d.lang, "advice"))
    d.say("symptom_offer")


def price(d: Dialogue, names: list[str]) -> None:
    """Prices are not on file: say so (for the products named, if any)."""
    if names:
        d.say("price_unknown", names=join_names(d.lang, names))
    else:
        d.say("price_unknown_any")


def place_name(d: Dialogue, key: str) -> str:
    """A place's name in the reply language."""
    names = PLACES.get(key)
    return (names[1] if d.lang == "he" else names[0]) if names else key


# "there" in the sentence that names the medication ("got Nurofen there?", "יש לכם שם נורופן?"): the place.
_THERE = re.compile(c.THERE.pattern + r"|(?:^|(?<=\s))ו?" + normalize("שם") + r"(?=\s|$)")


def no_branch_apart(d: Dialogue) -> bool:
    """A place asked about in a sentence of its own, a medication in another: say there is no branch there.

    "do you have a branch in Eilat? I need Moxypen" asks two things, so both are answered: no branch there,
    then (the caller's flow) the medication at every branch there is, none having been chosen. "Nurofen in
    Haifa?" or "I'm in Haifa, got Nurofen there?" ask for the stock in that place, which no branch can
    answer: only the offer to check one of ours (not here).

    Returns:
        True when the no-branch answer was given and the branches to check were set.
    """
    p = d.parsed
    if not p.place or p.store or not p.mentions:
        return False
    clauses: list[tuple[int, int]] = []
    start = 0
    for separator in c.CLAUSES.finditer(p.text):
        clauses.append((start, separator.start()))
        start = separator.end()
    clauses.append((start, len(p.text)))
    clauses = _branch_asked(p.text, clauses)
    places = {i for i, (a, b) in enumerate(clauses) if c.PLACE_SCREEN.search(normalize(p.text[a:b]))}
    named = {i for i, (a, b) in enumerate(clauses) for m in p.mentions if a <= int(getattr(m, "start", -1)) < b}
    if not places or not named or places & named:
        return False
    if any(_THERE.search(normalize(p.text[a:b])) for i, (a, b) in enumerate(clauses) if i in named):
        return False
    no_branch(d)
    here = d.turn.session.store_id or next(iter(c.STORES))
    p.stores = [here, *(store for store in c.STORES if store != here)]
    return True


# "is there a branch in Haifa", «יש לכם סניף בחיפה»: a question of its own, whatever follows it ("כי אני צריכה
# זירטק", "cause I need Zyrtec"); "because", «כי» start a sentence of their own too.
_BRANCH_IN = re.compile(
    r"\b(?:branch|branches|store|stores|shop|shops|location|locations|pharmacy|pharmacies|outlet|outlets)"
    r"(?:\s+of\s+yours)?\s+(?:in|at|near|around)\s+"
    r"|(?:^|(?<=\s))ו?ה?(?:סניפ|סניף|סניפים)(?:\s+(?:שלכם|שלך))?\s+(?=ב)|(?:^|(?<=\s))ו?ה?(?:סניפ|סניף|סניפים)"
    r"(?:\s+(?:שלכם|שלך))?\s+(?:באזור|ליד)\s+",
    re.IGNORECASE,
)
_BECAUSE = re.compile(
    r"\s+(?=(?:because|cause|'cause|cuz|coz|since)\b|כי\s|כיוון\s+ש|מפני\s+ש|אז\s+אני\s)", re.IGNORECASE
)
_WORDS_AFTER = re.compile(r"\S+")


def _branch_asked(text: str, clauses: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``clauses`` cut also after a branch asked about in a place and before "because", «כי»."""
    cuts = {m.end() for m in _BECAUSE.finditer(text)}
    for branch in _BRANCH_IN.finditer(text):
        words = list(_WORDS_AFTER.finditer(text, branch.end()))[:3]
        for word in words:  # the place's own words only ("in Beer Sheva", not the medication after it)
            if c.PLACE_SCREEN.search(normalize(text[branch.end() : word.end()])):
                cuts.add(word.end())
                break
    pieces: list[tuple[int, int]] = []
    for a, b in clauses:
        start = a
        for cut in sorted(x for x in cuts if a < x < b):
            pieces.append((start, cut))
            start = cut
        pieces.append((start, b))
    return pieces


def no_branch(d: Dialogue, *, ask: WhichStore | None = None) -> None:
    """Say there is no branch in the place asked about, name the branches, and (optionally) offer to check one.

    Args:
        d: The turn.
        ask: The question "which branch shall I check?" to ask, with the request to run there.
    """
    d.say("no_branch", place=place_name(d, str(d.parsed.place)))
    if ask is not None:
        d.say("which_store_offer")
        d.state.pending = ask


def _digits(text: Any) -> str | None:
    match = _NUMBER.search(str(text or ""))
    return match.group(0) if match else None


def _strength_in(text: str) -> re.Match[str] | None:
    """The first number of ``text`` that may be a strength (never a temperature said after "fever")."""
    for match in _MESSAGE_STRENGTH.finditer(text):
        if not _FEVER_BEFORE.search(text[: match.start()]):
            return match
    return None


def asked_strength_in(text: str) -> str | None:
    """The strength written in ``text`` ("nurofin forte 200mg" → "200"), if any."""
    match = _strength_in(text)
    # A number glued to a word is part of a name ("vitamin d3"), not a strength.
    if match is None or (match.start() and text[match.start() - 1].isalpha() and not _he_prefix(text, match.start())):
        return None
    if _COUNT.search(text) and not _UNIT.search(match.group(0)):
        return None  # "only 5?", "רק 8?", "just 3 left": a reaction to a count of units, never a strength
    return match.group(1)


# "את ה10", "ב-200", "של ה400": Hebrew prefix letters glued to a number make it no part of a name.
_HE_NUMBER_PREFIX = re.compile(r"(?:^|\s)[וה]?[הבלשמ]$")


def _he_prefix(text: str, start: int) -> bool:
    return _HE_NUMBER_PREFIX.search(text[:start]) is not None


def asked_strength(d: Dialogue, mention: Any) -> str | None:
    """The strength the message asks for about ``mention`` (digits only), if any; never a count of packs."""
    return _asked_strength(d, mention)


def _asked_strength(d: Dialogue, mention: Any) -> str | None:
    if d.asked_strength:
        return d.asked_strength  # "yes" to "did you mean …?": the strength of the message it answered
    asked = _digits(getattr(mention, "strength", None))
    if asked and quantity.asked(d.parsed.text) is not None and not _UNIT.search(str(mention.strength)):
        asked = None  # "acamol 2 boxes": the number after the name is a count, never a strength
    if asked or mention is None or len(d.parsed.meds) != 1:
        return asked
    # "do you have the 400 mg nurofen", "נורופן של 400": a strength written before or apart from the name
    # ("2 boxes of acamol", "2 קופסאות אקמול": a count, blanked out first).
    match = _strength_in(quantity.without_counts(d.parsed.text))
    return match.group(1) if match else None


def strength_note(d: Dialogue, med: dict[str, Any], mention: Any, name: str) -> tuple[str, dict[str, Any] | None]:
    """The strength asked for against the one carried.

    Args:
        d: The turn.
        med: The product as a tool returned it (``strength``, ``generic_name``).
        mention: The catalog mention; its ``strength`` is what the person typed after the name.
        name: The product's name for the reply.

    Returns:
        The sentence to say (empty when the strengths agree or none was asked) and, when another product of
        the same generic has the strength asked for (Nurofen 400 → Nurofen Forte), that product
        (``med_id``, ``display_name``) to answer about instead.
    """
    asked = _asked_strength(d, mention)
    carried = _digits(med.get("strength"))
    if not asked or not carried or float(asked) == float(carried):
        return "", None
    unit = strength_text(d.lang, re.sub(r"^[\d./\s]+", "", str(med.get("strength") or "")).strip())
    other = _product_with_strength(d, med, asked)
    asked_text, carried_text = f"{asked} {unit}".strip(), f"{carried} {unit}".strip()
    if other is not None:
        text = say(
            d.lang, "strength_is", name=name, asked=asked_text, carried=carried_text, other=other["display_name"]
        )
        return text, other
    return say(d.lang, "strength_mismatch", name=name, asked=asked_text, carried=carried_text), None


def _product_with_strength(d: Dialogue, med: dict[str, Any], asked: str) -> dict[str, Any] | None:
    """Another product of the same generic in the strength asked for (Nurofen 400 → Nurofen Forte)."""
    generic = med.get("generic_name")
    if not generic:
        return None
    result = d.call("get_medication_by_name", medication_name=str(generic))
    if is_failure(result.error_code):
        d.add(d.error_text(result, str(generic)))  # whether another strength is carried is not known
    found = (result.envelope.get("medication") or {}) if result.ok else {}
    matches = [
        product
        for product in found.get("products") or []
        if isinstance(product, dict)
        and product.get("med_id") != med.get("med_id")
        and _digits(product.get("strength")) == asked
    ]
    # The same brand first: "the same thing in 200" after Nurofen Forte is Nurofen, not another brand's 200 mg.
    brand = normalize(str(med.get("brand_name") or "")).split()[:1]
    matches.sort(key=lambda product: normalize(str(product.get("display_name") or "")).split()[:1] != brand)
    if matches:
        return {"med_id": matches[0].get("med_id"), "display_name": str(matches[0].get("display_name"))}
    return None


def _names_of(med: dict[str, Any]) -> list[str]:
    keys = ("brand_name", "generic_name", "name_en", "name_he", "display_name")
    return [normalize(str(med.get(k))) for k in keys if med.get(k)]


def _typed(mention: Any) -> str:
    words = normalize(str(getattr(mention, "matched_text", "") or "")).split()
    return " ".join(w for w in words if not w.isdigit() and w not in ("mg", "mcg", "מג"))


def resembles(typed: str, med: dict[str, Any]) -> bool:
    """Whether ``typed`` is close enough to one of the product's names to be taken for it without asking."""
    folded = normalize(typed)
    candidates = prefix_variants(folded) if " " not in folded else [folded]
    best = max((similarity(t, name) for t in candidates for name in _names_of(med)), default=0.0)
    return best >= NEAR_MISS_SIMILARITY


def confirm_near_miss(d: Dialogue, med: dict[str, Any], mention: Any, intent: str) -> bool:
    """Ask "did you mean …?" when a misspelt name only loosely resembles the product found.

    Returns:
        True when the question was asked (the caller then says nothing else about this product).
    """
    if mention is None or not getattr(mention, "fuzzy", False):
        return False
    typed = _typed(mention)
    if not typed:
        return False
    candidates = prefix_variants(typed) if " " not in typed else [typed]
    best = max((similarity(t, name) for t in candidates for name in _names_of(med)), default=100.0)
    if best >= NEAR_MISS_SIMILARITY:
        return False
    name = str(med.get("display_name") or med.get("brand_name") or "")
    d.say("near_miss", typed=str(getattr(mention, "matched_text", "")).strip(), name=name)
    d.state.pending = WhichMed(
        intent=intent, options=[str(med.get("brand_name") or name)], strength=_asked_strength(d, mention)
    )
    return True
