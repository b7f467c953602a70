"""Catalog flows: medication facts, availability, equivalents, listings and interactions (seed 000, 001)."""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field, InstanceOf

from pharmai.agent.base import ToolResult
from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import (
    _policy,
    either,
    equivalents_branches,
    flows_care,
    interaction_report,
    quantity,
    stock_elsewhere,
    strengths,
)
from pharmai.agent.engines.offline._clauses import asks_rx_alone
from pharmai.agent.engines.offline.dialogue_state import EquivalentsOffer, MedRef, WhichMed
from pharmai.agent.engines.offline.nlu import remainder_query
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import differences, format_date, join_names, say, strength_text
from pharmai.text.fuzzy import similarity
from pharmai.text.normalize import normalize, prefix_variants

__all__ = [
    "CHILD",
    "MedRef",
    "availability",
    "equivalents",
    "info",
    "interaction",
    "last_refs",
    "learn",
    "list_medications",
    "mention_of",
    "named_refs",
    "stock_line",
    "targets",
]

_LIST_LIMIT = 20
#: A child named with a dose question: the label's adult dose is never the answer there, only the referral
#: ("whats the max for my 6 year old", "כמה מקסימום לילד בן 6?").
CHILD = c.cues(
    "child", "children", "kid", "kids", "baby", "babies", "toddler", "infant", "son", "daughter", "year old",
    "years old", "yo", "ילד", "ילדה", "ילדים", "תינוק", "תינוקת", "פעוט", "בן", "בת", "הבן", "הבת", "גיל",
)  # fmt: skip
#: Medication names are at most this many words ("nurofen forte 400 mg"); a longer remainder is a sentence.
_MAX_NAME_WORDS = 4


class _LookedUp(MedRef):
    """A medication found by a lookup of this turn, with that lookup's answer (so it is not asked twice).

    Only ever passed between flows; the state keeps plain :class:`MedRef` copies.
    """

    result: InstanceOf[ToolResult] = Field(exclude=True)


def learn(d: Dialogue, med_id: Any, name: Any) -> None:
    if isinstance(med_id, str) and isinstance(name, str) and name:
        names = d.state.names
        names[med_id] = name
        if len(names) > 40:  # keep the persisted state small
            names.pop(next(iter(names)))


def name_of(d: Dialogue, med_id: str, fallback: str = "") -> str:
    """The display name last seen for a product (in a tool answer of this conversation).

    Failing that, the name the customer wrote for it (the fallback, or the one kept with the product talked
    about); an internal id is never shown ("no identical equivalent of m012").
    """
    name = d.state.names.get(med_id) or fallback
    if not name:
        typed = (r.q for r in (*d.state.last_refs, *d.state.recent) if med_id in r.ids and r.q and r.q != med_id)
        name = next(typed, "")
    return str(name or ("this product" if d.lang == "en" else "המוצר הזה"))


def targets(d: Dialogue) -> list[MedRef]:
    """The medications this message is about: those it names, else those talked about last."""
    p = d.parsed
    refs: list[MedRef] = []
    for mention in p.mentions:
        ids = list(getattr(mention, "med_ids", ()) or ())
        if ids and all(ids != ref.ids for ref in refs):
            typed = p.names.get(tuple(ids)) or str(getattr(mention, "matched_text", "") or ids[0])
            refs.append(MedRef(ids=ids, q=typed))
    if refs:
        d.state.last_refs = refs[:5]
        return refs
    if remainder_query(p.text):
        return []
    return [ref for ref in d.state.last_refs if ref.ids]


def named_refs(d: Dialogue) -> list[MedRef]:
    """The medications this message names, in order (nothing carried over, no state changed)."""
    refs: list[MedRef] = []
    for mention in d.parsed.mentions:
        ids = list(getattr(mention, "med_ids", ()) or ())
        if ids and all(ids != ref.ids for ref in refs):
            refs.append(MedRef(ids=ids, q=d.parsed.names.get(tuple(ids)) or str(getattr(mention, "matched_text", ""))))
    return refs


def mention_of(d: Dialogue, ref: MedRef) -> Any:
    """The catalog mention behind a reference of this message (``None`` for one carried over)."""
    ids = tuple(ref.ids)
    return next((m for m in d.parsed.mentions if tuple(getattr(m, "med_ids", ()) or ()) == ids), None)


def _checked(d: Dialogue, ref: MedRef, med: dict[str, Any], intent: str) -> tuple[bool, str, dict[str, Any] | None]:
    """Whether to answer about ``med`` (not when "did you mean …?" was asked), the strength note, and the
    product of the strength asked for, to answer about instead."""
    mention = mention_of(d, ref)
    if not d.parsed.confirmed and flows_care.confirm_near_miss(d, med, mention, intent):
        return False, "", None
    name = str(med.get("brand_name") or med.get("display_name") or ref.q or "")
    products = [x for x in med.get("products") or [] if isinstance(x, dict)]
    if products and not med.get("strength"):
        # "ibuprofen 600mg": the ingredient, asked in a strength none of its products has.
        asked = flows_care.asked_strength(d, mention)
        return True, strengths.missing_line(d, str(med.get("display_name") or name), products, asked), None
    note, swap = flows_care.strength_note(d, med, mention, name)
    if note and swap is None:
        # "נורופן 600?": not carried in that strength; the strengths that are (Nurofen Forte 400 mg) are named.
        note = " ".join(part for part in (note, strengths.others_line(d, med)) if part)
    return True, note, swap


def last_refs(d: Dialogue) -> list[MedRef]:
    """The medications talked about last (for "it", "them"), whatever else the message says."""
    return [ref for ref in d.state.last_refs if ref.ids]


def _resolve_unknown(d: Dialogue, intent: str) -> list[MedRef]:
    """Look up a name the catalog mentions did not recognise: did-you-mean, or one clarifying question."""
    query = remainder_query(d.parsed.text)
    if not query or len(query.split()) > _MAX_NAME_WORDS:
        # Nothing, or a whole sentence, left once the request words are gone: ask rather than echo it back.
        d.say("ask_which_med")
        d.state.pending = WhichMed(intent=intent)
        return []
    result = d.call("get_medication_by_name", medication_name=query)
    if result.ok:
        med = result.envelope.get("medication") or {}
        ids = [med["med_id"]] if med.get("med_id") else [p["med_id"] for p in med.get("products") or []]
        d.state.last_refs = [MedRef(ids=ids, q=query)]
        return [_LookedUp(ids=ids, q=query, result=result)] if ids else []
    _lookup_failed(d, result, query, intent)
    return []


def _lookup_failed(d: Dialogue, result: ToolResult, query: str, intent: str) -> None:
    error = result.envelope.get("error") or {}
    details = error.get("details") or {}
    shown = query[:60]
    if result.error_code == "MED_NOT_FOUND":
        options = [x for x in (str(x) for x in details.get("did_you_mean") or []) if _near(query, x)][:3]
        about = None if options else _thread_product(d)
        if about is not None:
            # "where exactly is it?": ordinary words and a pronoun, with a product in the thread: one short
            # question about that product, never "I couldn't find a medication named 'where'".
            d.say("thread_clarify", name=about)
            return
        d.say("not_found", query=shown)
        d.state.unknown_name = shown  # "it's an inhaler for asthma" next is about this name
        if options:
            d.say("did_you_mean", names=join_names(d.lang, options, conjunction="or"))
            d.state.pending = WhichMed(intent=intent, options=options, strength=flows_care.asked_strength_in(query))
    elif result.error_code == "AMBIGUOUS":
        options = [str(x) for x in details.get("suggestions") or []][:6]
        d.say("ambiguous", query=shown, names=join_names(d.lang, options, conjunction="or"))
        d.state.pending = WhichMed(intent=intent, options=options, strength=flows_care.asked_strength_in(query))
    else:
        d.add(d.error_text(result, shown))


# Letters that sound alike at the start of a name ("klaritin" / Claritine, "סימבולין" / Simovil in Hebrew).
_SOUNDS = {"k": "c", "q": "c", "z": "s", "ק": "כ", "ט": "ת", "ש": "ס", "צ": "ס", "ע": "א", "ב": "ו"}
# A suggestion this close to what was typed is kept whatever letter it starts with ("lasix" / Plavix, 73:
# a different medication, said so, but one a customer may have misspelt).
_CLOSE = 70.0
# One that starts with the same sound is kept from here ("plaxivv" / Plavix, "zirtek" / Zyrtec); one that
# starts otherwise ("ventolin" / Eltroxin, "ונטולין" / אוגמנטין) is another product, never offered.
_SAME_START = 45.0


def _near(query: str, suggestion: str) -> bool:
    """Whether a "did you mean …?" suggestion resembles what was typed enough to be offered."""
    typed = normalize(query).replace(" ", "")
    if not typed:
        return True
    words = [normalize(part) for part in re.split(r"[()+/]", suggestion) if part.strip()]
    names = [re.sub(r"[\d\s.,]|mg|mcg|מג", "", word) for word in words]
    for name in (n for n in names if n):
        if _hebrew(name) != _hebrew(typed):
            return True  # typed in one script, suggested in the other: no letters to compare
        for variant in prefix_variants(typed):
            score = similarity(variant, name)
            if score >= _CLOSE or (score >= _SAME_START and _sound(variant[:1]) == _sound(name[:1])):
                return True
    return not names


def _hebrew(text: str) -> bool:
    return bool(re.search(r"[\u05d0-\u05ea]", text))


def _sound(letter: str) -> str:
    return _SOUNDS.get(letter, letter)


# Question words: never a medication name, whatever else the message says.
_QUESTION_WORD = c.cues(
    "where", "wheres", "which", "what", "whats", "who", "why", "how", "when", "whose",
    "איפה", "היכן", "מה", "איך", "למה", "מדוע", "מי", "מתי", "איזה", "איזו", "אילו", "כיצד",
)  # fmt: skip


def _thread_product(d: Dialogue) -> str | None:
    """The product a message of ordinary words points back at ("where exactly is it?", "איפה הוא בדיוק").

    The catalog found no medication by the words left and suggests none; a question word left among them
    ("where", "which", "איפה") names no medication, so one short question about the product of the thread is
    asked instead of "I couldn't find a medication named 'where'". A word that may be a name ("קסנקס זה אותו
    דבר?") is still said not to be found.
    """
    refs = last_refs(d)
    if d.parsed.meds or not refs or not _QUESTION_WORD.search(normalize(remainder_query(d.parsed.text))):
        return None
    return name_of(d, str(refs[0].ids[0]), refs[0].q)


def resolve_targets(d: Dialogue, intent: str) -> list[MedRef]:
    """The medications of this message, looking an unrecognised name up when none was named."""
    refs = targets(d)
    if not refs:
        return _resolve_unknown(d, intent)
    extra = [ref for ref in _loose(d, intent) if all(ref.ids != known.ids for known in refs)]
    if extra:
        refs = [*refs, *extra]
        d.state.last_refs = [MedRef(ids=ref.ids, q=ref.q) for ref in refs[:5]]
    return refs


def _loose(d: Dialogue, intent: str) -> list[MedRef]:
    """The list items the catalog did not recognise ("acamol, zirtek and claritin"), looked up once a turn.

    A name found (close enough to what was typed) joins the others; one not found is never dropped in
    silence: the reply ends by asking about it ("did you mean Zyrtec?") when the catalog has a suggestion.
    """
    if d.loose is not None:
        return list(d.loose)
    found: list[MedRef] = []
    missed: list[str] = []
    options: list[str] = []
    for query in d.parsed.loose:
        result = d.call("get_medication_by_name", medication_name=query)
        details = (result.envelope.get("error") or {}).get("details") or {}
        suggested = [str(x) for x in details.get("did_you_mean") or []]
        alike = len(suggested) == 1 and len(d.parsed.loose) == 1 and either.asks_either(d.parsed)
        alike = alike and either.sounds_like(query, suggested[0])
        if not result.ok and alike:
            # "zirtek or claratin" (only the two names): spelt as it sounds, the one name suggested is the one
            # meant. In a longer request ("acamol, zirtek and claritin pls") "did you mean Zyrtec?" is still asked.
            result = d.call("get_medication_by_name", medication_name=suggested[0])
            query = suggested[0] if result.ok else query
        med = (result.envelope.get("medication") or {}) if result.ok else {}
        ids = [med["med_id"]] if med.get("med_id") else [p["med_id"] for p in med.get("products") or []]
        if ids and flows_care.resembles(query, med):
            found.append(_LookedUp(ids=ids, q=query, result=result))
            continue
        if result.ok or result.error_code in ("MED_NOT_FOUND", "AMBIGUOUS"):
            details = (result.envelope.get("error") or {}).get("details") or {}
            named = [str(med.get("brand_name") or med.get("display_name") or "")] if result.ok else []
            suggestions = named + [str(x) for x in details.get("did_you_mean") or details.get("suggestions") or []]
            if suggestions:
                missed.append(query)
                options.extend(s for s in suggestions if s and s not in options)
        else:
            d.add(d.error_text(result, query))
    if missed:
        names = join_names(d.lang, options[:3], conjunction="or")
        d.ask("item_did_you_mean", query=join_names(d.lang, missed), names=names)
        d.state.pending = WhichMed(intent=intent, options=options[:3])
    d.loose = found
    return list(found)


# The prescription fact of one product among several (Hebrew: a colon, so nothing agrees with the name).
_OTC_NAMED = {
    "en": "{name} does not require a prescription (OTC).",
    "he": "{name}: לא נדרש מרשם רופא (ללא מרשם).",
}


def _ingredients(med: dict[str, Any], language: str) -> tuple[str, int]:
    items = [i for i in med.get("active_ingredients") or [] if isinstance(i, dict)]
    names = [f"{i.get('name')} {strength_text(language, i.get('strength'))}".strip() for i in items]
    return ", ".join(names), len(names)


def _otc_said(d: Dialogue, name: str) -> bool:
    """This turn already said that ``name`` needs no prescription (in its stock paragraph)."""
    otc = say(d.lang, "otc")
    return any(name in part and otc in part for part in d.parts)


def info(d: Dialogue, refs: list[MedRef] | None = None) -> None:
    """Flow A: the facts about each medication asked for (label dosage, warnings, prescription)."""
    refs = refs if refs is not None else resolve_targets(d, "info")
    for ref in refs:
        result = ref.result if isinstance(ref, _LookedUp) else d.call("get_medication_by_name", medication_name=ref.q)
        if not result.ok:
            _lookup_failed(d, result, ref.q, "info")
            continue
        med = result.envelope.get("medication") or {}
        answer, note, swap = _checked(d, ref, med, "info")
        if not answer:
            continue
        if swap is not None:
            other = d.call("get_medication_by_name", medication_name=swap["display_name"])
            med = (other.envelope.get("medication") or med) if other.ok else med
        name = str(med.get("display_name") or ref.q)
        learn(d, med.get("med_id"), name)
        facets = d.parsed.facets or {"ingredients", "dosage", "warnings", "rx"}
        if "dosage" in facets:
            facets = {*facets, "warnings"}  # the label's dose never without its warnings (ulcers, allergies)
        lines: list[str] = [note] if note else []
        # "…, and does Zyrtec need a prescription?": one clause of several asks that alone; its line names it.
        only_rx = facets == {"rx"} and asks_rx_alone(d.parsed.text)
        # "prescription?" about a product named now also says what it is ("the dose, and do I need a script?": a
        # label answer, whose first line is its active ingredient); about the one just talked about ("does it need
        # a prescription?") the prescription line alone answers it.
        if "ingredients" in facets or ("rx" in facets and mention_of(d, ref) is not None and not only_rx):
            text, count = _ingredients(med, d.lang)
            if text:
                key = "info_ingredients_many" if count > 1 else "info_ingredients"
                lines.append(say(d.lang, key, name=name, ingredients=text))
        for facet, key in (("dosage", "info_dosage"), ("warnings", "info_warnings")):
            if facet == "dosage" and facet in facets and CHILD.search(d.parsed.norm):
                # A child's dose is for a pharmacist or doctor: the label's adult dose would be the wrong answer.
                lines.append(_policy.refusal(d.lang, "personal_dosage"))
                continue
            if facet in facets:
                value = med.get(facet)
                lines.append(say(d.lang, key, text=value) if value else _missing(d, facet))
        if len(lines) > len([note] if note else []) and "ingredients" not in facets and len(d.parsed.meds) > 1:
            # "Zyrtec in Tel Aviv, the dosage of Claritine?": a dosage line among several products names its own.
            at = 1 if note else 0
            if not lines[at].startswith(name):  # "Zyrtec contains …" names it already: never "Zyrtec – Zyrtec …"
                lines[at] = f"{name} – {lines[at]}"
        products = med.get("products") or []
        if products and not d.parsed.facets:
            lines.append(say(d.lang, "info_products", names=join_names(d.lang, [p["display_name"] for p in products])))
        if med.get("rx_required"):
            lines.append(_policy.rx_note(d.lang, name))
        elif "rx" in facets and _otc_said(d, name):
            pass  # "do you have Zyrtec, is it prescription only?": its stock line just said it is OTC (one line a fact)
        elif "rx" in facets and (len(refs) > 1 or only_rx):
            # "which one do I need a prescription for?" about several: each line names its product.
            lines.append(_OTC_NAMED[d.lang].format(name=name))
        elif "rx" in facets:
            lines.append(say(d.lang, "otc"))
        d.add("\n\n".join(lines))


def _missing(d: Dialogue, facet: str) -> str:
    words = {"dosage": {"en": "dosage", "he": "מינון"}, "warnings": {"en": "warning text", "he": "מידע על אזהרות"}}
    return say(d.lang, "info_missing", field=words[facet][d.lang])


def stock_line(d: Dialogue, match: dict[str, Any], store: str) -> str:
    """One inventory match at ``store`` as its stock sentence (in stock, low, or out with its restock date)."""
    name = str(match.get("display_name"))
    qty = match.get("qty_on_hand") or 0
    if qty > 0:
        return say(d.lang, "low_stock" if match.get("low_stock") else "in_stock", name=name, store=store, qty=qty)
    eta = match.get("restock_eta")
    if eta:
        return say(d.lang, "out_of_stock", name=name, store=store, date=format_date(d.lang, eta))
    return say(d.lang, "out_of_stock_no_eta", name=name, store=store)


def availability(d: Dialogue, refs: list[MedRef] | None = None) -> None:
    """Flow B: stock at the store, low stock and restock dates; offers identical equivalents when out."""
    refs = refs if refs is not None else resolve_targets(d, "availability")
    offer: EquivalentsOffer | None = None
    # "in stock at Dizengoff and Jerusalem?": each store named is checked, in the order named.
    stores = d.parsed.stores if len(d.parsed.stores) >= 2 else [d.store]
    for ref, store_id in ((ref, store_id) for ref in refs for store_id in stores):
        # One product: by its id; a generic of several, or a name never resolved ("?"): by the name.
        known = len(ref.ids) == 1 and ref.ids[0] != "?"
        args: dict[str, Any] = {"med_id": ref.ids[0]} if known else {"query": ref.q}
        result = d.call("inventory_check", store_id=store_id, **args)
        if not result.ok:
            _lookup_failed(d, result, ref.q, "availability")
            continue
        store = str((result.envelope.get("store") or {}).get("name") or "")
        matches = [m for m in result.envelope.get("matches") or [] if isinstance(m, dict)]
        answer, note, swap = _checked(d, ref, matches[0], "availability") if len(matches) == 1 else (True, "", None)
        if len(matches) > 1 and len({m.get("generic_name") for m in matches}) == 1:
            # "do you have ibuprofen 600?": its products are listed; none in that strength is said first.
            wanted = flows_care.asked_strength(d, mention_of(d, ref))
            note = strengths.missing_line(d, str(matches[0].get("generic_name") or ref.q), matches, wanted)
        if not answer:
            continue
        if swap is not None:
            other = d.call("inventory_check", store_id=store_id, med_id=swap["med_id"])
            matches = [m for m in other.envelope.get("matches") or [] if isinstance(m, dict)] if other.ok else matches
        # Out here: the other branches' stock (or "out at both", with their dates) on the product's own line.
        here = str((result.envelope.get("store") or {}).get("store_id") or store_id or "")
        stock = [stock_elsewhere.with_line(d, stock_line(d, m, store), m, here) for m in matches]
        lines = ([note] if note else []) + stock
        # "10 boxes of Tylenol" with 5 at the branch: how many there are, said outright.
        lines += [short for m in matches if (short := quantity.short_line(d, m, store, here))]
        for match in matches:
            learn(d, match.get("med_id"), match.get("display_name"))
            if match.get("rx_required"):
                lines.append(_policy.rx_note(d.lang, str(match.get("display_name"))))
        if matches and not any(m.get("rx_required") for m in matches):
            lines.append(say(d.lang, "otc"))
        # One question a turn: a "did you mean …?" about another item of the list asked first stays the one.
        asked = d.state.pending is not None
        if (
            len(matches) == 1
            and not matches[0].get("in_stock")
            and offer is None
            and not d.answers_equivalents
            and not asked
        ):
            offer = EquivalentsOffer(med_id=matches[0].get("med_id"), store=store_id)
            lines.append(say(d.lang, "offer_equivalents"))
        d.add("\n".join(lines))
    if offer is not None:
        d.state.pending = offer


def equivalents(d: Dialogue, med_id: str | None = None, store: str | None = None) -> None:
    """Identical equivalents in stock (same active ingredients, form, strength), with the full disclosure."""
    typed = ""
    if med_id is None:
        refs = resolve_targets(d, "equivalents")
        if not refs:
            return
        med_id, typed = refs[0].ids[0], refs[0].q
    every = equivalents_branches.stores_asked(d, store or d.store)
    if every:  # "any generic anywhere?": looked up at each branch, and the answer says where
        equivalents_branches.answer(d, med_id, typed, every, name_of=name_of, store_name=_store_name, learn=learn)
        return
    result = d.call("inventory_find_equivalent", med_id=med_id, store_id=store or d.store)
    if result.error_code == "NO_EQUIVALENTS_FOUND":
        # The name as the customer wrote it when no tool answer named the product yet (never the id).
        d.say("no_equivalents", name=name_of(d, med_id, typed), store=_store_name(d, store or d.store))
        return
    if not result.ok:
        d.add(d.error_text(result, name_of(d, med_id, typed)))
        return
    requested = result.envelope.get("requested") or {}
    store_name = str((result.envelope.get("store") or {}).get("name") or "")
    name = requested.get("display_name") or name_of(d, med_id, typed)
    lines = [say(d.lang, "equivalents", name=name, store=store_name)]
    found: list[str] = []
    for item in result.envelope.get("equivalents") or []:
        lines.append(say(d.lang, "equivalent_line", name=item.get("display_name"), qty=item.get("qty_on_hand")))
        found.extend(item.get("disclosure", {}).get("possible_differences") or [])
        learn(d, item.get("med_id"), item.get("display_name"))
        if item.get("rx_required"):
            lines.append(_policy.rx_note(d.lang, str(item.get("display_name"))))
    diffs = list(dict.fromkeys(found)) or ["price", "inactive ingredients", "packaging"]
    d.add("\n".join(lines))
    d.say("disclosure", differences=differences(d.lang, diffs))
    items = [i for i in result.envelope.get("equivalents") or [] if isinstance(i, dict) and i.get("med_id")]
    # "what's the other one called?", "how many of those do you have?": the equivalents just listed.
    d.state.options = [str(i.get("display_name")) for i in items if i.get("display_name")]
    if len(items) == 1 and (c.MEANT.search(d.parsed.norm) or d.parsed.act == "correction"):
        # "no, I meant the generic one": that product is the one talked about from now on, for the same question
        # ("and in Jerusalem?" is its stock there, never the equivalents of the first one again).
        d.state.last_refs = [MedRef(ids=[str(items[0]["med_id"])], q=str(items[0].get("display_name") or ""))]
        if d.state.last_intent in ("availability", "info"):
            d.parsed.intent = d.state.last_intent


def _store_name(d: Dialogue, store_id: str | None) -> str:
    names = {"s1": {"en": "Tel Aviv – Dizengoff", "he": "תל אביב – דיזנגוף"}}
    names["s2"] = {"en": "Jerusalem – Jaffa Street", "he": "ירושלים – רחוב יפו"}
    store_id = store_id or d.turn.session.store_id
    return names.get(store_id, {}).get(d.lang, store_id)


def interaction(d: Dialogue, refs: list[MedRef] | None = None) -> None:
    """The interaction check for two or more medications, with the explicit warning on ``avoid``.

    Each pair is stated once per reply, by the catalog's names (:mod:`.interaction_report`).
    """
    interaction_report.report(d, targets(d) if refs is None else refs)


def list_medications(d: Dialogue) -> None:
    """Medications at the store, filtered by prescription requirement and stock."""
    p = d.parsed
    result = d.call(
        "list_medications", rx_filter=p.rx_filter, stock_filter=p.stock_filter, store_id=d.store, limit=_LIST_LIMIT
    )
    if not result.ok:
        d.add(d.error_text(result))
        return
    meds = [m for m in result.envelope.get("medications") or [] if isinstance(m, dict)]
    if not meds:
        d.say("list_empty")
        return
    filters = "".join(say(d.lang, f"list_{f}") for f in (p.rx_filter, p.stock_filter) if f)
    lines = [say(d.lang, "list_header", filters=filters, store=_store_name(d, d.store))]
    d.state.options = [str(med.get("display_name")) for med in meds]
    for med in meds:
        rx = say(d.lang, "word_rx" if med.get("rx_required") else "word_otc")
        stock = say(d.lang, "word_in" if med.get("in_stock") else "word_out")
        lines.append(say(d.lang, "list_line", name=med.get("display_name"), rx=rx, stock=stock))
        learn(d, med.get("med_id"), med.get("display_name"))
    if result.envelope.get("next_cursor"):
        lines.append(say(d.lang, "list_more"))
    d.add("\n".join(lines))
