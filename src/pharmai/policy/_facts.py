"""Facts the reply guard reads from the turn's tool envelopes, whatever the profile's shape.

Canonical and seed-000 envelopes put the payload beside ``ok``; a direct invocation (seed 004) nests it
under ``result``; seed 001 says ``requires``/``rx_required`` on ``medication``. The walkers below look
at every nested object, so one guard serves every profile.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from pharmai.text import normalize

__all__ = ["avoid_names", "avoid_pairs", "med_aliases", "med_labels", "rx_items", "walk"]

_RX_FLAGS = ("rx_required", "requires_prescription", "prescription_required")
# A prescription row (the person already holds one) is not a product that needs a note.
_PRESCRIPTION_KEYS = ("presc_id", "prescription_id", "refills_left")
_NAME_KEYS = ("brand_name", "name_{language}", "display_name", "generic_name", "name_en", "name_he", "name")
_MIN_ALIAS = 3
_PARENS = re.compile(r"[()]")
# A strength alone ("500 mg", "75 מג") is shared by other products: as an alias it would make "Acamol
# (Paracetamol) 500 mg (no prescription)" read as a claim about Klacid 500 mg in the same listing.
_STRENGTH_ONLY = re.compile(r"^[\d.,/+ ]+(?:mg|mcg|µg|g|ml|iu|%|מג|מקג|מל|גרם|יחב)?$")


def walk(value: Any) -> Iterator[dict[str, Any]]:
    """Every dict nested in ``value`` (itself included), depth first."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from walk(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from walk(item)


def _names(item: dict[str, Any], language: str) -> list[str]:
    keys = [key.format(language=language) for key in _NAME_KEYS]
    return [item[key].strip() for key in dict.fromkeys(keys) if isinstance(item.get(key), str) and item[key].strip()]


def _label(item: dict[str, Any], language: str) -> str | None:
    names = _names(item, language)
    return names[0] if names else None


def _med_names(results: list[tuple[str, dict[str, Any]]], language: str) -> dict[str, str]:
    names: dict[str, str] = {}
    for _, envelope in results:
        for item in walk(envelope):
            med_id = item.get("med_id")
            label = _label(item, language)
            if med_id is not None and label and str(med_id) not in names:
                names[str(med_id)] = label
    return names


def avoid_names(
    results: list[tuple[str, dict[str, Any]]], language: str, typed: Mapping[str, str] | None = None
) -> list[str] | None:
    """The medications of the turn's "avoid" interaction pairs, or ``None`` when no check said avoid.

    Names come from the turn's tool answers, else from ``typed`` (product id → the name as the person wrote
    it). An empty list means "avoid" was reported but the medications' names are not known from this turn.
    """
    pair_ids: list[str] = []
    found = False
    for name, envelope in results:
        if "interaction" not in name:
            continue
        for item in walk(envelope):
            if item.get("interaction_level") == "avoid":
                found = True
            if item.get("level") == "avoid":
                found = True
                pair_ids.extend(str(item[key]) for key in ("med_id_a", "med_id_b") if item.get(key) is not None)
    if not found:
        return None
    known = {**(typed or {}), **_med_names(results, language)}
    return list(dict.fromkeys(known[med_id] for med_id in dict.fromkeys(pair_ids) if med_id in known))


def _aliases(item: dict[str, Any], language: str) -> tuple[str, ...]:
    aliases: list[str] = []
    for name in _names(item, language):
        # "Moxypen (Amoxicillin) 500 mg" is mentioned as "Moxypen" or "Amoxicillin".
        for part in [name, *_PARENS.split(name)]:
            alias = normalize(part)
            if len(alias) >= _MIN_ALIAS and not _STRENGTH_ONLY.match(alias):
                aliases.append(alias)
    return tuple(dict.fromkeys(aliases))


def rx_items(results: list[tuple[str, dict[str, Any]]], language: str) -> list[tuple[str, tuple[str, ...]]]:
    """Prescription-only medications shown by the turn's tools: ``(name for the note, aliases)``."""
    items: dict[str, tuple[str, tuple[str, ...]]] = {}
    for _, envelope in results:
        for item in walk(envelope):
            if not any(item.get(flag) is True for flag in _RX_FLAGS):
                continue
            if any(key in item for key in _PRESCRIPTION_KEYS):
                continue
            label = _label(item, language)
            aliases = _aliases(item, language)
            if label and aliases:
                items.setdefault(str(item.get("med_id") or label), (label, aliases))
    return list(items.values())


def avoid_pairs(results: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, str]]:
    """The product-id pairs the turn's interaction checks marked "avoid", each once, in order."""
    pairs: list[tuple[str, str]] = []
    for name, envelope in results:
        if "interaction" not in name:
            continue
        for item in walk(envelope):
            a, b = item.get("med_id_a"), item.get("med_id_b")
            if item.get("level") != "avoid" or a is None or b is None:
                continue
            if (str(a), str(b)) not in pairs and (str(b), str(a)) not in pairs:
                pairs.append((str(a), str(b)))
    return pairs


def med_labels(
    results: list[tuple[str, dict[str, Any]]], language: str, typed: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Product id → the name to give it in an added warning (a tool answer's, else the person's)."""
    return {**(typed or {}), **_med_names(results, language)}


def med_aliases(
    results: list[tuple[str, dict[str, Any]]], language: str, typed: Mapping[str, str] | None = None
) -> dict[str, tuple[str, ...]]:
    """Product id → every name a reply may call it by (the tool answers' names, the person's own), normalised."""
    aliases: dict[str, list[str]] = {}
    for _, envelope in results:
        for item in walk(envelope):
            if item.get("med_id") is not None:
                aliases.setdefault(str(item["med_id"]), []).extend(_aliases(item, language))
    for med_id, name in (typed or {}).items():
        aliases.setdefault(str(med_id), []).extend(_aliases({"name": name}, language))
    return {med_id: tuple(dict.fromkeys(names)) for med_id, names in aliases.items() if names}
